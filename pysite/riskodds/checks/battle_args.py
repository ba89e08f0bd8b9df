"""A battle's arguments, checked and converted to attacking armies once for every answer."""
from dataclasses import dataclass

from ..facts.limits import DICE_MODES
from .model import as_model
from .validate import FieldError, check_armies, check_choice, check_int, offset, to_attacking

DICE_MODE_NAMES = tuple(value for value, _ in DICE_MODES)      # ("true-random", "balanced-blitz")
TRUE_RANDOM, BALANCED_BLITZ = DICE_MODE_NAMES


def check_dice_mode(mode, model=None):
    """A dice mode: "true-random" (also for None: the default) or "balanced-blitz"; FieldError
    otherwise ("" too: a mode not given is None). With the battle's round model: Balanced Blitz
    with a choosing defender is refused, on defender_choice. The game's defender always rolls its
    most, and a defender choosing to minimise the true-random chance is not the one that would
    minimise the reshaped chance, so no answer would be right."""
    mode = TRUE_RANDOM if mode is None else check_choice("dice_mode", mode, DICE_MODE_NAMES)
    if mode == BALANCED_BLITZ and model is not None and model.defender_choice != "most":
        raise FieldError(f"dice_mode 'balanced-blitz' has no choosing defender (the game's defender rolls its most "
                         f"dice), got defender_choice {model.defender_choice!r}: use 'most', or true-random dice",
                         "defender_choice")
    return mode


def refuse_balanced(mode, what):
    """FieldError for a Balanced Blitz request of an answer the digital game has no such mode for."""
    if check_dice_mode(mode) == BALANCED_BLITZ:
        raise FieldError(f"dice_mode 'balanced-blitz' applies to a single battle fought to the end "
                         f"(battle, troops needed, defenders needed, table), not to {what}; use dice_mode "
                         "'true-random'", "dice_mode")


@dataclass(frozen=True)
class BattleArgs:
    """A battle's inputs converted to attacking armies: A, D, retreat (stop at a <= retreat), goal
    (stop at d <= goal); `rules` as given (a Rules or a RoundModel), `model` its RoundModel,
    `convention` as given, and the dice mode."""
    A: int
    D: int
    retreat: int
    goal: int
    rules: object
    convention: str
    model: object
    dice_mode: str = TRUE_RANDOM

    @property
    def offset(self):
        return offset(self.convention)

    @property
    def bigger_side(self):
        """The input a message about size should point at."""
        return "attackers" if self.A >= self.D else "defenders"

    @property
    def what(self):
        """The battle for messages, in the call's convention."""
        return f"a battle of {self.A + self.offset:,} v {self.D:,}"


def battle_args(attackers, defenders, convention, rules, retreat_at=None, defender_goal=0,
                dice_mode=TRUE_RANDOM):
    """Check a battle's arguments (counts in `convention`) and convert them to attacking armies.
    Balanced Blitz is the fight to the end: its stop rules are refused by name."""
    model = as_model(rules)
    mode = check_dice_mode(dice_mode, model)
    off = offset(convention)
    A = to_attacking("attackers", attackers, convention)
    D = check_armies("defenders", defenders, 1)
    if mode == BALANCED_BLITZ:
        _refuse_stops(retreat_at, defender_goal)
    retreat = 0 if retreat_at is None else check_int("retreat_at", retreat_at, off, A + off - 1) - off
    goal = check_int("defender_goal", 0 if defender_goal is None else defender_goal, 0, D - 1)
    return BattleArgs(A, D, retreat, goal, rules, convention, model, mode)


def _refuse_stops(retreat_at, defender_goal):
    if retreat_at is not None:
        raise FieldError(
            "Balanced Blitz with a retreat threshold (the game's \"stop until\") is not supported: "
            "the game reshapes that case differently and we have no second implementation to check "
            "it against. Leave retreat_at empty, or use true-random dice.", "retreat_at")
    if defender_goal not in (None, 0, "0", ""):
        raise FieldError(
            "Balanced Blitz with a defender goal is not supported (the game has no such mode). "
            "Set defender_goal to 0, or use true-random dice.", "defender_goal")
