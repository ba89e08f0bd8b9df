// rk_round.cuh -- one round of a battle from the shared round table, and the end-state counters:
// what the histogram kernels (risk_battle.cu, lockstep_battle.cu) share.
//
// TABLE (uint32, RK_TABLE_WORDS words; row na * RK_KEY_STRIDE + nd of RK_TABLE_WIDTH words):
// S, t, cum0, cum1, cum2 (gpu_pipeline/rounds/spec.py pack_tables).
// Round k of run n takes the main word x of rk_main_word (rk_common.cuh), then
//   S          = faces_a^na * faces_d^nd (na, nd = dice rolled this round), <= 2^32
//   m          = (u64) x * S; reject iff (u32) m < t, t = 2^32 mod S (Lemire)
//   on reject  : rk_redraw (side stream, words 0, 1, 2, 3 of block j = 1, 2, ...; first accepted)
//   v          = m >> 32, uniform on [0, S)
//   dice mode   : v -> digits (attacker dice first, least significant first, base faces_a,
//                 then defender dice base faces_d; face = digit + 1), sort, bonus, compare
//   outcome mode: attacker losses = #{j in 0..2 : cum_j <= v} (engine's outcome counts)
//   Defender losses = min(na, nd) - attacker losses.
// COUNTERS: bin_of[a * (D0 + 1) + d] -> bin; per-block 32-bit shared counters (the host keeps
// blockDim * runs_per_thread < 2^32), flushed once per block to 64-bit global bins; or direct
// 64-bit global atomics when the bins do not fit in shared memory (use_shared == 0).
#ifndef RK_ROUND_CUH
#define RK_ROUND_CUH

#include "rk_common.cuh"

__device__ __forceinline__ void rk_sort3(int& x0, int& x1, int& x2) {
    int t;
    if (x0 < x1) { t = x0; x0 = x1; x1 = t; }
    if (x1 < x2) { t = x1; x1 = x2; x2 = t; }
    if (x0 < x1) { t = x0; x0 = x1; x1 = t; }
}

// dice mode: literal dice from v, sorted and compared. Returns attacker losses.
__device__ __forceinline__ int rk_dice_losses(rk_u32 v, int na, int nd, int fa, int fd,
                                              int ties_attacker, int bonus) {
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

// The attacker's losses in round k (main word x) for the table row of the dice rolled.
__device__ __forceinline__ int rk_table_round(const rk_u32* row, rk_u32 x, rk_u32 nlo, rk_u32 nhi,
                                              rk_u32 k, rk_u32 k0, rk_u32 k1, int mode, int na,
                                              int nd, int fa, int fd, int ties_attacker,
                                              int bonus) {
    rk_u32 S = row[0], t = row[1];
    rk_u64 m = (rk_u64)x * S;
    if ((rk_u32)m < t) m = rk_redraw(nlo, nhi, k, S, t, k0, k1);
    rk_u32 v = (rk_u32)(m >> 32);
    if (mode == 1) return (v >= row[2]) + (v >= row[3]) + (v >= row[4]);
    return rk_dice_losses(v, na, nd, fa, fd, ties_attacker, bonus);
}

// Copy the round table into shared memory and clear the block's counters (every thread).
__device__ __forceinline__ void rk_block_setup(const rk_u32* table, rk_u32* stab, rk_u32* sbins,
                                               int nbins, int use_shared) {
    for (int i = threadIdx.x; i < RK_TABLE_WORDS; i += blockDim.x) stab[i] = table[i];
    if (use_shared)
        for (int i = threadIdx.x; i < nbins; i += blockDim.x) sbins[i] = 0u;
}

// Count one battle that ended in bin b.
__device__ __forceinline__ void rk_count(rk_u32* sbins, rk_u64* bins, int use_shared, int b) {
    if (use_shared) atomicAdd(&sbins[b], 1u);
    else atomicAdd(&bins[b], 1ull);
}

// Add the block's shared counters to the global bins, once per block (after __syncthreads).
__device__ __forceinline__ void rk_flush(const rk_u32* sbins, rk_u64* bins, int nbins,
                                         int use_shared) {
    if (!use_shared) return;
    for (int i = threadIdx.x; i < nbins; i += blockDim.x)
        if (sbins[i]) atomicAdd(&bins[i], (rk_u64)sbins[i]);
}

#endif  // RK_ROUND_CUH
