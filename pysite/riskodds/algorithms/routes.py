"""Fewer routes between the targets: the borders a narrower family of plans may attack across.

Why a plan on fewer borders is still a plan
-------------------------------------------
A plan fixed in advance (algorithms/turn.py) attacks each target from a neighbour: an entry, or a
target taken earlier in the turn. Forget some of the borders between targets and search the same
family on what is left: every plan found there attacks only across borders the board has, so it is
a plan a player can follow on the real board, and its chance is exactly what that play wins. So
the best plan on fewer borders wins at most what the best plan on every border wins, and, being a
play, at most what the best turn wins: a lower bound on the best turn, never a guess.

Why fewer borders cost less
---------------------------
The search weighs, for every target c and every set S of targets below it, every way S can hang
below c (`structure`). With every border of Asia's 12 targets kept, the chains alone make 838
forests; along a few paths through the targets, a stack's routes are few.
So where even the chains do not fit the time budget, the chains along few borders usually do, and
every border given back widens the family (more plans, never fewer: the best can only rise).

The routes kept
---------------
A chain takes its targets along one path, so a family of chains holds a plan only where the kept
borders let the entries' paths cover every target. So the borders kept first are those of such a
cover: from each entry, the one with the most armies first, the longest path through the targets
no earlier path took. Each entry also keeps its longest path through every target, as if its stack
were alone (a big stack may do best taking everything). A path is found by a depth-first search
that tries the neighbour with the fewest ways on first (Warnsdorff's rule, a good first guess for a
path through every target) and stops after PATH_WORK steps with the longest found. Targets no path
reaches are joined by a depth-first spanning forest from the paths. The borders left out are then
given back one at a time, in board order, as far as the budget allows (answers/fixed_turn.py prices
each step).

Measured on Asia from Ukraine 14 and Indonesia 6 against 1 on each target: the chains along the
borders kept first win 30.72 %, as the chains along every border do, priced at 0.13 s against
1.6 s. With the cover alone (no path as if alone) they won 2.2 %.
"""

PATH_WORK = 5_000       # the most steps the search for one entry's longest path may take


def spanning_routes(entries, adjacent):
    """(kept, others): `kept` the targets' neighbour masks (as `adjacent`: per target, the mask of its
    neighbours among the targets) along the entries' longest paths (a cover, and each as if alone)
    and a spanning forest joining the rest (module docstring); `others` the borders left out, (y, z)
    with y < z, in board order.

    entries: Entry records (checks/turn_request.py: armies on the territory, the targets it
    touches), the one with the most armies first (board order breaks ties)."""
    k = len(adjacent)
    kept = [0] * k
    taken = 0

    def keep(y, z):
        kept[y] |= 1 << z
        kept[z] |= 1 << y
    order = sorted(entries, key=lambda e: -e.armies)
    for e in order:
        path = longest_path(e.touches, adjacent, taken)         # the cover: through what is left
        for y in path:
            taken |= 1 << y
        alone = longest_path(e.touches, adjacent, 0)            # and as if this stack were alone
        for p in (path, alone):
            for y, z in zip(p, p[1:]):
                keep(y, z)
    seen = taken
    starts = [y for y in range(k) if taken >> y & 1] + [y for e in order for y in e.touches]
    for start in starts:                    # the rest: depth first from the paths, then from the entries
        seen |= 1 << start
        stack = [(start, _neighbours(adjacent[start]))]     # iterative: no recursion limit to meet
        while stack:
            y, rest = stack[-1]
            z = next((z for z in rest if not seen >> z & 1), None)
            if z is None:
                stack.pop()
                continue
            seen |= 1 << z
            keep(y, z)
            stack.append((z, _neighbours(adjacent[z])))
    others = [(y, z) for y in range(k) for z in range(y + 1, k) if adjacent[y] >> z & 1 and not kept[y] >> z & 1]
    return tuple(kept), others


def longest_path(starts, adjacent, taken):
    """The longest simple path through targets not in `taken` (a mask) that begins at one of
    `starts`, as a list of targets: depth first, the neighbour with the fewest free neighbours first
    (board order breaks ties), at most PATH_WORK steps; the first longest found (at once where it
    goes through every free target)."""
    best = []
    work = 0
    free = sum(1 for y in range(len(adjacent)) if not taken >> y & 1)
    for s in starts:
        if taken >> s & 1:
            continue
        path, used = [s], taken | 1 << s
        stack = [_ordered(s, adjacent, used)]
        while stack and work < PATH_WORK:
            work += 1
            if len(path) > len(best):
                best = list(path)
                if len(best) == free:           # through every free target: none is longer
                    return best
            z = next(stack[-1], None)
            if z is None:
                stack.pop()
                used &= ~(1 << path.pop())
                continue
            if used >> z & 1:
                continue
            path.append(z)
            used |= 1 << z
            stack.append(_ordered(z, adjacent, used))
    return best


def _ordered(y, adjacent, used):
    """y's free neighbours, the fewest free neighbours of their own first (Warnsdorff), as an iterator."""
    free = [z for z in range(len(adjacent)) if adjacent[y] >> z & 1 and not used >> z & 1]
    return iter(sorted(free, key=lambda z: bin(adjacent[z] & ~used).count("1")))


def with_borders(kept, others, n):
    """The neighbour masks of `kept` with the first n borders of `others` given back."""
    out = list(kept)
    for y, z in others[:n]:
        out[y] |= 1 << z
        out[z] |= 1 << y
    return tuple(out)


def _neighbours(mask):
    """A neighbour mask's targets, in board order, as an iterator (the search resumes it)."""
    return iter([z for z in range(mask.bit_length()) if mask >> z & 1])
