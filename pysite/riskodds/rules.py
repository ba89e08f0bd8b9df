"""The rules of one battle as a small immutable record."""
from dataclasses import dataclass

from .limits import RULE_FIELD, choice_values
from .validate import check_choice, check_int

TIES = choice_values("ties")
BONUSES = choice_values("defender_bonus")


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
    """
    attack_dice: int = RULE_FIELD["attack_dice"]["default"]
    defend_dice: int = RULE_FIELD["defend_dice"]["default"]
    attack_faces: int = RULE_FIELD["attack_faces"]["default"]
    defend_faces: int = RULE_FIELD["defend_faces"]["default"]
    ties: str = RULE_FIELD["ties"]["default"]
    defender_bonus: str = RULE_FIELD["defender_bonus"]["default"]

    def __post_init__(self):
        for name in ("attack_dice", "defend_dice", "attack_faces", "defend_faces"):
            field = RULE_FIELD[name]
            check_int(name, getattr(self, name), field["min"], field["max"])
        check_choice("ties", self.ties, TIES)
        check_choice("defender_bonus", self.defender_bonus, BONUSES)


STANDARD = Rules()
CAPITAL = Rules(defend_dice=3)
