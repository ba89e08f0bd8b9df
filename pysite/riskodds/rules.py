"""The rules of one battle as a small immutable record."""
from dataclasses import dataclass

from .validate import check_choice, check_int

TIES = ("defender", "attacker")
BONUSES = ("none", "highest", "both")
MAX_FACES = 20


@dataclass(frozen=True)
class Rules:
    """Dice rules of a battle.

    attack_dice: most dice the attacker rolls (1..3); it rolls min(attack_dice, attacking armies).
    defend_dice: most dice the defender rolls (1..3): 2 standard, 3 capital/wall.
    attack_faces, defend_faces: faces of each side's dice (2..20), numbered 1..faces.
    ties: "defender" (standard: a tie goes to the defender) or "attacker" (zombie defender).
    defender_bonus: "none"; "highest" (bunker: +1 to the defender's highest die);
        "both" (fortification: +1 to every defender die).
    """
    attack_dice: int = 3
    defend_dice: int = 2
    attack_faces: int = 6
    defend_faces: int = 6
    ties: str = "defender"
    defender_bonus: str = "none"

    def __post_init__(self):
        check_int("attack_dice", self.attack_dice, 1, 3)
        check_int("defend_dice", self.defend_dice, 1, 3)
        check_int("attack_faces", self.attack_faces, 2, MAX_FACES)
        check_int("defend_faces", self.defend_faces, 2, MAX_FACES)
        check_choice("ties", self.ties, TIES)
        check_choice("defender_bonus", self.defender_bonus, BONUSES)


STANDARD = Rules()
CAPITAL = Rules(defend_dice=3)
