"""The bad-input matrix of the JSON API, as data: every row is a request that must be refused
quickly with a clear, short message naming the field a form should mark.

Row: (op, params, field, fragment): `field` is the error's field (None: the request as a
whole), `fragment` a piece of text the message must contain (case-insensitive). Built from a
few valid requests (BASE) with one field replaced (MISSING deletes it). test_engine_bad_inputs.py
runs every row through api.handle and api.call, and the Python API where it applies.

Sources: the red-team run of issue 13 (hardening points 3-6 and 10) and the obvious neighbours
of each case.
"""
from riskodds.facts.limits import LIMITS

MISSING = object()

BASE = {
    "battle": {"attackers": 10, "defenders": 5, "convention": "attacking"},
    "path": {"start_attackers": 10, "start_defenders": 5, "end_attackers": 4, "end_defenders": 2,
             "convention": "attacking"},
    "needed": {"defenders": 10, "p": "0.5", "convention": "territory"},
    "defenders_needed": {"attackers": 10, "p": "0.5", "convention": "territory"},
    "campaign": {"attackers": 20, "territories": [3, 2], "convention": "territory"},
    "table": {"max_attackers": 5, "max_defenders": 5, "convention": "attacking"},
    "outcome_space": {"attack_dice_rolled": 3, "defend_dice_rolled": 2},
    "plan": {"attackers": 10, "targets": "Brazil 3 > Peru 2", "convention": "territory"},
    "turn": {"position": {"North Africa": {"owner": "you", "armies": 5}, "Brazil": {"owner": "red", "armies": 2}},
             "player": "you", "reinforcements": 3, "goal": {"take": ["Brazil"]}},
    "reinforcements": {"position": {"Brazil": {"owner": "you", "armies": 2}}, "player": "you"},
    "hold": {"position": {"Brazil": {"owner": "you", "armies": 2}, "North Africa": {"owner": "red", "armies": 3}},
             "player": "you", "reinforcements": 2, "hold": ["Brazil"], "opponent": "red", "opponent_reinforcements": 1},
    "keep": {"position": {"North Africa": {"owner": "you", "armies": 5}, "Brazil": {"owner": "red", "armies": 2},
                          "Peru": {"owner": "red", "armies": 3}},
             "player": "you", "reinforcements": 2, "goal": ["Brazil"], "opponent": "red", "opponent_reinforcements": 1},
}

TOP = LIMITS["max_armies"]
LONG = LIMITS["max_input_chars"] + 1

# Text that is not a plain ASCII whole number, though Python's str.isdigit or int() may accept
# some of it: superscripts, other scripts' digits, separators, signs, decimals, exponents, and
# spaces around the digits (issue 25: " 10", "5\n" were read as numbers; "1_0" and "１０" too on
# the command line, where argparse's int() read them).
NOT_WHOLE = ["²", "⁵", "١٢", "１２", "+-12", "--3", "1,5", "1_000", "1.5", "1e3", "0x10", "12abc",
             "abc", "", " ", "½", "3.0", "∞", "NaN", " 10", "5\n", "\t7", "7 ", "1_0", "٣"]
NOT_WHOLE_VALUES = [1.5, 3.0, True, False, [], [3], {}, {"n": 3}]
WHOLE = "must be a whole number"


def row(op, field, fragment, **changes):
    params = dict(BASE[op])
    for k, v in changes.items():
        if v is MISSING:
            params.pop(k, None)
        else:
            params[k] = v
    return (op, params, field, fragment)


ROWS = []
# ---- army counts: every integer field of every op, with every kind of non-number
INT_FIELDS = {
    "battle": ["attackers", "defenders"],
    "path": ["start_attackers", "start_defenders", "end_attackers", "end_defenders"],
    "needed": ["defenders"],
    "defenders_needed": ["attackers"],
    "table": ["max_attackers", "max_defenders"],
    "outcome_space": ["attack_dice_rolled", "defend_dice_rolled"],
    "plan": ["attackers"],
    "turn": ["reinforcements"],
    "hold": ["reinforcements", "opponent_reinforcements"],
    "keep": ["reinforcements", "opponent_reinforcements"],
}
for op, fields in INT_FIELDS.items():
    for name in fields:
        for bad in NOT_WHOLE + NOT_WHOLE_VALUES:
            ROWS.append(row(op, name, WHOLE, **{name: bad}))
        ROWS.append(row(op, name, "required", **{name: MISSING}))
        ROWS.append(row(op, name, "required", **{name: None}))
        ROWS.append(row(op, name, "too long", **{name: "9" * LONG}))
        ROWS.append(row(op, name, "too long", **{name: "9" * 10 ** 6}))     # issue 13: 27 s, 2 MB

# ---- ranges
ROWS += [
    row("battle", "attackers", "from 1 to", attackers=0),
    row("battle", "attackers", "from 1 to", attackers=-3),
    row("battle", "attackers", f"{TOP:,}", attackers=TOP + 1),
    row("battle", "attackers", f"{TOP:,}", attackers=10 ** 400),
    row("battle", "attackers", "from 2 to", attackers=1, convention="territory"),
    row("battle", "defenders", "from 1 to", defenders=0),
    row("battle", "defenders", f"{TOP:,}", defenders=str(TOP + 1)),
    row("battle", "retreat_at", "retreat_at", retreat_at=10),
    row("battle", "retreat_at", "retreat_at", retreat_at=-1),
    row("battle", "retreat_at", "retreat_at", retreat_at=0, attackers=11, convention="territory"),
    row("battle", "defender_goal", "defender_goal", defender_goal=5),
    row("battle", "defender_goal", "defender_goal", defender_goal=-1),
    row("battle", "survivors", "survivors", survivors=-1),
    row("path", "end_attackers", "end attackers must be", end_attackers=11),
    row("path", "end_defenders", "end defenders must be", end_defenders=6),
    row("path", "end_attackers", "no attackers and no defenders", end_attackers=0, end_defenders=0),
    row("path", "end_attackers", "retreat_at", end_attackers=2, retreat_at=5),   # past the retreat
    row("path", "end_attackers", "retreat_at", end_attackers=0, retreat_at=3),
    row("path", "end_defenders", "defender_goal", end_defenders=0, defender_goal=2),
    row("path", "start_attackers", "from 1 to", start_attackers=0),
    row("table", "max_attackers", f"{LIMITS['max_table_side']:,}", max_attackers=LIMITS["max_table_side"] + 1),
    row("table", "max_defenders", "from 1 to", max_defenders=0),
    row("outcome_space", "attack_dice_rolled", "from 1 to 3", attack_dice_rolled=4),
    row("outcome_space", "attack_dice_rolled", "from 1 to 3", attack_dice_rolled=0),
    row("outcome_space", "defend_dice_rolled", "from 1 to 3", defend_dice_rolled=4),
    row("needed", "defenders", "from 1 to", defenders=0),
    row("needed", "survivors", "survivors", survivors=-2),
    row("defenders_needed", "attackers", "from 2 to", attackers=1),
    row("campaign", "leave", "leave", leave=0),
    row("campaign", "retreat_at", "retreat_at", retreat_at=20),
]

# ---- optional fields: missing or null keep their default; false, "", [] are refused (they
# used to become 0 silently)
for op, name in [("battle", "survivors"), ("battle", "defender_goal"), ("battle", "retreat_at"),
                 ("needed", "survivors"), ("path", "retreat_at"), ("path", "defender_goal"),
                 ("campaign", "leave"), ("campaign", "retreat_at")]:
    for bad in (False, True, "", [], {}, "1,5", "²", 2.5):
        ROWS.append(row(op, name, WHOLE, **{name: bad}))

# ---- probabilities
for bad, fragment in [("150", "(0, 1]"), ("100.5 %", "(0, 1]"), ("19/20 %", "probability"), ("0", "(0, 1]"), ("-0.5", "(0, 1]"), ("abc", "probability"),
                      ("1,5", "probability"), ("½", "probability"), ("٠.٥", "probability"),
                      ("0." + "9" * 30000, "too long"), ("1e-99999999", "exponent"),
                      ("1/0", "probability"), ("", "probability"), (True, "probability"),
                      ([], "probability"), (None, "required"), (MISSING, "required"),
                      ("nan", "probability"), ("inf", "probability"), (float("nan"), "probability"),
                      (2, "(0, 1]"), ("3/2", "(0, 1]")]:
    ROWS.append(row("needed", "p", fragment, p=bad))
    ROWS.append(row("defenders_needed", "p", fragment, p=bad))

# ---- choices
for op in ("battle", "needed", "campaign", "table", "path"):
    ROWS += [
        row(op, "convention", "convention", convention="armies"),
        row(op, "convention", "convention", convention=MISSING),
        row(op, "convention", "convention", convention=["attacking"]),
    ]
ROWS += [
    row("battle", "ties", "ties", ties="zombie"),
    row("battle", "ties", "ties", ties=["attacker"]),
    row("battle", "defender_bonus", "defender_bonus", defender_bonus="wall"),
    row("battle", "detail", "detail", detail="everything"),
    row("table", "detail", "detail", detail=1),
    row("battle", "attack_dice", "from 1 to 3", attack_dice=4),
    row("battle", "attack_dice", WHOLE, attack_dice="²"),
    row("battle", "defend_dice", "from 1 to 3", defend_dice=0),
    row("battle", "attack_faces", f"from {LIMITS['min_faces']} to {LIMITS['max_faces']}",
        attack_faces=LIMITS["max_faces"] + 1),
    row("battle", "defend_faces", f"from {LIMITS['min_faces']} to {LIMITS['max_faces']}", defend_faces=1),
    row("outcome_space", "attack_faces", "attack_faces", attack_faces="six"),
]

# ---- dice models (issue 9): weights per face, attacker bonus
W = LIMITS["max_weight"]
for op in ("battle", "outcome_space", "needed", "table"):
    for name, faces in (("attack_weights", "attack_faces"), ("defend_weights", "defend_faces")):
        ROWS += [
            row(op, name, "one weight per face", **{name: [1] * 5}),
            row(op, name, "one weight per face", **{name: [1] * 7}),
            row(op, name, "one weight per face", **{name: "2,2,1,1,1"}),
            row(op, name, "one weight per face", **{name: [1] * 6, faces: 8}),       # faces changed, weights not
            row(op, name, "one weight per face", **{name: ""}),                      # "" is no list of weights
            row(op, name, f"from 0 to {W:,}", **{name: [-1, 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: [W + 1, 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: [1.5, 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: [True, 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: ["²", 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: [[1], 1, 1, 1, 1, 1]}),
            row(op, name, f"from 0 to {W:,}", **{name: "2;2;1;1;1;1"}),
            row(op, name, f"from 0 to {W:,}", **{name: "a,b,c,d,e,f"}),
            row(op, name, f"from 0 to {W:,}", **{name: ["9" * LONG] + [1] * 5}),
            row(op, name, "at least one face", **{name: [0] * 6}),
            row(op, name, "must be a list", **{name: 5}),
            row(op, name, "must be a list", **{name: True}),
            row(op, name, "must be a list", **{name: {"1": 2}}),
            row(op, name, "too long", **{name: "1," * LONG}),
        ]
    ROWS += [
        row(op, "attacker_bonus", "attacker_bonus", attacker_bonus="both"),         # the defender's word
        row(op, "attacker_bonus", "attacker_bonus", attacker_bonus="+1"),
        row(op, "attacker_bonus", "attacker_bonus", attacker_bonus=1),
        row(op, "attacker_bonus", "attacker_bonus", attacker_bonus=""),
        row(op, "defender_bonus", "defender_bonus", defender_bonus="all"),          # the attacker's word
        row(op, "attack_faces", f"from {LIMITS['min_faces']} to {LIMITS['max_faces']}", attack_faces=101),
    ]

# ---- campaign territories
ROWS += [
    row("campaign", "territories", "one weight per face",
        territories=[3, {"defenders": 2, "defend_weights": [1, 2]}]),
    row("campaign", "territories", "attacker_bonus",
        territories=[{"defenders": 2, "attacker_bonus": "lots"}]),
    row("campaign", "territories", "at least one", territories=[]),
    row("campaign", "territories", "territories", territories=MISSING),
    row("campaign", "territories", "territories", territories=5),
    row("campaign", "territories", "territories", territories={"defenders": 3}),
    row("campaign", "territories", "territories", territories=[3, 0]),
    row("campaign", "territories", "territories", territories=[3, "x"]),
    row("campaign", "territories", "territories", territories=[3, [2]]),
    row("campaign", "territories", "territories", territories=[3, {"defend_dice": 3}]),
    row("campaign", "territories", "territories", territories=[3, {"defenders": "²"}]),
    row("campaign", "territories", "territories", territories="3,,x"),
    row("campaign", "territories", f"at most {LIMITS['max_territories']}",
        territories=[1] * (LIMITS["max_territories"] + 1)),
    row("campaign", "territories", "territories", territories=[TOP + 1]),
    row("campaign", "territories", "defend_dice", territories=[3, {"defenders": 2, "defend_dice": 9}]),
    row("campaign", "territories", "ties", territories=[{"defenders": 2, "ties": "zombie"}]),
]

# ---- impossible or unreachable answers get a message that says why
ROWS += [
    # issue 13: P(win) is 0 at every size; it used to say "p is too close to 1"
    row("needed", None, "never conquer", defenders=5, attack_faces=2, defender_bonus="highest"),
    row("needed", "p", "p = 1", p="1"),
    # a loaded attacker with +1 on every die never loses a pair: no count of defenders holds
    row("defenders_needed", None, "never beat", attack_weights=[0, 0, 0, 0, 0, 1], attacker_bonus="all"),
    row("defenders_needed", None, "never beat", attack_weights=[0, 0, 0, 0, 0, 1], attacker_bonus="all",
        dice_mode="balanced-blitz"),
    row("needed", None, "never conquer", defend_weights=[0, 0, 0, 0, 0, 1], defender_bonus="highest",
        attack_dice=1, dice_mode="balanced-blitz"),
    row("defenders_needed", "p", "p = 1", p="1"),
]

# ---- plans: outlines and trees that are no plan, and plans too big for the budget
ROWS += [
    row("plan", "targets", "needs its number of defenders", targets="Brazil 3 > Peru"),
    row("plan", "targets", "expected ')'", targets="Brazil 3 > (Peru 2"),
    row("plan", "targets", "unexpected ';'", targets="Brazil 3; Peru 2"),
    row("plan", "targets", "is empty", targets="   "),
    row("plan", "targets", "is too long", targets="A 1 > " * 200 + "B 1"),
    row("plan", "targets", "at most 42 targets", targets=", ".join(["T 1"] * 43)),
    row("plan", "targets", "appears twice", targets="A 1, A 2"),
    row("plan", "targets", "defenders", targets=[{"defenders": 0}]),
    row("plan", "targets", "unknown field", targets=[{"defenders": 2, "defend_dices": 3}]),
    row("plan", "targets", "list of targets", targets=[{"defenders": 2, "then": 3}]),
    row("plan", "targets", "an outline", targets=7),
    row("plan", "dice_mode", "balanced-blitz", dice_mode="balanced-blitz"),
    # issue 25, rows 4-6 and "also seen": what an outline may hold
    row("plan", "targets", "defenders are 1 or more", targets="Brazil -1"),
    row("plan", "targets", "defenders are 1 or more", targets="Brazil -1 > Peru -2"),
    row("plan", "targets", "defenders are 1 or more", targets="Brazil 3 > -2"),
    row("plan", "targets", "digits 0-9", targets="Brazil ３"),
    row("plan", "targets", "digits 0-9", targets="Brazil ٣"),
    row("plan", "targets", "digits 0-9", targets="Brazil 3 > Peru ²"),
    row("plan", "targets", "hold no digits", targets="Area 51 3"),
    row("plan", "targets", "at most 42 targets", targets="1>" * 499 + "1"),         # RecursionError before
    row("plan", "targets", "at most 42 targets", targets="1>(" * 333 + "1"),
    row("plan", "targets", "list of targets", targets=[{"defenders": 2, "then": {}}]),
    row("plan", "defender_choice", "defender_choice", defender_choice="sometimes"),
    row("plan", "attackers", "from 2 to", attackers=1),
    row("plan", "targets", "time_budget_s", attackers=400, targets=", ".join(f"T{c} 9" for c in "abcdefghijkl")),
    row("plan", "min_move", "min_move", min_move="two"),
    row("plan", "targets", "can be read two ways", targets="A 3 > B 2, C 1"),
    row("plan", "targets", "can be read two ways", targets="A 3 > (B 2 > D 1, E 1), (C 1)"),
    row("plan", "targets", "does not border Greenland", targets="Greenland 1 > Alberta 1"),
    row("turn", "goal", "did you mean 'Brazil'", goal={"take": ["Brasil"]}),
    row("turn", "goal", "goal must be", goal=["Brazil"]),
    row("turn", "goal", "goal must be", goal=MISSING),
    row("turn", "position", "position must be", position=MISSING),
    row("turn", "position", "position must be", position="North Africa 5"),
    row("turn", "position", "armies", position={"North Africa": {"owner": "you", "armies": "５"},
                                                "Brazil": {"owner": "red", "armies": 2}}),
    row("turn", "position", "unknown field", position={"North Africa": {"owner": "you", "armys": 5},
                                                       "Brazil": {"owner": "red", "armies": 2}}),
    row("turn", "player", "player must be", player=MISSING),
    row("turn", "player", "player must be", player=7),
    row("turn", "min_move", "min_move", min_move=""),
    row("turn", "search", "search", search="every"),
    row("turn", "defend_dice", "defend_dice", defend_dice=9),
    row("turn", "time_budget_s", "time_budget_s", time_budget_s="Infinity"),
    row("turn", "goal", "already held", position={"North Africa": {"owner": "you", "armies": 5},
                                                   "Brazil": {"owner": "you", "armies": 2}}),
    row("reinforcements", "cards", "cards", cards=-1),
    row("reinforcements", "cards", WHOLE, cards="٣"),
    row("reinforcements", "player", "player must be", player=MISSING),
    row("reinforcements", "position", "position must be", position=[]),
]

# ---- the request itself
REQUESTS = [
    # (op, JSON text, fragment): through api.call only
    ("battle", "[" * 100000, "JSON"),                 # issue 13: RecursionError
    ("battle", "{" * 5000, "JSON"),
    ("battle", "not json", "JSON"),
    ("battle", "[]", "object"),
    ("battle", "3", "object"),
    ("battle", "null", "object"),
    ("battle", '"text"', "object"),
    ("battle", " " * (LIMITS["max_request_chars"] + 1), "too long"),
    ("nope", "{}", "unknown operation"),
    (["battle"], "{}", "unknown operation"),          # issue 13: TypeError
    (None, "{}", "unknown operation"),
    (3, "{}", "unknown operation"),
    ("battle", None, "JSON"),
    ("battle", b"{}", "JSON"),
    ("battle", '{"attackers": 1e999, "defenders": 3, "convention": "attacking"}', WHOLE),
    ("battle", '{"attackers": NaN, "defenders": 3, "convention": "attacking"}', WHOLE),
]

# ---- dice modes: "" is no mode (issue 25, row 8: it meant true random); Balanced Blitz has no
# choosing defender (row 3: it answered)
for op in ("battle", "needed", "defenders_needed", "table", "path", "campaign", "plan"):
    ROWS.append(row(op, "dice_mode", "dice_mode must be one of", dice_mode=""))
    ROWS.append(row(op, "dice_mode", "dice_mode must be one of", dice_mode="True-Random"))
for op in ("battle", "needed", "defenders_needed", "table"):
    for choice in ("before-roll", "after-roll"):
        ROWS.append(row(op, "defender_choice", "no choosing defender", dice_mode="balanced-blitz",
                        defender_choice=choice))
ROWS.append(row("battle", "defender_choice", "no choosing defender", dice_mode="balanced-blitz",
                defender_choice="after-roll", detail="summary"))

# ---- budgets (time_budget_s, memory_budget_mb, estimate_only); infinity would switch the guard off
for op in ("battle", "needed", "campaign", "table", "path", "defenders_needed"):
    for bad in (0, -1, "10", True, [], float("nan"), float("inf"), 1e999):
        ROWS.append(row(op, "time_budget_s", "time_budget_s must be a positive number", time_budget_s=bad))
        ROWS.append(row(op, "memory_budget_mb", "memory_budget_mb must be a positive number", memory_budget_mb=bad))
    ROWS.append(row(op, "estimate_only", "estimate_only", estimate_only="yes"))
    ROWS.append(row(op, "estimate_only", "estimate_only", estimate_only=1))

# ---- too costly: refused before starting, naming the budget (issue 13, "Limits that limit")
ROWS += [
    row("battle", "attackers", "time_budget_s", attackers=30000, defenders=1),               # 52 s, 1.25 GB before
    row("battle", "attackers", 'detail="summary"', attackers=30000, defenders=1),
    row("battle", "attackers", "time_budget_s", attackers=10 ** 6, defenders=1, detail="summary"),  # died at 6 GB
    row("battle", "attackers", "time_budget_s", attackers=100000, defenders=3, detail="summary"),
    row("battle", "defenders", "time_budget_s", attackers=3, defenders=100000, detail="summary"),
    row("battle", "attackers", "memory_budget_mb", attackers=20000, defenders=1, memory_budget_mb=100),
    row("battle", "attackers", "0.01 s", attackers=500, defenders=500, time_budget_s=0.01),
    row("needed", "defenders", "time_budget_s", defenders=3000),                             # 84 s before
    row("needed", "p", "smaller p", defenders=300, p="0." + "9" * 900, time_budget_s=5),
    row("needed", "survivors", "time_budget_s", defenders=10, survivors=500000, time_budget_s=1),
    row("defenders_needed", "attackers", "time_budget_s", attackers=3000),                   # 126 s before
    row("campaign", "attackers", "time_budget_s", attackers=100000, territories=[1] * 42),   # > 6 GB before
    row("table", "max_attackers", "time_budget_s", max_attackers=1000, max_defenders=1000, detail="full"),
    row("path", "start_attackers", "time_budget_s", start_attackers=9500, start_defenders=9500,
        end_attackers=1, end_defenders=1, time_budget_s=1),
    # 100-faced dice: about 26.6 bits per army lost (6**5 has 12.9 per round of 2)
    row("battle", "attackers", "time_budget_s", attackers=10000, defenders=1, attack_faces=100, defend_faces=100),
    row("battle", "attackers", "time_budget_s", attackers=8000, defenders=8000, attack_faces=100,
        defend_faces=100, defend_dice=3, detail="summary", attacker_bonus="highest"),
    row("needed", "defenders", "time_budget_s", defenders=2000, defend_faces=100, attack_faces=100,
        defend_weights=[2] * 50 + [1] * 50),
]
