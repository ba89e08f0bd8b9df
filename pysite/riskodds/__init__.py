"""riskodds: exact odds of battle in RISK, in pure Python (stdlib only; runs in Pyodide too).

Conventions (see every docstring): "attacking" armies all fight and may all die; "territory"
armies include the one that must stay behind (T = A + 1). `convention` is always required.
"""
from .rules import Rules, STANDARD, CAPITAL
from .rounds import outcome_space
from .model import RoundModel, as_model
from .battle import Battle, battle, probability, passage_value, DEFAULT_MAX_STATES
from .inverse import troops_needed, defenders_needed
from .tables import win_grid, win_grid_floats, needed_table, needed_tables, NEEDED_LEVELS
from .campaign import Campaign, campaign
from .balanced import BalancedBlitz, balanced_blitz      # the digital game's dice mode
from .summary import BattleSummary, battle_summary
from .cost import Budget, BudgetError
from .limits import LIMITS, RULE_FIELDS, describe

__all__ = [
    "Rules", "STANDARD", "CAPITAL", "outcome_space", "RoundModel", "as_model", "Battle", "battle", "probability", "passage_value",
    "DEFAULT_MAX_STATES", "troops_needed", "defenders_needed", "win_grid", "win_grid_floats",
    "needed_table", "needed_tables", "NEEDED_LEVELS", "Campaign", "campaign", "BattleSummary",
    "battle_summary", "Budget", "BudgetError", "LIMITS", "RULE_FIELDS", "describe",
    "BalancedBlitz", "balanced_blitz",
]
