"""The engine's warm-up per part (facts.limits ENGINE_PARTS[part]["warm"], interfaces/api.py `warm`):
the browser's worker asks it before the player's first question of the part (engine-worker.js
"prepare"), so it must be a request of the part's own ops that the engine answers, and it must
reach what the player's first question would: the best real turn's sweep, over a continent's sets
of targets taken (more than one block to a layer, so that every thread of the page's pool sweeps)."""
import pytest

import riskodds.interfaces.api as api
from riskodds.algorithms import real_sweep, real_turn as search
from riskodds.answers import real_turn as real
from riskodds.checks.turn_request import read_turn
from riskodds.facts.limits import ENGINE_PARTS, LIMITS


@pytest.mark.parametrize("part", sorted(ENGINE_PARTS))
def test_each_part_warms_up_with_a_request_of_its_own_ops_that_is_answered(part):
    op, params = ENGINE_PARTS[part]["warm"]["op"], ENGINE_PARTS[part]["warm"]["params"]
    assert op in ENGINE_PARTS[part]["ops"]
    answer = api.handle(op, params)
    assert answer["ok"], answer
    assert api.warm(part) is True


def test_the_turn_warm_up_plays_roll_by_roll_with_a_block_for_every_thread_of_the_pool():
    op, params = ENGINE_PARTS["turn"]["warm"]["op"], ENGINE_PARTS["turn"]["warm"]["params"]
    answer = api.handle(op, params)
    assert answer["searched"]["family"] == "real" and answer["searched"]["complete"]
    request = read_turn(params["position"], params["player"], params["reinforcements"], params["goal"])
    lay = search.layout(request.targets, request.entries, request.adjacent)
    space = real.space_of(request, lay)
    assert answer["searched"]["states"] == space.size
    widest = max(len(layer) for layer in real_sweep.space_layers(space))
    assert widest >= LIMITS["browser_sweep_threads"], widest      # every thread of the page's pool finds a block


def test_an_unknown_part_is_refused_by_name():
    with pytest.raises(KeyError):
        api.warm("no such part")

