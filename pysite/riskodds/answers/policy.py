"""The choosing defender's play in words a player can use at the table, read off the engine's
decisions (algorithms/choice.py), never typed.

Positions are grouped by the dice in play: the attacker's (na) and the most the defender may
roll (nd_max); only groups where the defender has a choice (nd_max >= 2) are described, and only
those where it rolls fewer than its most somewhere. A group's sentence names its positions as a
player sees them: the attacking dice, and the defender's armies, "with 2 or more armies" when
nd_max is the rules' most (d >= nd_max), "with exactly 2 armies" when fewer armies cap it (d ==
nd_max: a capital's defender with 2 armies). After the roll, the decision for a group of
attacking rolls (by their highest dice) is the same in every position of a battle for most
groups: those are said as a rule ("roll one die when the attacker's second-highest die is at
least 5"), as a threshold when the set of rolls is exactly the rolls meeting one, else as a list;
the few rolls whose best answer depends on the armies left are named as such. Before the roll,
the positions where fewer dice are best are listed.
"""
from collections import Counter
from dataclasses import dataclass

from ..algorithms.choice import AFTER, groups

NUMBERS = {1: "one", 2: "two", 3: "three"}
RANKS = ("highest", "second-highest", "third-highest")


@dataclass(frozen=True)
class DefenderPolicy:
    """mode ("before-roll" | "after-roll"); sentences (the play in words); positions: one entry
    per (attacker dice, defender's most dice) with a choice, most positions first:
    {"attacker_dice", "defender_most", "positions", "roll"}: after the roll, for each group of
    top attacking dice ("attacker_top") the share of positions in which each number of dice is
    best ("dice": {"1": share, ...}); before it, how many positions chose each number of dice."""
    mode: str
    sentences: tuple
    positions: tuple


def defender_policy(model, play, offset=0):
    """The DefenderPolicy of `play` (choice.Play) under `model`; offset: the call's convention
    offset, for positions named in words."""
    by_dice = {}
    for (a, d), decision in sorted(play.decisions.items()):
        na, nd_max = min(model.attack_dice, a), min(model.defend_dice, d)
        if nd_max >= 2:
            by_dice.setdefault((na, nd_max), []).append(((a, d), decision))
    ordered = sorted(by_dice.items(), key=lambda kv: (-len(kv[1]), -kv[0][0]))
    mode = model.defender_choice
    entries, sentences = [], []
    for (na, nd_max), seen in ordered:
        who = _who(na, nd_max, model.defend_dice)
        entry, sentence = (_after(model, na, nd_max, seen, who) if mode == AFTER
                           else _before(na, nd_max, seen, offset, who))
        entries.append(entry)
        if sentence:
            sentences.append(sentence)
    if not entries:
        sentences.append("The defender never has more than one die to roll in this battle, so it has no choice.")
    elif not sentences:
        sentences.append(f"Rolling the most dice it may is best in every position of this battle: choosing "
                         f"{'after' if mode == AFTER else 'before'} the roll gains the defender nothing.")
    return DefenderPolicy(mode, tuple(sentences), tuple(entries))


def _who(na, nd_max, defend_dice):
    """The positions of a group in words: the attacking dice, and the defender's armies (nd_max
    is the rules' most from nd_max armies up; below that, the armies cap the dice)."""
    armies = f"{nd_max} or more armies" if nd_max == defend_dice else f"exactly {nd_max} armies"
    return f"Against {NUMBERS[na]} attacking {'die' if na == 1 else 'dice'}, with {armies}"


def _most(nd_max):
    return "both" if nd_max == 2 else f"all {NUMBERS[nd_max]}"


def _after(model, na, nd_max, seen, who):
    tops = [top for top, _, _ in groups(model.rules, na, nd_max)]
    chosen = [Counter(decision[g] for _, decision in seen) for g in range(len(tops))]
    always = {nd: [t for t, c in zip(tops, chosen) if c[nd] == len(seen)] for nd in range(1, nd_max + 1)}
    mixed = [(t, c) for t, c in zip(tops, chosen) if len(c) > 1]
    roll = [{"attacker_top": list(t), "dice": {str(nd): c[nd] / len(seen) for nd in sorted(c)}}
            for t, c in zip(tops, chosen)]
    parts = [f"roll {NUMBERS[nd]} {'die' if nd == 1 else 'dice'} when {_rolls_in_words(always[nd], tops)}"
             for nd in range(1, nd_max) if always[nd]]
    for choices in sorted({tuple(sorted(c)) for _, c in mixed}):    # by the dice that are best somewhere
        names = ", ".join("-".join(map(str, t)) for t, c in mixed if tuple(sorted(c)) == choices)
        said = ", ".join(NUMBERS[nd] for nd in choices[:-1]) + f" or {NUMBERS[choices[-1]]}"
        parts.append(f"against {names} roll {said} dice, depending on the armies")
    entry = {"attacker_dice": na, "defender_most": nd_max, "positions": len(seen), "roll": roll}
    return entry, f"{who}, {'; '.join(parts)}; otherwise roll {_most(nd_max)}." if parts else None


def _before(na, nd_max, seen, offset, who):
    chosen = Counter(decision for _, decision in seen)
    roll = [{"dice": nd, "positions": chosen.get(nd, 0)} for nd in range(nd_max, 0, -1)]
    entry = {"attacker_dice": na, "defender_most": nd_max, "positions": len(seen), "roll": roll}
    fewer = [(s, nd) for s, nd in seen if nd < nd_max]
    if not fewer:
        return entry, None
    shown = ", ".join(f"{a + offset} v {d} ({nd})" for (a, d), nd in fewer[:6])
    more = f" and {len(fewer) - 6} more" if len(fewer) > 6 else ""
    return entry, (f"{who}, fewer dice are best in {len(fewer)} of {len(seen)} positions: "
                   f"{shown}{more} (armies, then the dice to roll).")


def _rolls_in_words(rolls, tops):
    """A set of top attacking dice as a threshold on the highest dice when it is exactly the set
    meeting one, else as a list like 6-6, 6-5."""
    k = len(rolls[0])
    least = [min(r[i] for r in rolls) for i in range(k)]
    meets = {t for t in tops if all(t[i] >= least[i] for i in range(k))}
    if meets == set(rolls):
        # a condition on a die is implied by one on a lower die with a higher bound: keep the others
        kept = [i for i in range(k) if least[i] > max(least[i + 1:], default=0) and least[i] > 1]
        if kept:
            said = [f"{'the attacker' + chr(39) + 's' if n == 0 else 'its'} {RANKS[i]} die is at least {least[i]}"
                    for n, i in enumerate(kept)]
            return " and ".join(said)
    return "the attacker's highest dice are " + ", ".join("-".join(map(str, r)) for r in rolls)
