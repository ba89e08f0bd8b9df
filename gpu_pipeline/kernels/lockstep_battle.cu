// lockstep_battle.cu -- Monte Carlo of RISK battles in fixed steps of four rounds, with
// finished lanes refilled at step boundaries (the "lockstep" kernel). Same draw schedule, same
// histograms bit for bit as risk_battle.cu and the NumPy twin (gpu_pipeline/backends/numpy_backend.py).
//
// Built like risk_battle.cu: CuPy RawModule (NVRTC), nvcc compile-only, and host C++ through
// host_shim.cpp (tests/pipeline/test_pipeline_lockstep.py: bit identity with the NumPy twin).
// Same parameters as risk_battles (gpu_pipeline/rounds/spec.py KERNEL_SCALARS).
//
// WHY. In risk_battle.cu a thread plays one whole battle, then the next. The 32 lanes of a warp
// share one instruction stream, so the warp runs each battle for as long as its longest lane:
// for 75 v 10 a battle lasts 9.65 rounds on average but the longest of 32 about 15.5, so only
// about 0.62 of the lane-rounds do work (gpu_pipeline/backends/lane_efficiency.py computes this).
//
// HOW. One loop iteration is one STEP for every lane: a lane computes the Philox block of its
// battle's rounds k .. k + 3 (one block per lane per step: the schedule's main stream feeds
// exactly four rounds, word k & 3 for round k) and plays those four rounds, each only while its
// battle is still on. A lane whose battle ended in the step counts the end state and takes the
// next run of its block at the step boundary (a shared counter hands out run ids once each),
// starting again at round 0 -- a multiple of four, so steps stay aligned with Philox blocks.
// The warp's loop only ends when its lanes run out of runs: lanes idle only in the last
// rounds of a step (a battle of L rounds fills 4 ceil(L / 4) round slots) and at the tail of
// a block. Which lane plays which run does not matter: run n's battle depends only on
// (seed, n), so the histogram is the same for any hand-out order.
//
// Two entries:
//   lockstep_battles      any rules: every round from the table in shared memory (rk_round.cuh)
//   lockstep_battles_std  the standard rules (gpu_pipeline/rounds/standard_round.py): the full round
//                         (RK_STD_ATTACK_DICE v RK_STD_DEFEND_DICE) from compiled-in constants,
//                         in outcome mode by comparing the raw word with thresholds X_j
//                         (x >= X_j <=> floor(x S / 2^32) >= c_j; derivation in
//                         standard_round.py); other rounds from the table.
// Counters: per-cell (end state) 32-bit counters in shared memory, flushed once per block, or
// 64-bit global atomics when they do not fit (rk_round.cuh). Block b plays run ids
// run_start + b * blockDim * runs_per_thread + [0, its share of run_count); 64-bit throughout.

#include "rk_round.cuh"

#if !defined(RK_STD_S) || !defined(RK_STD_PAIRS)
#error "compile with the -D options of gpu_pipeline.kernel_source.compile_options()"
#endif

// The standard full round: attacker losses for main word x of round k (dice mode or outcome).
// Outcome mode without the multiply-high: for whole c >= 0 and S >= 1,
//   floor(x S / 2^32) >= c  <=>  x S / 2^32 >= c  <=>  x >= c 2^32 / S  <=>  x >= ceil(c 2^32 / S)
// (floor(y) >= c iff y >= c for whole c; x is whole). So v >= c_j iff x >= X_j, X_j =
// ceil(c_j 2^32 / S), which fits 32 bits for c_j < S, i.e. for the first RK_STD_PAIRS columns
// (gpu_pipeline/rounds/standard_round.py; tests check it exhaustively at 8 bits, at 32-bit edges and
// word by word through this function). Lemire's rejection test still comes first.
__device__ __forceinline__ int rk_std_round(rk_u32 x, rk_u32 nlo, rk_u32 nhi, rk_u32 k,
                                            rk_u32 k0, rk_u32 k1, int mode) {
    rk_u32 v;
    if (x * RK_STD_S < RK_STD_T) {           // Lemire rejection: low 32 bits of x S (rare)
        v = (rk_u32)(rk_redraw(nlo, nhi, k, RK_STD_S, RK_STD_T, k0, k1) >> 32);
        if (mode == 1) return (v >= RK_STD_C0) + (v >= RK_STD_C1) + (v >= RK_STD_C2);
    } else if (mode == 1) {                  // v >= c_j  <=>  x >= X_j: no multiply-high
        int lost = x >= RK_STD_X0;
#if RK_STD_PAIRS > 1
        lost += x >= RK_STD_X1;
#endif
#if RK_STD_PAIRS > 2
        lost += x >= RK_STD_X2;
#endif
        return lost;
    } else {
        v = (rk_u32)(((rk_u64)x * RK_STD_S) >> 32);
    }
    return rk_dice_losses(v, RK_STD_ATTACK_DICE, RK_STD_DEFEND_DICE, RK_STD_FACES_A,
                          RK_STD_FACES_D, RK_STD_TIES_ATTACKER, RK_STD_BONUS);
}

// Round k of a battle at (a, d), played only while the battle is on (a > stop_a, d > stop_d).
template <int STD>
__device__ __forceinline__ void rk_step_round(const rk_u32* stab, rk_u32 x, rk_u32 nlo,
                                              rk_u32 nhi, rk_u32 k, rk_u32 k0, rk_u32 k1, int& a,
                                              int& d, int stop_a, int stop_d, int attack_dice,
                                              int defend_dice, int mode, int faces_a,
                                              int faces_d, int ties_attacker, int bonus) {
    if (a <= stop_a || d <= stop_d) return;
    int na = rk_min(a, STD ? RK_STD_ATTACK_DICE : attack_dice);
    int nd = rk_min(d, STD ? RK_STD_DEFEND_DICE : defend_dice);
    int lost;
    if (STD && na == RK_STD_ATTACK_DICE && nd == RK_STD_DEFEND_DICE) {
        lost = rk_std_round(x, nlo, nhi, k, k0, k1, mode);
    } else {
        const rk_u32* row = stab + (na * RK_KEY_STRIDE + nd) * RK_TABLE_WIDTH;
        lost = rk_table_round(row, x, nlo, nhi, k, k0, k1, mode, na, nd, faces_a, faces_d,
                              ties_attacker, bonus);
    }
    a -= lost;
    d -= rk_min(na, nd) - lost;
}

// Shared memory, 32-bit words: [table: RK_TABLE_WORDS][counters: nbins if use_shared][next run].
template <int STD>
__device__ __forceinline__ void rk_lockstep(
    const rk_u32* __restrict__ table, const int* __restrict__ bin_of, rk_u64* __restrict__ bins,
    rk_u64 run_start, rk_u64 run_count, rk_u32 seed_lo, rk_u32 seed_hi, int A0, int D0,
    int stop_a, int stop_d, int attack_dice, int defend_dice, int mode, int faces_a, int faces_d,
    int ties_attacker, int bonus, int nbins, int use_shared, int runs_per_thread) {
#ifdef RISK_HOST_SHIM
    rk_u32* sh = rk_shim_shared;
#else
    extern __shared__ rk_u32 sh[];
#endif
    rk_u32* stab = sh;
    rk_u32* sbins = sh + RK_TABLE_WORDS;
    rk_u32* next = sbins + (use_shared ? nbins : 0);
    rk_block_setup(table, stab, sbins, nbins, use_shared);
    if (threadIdx.x == 0) *next = 0u;
    __syncthreads();

    // This block's runs: first + [0, block_runs); block_runs < 2^32 (host: blockDim * rpt).
    const rk_u64 per_block = (rk_u64)blockDim.x * (rk_u64)runs_per_thread;
    const rk_u64 first = (rk_u64)blockIdx.x * per_block;
    const rk_u32 block_runs = first >= run_count ? 0u
        : (rk_u32)(run_count - first < per_block ? run_count - first : per_block);
    const int stride_d = D0 + 1;

    rk_u32 i = atomicAdd(next, 1u);           // this lane's first run
    rk_u64 n = run_start + first + i;
    rk_u32 nlo = (rk_u32)n, nhi = (rk_u32)(n >> 32), k = 0u;
    int a = A0, d = D0;
    while (i < block_runs) {                  // one step of four rounds per iteration
        rk_u32 c[4] = {nlo, nhi, k >> 2, 0u};
        rk_philox(c, seed_lo, seed_hi);
        rk_step_round<STD>(stab, c[0], nlo, nhi, k, seed_lo, seed_hi, a, d, stop_a, stop_d,
                           attack_dice, defend_dice, mode, faces_a, faces_d, ties_attacker, bonus);
        rk_step_round<STD>(stab, c[1], nlo, nhi, k + 1u, seed_lo, seed_hi, a, d, stop_a, stop_d,
                           attack_dice, defend_dice, mode, faces_a, faces_d, ties_attacker, bonus);
        rk_step_round<STD>(stab, c[2], nlo, nhi, k + 2u, seed_lo, seed_hi, a, d, stop_a, stop_d,
                           attack_dice, defend_dice, mode, faces_a, faces_d, ties_attacker, bonus);
        rk_step_round<STD>(stab, c[3], nlo, nhi, k + 3u, seed_lo, seed_hi, a, d, stop_a, stop_d,
                           attack_dice, defend_dice, mode, faces_a, faces_d, ties_attacker, bonus);
        k += 4u;
        if (a <= stop_a || d <= stop_d) {     // finished: count it and refill at the boundary
            rk_count(sbins, bins, use_shared, bin_of[a * stride_d + d]);
            i = atomicAdd(next, 1u);
            n = run_start + first + i;
            nlo = (rk_u32)n; nhi = (rk_u32)(n >> 32); k = 0u;
            a = A0; d = D0;
        }
    }
    __syncthreads();
    rk_flush(sbins, bins, nbins, use_shared);
}

#define RK_LOCKSTEP_ENTRY(name, STD)                                                          \
    extern "C" __global__ void name(                                                          \
        const rk_u32* __restrict__ table, const int* __restrict__ bin_of,                    \
        rk_u64* __restrict__ bins, rk_u64 run_start, rk_u64 run_count, rk_u32 seed_lo,       \
        rk_u32 seed_hi, int A0, int D0, int stop_a, int stop_d, int attack_dice,             \
        int defend_dice, int mode, int faces_a, int faces_d, int ties_attacker, int bonus,   \
        int nbins, int use_shared, int runs_per_thread) {                                    \
        rk_lockstep<STD>(table, bin_of, bins, run_start, run_count, seed_lo, seed_hi, A0, D0, \
                         stop_a, stop_d, attack_dice, defend_dice, mode, faces_a, faces_d,   \
                         ties_attacker, bonus, nbins, use_shared, runs_per_thread);          \
    }

RK_LOCKSTEP_ENTRY(lockstep_battles, 0)
RK_LOCKSTEP_ENTRY(lockstep_battles_std, 1)
