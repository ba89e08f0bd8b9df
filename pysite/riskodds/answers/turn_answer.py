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
    """The best turn: the play recommended, every field describing that one play. Army counts are
    armies on the territory (the board's count).

    win: P(take every target) under the play recommended (Fraction). placement: ((territory,
    armies placed), ...) for every entry. next: its first action, {"attack": {"from", "to",
    "dice"}}, {"move": {"from", "to", "armies"}} (mid-move) or {"stop": True}; for a plan fixed in
    advance its first attack along its course, with the most dice (the plan fights each battle to
    the end with all it may roll), or stop where it cannot take the goal. line: the real play's
    typical course (answers/real_turn.py RealPlay: each roll's most likely outcome in turn); () for
    a plan fixed in advance (its course is `steps`). searched: what was searched; searched["family"] == "real" where
    the real play (every way to play, roll by roll) is the answer.

    A plan fixed in advance (searched["family"] != "real"): attacks: ({"target", "from",
    "entry"}, ...) in the order a player reads them. entries: per entry that attacks, its armies
    after placement, its targets and its tree's chance ("win"). steps, orders, moves, words: as a
    plan's (answers/course.py). alone: the best chance from each entry alone (every army placed
    there). alternatives: the best plans of other splits of the targets among the entries.
    borders: ({"territory", "expected"}, ...): expected armies left on each border territory of
    the goal once it is taken (Fraction). bounds: what the best real play wins at least and at
    most ({"low", "high": Fraction, "words", "why"}: answers/real_turn.py `bounds`).

    The real play (answers/real_turn.py play_fields): attacks: the battles of its line, in order,
    each once ({"target", "from", "entry": the entry whose stack fights it}). entries: per entry
    that can receive armies, its armies after the real placement, "placed" and the targets its
    stack attacks along the line (no "win": the real play has no chance per entry). borders:
    ({"territory", "armies"}, ...): the armies the line leaves on each border territory of the
    goal where it takes the goal, else (). steps, orders, moves, alone, alternatives: () (the real
    play decides before every roll from the whole position, not by tables of armies; other plans'
    chances are the fixed plan's). fixed: the best plan fixed in advance beside it, {"win",
    "placement", "attacks", "entries", "steps", "orders", "moves", "words", "alone",
    "alternatives", "borders", "searched"} in the shapes above; None mid-move (`moving`) or where
    no family of fixed plans fit. bounds: None."""
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
