// legacy_round.cuh -- one round as the EARLIER GPU kernel played it (risk-reference.md, section
// 5), re-created for timing: biased bit-sliced dice and an unsorted slow path. NOT the game's
// odds. Its exact round tables are gpu_pipeline/rounds/legacy_model.py's "legacy-kernel" model, and
// tests/pipeline/test_pipeline_legacy_kernel.py checks this code against them word by word.
//
// Dice: field f of the 32-bit word r is bits 3f .. 3f + 2, and a die is (field % 6) + 1, so
// faces 1 and 2 come up twice as often as 3..6 (fields 6 and 7 wrap round). The attacker's
// dice are fields 0, 1, 2, the defender's fields 3, 4. The full round RK_LEGACY_FAST_A v
// RK_LEGACY_FAST_D (legacy_model.FAST_PATH) took a branch-free path that sorts both sides; every
// other round compared attacking die i with defending die i as rolled, for i < min(dice).
// Ties go to the defender.
#ifndef RK_LEGACY_ROUND_CUH
#define RK_LEGACY_ROUND_CUH

#if !defined(RK_LEGACY_FAST_A) || !defined(RK_LEGACY_FAST_D) || !defined(RK_LEGACY_DEFENDER_FIELD)
#error "compile with the -D options of gpu_pipeline.kernel_source.compile_options()"
#endif

__device__ __forceinline__ int rk_legacy_die(unsigned int r, int field) {
    return (int)((r >> (3 * field)) & 7u) % 6 + 1;
}

// The attacker's losses in a round of na attacking and nd defending dice drawn from word r.
__device__ __forceinline__ int rk_legacy_losses(unsigned int r, int na, int nd) {
    if (na == RK_LEGACY_FAST_A && nd == RK_LEGACY_FAST_D) {  // the fast path: sorted
        int a0 = rk_legacy_die(r, 0), a1 = rk_legacy_die(r, 1), a2 = rk_legacy_die(r, 2);
        int d0 = rk_legacy_die(r, RK_LEGACY_DEFENDER_FIELD);
        int d1 = rk_legacy_die(r, RK_LEGACY_DEFENDER_FIELD + 1);
        int t;
        if (a0 < a1) { t = a0; a0 = a1; a1 = t; }
        if (a1 < a2) { t = a1; a1 = a2; a2 = t; }
        if (a0 < a1) { t = a0; a0 = a1; a1 = t; }
        if (d0 < d1) { t = d0; d0 = d1; d1 = t; }
        return (a0 <= d0) + (a1 <= d1);
    }
    int pairs = na < nd ? na : nd, lost = 0;                  // the slow path: unsorted
    for (int i = 0; i < pairs; ++i)
        lost += rk_legacy_die(r, i) <= rk_legacy_die(r, RK_LEGACY_DEFENDER_FIELD + i);
    return lost;
}

#endif  // RK_LEGACY_ROUND_CUH
