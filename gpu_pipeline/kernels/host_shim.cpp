// host_shim.cpp -- builds the kernels as ordinary host C++ (g++), so CI without a GPU runs the
// very kernel source and compares its output bit for bit with the NumPy twins.
// Emulation: blocks run one after another with blockDim.x == 1 (so __syncthreads is a no-op and
// the "shared" buffer belongs to one block at a time); atomics become plain additions.
//
// The shim does not restate any kernel's parameters: RK_SHIM_EXPORT(kernel) exports a pointer
// to rk_entry<kernel>::launch(grid, shared_words, <the kernel's own parameters>), and Python
// (gpu_pipeline/backends/host_shim.py) calls it with the argument tuple of gpu_pipeline/rounds/spec.py.
#include <cstdint>
#include <vector>

struct rk_dim3 { unsigned int x, y, z; };
static rk_dim3 threadIdx = {0, 0, 0}, blockIdx = {0, 0, 0}, blockDim = {1, 1, 1},
               gridDim = {1, 1, 1};
static unsigned int* rk_shim_shared = nullptr;

#define RISK_HOST_SHIM 1
#define __global__
#define __device__ static
#define __forceinline__ inline
#define __syncthreads() ((void)0)
static inline unsigned int atomicAdd(unsigned int* p, unsigned int v) {
    unsigned int o = *p; *p = o + v; return o;
}
static inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) {
    unsigned long long o = *p; *p = o + v; return o;
}

#include "risk_battle.cu"
#include "lockstep_battle.cu"
#include "legacy_battle.cu"
#include "rare_battle.cu"

// One "launch": grid blocks of one thread each, with shared_words words of shared memory.
template <typename F, F* K> struct rk_entry;
template <typename... A, void (*K)(A...)>
struct rk_entry<void(A...), K> {
    static void launch(unsigned int grid, unsigned int shared_words, A... args) {
        std::vector<unsigned int> shared(shared_words + 1);
        rk_shim_shared = shared.data();
        gridDim.x = grid;
        blockDim.x = 1;
        threadIdx.x = 0;
        for (unsigned int b = 0; b < grid; ++b) {
            blockIdx.x = b;
            K(args...);
        }
        rk_shim_shared = nullptr;
    }
};

#define RK_SHIM_EXPORT(kernel) \
    extern "C" { void* shim_##kernel = (void*)&rk_entry<decltype(kernel), &kernel>::launch; }

RK_SHIM_EXPORT(risk_battles)
RK_SHIM_EXPORT(lockstep_battles)
RK_SHIM_EXPORT(lockstep_battles_std)
RK_SHIM_EXPORT(legacy_battles)
RK_SHIM_EXPORT(rare_battles)

extern "C" {

// Philox4x32-10 exactly as the kernels compute it (known-answer tests).
void shim_philox(const unsigned int* ctr, const unsigned int* key, unsigned int* out) {
    unsigned int c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
    rk_philox(c, key[0], key[1]);
    for (int i = 0; i < 4; ++i) out[i] = c[i];
}

// The lockstep kernel's compiled-in standard round for main word x of round k of run
// (nhi, nlo), key (k0, k1): attacker losses (tests check the thresholds word by word).
int shim_std_round(unsigned int x, unsigned int nlo, unsigned int nhi, unsigned int k,
                   unsigned int k0, unsigned int k1, int mode) {
    return rk_std_round(x, nlo, nhi, k, k0, k1, mode);
}

// The re-created legacy kernel's pieces (tests): attacker losses of one round from word r, and
// the first n words of the stream curand_init(seed, subsequence, 0) would start.
int shim_legacy_losses(unsigned int r, int na, int nd) { return rk_legacy_losses(r, na, nd); }

void shim_legacy_words(const unsigned int* skip1, const unsigned int* skip2,
                       unsigned long long seed, unsigned long long subsequence, int n,
                       unsigned int* out) {
    unsigned int s1[3], s2[3];
    rk_mrg_init(seed, subsequence, skip1, skip2, s1, s2);
    for (int i = 0; i < n; ++i) out[i] = rk_mrg_next(s1, s2);
}

}  // extern "C"
