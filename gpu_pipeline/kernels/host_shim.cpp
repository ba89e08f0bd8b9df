// host_shim.cpp -- builds risk_battle.cu as ordinary host C++ (g++), so CI without a GPU runs
// the very kernel source and compares its histogram bit for bit with the NumPy twin.
// Emulation: blocks run one after another with blockDim.x == 1 (so __syncthreads is a no-op and
// the "shared" buffer belongs to one block at a time); atomics become plain additions.
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

extern "C" {

// Philox4x32-10 exactly as the kernel computes it (known-answer tests).
void shim_philox(const unsigned int* ctr, const unsigned int* key, unsigned int* out) {
    unsigned int c[4] = {ctr[0], ctr[1], ctr[2], ctr[3]};
    rk_philox(c, key[0], key[1]);
    for (int i = 0; i < 4; ++i) out[i] = c[i];
}

// Runs the kernel over a grid of `grid` blocks (1 thread each), `runs_per_thread` runs per
// thread, in as many launches as needed to cover [run_start, run_start + run_count).
// Adds into bins (nbins 64-bit counters).
int shim_run(const unsigned int* table, const int* bin_of, unsigned long long* bins,
             unsigned long long run_start, unsigned long long run_count,
             unsigned int seed_lo, unsigned int seed_hi, int A0, int D0, int stop_a, int stop_d,
             int attack_dice, int defend_dice, int mode, int faces_a, int faces_d,
             int ties_attacker, int bonus, int nbins, int use_shared, int grid,
             int runs_per_thread) {
    if (grid < 1 || runs_per_thread < 1) return 1;
    std::vector<unsigned int> shared(RK_TABLE_WORDS + (use_shared ? nbins : 0));
    rk_shim_shared = shared.data();
    gridDim.x = (unsigned int)grid;
    blockDim.x = 1;
    threadIdx.x = 0;
    const unsigned long long per_launch = (unsigned long long)grid * runs_per_thread;
    for (unsigned long long done = 0; done < run_count; done += per_launch) {
        unsigned long long n = run_count - done < per_launch ? run_count - done : per_launch;
        for (unsigned int b = 0; b < (unsigned int)grid; ++b) {
            blockIdx.x = b;
            risk_battles(table, bin_of, bins, run_start + done, n, seed_lo, seed_hi, A0, D0,
                         stop_a, stop_d, attack_dice, defend_dice, mode, faces_a, faces_d,
                         ties_attacker, bonus, nbins, use_shared, runs_per_thread);
        }
    }
    rk_shim_shared = nullptr;
    return 0;
}

}  // extern "C"
