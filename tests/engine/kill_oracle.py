"""A brute-force oracle for the KILL turn: eliminate every one of some owners in one turn, taking
each one's cards at its death and trading them at once when the hand grows to 6 or more. Every
placement and every policy, roll by roll, with Fractions over FULL states, memoised; no state
reduction of any kind. Written apart from the engine: it uses only the board's links (through
real_turn_oracle.LINKS, itself built from riskodds.facts.board) and real_turn_oracle.round_outcomes
(every face of every die enumerated), never the engine's algorithms or answers.

The model (the printed rules, 1993 and later; shared/reference sections 11 and 12):
- A position is {territory: {"owner": name, "armies": n}}, n the armies ON the territory (the one
  that must stay behind included). `player` is the owner who moves. Every victim must own at least
  one territory of the position; a `through` territory is owned by someone who is neither the
  player nor a victim. Every other territory not the player's is a wall: never attacked.
- A state is every territory's owner and armies, plus the player's hand (cards held) and the
  number of sets traded so far in the game.
- First the player places R armies in ANY split over ANY of his territories (every composition).
- Before every roll he may stop (worth 0 unless the goal is reached), or pick any territory of his
  own with at least 2 armies (a territory taken this turn included), any territory next to it that
  is not his and is a victim's or in `through`, and the dice n: 1 to min(3, a - 1) with
  dice="choose", exactly min(3, a - 1) with dice="most" (a = the attacking territory's armies).
  The defender rolls min(2, d) dice. One roll's outcomes are round_outcomes(n, min(2, d)).
- A roll that empties the target makes it the player's: he moves m armies in, m from min(n, a - 1)
  (min_move="dice"; n the dice of that roll) or 1 (min_move="one") up to a - 1, every m tried.
- Elimination: right after that move, if the target was a victim v's and v now owns no territory
  of the position, the player takes v's cards: hand += cards[v]. Then, if hand >= 6, he must trade
  at once t sets, t the smallest with hand - 3t <= 4, worth the next t sets of the game (sets
  number sets_traded + 1 .. sets_traded + t); hand -= 3t, sets_traded += t; he places those armies
  at once in ANY split over ANY of his territories (every composition; the best is taken) and plays
  on. With hand < 6 nothing is traded.
- Set values: "growing": the n-th set of the game is worth 4, 6, 8, 10, 12, 15 for n = 1..6, then
  5 more each (20, 25, ...); a list [v1, v2, ...]: the n-th set is worth v_n, the last value
  repeating past the end of the list.
- Success: every territory of every victim is the player's; the turn is won at that moment (worth
  1, nothing more is played). The cards the player starts with are only his hand: no trade happens
  except at a kill (a trade at the start of the turn is the caller's, inside R).
- best = the largest chance of success over every placement and every policy.
- kill_range = for each victim, the least and the most chance that it is eliminated by the end,
  over the policies (placements included) that reach `best`: at every decision the options worth
  the best (every option when the best is 0, stopping included); the choices at different states
  are free, so each bound is a sum over outcomes of the children's bounds, taken for each victim
  separately. each_kill gives the one value where least == most and raises ValueError otherwise
  (then "the chance under one optimal policy" depends on the policy).
- Every roll removes at least one army and every trade needs a kill, so the recursion ends.
"""
import sys
from fractions import Fraction

from hold_oracle import splits  # noqa: F401  (every split of R armies: the oracles' one; kill_oracle.splits too)
from real_turn_oracle import LINKS, round_outcomes

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

GROWING = (4, 6, 8, 10, 12, 15)


# ----------------------------------------------------------------------------- cards
def set_value(n, set_values="growing"):
    """The armies of the n-th set traded in the game (n >= 1)."""
    assert n >= 1, n
    if set_values == "growing":
        return GROWING[n - 1] if n <= len(GROWING) else GROWING[-1] + 5 * (n - len(GROWING))
    values = list(set_values)
    assert values and all(v >= 0 for v in values), set_values
    return values[min(n, len(values)) - 1]


def forced_trade(hand, sets_traded, set_values="growing"):
    """(armies, hand after, sets traded after) of the trade forced right after a kill: none below 6
    cards, else t sets, t the smallest with hand - 3t <= 4."""
    if hand < 6:
        return 0, hand, sets_traded
    t = 0
    while hand - 3 * t > 4:
        t += 1
    armies = sum(set_value(sets_traded + k, set_values) for k in range(1, t + 1))
    return armies, hand - 3 * t, sets_traded + t


# ----------------------------------------------------------------------------- the turn
class KillOracle:
    """One kill question. names: the territories (sorted); a state is (owners, armies, hand, traded)."""

    def __init__(self, position, player, R, victims, cards, sets_traded, set_values="growing",
                 through=(), dice="choose", min_move="dice"):
        assert dice in ("choose", "most") and min_move in ("dice", "one"), (dice, min_move)
        assert R >= 0 and sets_traded >= 0, (R, sets_traded)
        self.names = tuple(sorted(position))
        n = len(self.names)
        for t in self.names:
            e = position[t]
            assert set(e) == {"owner", "armies"} and e["armies"] >= 1, (t, e)
        self.player, self.R, self.dice, self.min_move = player, R, dice, min_move
        self.set_values = set_values if set_values == "growing" else tuple(set_values)
        self.victims = tuple(dict.fromkeys(victims))
        owners = [position[t]["owner"] for t in self.names]
        assert self.victims and player not in self.victims, victims
        for v in self.victims:
            assert v in owners, ("a victim owns no territory", v)
        through = set(through)
        for t in through:
            assert position[t]["owner"] not in (player, *self.victims), ("through", t)
        self.cards = {o: cards.get(o, 0) for o in set(owners) | set(cards)}
        self.targets = frozenset(i for i in range(n)
                                 if owners[i] in self.victims or self.names[i] in through)
        self.linked = [[frozenset((self.names[i], self.names[j])) in LINKS for j in range(n)]
                       for i in range(n)]
        self.start = (tuple(owners), tuple(position[t]["armies"] for t in self.names),
                      self.cards.get(player, 0), sets_traded)
        self.memo, self.ranges = {}, {}

    # ------------------------------------------------------------------ pieces
    def won(self, s):
        return not any(o in self.victims for o in s[0])

    def killed(self, s):
        return tuple(v not in s[0] for v in self.victims)

    def placed(self, s, A):
        """Every state after placing A armies over the player's territories in s."""
        owners, armies, hand, traded = s
        mine = [i for i, o in enumerate(owners) if o == self.player]
        for split in splits(A, len(mine)):
            a = list(armies)
            for i, k in zip(mine, split):
                a[i] += k
            yield (owners, tuple(a), hand, traded)

    def placements(self):
        return list(self.placed(self.start, self.R))

    def attacks(self, s):
        owners, armies = s[0], s[1]
        for x, a in enumerate(armies):
            if owners[x] != self.player or a < 2:
                continue
            top = min(3, a - 1)
            for y in sorted(self.targets):
                if owners[y] != self.player and self.linked[x][y]:
                    for k in (range(1, top + 1) if self.dice == "choose" else (top,)):
                        yield x, y, k

    def outcomes(self, s, x, y, k):
        """[(p, conquered, next)]: next a state, or for a conquest the list of the player's choices
        (every move in, then every placement of a forced trade's armies)."""
        owners, armies, hand, traded = s
        out = []
        for (al, dl), p in round_outcomes(k, min(2, armies[y])):
            a = list(armies)
            a[x] -= al
            a[y] -= dl
            assert a[x] >= 1 and a[y] >= 0
            if a[y] > 0:
                out.append((p, False, (owners, tuple(a), hand, traded)))
                continue
            left = a[x]
            low = min(k, left - 1) if self.min_move == "dice" else 1
            victim = owners[y]
            o = list(owners)
            o[y] = self.player
            o = tuple(o)
            h, tr, A = hand, traded, 0
            if victim in self.victims and victim not in o:
                A, h, tr = forced_trade(hand + self.cards.get(victim, 0), traded, self.set_values)
            choices = []
            for m in range(low, left):
                b = list(a)
                b[x], b[y] = left - m, m
                moved = (o, tuple(b), h, tr)
                choices.extend(self.placed(moved, A) if A else [moved])
            out.append((p, True, choices))
        return out

    # ------------------------------------------------------------------ values
    def value(self, s):
        """The best chance of success from full state s (before a roll, nothing pending)."""
        v = self.memo.get(s)
        if v is None:
            if self.won(s):
                v = Fraction(1)
            else:
                v = Fraction(0)                          # stopping
                for x, y, k in self.attacks(s):
                    v = max(v, self.attack_value(s, x, y, k))
            self.memo[s] = v
        return v

    def attack_value(self, s, x, y, k):
        total = Fraction(0)
        for p, conquered, nxt in self.outcomes(s, x, y, k):
            total += p * (max(self.value(c) for c in nxt) if conquered else self.value(nxt))
        return total

    def best(self):
        return max(self.value(s) for s in self.placements())

    def kill_range(self, s):
        """Per victim, (least, most) chance it is dead at the end over the best plays from s."""
        r = self.ranges.get(s)
        if r is not None:
            return r
        if self.won(s):
            r = tuple((Fraction(1), Fraction(1)) for _ in self.victims)
            self.ranges[s] = r
            return r
        best = self.value(s)
        options = []
        if best == 0:                                    # stopping is a best play
            options.append(tuple((Fraction(int(d)), Fraction(int(d))) for d in self.killed(s)))
        for x, y, k in self.attacks(s):
            if self.attack_value(s, x, y, k) != best:
                continue
            lo = [Fraction(0)] * len(self.victims)
            hi = [Fraction(0)] * len(self.victims)
            for p, conquered, nxt in self.outcomes(s, x, y, k):
                if conquered:
                    top = max(self.value(c) for c in nxt)
                    kids = [self.kill_range(c) for c in nxt if self.value(c) == top]
                    for i in range(len(self.victims)):
                        lo[i] += p * min(kr[i][0] for kr in kids)
                        hi[i] += p * max(kr[i][1] for kr in kids)
                else:
                    kr = self.kill_range(nxt)
                    for i in range(len(self.victims)):
                        lo[i] += p * kr[i][0]
                        hi[i] += p * kr[i][1]
            options.append(tuple(zip(lo, hi)))
        r = tuple((min(o[i][0] for o in options), max(o[i][1] for o in options))
                  for i in range(len(self.victims)))
        self.ranges[s] = r
        return r

    def best_kill_range(self):
        top = self.best()
        kids = [self.kill_range(s) for s in self.placements() if self.value(s) == top]
        return {v: (min(k[i][0] for k in kids), max(k[i][1] for k in kids))
                for i, v in enumerate(self.victims)}


# ----------------------------------------------------------------------------- the public face
def best(position, player, R, victims, cards, sets_traded, set_values="growing", through=(),
         dice="choose", min_move="dice"):
    """The best chance to eliminate every victim this turn (a Fraction)."""
    return KillOracle(position, player, R, victims, cards, sets_traded, set_values, through,
                      dice, min_move).best()


def kill_range(position, player, R, victims, cards, sets_traded, set_values="growing", through=(),
               dice="choose", min_move="dice"):
    """{victim: (least, most)} chance it is eliminated, over the plays that reach `best`."""
    return KillOracle(position, player, R, victims, cards, sets_traded, set_values, through,
                      dice, min_move).best_kill_range()


def each_kill(position, player, R, victims, cards, sets_traded, set_values="growing", through=(),
              dice="choose", min_move="dice"):
    """{victim: chance it is eliminated} under an optimal policy; ValueError where the optimal
    policies disagree on it (see kill_range)."""
    got = kill_range(position, player, R, victims, cards, sets_traded, set_values, through, dice, min_move)
    for v, (lo, hi) in got.items():
        if lo != hi:
            raise ValueError(f"optimal policies disagree on {v}: {lo} .. {hi}")
    return {v: lo for v, (lo, hi) in got.items()}


# ----------------------------------------------------------------------------- an example
def brazil(player_cards):
    """shared/reference section 12: Brazil 6 and North Africa 1 against red's Peru 1, Argentina 2
    and green's Congo 2, 5 sets traded; red holds 2 cards, green 0."""
    position = {"Brazil": {"owner": "me", "armies": 6}, "North Africa": {"owner": "me", "armies": 1},
                "Peru": {"owner": "red", "armies": 1}, "Argentina": {"owner": "red", "armies": 2},
                "Congo": {"owner": "green", "armies": 2}}
    return position, {"me": player_cards, "red": 2, "green": 0}


if __name__ == "__main__":
    import time
    for n in (1, 5, 6, 7, 8, 10, 11, 13, 14):
        print("hand", n, "->", forced_trade(n, 5))
    print("growing sets 1..9:", [set_value(n) for n in range(1, 10)])
    for victims in (["red"], ["red", "green"]):
        for mine in (4, 3):
            pos, cards = brazil(mine)
            t = time.perf_counter()
            v = best(pos, "me", 0, victims, cards, 5)
            print(victims, "holding", mine, ":", v, f"= {float(v):.6f}", f"({time.perf_counter() - t:.1f} s)")
    pos, cards = brazil(4)
    t = time.perf_counter()
    print("kill_range [red, green] holding 4:",
          {v: (float(a), float(b)) for v, (a, b) in kill_range(pos, "me", 0, ["red", "green"], cards, 5).items()},
          f"({time.perf_counter() - t:.1f} s)")
