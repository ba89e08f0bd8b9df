"""Balanced Blitz in plain doubles, the way the game computes it: a second implementation of
the four steps (reference section 8), written without riskodds.algorithms.reshape, for battles whose
outcomes doubles can hold (no entry below about 1e-300). Used by the engine tests and by the
article's independent reading of its `blitz/...` number keys (tests/article/recipes.py)."""


def float_blitz(wins, losses):
    """All four steps in doubles, the way the game does them (for battles where doubles suffice)."""
    W, L = [float(x) for x in wins], [float(x) for x in losses]
    P, Q = sum(W), sum(L)
    if P <= 0.05:
        W, L = [0.0] * len(W), [x / Q for x in L]
    elif Q <= 0.05:
        W, L = [x / P for x in W], [0.0] * len(L)
    P, Q = sum(W), sum(L)
    w, l = P ** 1.3, Q ** 1.3
    w, l = w / (w + l), l / (w + l)
    W = [x * w / P for x in W] if P else W
    L = [x * l / Q for x in L] if Q else L
    line = W + L[::-1]
    for order in (range(len(line)), range(len(line) - 1, -1, -1)):
        s = 0.0
        for i in order:
            s += line[i]
            if s > 0.1:
                line[i] = s - 0.1
                break
            line[i] = 0.0
    t = sum(line)
    W, L = [x / t for x in line[:len(W)]], [x / t for x in line[len(W):]][::-1]
    out = []
    for side in (W, L):
        total, powered = sum(side), [x ** 1.8 for x in side]
        out.append([x * total / sum(powered) for x in powered] if total else side)
    return out
