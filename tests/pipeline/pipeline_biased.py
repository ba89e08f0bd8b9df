"""TEST-ONLY: the biased dice of the earlier analysis, ``((r >> k) & 7) % 6``: faces 1 and 2
come up twice as often as 3..6. Plugged into the NumPy backend's ``round_hook`` so the
validator can be shown to catch it. Never importable from the package."""
import numpy as np

from gpu_pipeline.rounds.round_decoder import _sort3_desc


def biased_round(word, na, nd):
    """Attacker losses of one round whose dice are 3-bit fields of ``word`` taken mod 6."""
    word = np.asarray(word, dtype=np.uint64)
    na = np.asarray(na, dtype=np.int64)
    nd = np.asarray(nd, dtype=np.int64)
    die = [((word >> np.uint64(3 * i)) & np.uint64(7)).astype(np.int64) % 6 + 1 for i in range(6)]
    att = [np.where(na > i, die[i], 0) for i in range(3)]
    dfd = [np.where(nd > j, die[3 + j], 0) for j in range(3)]
    att, dfd = _sort3_desc(*att), _sort3_desc(*dfd)
    pairs = np.minimum(na, nd)
    lost = np.zeros(word.shape, dtype=np.int64)
    for i in range(3):
        lost += (att[i] <= dfd[i]) & (pairs > i)
    return lost
