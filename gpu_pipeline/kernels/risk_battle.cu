// risk_battle.cu -- Monte Carlo of RISK battles, one battle per thread at a time, runs strided
// over the grid (the "strided" kernel; kernels/lockstep_battle.cu is the lockstep one).
//
// Built three ways from this one file (plus rk_common.cuh and rk_round.cuh, which it includes):
//   * CuPy RawModule (NVRTC) on a GPU               -> gpu_pipeline/backends/cuda_backend.py
//   * nvcc compile-only check (-cubin/-ptx)         -> tests/pipeline/test_pipeline_nvcc.py
//   * host C++ via kernels/host_shim.cpp (g++)      -> tests/pipeline/test_pipeline_host_shim.py
//                                                      (bit identity with the NumPy twin)
// Each way passes the same -D options (gpu_pipeline/backends/kernel_source.py) and the same arguments
// (gpu_pipeline/backends/kernel_variants.py, from gpu_pipeline/rounds/spec.py kernel_args).
//
// Armies are ATTACKING armies (all may die); the Python side converts the territory convention.
// DRAW SCHEDULE "philox4x32-10/v1": rk_common.cuh (twin: gpu_pipeline/streams/schedule.py); one round:
// rk_round.cuh. Thread t plays run ids run_start + t + i * (threads in the grid), i <
// runs_per_thread; all run indices are 64-bit and a thread never touches a run id >=
// run_start + run_count.

#include "rk_round.cuh"

extern "C" __global__ void risk_battles(
    const rk_u32* __restrict__ table,   // RK_TABLE_WORDS words, see rk_round.cuh
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
    rk_block_setup(table, stab, sbins, nbins, use_shared);
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
            int lost = rk_table_round(row, x, nlo, nhi, k, seed_lo, seed_hi, mode, na, nd,
                                      faces_a, faces_d, ties_attacker, bonus);
            a -= lost;
            d -= rk_min(na, nd) - lost;
        }
        rk_count(sbins, bins, use_shared, bin_of[a * stride_d + d]);
    }
    __syncthreads();
    rk_flush(sbins, bins, nbins, use_shared);
}
