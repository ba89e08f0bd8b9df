// legacy_battle.cu -- a RE-CREATION of the earlier GPU kernel's design, written from its
// description (risk-reference.md, sections 5 and 6), for timing on the same GPU as our kernels
// ONLY. Its dice are biased and its slow path unsorted (legacy_round.cuh), so its histograms are
// not the battle's odds; results of this kernel are never written as simulation results.
//
// What is re-created: MRG32k3a with a curand_init-style start per thread (state seeded from the
// seed, then skipped to subsequence = thread id by matrix powers: gpu_pipeline/streams/mrg32k3a.py has
// the math and builds the tables; the constants come as -D options), one 32-bit word per round,
// bit-sliced dice with the % 6 bias, per-thread bins of attackers lost (a local array, added
// to the global bins once per thread), many battles per thread, the 32-bit thread index, and
// no bound check: every launch plays grid * block * sims_per_thread battles, so the host rounds
// a request up to whole launches (gpu_pipeline/backends/kernel_variants.py reports the battles PLAYED).
// Not re-created: cuRAND itself (its headers are not on every machine that builds this; the
// recurrence, the seeding and the skip-ahead follow it), and the 32-bit run counter whose wrap
// spoilt the earlier totals (counts only, not speed).
//
// Built by NVRTC (CuPy), by nvcc (tests/pipeline/test_pipeline_nvcc.py) and as host C++
// (host_shim.cpp; tests/pipeline/test_pipeline_legacy_kernel.py).

#include "rk_common.cuh"
#include "legacy_round.cuh"

#if !defined(RK_MRG_M1) || !defined(RK_LEGACY_BINS)
#error "compile with the -D options of gpu_pipeline.kernel_source.compile_options()"
#endif

__device__ __forceinline__ rk_u32 rk_mulmod(rk_u64 a, rk_u64 b, rk_u64 m) {
    return (rk_u32)(a * b % m);                       // a, b < 2^32: a b < 2^64
}

// out = A B mod m for row-major 3x3 matrices (out is neither A nor B).
__device__ void rk_mat_mul(const rk_u32* A, const rk_u32* B, rk_u64 m, rk_u32* out) {
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            rk_u64 s = 0;
            for (int k = 0; k < 3; ++k) s = (s + rk_mulmod(A[3 * i + k], B[3 * k + j], m)) % m;
            out[3 * i + j] = (rk_u32)s;
        }
}

// P = T^r mod m for a row-major 3x3 matrix T and 1 <= r <= 7, by square-and-multiply.
__device__ void rk_mat_pow(const rk_u32* T, int r, rk_u64 m, rk_u32* P) {
    rk_u32 base[9], tmp[9];
    for (int i = 0; i < 9; ++i) { base[i] = T[i]; P[i] = (i % 4 == 0); }
    while (r) {
        if (r & 1) {
            rk_mat_mul(P, base, m, tmp);
            for (int i = 0; i < 9; ++i) P[i] = tmp[i];
        }
        r >>= 1;
        if (r) {
            rk_mat_mul(base, base, m, tmp);
            for (int i = 0; i < 9; ++i) base[i] = tmp[i];
        }
    }
}

// s <- P s mod m (the state as a column).
__device__ void rk_mat_vec(const rk_u32* P, rk_u32* s, rk_u64 m) {
    rk_u32 out[3];
    for (int i = 0; i < 3; ++i) {
        rk_u64 v = 0;
        for (int k = 0; k < 3; ++k) v = (v + rk_mulmod(P[3 * i + k], s[k], m)) % m;
        out[i] = (rk_u32)v;
    }
    for (int i = 0; i < 3; ++i) s[i] = out[i];
}

// curand_init(seed, subsequence, 0, &state) for MRG32k3a: seed both components, then multiply
// each by T_i^(r_i) for the octal digits r_i of the subsequence (tables: mrg32k3a.skip_tables).
__device__ void rk_mrg_init(rk_u64 seed, rk_u64 subsequence, const rk_u32* skip1,
                            const rk_u32* skip2, rk_u32* s1, rk_u32* s2) {
    for (int i = 0; i < 3; ++i) { s1[i] = 12345u; s2[i] = 12345u; }
    if (seed != 0ull) {
        rk_u32 x1 = (rk_u32)seed ^ 0x55555555u, x2 = (rk_u32)(seed >> 32) ^ 0xAAAAAAAAu;
        s1[0] = rk_mulmod(x1, s1[0], RK_MRG_M1); s1[1] = rk_mulmod(x2, s1[1], RK_MRG_M1);
        s1[2] = rk_mulmod(x1, s1[2], RK_MRG_M1); s2[0] = rk_mulmod(x2, s2[0], RK_MRG_M2);
        s2[1] = rk_mulmod(x1, s2[1], RK_MRG_M2); s2[2] = rk_mulmod(x2, s2[2], RK_MRG_M2);
    }
    rk_u32 P[9];
    for (int i = 0; subsequence && i < RK_MRG_SKIP_LEVELS; ++i, subsequence >>= 3) {
        int r = (int)(subsequence & 7ull);
        if (!r) continue;
        rk_mat_pow(skip1 + 9 * i, r, RK_MRG_M1, P); rk_mat_vec(P, s1, RK_MRG_M1);
        rk_mat_pow(skip2 + 9 * i, r, RK_MRG_M2, P); rk_mat_vec(P, s2, RK_MRG_M2);
    }
}

// curand(&state): one step of both components, then the 32-bit word through a double, as cuRAND
// turns its uniform (z / (m1 + 1), z = (x1 - x2) mod m1 taken in 1..m1) into an unsigned int.
__device__ __forceinline__ rk_u32 rk_mrg_next(rk_u32* s1, rk_u32* s2) {
    rk_u64 p1 = (RK_MRG_A12 * s1[1] + RK_MRG_A13N * (RK_MRG_M1 - s1[0])) % RK_MRG_M1;
    rk_u64 p2 = (RK_MRG_A21 * s2[2] + RK_MRG_A23N * (RK_MRG_M2 - s2[0])) % RK_MRG_M2;
    s1[0] = s1[1]; s1[1] = s1[2]; s1[2] = (rk_u32)p1;
    s2[0] = s2[1]; s2[1] = s2[2]; s2[2] = (rk_u32)p2;
    double u = (double)(p1 > p2 ? p1 - p2 : p1 - p2 + RK_MRG_M1) * RK_MRG_NORM;
    return (rk_u32)(u * 4294967296.0);
}

extern "C" __global__ void legacy_battles(
    const rk_u32* __restrict__ skip1,   // RK_MRG_SKIP_LEVELS 3x3 matrices, component 1
    const rk_u32* __restrict__ skip2,   // the same for component 2
    rk_u64* __restrict__ bins,          // nbins counters: battles by attacking armies lost
    rk_u64 seed, int A0, int D0, int sims_per_thread, int nbins) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;   // 32-bit, as the earlier kernel had it
    rk_u32 s1[3], s2[3];
    rk_mrg_init(seed, (rk_u64)tid, skip1, skip2, s1, s2);
    rk_u32 hist[RK_LEGACY_BINS];                      // per-thread bins
    for (int i = 0; i < nbins; ++i) hist[i] = 0u;
    for (int s = 0; s < sims_per_thread; ++s) {       // no bound check: whole launches
        int a = A0, d = D0;
        while (a > 0 && d > 0) {                      // dice: at most the full (fast) round's
            int na = a < RK_LEGACY_FAST_A ? a : RK_LEGACY_FAST_A;
            int nd = d < RK_LEGACY_FAST_D ? d : RK_LEGACY_FAST_D;
            int lost = rk_legacy_losses(rk_mrg_next(s1, s2), na, nd);
            a -= lost;
            d -= (na < nd ? na : nd) - lost;
        }
        hist[A0 - a] += 1u;
    }
    for (int i = 0; i < nbins; ++i)
        if (hist[i]) atomicAdd(&bins[i], (rk_u64)hist[i]);
}
