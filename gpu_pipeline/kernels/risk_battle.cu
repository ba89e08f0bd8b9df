// risk_battle.cu -- Monte Carlo of RISK battles, one battle per thread at a time.
//
// Built three ways from this one file (plus rk_common.cuh, which it includes):
//   * CuPy RawKernel (NVRTC) on a GPU               -> gpu_pipeline/cuda_backend.py
//   * nvcc compile-only check (-cubin/-ptx)         -> tests/pipeline/test_pipeline_nvcc.py
//   * host C++ via kernels/host_shim.cpp (g++)      -> tests/pipeline/test_pipeline_host_shim.py
//                                                      (bit identity with the NumPy twin)
// Each way passes the same -D options (gpu_pipeline/kernel_source.py) and the same arguments
// (gpu_pipeline/spec.py kernel_args).
//
// Armies are ATTACKING armies (all may die); the Python side converts the territory convention.
//
// DRAW SCHEDULE "philox4x32-10/v1" (rk_common.cuh; twin: gpu_pipeline/schedule.py)
//   Round k of run n takes the main word x of rk_main_word, then
//     S          = faces_a^na * faces_d^nd (na, nd = dice rolled this round), <= 2^32
//     m          = (u64) x * S; reject iff (u32) m < t, t = 2^32 mod S (Lemire)
//     on reject  : rk_redraw (side stream, words 0, 1, 2, 3 of block j = 1, 2, ...; first accepted)
//     v          = m >> 32, uniform on [0, S)
//   dice mode   : v -> digits (attacker dice first, least significant first, base faces_a,
//                 then defender dice base faces_d; face = digit + 1), sort, bonus, compare
//   outcome mode: attacker losses = #{j in 0..2 : cum_j <= v} (engine's outcome counts)
//   Defender losses = min(na, nd) - attacker losses.
//
// TABLE (uint32, RK_TABLE_WORDS words; row na * RK_KEY_STRIDE + nd of RK_TABLE_WIDTH words):
// S, t, cum0, cum1, cum2 (gpu_pipeline/spec.py pack_tables).
// HISTOGRAM: bin_of[a * (D0 + 1) + d] -> bin; per-block 32-bit shared counters (host keeps
// blockDim * runs_per_thread < 2^32), flushed once per block to 64-bit global bins; or direct
// 64-bit global atomics when the bins do not fit in shared memory (use_shared == 0).
// All run indices are 64-bit; a thread never touches a run id >= run_start + run_count.

#include "rk_common.cuh"

__device__ __forceinline__ void rk_sort3(int& x0, int& x1, int& x2) {
    int t;
    if (x0 < x1) { t = x0; x0 = x1; x1 = t; }
    if (x1 < x2) { t = x1; x1 = x2; x2 = t; }
    if (x0 < x1) { t = x0; x0 = x1; x1 = t; }
}

// dice mode: literal dice from v, sorted and compared. Returns attacker losses.
__device__ int rk_dice_losses(rk_u32 v, int na, int nd, int fa, int fd, int ties_attacker,
                              int bonus) {
    int a0 = 0, a1 = 0, a2 = 0, d0 = 0, d1 = 0, d2 = 0;
    if (fa == 6 && fd == 6) {  // constant divisors: the compiler turns / and % into multiplies
        a0 = (int)(v % 6u) + 1; v /= 6u;
        if (na > 1) { a1 = (int)(v % 6u) + 1; v /= 6u; }
        if (na > 2) { a2 = (int)(v % 6u) + 1; v /= 6u; }
        d0 = (int)(v % 6u) + 1; v /= 6u;
        if (nd > 1) { d1 = (int)(v % 6u) + 1; v /= 6u; }
        if (nd > 2) { d2 = (int)(v % 6u) + 1; }
    } else {
        rk_u32 ua = (rk_u32)fa, ud = (rk_u32)fd;
        a0 = (int)(v % ua) + 1; v /= ua;
        if (na > 1) { a1 = (int)(v % ua) + 1; v /= ua; }
        if (na > 2) { a2 = (int)(v % ua) + 1; v /= ua; }
        d0 = (int)(v % ud) + 1; v /= ud;
        if (nd > 1) { d1 = (int)(v % ud) + 1; v /= ud; }
        if (nd > 2) { d2 = (int)(v % ud) + 1; }
    }
    rk_sort3(a0, a1, a2);
    rk_sort3(d0, d1, d2);
    if (bonus == 1) { d0 += 1; }
    else if (bonus == 2) { d0 += 1; d1 += 1; d2 += 1; }
    int pairs = rk_min(na, nd);
    int tie = ties_attacker ? 0 : 1;  // attacker loses a pair iff a < d, or a <= d when ties
    int lost = (a0 < d0 + tie) ? 1 : 0;  // go to the defender (a < d + 1)
    if (pairs > 1) lost += (a1 < d1 + tie) ? 1 : 0;
    if (pairs > 2) lost += (a2 < d2 + tie) ? 1 : 0;
    return lost;
}

extern "C" __global__ void risk_battles(
    const rk_u32* __restrict__ table,   // RK_TABLE_WORDS words, see TABLE above
    const int* __restrict__ bin_of,     // (A0 + 1) * (D0 + 1) cells -> bin or -1
    rk_u64* __restrict__ bins,          // nbins 64-bit counters (accumulated, not cleared)
    rk_u64 run_start, rk_u64 run_count, // this launch plays run ids [run_start, run_start + run_count)
    rk_u32 seed_lo, rk_u32 seed_hi,
    int A0, int D0, int stop_a, int stop_d, int attack_dice, int defend_dice,
    int mode,                           // 0 = dice, 1 = outcome
    int faces_a, int faces_d, int ties_attacker, int bonus,
    int nbins, int use_shared, int runs_per_thread) {
#ifdef RISK_HOST_SHIM
    rk_u32* sh = rk_shim_shared;        // host shim: one buffer, blocks run one after another
#else
    extern __shared__ rk_u32 sh[];
#endif
    rk_u32* stab = sh;                  // the table, copied to shared memory
    rk_u32* sbins = sh + RK_TABLE_WORDS;
    for (int i = threadIdx.x; i < RK_TABLE_WORDS; i += blockDim.x) stab[i] = table[i];
    if (use_shared)
        for (int i = threadIdx.x; i < nbins; i += blockDim.x) sbins[i] = 0u;
    __syncthreads();

    const rk_u64 nthreads = (rk_u64)gridDim.x * blockDim.x;
    const rk_u64 tid = (rk_u64)blockIdx.x * blockDim.x + threadIdx.x;
    const int stride_d = D0 + 1;

    for (int it = 0; it < runs_per_thread; ++it) {
        rk_u64 idx = tid + (rk_u64)it * nthreads;
        if (idx >= run_count) break;             // the bound check: never more than requested
        rk_u64 n = run_start + idx;
        rk_u32 nlo = (rk_u32)n, nhi = (rk_u32)(n >> 32);
        int a = A0, d = D0;
        rk_u32 w0 = 0, w1 = 0, w2 = 0, w3 = 0;   // current main-stream block
        for (rk_u32 k = 0; a > stop_a && d > stop_d; ++k) {
            rk_u32 x = rk_main_word(nlo, nhi, k, seed_lo, seed_hi, w0, w1, w2, w3);
            int na = rk_min(a, attack_dice), nd = rk_min(d, defend_dice);
            const rk_u32* row = stab + (na * RK_KEY_STRIDE + nd) * RK_TABLE_WIDTH;
            rk_u32 S = row[0], t = row[1];
            rk_u64 m = (rk_u64)x * S;
            if ((rk_u32)m < t) m = rk_redraw(nlo, nhi, k, S, t, seed_lo, seed_hi);
            rk_u32 v = (rk_u32)(m >> 32);
            int lost;
            if (mode == 1) {
                lost = (v >= row[2]) + (v >= row[3]) + (v >= row[4]);
            } else {
                lost = rk_dice_losses(v, na, nd, faces_a, faces_d, ties_attacker, bonus);
            }
            a -= lost;
            d -= rk_min(na, nd) - lost;
        }
        int b = bin_of[a * stride_d + d];
        if (use_shared) atomicAdd(&sbins[b], 1u);
        else atomicAdd(&bins[b], 1ull);
    }
    if (use_shared) {
        __syncthreads();
        for (int i = threadIdx.x; i < nbins; i += blockDim.x)
            if (sbins[i]) atomicAdd(&bins[i], (rk_u64)sbins[i]);
    }
}
