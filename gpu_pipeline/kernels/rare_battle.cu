// rare_battle.cu -- battles under a tilted round distribution, for importance sampling of rare
// events (gpu_pipeline/rare_events/rare.py has the math; gpu_pipeline/rounds/tilt.py builds the tables).
//
// Built like risk_battle.cu: CuPy RawKernel (NVRTC) -> gpu_pipeline/backends/cuda_backend.py; nvcc
// compile-only -> tests/pipeline/test_pipeline_nvcc.py; host C++ through host_shim.cpp ->
// tests/pipeline/test_pipeline_rare.py (bit identity with gpu_pipeline/backends/rare_numpy.py).
//
// Armies are ATTACKING armies. One thread plays up to runs_per_thread battles (run ids strided
// by the grid size, bound-checked), each until a <= stop_a or d <= stop_d, and writes for run
// run_start + idx:
//   end_cell[idx]   = a * (D0 + 1) + d where it stopped
//   log_weight[idx] = sum over its rounds of log_ratio[key][j] (double, in round order)
// Round k of run n draws the main-stream word x (rk_main_word: the plain kernel's schedule);
// x is uniform on [0, 2^32), so no Lemire step: the attacker loses
//   j = (x >= T0) + (x >= T1) + (x >= T2),  T = thresholds[key] (cumulative Q over 2^32),
// where key = na * RK_KEY_STRIDE + nd for the dice rolled, na = min(a, attack_dice),
// nd = min(d, defend_dice); the defender loses min(na, nd) - j.
// Only additions of doubles: built with --fmad=false / -ffp-contract=off, every compiler
// gives the NumPy twin's bits.

#include "rk_common.cuh"

#if !defined(RK_THRESHOLD_WIDTH) || !defined(RK_RATIO_WIDTH)
#error "compile with the -D options of gpu_pipeline.kernel_source.compile_options()"
#endif

extern "C" __global__ void rare_battles(
    const rk_u64* __restrict__ thresholds,  // RK_TABLE_KEYS x RK_THRESHOLD_WIDTH
    const double* __restrict__ log_ratio,   // RK_TABLE_KEYS x RK_RATIO_WIDTH
    int* __restrict__ end_cell,             // run_count cells, see above
    double* __restrict__ log_weight,        // run_count log likelihood ratios
    rk_u64 run_start, rk_u64 run_count,
    rk_u32 seed_lo, rk_u32 seed_hi,
    int A0, int D0, int stop_a, int stop_d, int attack_dice, int defend_dice,
    int runs_per_thread) {
    const rk_u64 nthreads = (rk_u64)gridDim.x * blockDim.x;
    const rk_u64 tid = (rk_u64)blockIdx.x * blockDim.x + threadIdx.x;
    for (int it = 0; it < runs_per_thread; ++it) {
        rk_u64 idx = tid + (rk_u64)it * nthreads;
        if (idx >= run_count) break;             // never more than requested
        rk_u64 n = run_start + idx;
        rk_u32 nlo = (rk_u32)n, nhi = (rk_u32)(n >> 32);
        int a = A0, d = D0;
        double lw = 0.0;
        rk_u32 w0 = 0, w1 = 0, w2 = 0, w3 = 0;
        for (rk_u32 k = 0; a > stop_a && d > stop_d; ++k) {
            rk_u32 x = rk_main_word(nlo, nhi, k, seed_lo, seed_hi, w0, w1, w2, w3);
            int na = rk_min(a, attack_dice), nd = rk_min(d, defend_dice);
            int key = na * RK_KEY_STRIDE + nd;
            const rk_u64* t = thresholds + key * RK_THRESHOLD_WIDTH;
            int lost = ((rk_u64)x >= t[0]) + ((rk_u64)x >= t[1]) + ((rk_u64)x >= t[2]);
            lw += log_ratio[key * RK_RATIO_WIDTH + lost];
            a -= lost;
            d -= rk_min(na, nd) - lost;
        }
        end_cell[idx] = a * (D0 + 1) + d;
        log_weight[idx] = lw;
    }
}
