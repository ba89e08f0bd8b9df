// risk_battle.cu -- Monte Carlo of RISK battles, one battle per thread at a time.
//
// Built three ways from this one file:
//   * CuPy RawModule (NVRTC) on a GPU               -> gpu_pipeline/cuda_backend.py
//   * nvcc compile-only check (-cubin/-ptx)         -> tests/pipeline/test_nvcc.py
//   * host C++ via kernels/host_shim.cpp (g++)      -> bit-identity test against NumPy
// so: no #include, no CUDA library calls, only what host_shim.cpp can emulate.
//
// Armies are ATTACKING armies (all may die); the Python side converts the territory convention.
//
// DRAW SCHEDULE "philox4x32-10/v1" (twin: gpu_pipeline/schedule.py; keep them identical)
//   key = (seed_lo, seed_hi) of the 64-bit seed.
//   Run n (64-bit run id), round k (0, 1, ... within the battle):
//     main word  = word (k & 3) of Philox4x32-10(ctr = (n_lo, n_hi, k >> 2, 0), key)
//     S          = faces_a^na * faces_d^nd (na, nd = dice rolled this round), <= 2^32
//     m          = (u64) word * S; reject iff (u32) m < t, t = 2^32 mod S (Lemire)
//     on reject  : for j = 1, 2, ...: block Philox(ctr = (n_lo, n_hi, k, j), key),
//                  words 0, 1, 2, 3 in order, first accepted word wins
//     v          = m >> 32, uniform on [0, S)
//   dice mode   : v -> digits (attacker dice first, least significant first, base faces_a,
//                 then defender dice base faces_d; face = digit + 1), sort, bonus, compare
//   outcome mode: attacker losses = #{j in 0..2 : cum_j <= v} (engine's outcome counts)
//   Defender losses = min(na, nd) - attacker losses.
//
// TABLE (uint32, 16 rows x 5, row = na * 4 + nd): S, t, cum0, cum1, cum2.
// HISTOGRAM: bin_of[a * (D0 + 1) + d] -> bin; per-block 32-bit shared counters (host keeps
// blockDim * runs_per_thread < 2^32), flushed once per block to 64-bit global bins; or direct
// 64-bit global atomics when the bins do not fit in shared memory (use_shared == 0).
// All run indices are 64-bit; a thread never touches a run id >= run_start + run_count.

typedef unsigned int rk_u32;
typedef unsigned long long rk_u64;

#define RK_M0 0xD2511F53u
#define RK_M1 0xCD9E8D57u
#define RK_W0 0x9E3779B9u
#define RK_W1 0xBB67AE85u
#define RK_TABLE_WORDS 80

__device__ __forceinline__ rk_u32 rk_mulhi(rk_u32 a, rk_u32 b) {
    return (rk_u32)(((rk_u64)a * (rk_u64)b) >> 32);
}

__device__ __forceinline__ int rk_min(int a, int b) { return a < b ? a : b; }

// Philox4x32-10: c[4] in/out, key (k0, k1). Key bumped between rounds.
__device__ __forceinline__ void rk_philox(rk_u32 c[4], rk_u32 k0, rk_u32 k1) {
#pragma unroll
    for (int r = 0; r < 10; ++r) {
        if (r) { k0 += RK_W0; k1 += RK_W1; }
        rk_u32 hi0 = rk_mulhi(RK_M0, c[0]), lo0 = RK_M0 * c[0];
        rk_u32 hi1 = rk_mulhi(RK_M1, c[2]), lo1 = RK_M1 * c[2];
        rk_u32 n0 = hi1 ^ c[1] ^ k0, n2 = hi0 ^ c[3] ^ k1;
        c[0] = n0; c[1] = lo1; c[2] = n2; c[3] = lo0;
    }
}

// Side-stream redraw after a Lemire rejection (rare). Returns the accepted 64-bit product.
__device__ rk_u64 rk_redraw(rk_u32 nlo, rk_u32 nhi, rk_u32 k, rk_u32 S, rk_u32 t,
                            rk_u32 k0, rk_u32 k1) {
    for (rk_u32 j = 1;; ++j) {
        rk_u32 c[4] = {nlo, nhi, k, j};
        rk_philox(c, k0, k1);
        for (int w = 0; w < 4; ++w) {
            rk_u64 m = (rk_u64)c[w] * S;
            if ((rk_u32)m >= t) return m;
        }
    }
}

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
    const rk_u32* __restrict__ table,   // 16 x 5, see TABLE above
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
        rk_u32 w0 = 0, w1 = 0, w2 = 0, w3 = 0;   // current main-stream block, rotated per round
        for (rk_u32 k = 0; a > stop_a && d > stop_d; ++k) {
            if ((k & 3u) == 0u) {
                rk_u32 c[4] = {nlo, nhi, k >> 2, 0u};
                rk_philox(c, seed_lo, seed_hi);
                w0 = c[0]; w1 = c[1]; w2 = c[2]; w3 = c[3];
            }
            rk_u32 x = w0;
            w0 = w1; w1 = w2; w2 = w3;           // word (k & 3) is always in w0
            int na = rk_min(a, attack_dice), nd = rk_min(d, defend_dice);
            const rk_u32* row = stab + (na * 4 + nd) * 5;
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
