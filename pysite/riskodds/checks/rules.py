"""The rules of one battle as a small immutable record."""
from dataclasses import dataclass

from ..facts.limits import LIMITS, RULE_FIELD, choice_values
from ..maths.dice import sorted_roll_count
from .validate import FieldError, check_choice, check_int, check_weights

TIES = choice_values("ties")
BONUSES = choice_values("defender_bonus")
ATTACKER_BONUSES = choice_values("attacker_bonus")
DEFENDER_CHOICES = choice_values("defender_choice")
MIN_MOVES = ("one", "dice")     # the move-in rule after a conquest (least_move)


def least_move(min_move, attack_dice, armies):
    """Fewest armies moved into a conquered territory from `armies` on the attacking territory (on
    the territory, >= 2) when the attacker rolls at most `attack_dice` dice: 1 ("one"), or the dice
    of the conquering roll ("dice", the printed rules: min(attack_dice, armies - 1))."""
    return 1 if min_move == "one" else min(attack_dice, armies - 1)


@dataclass(frozen=True)
class Rules:
    """Dice rules of a battle (limits and defaults: limits.RULE_FIELDS).

    attack_dice: most dice the attacker rolls (1..3); it rolls min(attack_dice, attacking armies).
    defend_dice: most dice the defender rolls (1..3): 2 standard, 3 capital/wall.
    attack_faces, defend_faces: faces of each side's dice (limits.LIMITS: min_faces..max_faces),
        numbered 1..faces.
    ties: "defender" (standard: a tie goes to the defender) or "attacker" (zombie defender).
    defender_bonus: "none"; "highest" (bunker: +1 to the defender's highest die);
        "both" (fortification: +1 to every defender die).
    attacker_bonus: "none"; "highest" (+1 to the attacker's highest die); "all" (+1 to every
        attacker die). Bonuses are added before the dice are compared, so +1 against +1 on the
        same pair cancels, and a tie of the bonused values goes where `ties` says.
    defender_choice: "most" (standard: the defender rolls the most dice it may); "before-roll"
        (it picks 1..most dice before each round, knowing the armies); "after-roll" (it picks
        after seeing the attacker's dice). A choosing defender plays to minimise the attacker's
        chance of winning the battle (algorithms/choice.py); the attacker always rolls its most.
    attack_weights, defend_weights: None (fair dice) or relative weights of faces 1..faces,
        non-negative whole numbers, not all 0 (a list, a tuple, or text like "2,2,1,1,1,1"):
        face v comes up with probability w_v / sum(w). Stored as a tuple divided by its gcd,
        and as None when all weights are equal (so equal rules compare equal).
    """
    attack_dice: int = RULE_FIELD["attack_dice"]["default"]
    defend_dice: int = RULE_FIELD["defend_dice"]["default"]
    attack_faces: int = RULE_FIELD["attack_faces"]["default"]
    defend_faces: int = RULE_FIELD["defend_faces"]["default"]
    ties: str = RULE_FIELD["ties"]["default"]
    defender_bonus: str = RULE_FIELD["defender_bonus"]["default"]
    attacker_bonus: str = RULE_FIELD["attacker_bonus"]["default"]
    defender_choice: str = RULE_FIELD["defender_choice"]["default"]
    attack_weights: tuple = RULE_FIELD["attack_weights"]["default"]
    defend_weights: tuple = RULE_FIELD["defend_weights"]["default"]

    def __post_init__(self):
        for name in ("attack_dice", "defend_dice", "attack_faces", "defend_faces"):
            field = RULE_FIELD[name]
            object.__setattr__(self, name, check_int(name, getattr(self, name), field["min"], field["max"]))
        check_choice("ties", self.ties, TIES)
        check_choice("defender_bonus", self.defender_bonus, BONUSES)
        check_choice("attacker_bonus", self.attacker_bonus, ATTACKER_BONUSES)
        check_choice("defender_choice", self.defender_choice, DEFENDER_CHOICES)
        for name, faces in (("attack_weights", "attack_faces"), ("defend_weights", "defend_faces")):
            field = RULE_FIELD[name]
            weights = check_weights(name, getattr(self, name), getattr(self, faces), faces, field["max"])
            object.__setattr__(self, name, weights)
        if self.defender_choice == "after-roll" and self.choice_pairs() > LIMITS["max_choice_pairs"]:
            raise FieldError(f"defender_choice 'after-roll' weighs every attacking roll against every defending "
                             f"one: {self.choice_pairs():,} pairs with these dice, more than "
                             f"{LIMITS['max_choice_pairs']:,} (max_choice_pairs). Use fewer faces or dice, or "
                             "defender_choice 'before-roll'.", "defender_choice")

    def choice_pairs(self):
        """(sorted attacking roll, sorted defending roll) pairs a defender choosing after the roll
        weighs for the full round (algorithms/choice.py): what max_choice_pairs bounds."""
        return sorted_roll_count(self.attack_faces, self.attack_dice) * sum(
            sorted_roll_count(self.defend_faces, nd) for nd in range(1, self.defend_dice + 1))


STANDARD = Rules()
CAPITAL = Rules(defend_dice=3)
