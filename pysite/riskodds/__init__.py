"""riskodds: exact odds of battle in RISK, in pure Python (stdlib only; runs in Pyodide too).

Conventions (see every docstring): "attacking" armies all fight and may all die; "territory"
armies include the one that must stay behind (T = A + 1). `convention` is always required.

The package is layered by job, each layer importing only those below it:
facts (limits, conventions, rule fields) -> maths (exact arithmetic, round counting) ->
checks (arguments, rules, round models) -> guards (size, cost, deadline) -> algorithms (flow,
lattice, sweeps, search, Balanced Blitz's reshaping) -> answers (battle, summary, needed,
tables, campaign, plans, turns) -> interfaces (JSON encoding, API, command line).
"""
__version__ = "1.0.0"

from .checks.rules import Rules, STANDARD, CAPITAL
from .checks.model import RoundModel, as_model
from .checks.validate import FieldError, offset
from .facts.limits import LIMITS, RULE_FIELDS, CONVENTIONS
from .guards.budget import Budget, BudgetError, SizeError
from .answers.rounds import outcome_space
from .answers.battle import Battle, battle, probability, passage_value, DEFAULT_MAX_STATES
from .answers.summary import BattleSummary, battle_summary
from .answers.balanced import BalancedBlitz
from .answers.needed import Needed, troops_needed, defenders_needed
from .answers.tables import WinTable, win_table, win_grid, win_grid_floats, needed_table, needed_tables, NEEDED_LEVELS
from .answers.campaign import Campaign, campaign
from .answers.plan import PlanAnswer, plan
from .interfaces.describe import describe

_TURN = ("turn", "reinforcements", "armies_needed", "TurnAnswer", "Reinforcements", "Needed")
_HOLD = ("hold", "HoldAnswer")
_KEEP = ("keep", "KeepAnswer")
_KILL = ("kill", "KillAnswer")


def __getattr__(name):
    """ro.turn and friends, imported on first use: the turn planner is a part of its own (the browser
    fetches it only when a turn is asked, facts.limits.ENGINE_PARTS)."""
    if name in _TURN:
        from .answers import turn as module
        return getattr(module, name)
    if name in _HOLD:
        from .answers import hold as module
        return getattr(module, name)
    if name in _KEEP:
        from .answers import keep as module
        return getattr(module, name)
    if name in _KILL:
        from .answers import kill as module
        return getattr(module, name)
    raise AttributeError(f"module 'riskodds' has no attribute {name!r}")


__all__ = [
    "Rules", "STANDARD", "CAPITAL", "RoundModel", "as_model", "FieldError", "offset", "LIMITS", "RULE_FIELDS",
    "CONVENTIONS", "Budget", "BudgetError", "SizeError", "outcome_space", "Battle", "battle", "probability",
    "passage_value", "DEFAULT_MAX_STATES", "BattleSummary", "battle_summary", "BalancedBlitz", "Needed",
    "troops_needed", "defenders_needed", "WinTable", "win_table", "win_grid", "win_grid_floats", "needed_table",
    "needed_tables", "NEEDED_LEVELS", "Campaign", "campaign", "PlanAnswer", "plan", "describe", *_TURN,
]
