"""A brute-force oracle for keeping what you take (issue 42, item 2): every placement of the player,
every way to play its turn and every fortify move, each end valued by the opponent's best turn
(hold_oracle.py, through buffers), with Fractions over FULL states. Written apart from the engine:
it uses only the board's names and links, never the engine's algorithms or answers.

The model:
- The player places R armies on ANY of its territories in the position, in any split.
- Then it plays: before every roll it picks any territory of its own with at least 2 armies (those
  it took this turn too), any territory of the set it does not hold next to it, and the dice, 1 to
  min(3, armies - 1) ("choose") or always min(3, armies - 1) ("most"); the defender rolls
  min(2, its armies). A roll that empties the territory makes it the player's: it moves m armies in,
  at least the dice rolled (min_move "dice") or 1 ("one"), at most all but one, every m tried. It may
  stop at any time.
- Its turn is worth 0 unless every territory of the set is its own at the end; then it is worth the
  hold oracle's best from that position with nothing to place: the best fortify move (or none)
  against every placement and turn of the opponent through buffers.
- keep = the largest over placements and policies. take(policy) = the chance the set is taken.
"""
from fractions import Fraction

from riskodds.facts import board

import hold_oracle
from real_turn_oracle import LINKS, round_outcomes


class KeepOracle:
    def __init__(self, position, player, goal, opponent, R, R2, fortify="adjacent", dice="choose", min_move="dice"):
        self.names = tuple(sorted(position))
        n = len(self.names)
        self.owner = tuple(position[t]["owner"] for t in self.names)
        self.start = tuple(position[t]["armies"] for t in self.names)
        self.player, self.R, self.dice, self.min_move = player, R, dice, min_move
        goal = set(board.MEMBERS[goal]) if isinstance(goal, str) else set(goal)
        self.goal = frozenset(i for i in range(n) if self.names[i] in goal)
        self.linked = [[frozenset((self.names[i], self.names[j])) in LINKS for j in range(n)] for i in range(n)]
        self.mine = [i for i in range(n) if self.owner[i] == player]
        after = {t: dict(position[t]) for t in self.names}
        for i in self.goal:
            after[self.names[i]]["owner"] = player
        self.after = hold_oracle.Oracle(after, player, sorted(goal), opponent, 0, R2, fortify, dice, min_move)
        assert self.after.names == self.names
        self.memo, self.ends = {}, {}

    def end(self, s):
        """The set is the player's: the chance it keeps it, over its best fortify move."""
        v = self.ends.get(s)
        if v is None:
            v = self.ends[s] = self.after.best(s)
        return v

    def value(self, s, took=frozenset()):
        """The best chance to keep from full state s, `took` the territories of the set taken so far."""
        key = (s, took)
        v = self.memo.get(key)
        if v is not None:
            return v
        if not self.held(took):
            v = self.end(s)
        else:
            v = Fraction(0)                          # stopping
            for x, y, n in self.attacks(s, took):
                v = max(v, self.attack(s, x, y, n, took))
        self.memo[key] = v
        return v

    def held(self, took):
        """The territories of the set the player does not hold yet."""
        return [i for i in self.goal if self.owner[i] != self.player and i not in took]

    def attacks(self, s, took):
        """Every attack (x, y, n) from full state s: a territory of the player with 2 armies or more,
        a territory of the set still his next to it, the dice."""
        for x in set(self.mine) | took:
            a = s[x]
            if a < 2:
                continue
            for y in self.held(took):
                if self.linked[x][y]:
                    top = min(3, a - 1)
                    for n in (range(1, top + 1) if self.dice == "choose" else (top,)):
                        yield x, y, n

    def best(self):
        """The player's best chance to keep, over every placement."""
        return max(self.value(s) for s in self.placements())

    def placements(self):
        for placed in hold_oracle.splits(self.R, len(self.mine)):
            s = list(self.start)
            for i, p in zip(self.mine, placed):
                s[i] += p
            yield tuple(s)

    def state_of(self, placement):
        """The full state after placement {territory: armies placed}."""
        s = list(self.start)
        for t, p in placement.items():
            i = self.names.index(t)
            assert self.owner[i] == self.player
            s[i] += p
        return tuple(s)

    def action_value(self, s, x, y, n, took=frozenset()):
        """The chance to keep after attacking y from x (names) with n dice in state s, then playing
        best (every move tried after a conquest)."""
        return self.attack(s, self.names.index(x), self.names.index(y), n, took)

    def attack(self, s, xi, yi, n, took):
        """`action_value` by indexes."""
        a, d = s[xi], s[yi]
        total = Fraction(0)
        for (al, dl), p in round_outcomes(n, min(2, d)):
            if dl == d:
                left = a - al
                low = min(n, left - 1) if self.min_move == "dice" else 1
                best = Fraction(0)
                for m in range(low, left):
                    t = list(s)
                    t[xi], t[yi] = left - m, m
                    best = max(best, self.value(tuple(t), took | {yi}))
                total += p * best
            else:
                t = list(s)
                t[xi] -= al
                t[yi] -= dl
                total += p * self.value(tuple(t), took)
        return total

    def take_range(self, s, took=frozenset(), memo=None):
        """(least, most) chance to take the set over the plays that keep best from s: at every state
        the actions worth the best, each move after a conquest worth the best too; the choices at
        different states are free, so each bound is a sum over outcomes of the children's."""
        memo = {} if memo is None else memo
        key = (s, took)
        if key in memo:
            return memo[key]
        if not self.held(took):
            return (Fraction(1), Fraction(1))
        best = self.value(s, took)
        options = [] if best > 0 else [(Fraction(0), Fraction(0))]       # stopping is a best play at 0
        for x, y, n in self.attacks(s, took):
            a, d = s[x], s[y]
            if self.attack(s, x, y, n, took) != best:
                continue
            lo = hi = Fraction(0)
            for (al, dl), p in round_outcomes(n, min(2, d)):
                if dl == d:
                    left = a - al
                    low = min(n, left - 1) if self.min_move == "dice" else 1
                    after = [_moved(s, x, y, left, m) for m in range(low, left)]
                    top = max(self.value(t, took | {y}) for t in after)
                    kids = [self.take_range(t, took | {y}, memo) for t in after if self.value(t, took | {y}) == top]
                    lo += p * min(k[0] for k in kids)
                    hi += p * max(k[1] for k in kids)
                else:
                    t = list(s)
                    t[x] -= al
                    t[y] -= dl
                    got = self.take_range(tuple(t), took, memo)
                    lo += p * got[0]
                    hi += p * got[1]
            options.append((lo, hi))
        got = (min(o[0] for o in options), max(o[1] for o in options))
        memo[key] = got
        return got


def _moved(s, x, y, left, m):
    t = list(s)
    t[x], t[y] = left - m, m
    return tuple(t)
