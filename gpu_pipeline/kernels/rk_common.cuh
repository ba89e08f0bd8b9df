// rk_common.cuh -- what every kernel of gpu_pipeline shares: integer types, Philox4x32-10 and
// the draw schedule "philox4x32-10/v1" (twin: gpu_pipeline/streams/schedule.py; keep them identical).
//
// Included by risk_battle.cu and rare_battle.cu; built by NVRTC (CuPy; gpu_pipeline/backends/kernel_source.py
// inlines this file), by nvcc, and as host C++ through host_shim.cpp. So: no system #include, no
// CUDA library calls, only what host_shim.cpp can emulate.
//
// Sizes come from Python as -D options (gpu_pipeline/rounds/spec.py kernel_defines()), never typed here.
//
// Schedule: key = (seed_lo, seed_hi) of the 64-bit seed; run n (64-bit run id), round k:
//   main word = word (k & 3) of Philox4x32-10(ctr = (n_lo, n_hi, k >> 2, 0), key)
//   side block j = 1, 2, ... (only after a Lemire rejection) = Philox(ctr = (n_lo, n_hi, k, j), key)
#ifndef RK_COMMON_CUH
#define RK_COMMON_CUH

#if !defined(RK_KEY_STRIDE) || !defined(RK_TABLE_WIDTH) || !defined(RK_TABLE_WORDS)
#error "compile with the -D options of gpu_pipeline.kernel_source.compile_options()"
#endif

typedef unsigned int rk_u32;
typedef unsigned long long rk_u64;

#define RK_M0 0xD2511F53u
#define RK_M1 0xCD9E8D57u
#define RK_W0 0x9E3779B9u
#define RK_W1 0xBB67AE85u

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

// The main-stream word of round k. w0..w3 hold the current block, rotated so that word (k & 3)
// is always w0 (constant register indices: no local-memory array on the GPU).
__device__ __forceinline__ rk_u32 rk_main_word(rk_u32 nlo, rk_u32 nhi, rk_u32 k, rk_u32 k0,
                                               rk_u32 k1, rk_u32& w0, rk_u32& w1, rk_u32& w2,
                                               rk_u32& w3) {
    if ((k & 3u) == 0u) {
        rk_u32 c[4] = {nlo, nhi, k >> 2, 0u};
        rk_philox(c, k0, k1);
        w0 = c[0]; w1 = c[1]; w2 = c[2]; w3 = c[3];
    }
    rk_u32 x = w0;
    w0 = w1; w1 = w2; w2 = w3;
    return x;
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

#endif  // RK_COMMON_CUH
