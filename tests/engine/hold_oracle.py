"""A brute-force oracle for holding (issue 34): every placement and fortify move of the holder,
every placement of the opponent and every way he can play his turn, with Fractions. Written apart
from the engine (it uses only the board's names and links from riskodds.facts.board, never the
engine's algorithms or answers) and kept plain: a recursion with a memo over FULL states (every
territory of the position with its armies), no reduction of any kind.

The model (issue 34, item 1):
- The holder places R armies on ANY of its territories in the position (in any split), then, with
  fortify "adjacent", may move m >= 1 armies from any territory of its own to an adjacent one of
  its own, leaving at least one (or not move); with fortify "none" it does not move.
- The opponent places R2 armies on ANY of his territories in the position, then plays: before
  every roll he picks any territory of his with at least 2 armies (those he took this turn too),
  ANY territory of the holder next to it (in the set or not: issue 42, through buffers), and the
  dice, 1 to min(3, armies - 1) (dice "choose") or always min(3, armies - 1) ("most"); the
  defender rolls min(2, its armies). He may stop at any time (worth 0). A roll that empties a
  territory of the hold set is his success (worth 1): breaking the set needs one territory, so
  nothing after it matters. A roll that empties a territory of the holder outside the set makes
  it his: he moves m armies in, at least the dice rolled (min_move "dice") or 1 ("one"), at most
  all but one, every m tried. Territories of any third owner are never attacked.
- One round: every face of every die enumerated; both sides sort descending and compare
  pairwise, each pair costs the loser one army, a tie goes to the defender.
- P(hold) of the holder's choice = 1 - the opponent's best over his placements and policies; the
  holder's best is the largest over its choices.

A position is {"<territory>": {"owner": name, "armies": n}}.
"""
from fractions import Fraction

from riskodds.facts import board

from real_turn_oracle import LINKS, round_outcomes   # one roll, every face enumerated: the turn oracle's




def splits(R, n):
    """Every way to put R armies on n territories."""
    if n == 0:
        if R == 0:
            yield ()
        return
    for first in range(R + 1):
        for rest in splits(R - first, n - 1):
            yield (first,) + rest


class Oracle:
    """One hold question. names: every territory of the position (sorted); the state is the tuple of
    their armies."""

    def __init__(self, position, holder, hold, opponent, R, R2, fortify="adjacent", dice="choose", min_move="dice"):
        self.names = tuple(sorted(position))
        self.owner = tuple(position[t]["owner"] for t in self.names)
        self.start = tuple(position[t]["armies"] for t in self.names)
        self.holder, self.opponent = holder, opponent
        self.R, self.R2, self.fortify, self.dice, self.min_move = R, R2, fortify, dice, min_move
        hold = set(board.MEMBERS[hold]) if isinstance(hold, str) else set(hold)
        self.hold = frozenset(i for i, t in enumerate(self.names) if t in hold)
        n = len(self.names)
        self.linked = [[frozenset((self.names[i], self.names[j])) in LINKS for j in range(n)] for i in range(n)]
        self.mine = [i for i in range(n) if self.owner[i] == holder]
        self.theirs = [i for i in range(n) if self.owner[i] == opponent]
        self.memo = {}

    # ------------------------------------------------------------------ the opponent
    def attack_value(self, s, took=frozenset()):
        """The opponent's best chance from full state s (he has not broken the set yet), `took` the
        holder's territories outside the set he has taken this turn (now his)."""
        key = (s, took)
        v = self.memo.get(key)
        if v is not None:
            return v
        best = Fraction(0)
        mine = [i for i in self.mine if i not in took]
        for x in self.theirs + sorted(took):
            a = s[x]
            if a < 2:
                continue
            for y in mine:
                if not self.linked[x][y]:
                    continue
                d = s[y]
                top = min(3, a - 1)
                for n in (range(1, top + 1) if self.dice == "choose" else (top,)):
                    total = Fraction(0)
                    for (al, dl), p in round_outcomes(n, min(2, d)):
                        if dl == d and y in self.hold:
                            total += p
                        elif dl == d:
                            left = a - al
                            low = min(n, left - 1) if self.min_move == "dice" else 1
                            moves = []
                            for m in range(low, left):
                                t = list(s)
                                t[x] = left - m
                                t[y] = m
                                moves.append(self.attack_value(tuple(t), took | {y}))
                            total += p * max(moves)
                        else:
                            t = list(s)
                            t[x] -= al
                            t[y] -= dl
                            total += p * self.attack_value(tuple(t), took)
                    if total > best:
                        best = total
        self.memo[key] = best
        return best

    def reply(self, s):
        """The opponent's best chance against the holder's full state s, over his placements."""
        best = Fraction(0)
        for placed in splits(self.R2, len(self.theirs)):
            t = list(s)
            for i, p in zip(self.theirs, placed):
                t[i] += p
            best = max(best, self.attack_value(tuple(t)))
        return best

    # ------------------------------------------------------------------ the holder
    def choices(self, start=None):
        """Every full state the holder can leave from `start` (the position's armies by default):
        every placement, then every fortify move or none."""
        seen = set()
        for placed in splits(self.R, len(self.mine)):
            s = list(self.start if start is None else start)
            for i, p in zip(self.mine, placed):
                s[i] += p
            seen.add(tuple(s))
            if self.fortify != "adjacent":
                continue
            for u in self.mine:
                for v in self.mine:
                    if u != v and self.linked[u][v]:
                        for m in range(1, s[u]):
                            t = list(s)
                            t[u] -= m
                            t[v] += m
                            seen.add(tuple(t))
        return seen

    def best(self, start=None):
        """The holder's best P(hold), exact, from `start` (full armies in `names` order; the
        position's by default)."""
        return max(1 - self.reply(s) for s in self.choices(start))

    def price(self, placement, fortify=None):
        """P(hold) of one choice: placement {territory: armies placed}, fortify None or
        {"from", "to", "armies"} (checked: a move the rules allow)."""
        return 1 - self.reply(self.state_of(placement, fortify))

    def state_of(self, placement, fortify=None):
        """The full state the holder leaves with this choice (as `price`'s)."""
        s = list(self.start)
        assert sum(placement.values()) == self.R
        for t, p in placement.items():
            i = self.names.index(t)
            assert self.owner[i] == self.holder
            s[i] += p
        if fortify is not None:
            u, v = self.names.index(fortify["from"]), self.names.index(fortify["to"])
            assert self.fortify == "adjacent" and self.linked[u][v]
            assert self.owner[u] == self.owner[v] == self.holder and 1 <= fortify["armies"] < s[u]
            s[u] -= fortify["armies"]
            s[v] += fortify["armies"]
        return tuple(s)

    def reply_to_placement(self, s, placed):
        """The opponent's chance with his placement {territory: armies} against the holder's state s."""
        t = list(s)
        for name, p in placed.items():
            t[self.names.index(name)] += p
        return self.attack_value(tuple(t))
