"""What the engine publishes about itself: limits, rule fields, conventions, dice modes, and the
fields each JSON request accepts. The build writes `describe()` into every page, so the site's
forms, the pipeline and docs/engine-api.md read these instead of typing their own."""
from ..answers.plan import TARGET_FIELDS
from ..facts import board
from ..facts.limits import (CONVENTIONS, COST_MODEL, DICE_FIELD, DICE_MODES, ENGINE_PARTS, HOLDING_FIELDS, LIMIT_NOTES, LIMITS,
                            MOVE_FIELD, RULE_FIELDS, RULE_NAMES, TURN_SEARCHES)

# The fields of every JSON request (api.py), named once: any other key is refused.
BUDGET_FIELDS = ("max_states", "time_budget_s", "memory_budget_mb", "estimate_only")
BATTLE_FIELDS = ("convention", "dice_mode") + RULE_NAMES + BUDGET_FIELDS
REQUEST_FIELDS = {
    "describe": (),
    "battle": BATTLE_FIELDS + ("attackers", "defenders", "retreat_at", "defender_goal", "survivors", "detail"),
    "path": BATTLE_FIELDS + ("start_attackers", "start_defenders", "end_attackers", "end_defenders", "retreat_at",
                             "defender_goal"),
    "needed": BATTLE_FIELDS + ("defenders", "p", "survivors"),
    "defenders_needed": BATTLE_FIELDS + ("attackers", "p"),
    "campaign": BATTLE_FIELDS + ("attackers", "territories", "leave", "retreat_at"),
    "table": BATTLE_FIELDS + ("max_attackers", "max_defenders", "detail"),
    "plan": BATTLE_FIELDS + ("attackers", "targets", "min_move"),
    "outcome_space": RULE_NAMES + ("attack_dice_rolled", "defend_dice_rolled"),
    "turn": ("position", "player", "reinforcements", "goal", "min_move", "dice", "search", "moving", "cards",
             "sets_traded", "set_values") + RULE_NAMES
            + ("time_budget_s", "memory_budget_mb", "estimate_only"),
    "reinforcements": ("position", "player", "cards"),
    "hold": ("position", "player", "reinforcements", "hold", "opponent", "opponent_reinforcements", "fortify",
             "min_move", "dice") + RULE_NAMES + ("time_budget_s", "memory_budget_mb", "estimate_only"),
    "keep": ("position", "player", "reinforcements", "goal", "opponent", "opponent_reinforcements", "fortify",
             "min_move", "dice", "moving") + RULE_NAMES + ("time_budget_s", "memory_budget_mb", "estimate_only"),
}
# a territory of a campaign (a dict instead of a plain defender count) may set its own rules
TERRITORY_FIELDS = ("defenders",) + RULE_NAMES


def describe():
    """Everything a client needs to build forms and explain refusals, as JSON-able data."""
    return {"limits": dict(LIMITS), "limit_notes": dict(LIMIT_NOTES),
            "rule_fields": [dict(f) for f in RULE_FIELDS], "conventions": [dict(c) for c in CONVENTIONS],
            "cost_model": dict(COST_MODEL),
            "dice_modes": [list(m) for m in DICE_MODES],     # the forms' dice-mode select
            "requests": {op: list(fields) for op, fields in REQUEST_FIELDS.items()},
            "territory_fields": list(TERRITORY_FIELDS), "plan_target_fields": list(TARGET_FIELDS),
            "move_field": dict(MOVE_FIELD), "dice_field": dict(DICE_FIELD), "board": board.published(),
            "turn_searches": list(TURN_SEARCHES), "position_fields": list(HOLDING_FIELDS),
            "engine_parts": {name: dict(part) for name, part in ENGINE_PARTS.items()}}


def markdown():
    """The limits as a Markdown table (docs/engine-api.md holds this text; a test compares)."""
    rows = ["| limit | value | what it limits |", "|---|---|---|"]
    rows += [f"| `{k}` | {v:,} | {LIMIT_NOTES[k]} |" if isinstance(v, int) else f"| `{k}` | {v} | {LIMIT_NOTES[k]} |"
             for k, v in LIMITS.items()]
    rows += ["", "| rule field | kind | default | allowed |", "|---|---|---|---|"]
    for f in RULE_FIELDS:
        if f["kind"] == "choice":
            allowed = ", ".join(f"`{v!r}`" if isinstance(v, str) else f"`{v}`" for v, _ in f["choices"])
        elif f["kind"] == "weights":
            allowed = (f"`None` (fair), or `{f['faces_field']}` whole numbers {f['min']}..{f['max']:,}, "
                       "not all 0")
        else:
            allowed = f"{f['min']}..{f['max']}"
        rows.append(f"| `{f['name']}` | {f['kind']} | `{f['default']!r}` | {allowed} |")
    return "\n".join(rows) + "\n"
