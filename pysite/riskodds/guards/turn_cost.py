"""The price of the best real play, roll by roll (answers/real_turn.py): in the engine's "turn"
part (facts/limits.py ENGINE_PARTS), which the browser fetches when a turn is first asked, beside the
code it prices; the rest of the engine's pricing is cost.py."""
import math

from ..facts.limits import COST_MODEL, LIMITS
from .budget import Estimate
from .cost import megabytes


# The plan fixed in advance shown beside the real play (answers/turn.py) is searched while the
# pool's threads sweep (algorithms/real_sweep.py sweep, `meanwhile`). Say it takes B seconds, one
# thread would sweep in W, and the busiest of the T threads sharing the whole sweep values a share s
# of it (span s W). During B the T - 1 helpers sweep (T - 1) B of W, at most all of it; the engine's
# thread then joins, and the rest is shared as the whole would be: its span is s times the rest. So
#     the sweep and the plan take  B + s max(0, W - (T - 1) B),
# which is s W with no plan beside, and B where the helpers finish first. Alone, the plan runs before
# the sweep: B + W. In CPython the compiled sweep's threads run while the plan is searched too, but the
# budget there counts every thread's CPU time: B + W, however many threads share it.
def real_turn_cost(positions, vectors, placements, runner, in_browser, what, loaded=False, lines=0, threads=1,
                   share=1.0, beside=None, exact=1.0):
    """The best real play (answers/real_turn.py): `positions` numbered in `vectors` army vectors, whose
    moves after a conquest look up `lines` vectors of the next blocks (algorithms/real_space.py
    measure, counted before any is listed), swept by `runner` ("numba",
    "javascript" or "python": algorithms/real_sweep.py), each of `placements` placements of the
    reinforcements looked up, then the exact phase (`exact_weight` times the square root of the
    positions: the best play's tree grows far more slowly than the space) and the answer's words.
    loaded: the compiled sweep is already loaded in this process (its load is not paid again).
    In the browser the sweep runs in the page's JavaScript, at its own speed, and the rest in Pyodide:
    the Estimate's CPython seconds are set so that `here()` gives their sum. There `threads` may share
    the sweep (site_src/js/sweep-pool.js): the engine's thread waits for the busiest, which values
    `share` of the positions (algorithms/real_sweep.py span_share); the values are swept in memory
    the threads share, then copied into Python's. beside: the Estimate of the plan fixed in advance
    searched with it (answers/turn.py), priced as the derivation above says; its memory is held while
    the sweep's is (the interpreter's own counted once)."""
    python = (COST_MODEL["real_vector_s"] * vectors + COST_MODEL["real_placement_s"] * placements
              + COST_MODEL["real_request_s"])
    exact_s = COST_MODEL["real_exact_s"] * exact * math.sqrt(positions)     # after the sweep, on one thread
    if runner == "javascript":
        python += COST_MODEL["real_spec_vector_s"] * vectors
    per = {"numba": "real_sweep_numba_s", "javascript": "real_sweep_js_s", "python": "real_sweep_python_s"}[runner]
    load = runner == "numba" and not loaded
    shared = runner == "javascript" and threads > 1
    whole = COST_MODEL[per] * positions + COST_MODEL[per[:-len("_s")] + "_line_s"] * lines     # W: one thread
    factor = COST_MODEL["turn_browser_factor"]
    # in the browser the sweep's seconds are the browser's own, the rest Pyodide's: both are here
    # counted in the browser's seconds, and the estimate's CPython seconds divided back at the end
    slow = LIMITS["pyodide_slowdown"] * factor if in_browser else 1.0
    plan = 0.0 if beside is None else beside.in_browser() if in_browser else beside.seconds   # B
    if shared:
        both = plan + share * max(0.0, whole - (threads - 1) * plan)
    else:
        both = plan + whole
    both += COST_MODEL["real_sweep_numba_load_s"] if load else 0.0
    if in_browser:      # big integers run in Pyodide about as fast as here: not at the slowdown of small objects
        both += exact_s * COST_MODEL["real_exact_browser"]
    else:
        python += exact_s
    per_vector = COST_MODEL["real_vector_bytes" if in_browser else "real_vector_bytes_cpython"]
    mb = COST_MODEL["real_position_bytes"] * positions + per_vector * vectors
    if shared:
        mb += COST_MODEL["real_shared_position_bytes"] * positions
    if runner == "numba":       # resident once loaded, whether this request loads it or found it
        mb += COST_MODEL["real_sweep_numba_load_mb"] * 1e6
    mb = megabytes(mb) if beside is None else megabytes(mb) + beside.mb - COST_MODEL["base_mb"]     # held at once
    return Estimate(python + both / slow, mb, what, factor)


def exact_weight(min_move):
    """How much heavier the real play's exact phase is under the move rule `min_move` than under the
    printed one: where one army may move in, there are more moves whose floats come close and are
    weighed exactly. Measured (CPython, December 2026), Africa from Brazil 15 and Southern Europe
    10 + 8: 0.52 s printed, 0.97 s one (the dice chosen; always the most: 0.40 and 1.07 s); Japan 5,
    Ural 4, Yakutsk 4 + 1 against Mongolia, Irkutsk, Siberia and Kamchatka (dice the most, one):
    0.14-0.15 s for 27,995 positions."""
    return 2.0 if min_move == "one" else 1.0
