"""The answer of a turn (op `turn`): one record for the best real play and for the best plan fixed
in advance (answers/turn.py picks which; answers/real_turn.py and answers/fixed_turn.py fill it)."""
from dataclasses import dataclass
from fractions import Fraction  # noqa: F401  (win and the expected armies are Fractions)

MODEL = (
    "You place your reinforcements on your own territories, then attack.",
    "Each target is attacked from one territory fixed in advance that borders it: one of yours, or a target "
    "taken earlier in the turn.",
    "Each territory attacks its targets one at a time with all but one army and fights each battle to the end; "
    "after each conquest it chooses the armies to move in and its next target knowing the armies it has.",
    "Stacks that start from different territories never meet, so the chance of taking every target is the "
    "product of their chances.",
)




@dataclass(frozen=True)
class TurnAnswer:
    """The best plan for a turn. Army counts are armies on the territory (the board's count).

    win: P(take every target) under the best plan (Fraction). placement: ((territory, armies
    placed), ...) for every entry. attacks: ({"target", "from", "entry"}, ...) in the order a
    player reads them. entries: per entry that attacks, its armies after placement, its targets and
    its tree's chance. steps, orders, moves, words: as a plan's (answers/course.py). alone: the
    best chance from each entry alone (every army placed there). alternatives: the best plans of
    other splits of the targets among the entries. borders: expected armies left on each border
    territory of the goal once it is taken (Fraction). searched: the family of plans searched.
    bounds: where the real play was not searched, what the best play wins at least and at most
    ({"low", "high": Fraction, "words"}: answers/real_turn.py `bounds`); None where it was."""
    player: str
    goal: tuple
    goal_name: str
    targets: tuple
    reinforcements: int
    min_move: str
    win: Fraction
    placement: tuple
    attacks: tuple
    entries: tuple
    steps: tuple
    orders: tuple
    moves: tuple
    words: tuple
    alone: tuple
    alternatives: tuple
    borders: tuple
    searched: dict
    model: tuple = MODEL
    next: dict = None
    line: tuple = ()
    fixed: dict = None
    dice: str = "most"
    bounds: dict = None
