"""The round tables of a turn's targets: one home for every search that plays roll by roll.

A target's round model (checks/model.py) gives, for n attack dice against nd defence dice, the
outcomes (al, dl, weight): the attacker loses al armies and the defender dl, with chance
weight / total. The searches (algorithms/real_turn.py state by state, algorithms/real_sweep.py and
site_src/js/real-sweep.js over every position, algorithms/hold.py for the opponent) all read them
from here, in the model's order, with p = weight / total as the one float of each outcome: the same
sums in the same order give the same doubles everywhere."""


class Rounds:
    """The round tables of targets, made once from their round models.

    pairs[y][n, nd]: ((al, dl, p, weight), ...), total (the outcomes of n attack dice against nd
    defence dice at target y). by_defenders[y][nd][n]: the same outcomes, by the defence dice
    (index 0 unused; a target with d defenders rolls min(d, most) dice: `table`). most_attack[y],
    most_defend[y]: the most dice each side rolls there."""

    def __init__(self, models):
        self.models = tuple(models)
        self.most_attack = tuple(m.attack_dice for m in self.models)
        self.most_defend = tuple(m.defend_dice for m in self.models)
        self.pairs = []
        for m in self.models:
            table = {}
            for n in range(1, m.attack_dice + 1):
                for nd in range(1, m.defend_dice + 1):
                    total = m.total(n, nd)
                    table[n, nd] = (tuple((al, dl, w / total, w) for al, dl, w in m.transitions(n, nd)), total)
            self.pairs.append(table)
        self.by_defenders = tuple(
            [None] + [[None] + [table[n, nd][0] for n in range(1, m.attack_dice + 1)]
                      for nd in range(1, m.defend_dice + 1)]
            for m, table in zip(self.models, self.pairs))

    def table(self, y, d):
        """The outcomes per attack dice (index n) against d defenders of target y."""
        row = self.by_defenders[y]
        return row[d if d < len(row) else -1]
