"""Every limit of the engine, and the rule fields a form shows, defined once.

The engine checks its inputs against LIMITS; `describe()` publishes the same dict (and the rule
fields and conventions) as JSON, and the build writes that into every page, so the site's forms,
the pipeline and docs/engine-api.md read these numbers instead of typing their own.

LIMITS holds plain numbers; LIMIT_NOTES says what each one limits.
The engine estimates a request's time and memory before it starts (cost.py, whose constants
describe() publishes as "cost_model") and refuses, naming the budget and the numbers, what
would not fit.
"""
import sys

LIMITS = {
    "min_faces": 2,
    "max_faces": 100,
    "max_weight": 1_000_000,
    "min_dice": 1,
    "max_dice": 3,
    "max_armies": 1_000_000,
    "max_states": 10 ** 8,
    "max_table_side": 1000,
    "max_territories": 42,
    "max_turn_targets": 16,
    "max_choice_pairs": 2_000_000,
    "max_input_chars": 1000,
    "max_request_chars": 100_000,
    "time_budget_s": 60,
    "browser_time_budget_s": 10,
    "pyodide_slowdown": 2.5,
    "memory_budget_mb": 2048,
    "browser_memory_budget_mb": 1024,
    "browser_sweep_threads": 8,
    "compiled_sweep_threads": 8,
    "kept_sweep_mb": 512,
}

LIMIT_NOTES = {
    "min_faces": "fewest faces of a die (each side), numbered 1..faces",
    "max_faces": "most faces of a die",
    "max_weight": "largest relative weight of one face of a weighted die",
    "min_dice": "fewest dice a side may be allowed to roll",
    "max_dice": "most dice a side may be allowed to roll in a round",
    "max_armies": "largest army count accepted anywhere (attackers, defenders, territories, ...)",
    "max_states": "default `max_states`: most (attackers x defenders) states one request may visit",
    "max_table_side": "most attackers or defenders on one side of a win table",
    "max_territories": "most territories in a chain campaign or a plan (the whole board)",
    "max_turn_targets": "most territories a turn plans to take (a continent has at most 12)",
    "max_choice_pairs": "most (attacking roll, defending roll) pairs a defender choosing after the roll weighs per round",
    "max_input_chars": "longest text accepted for one number or probability",
    "max_request_chars": "longest JSON request `api.call` accepts",
    "time_budget_s": "default time budget of one request in CPython, seconds",
    "browser_time_budget_s": "default time budget of one request in Pyodide (the browser), seconds",
    "pyodide_slowdown": "Pyodide time / CPython time for the engine's work (measured)",
    "memory_budget_mb": "default memory budget of one request in CPython, MB",
    "browser_memory_budget_mb": "default memory budget of one request in Pyodide, MB",
    "browser_sweep_threads": "most threads sharing the best play's sweep in the browser",
    "compiled_sweep_threads": "most threads sharing the best play's compiled sweep in CPython (numba)",
    "kept_sweep_mb": "largest sweep of the best play kept after its answer, for the requests that go on with its turn "
                     "(Play it), MB",
}
assert set(LIMIT_NOTES) == set(LIMITS)

IN_BROWSER = sys.platform == "emscripten"      # Pyodide


def default_time_budget():
    """Seconds of this interpreter's time one request may take by default."""
    return LIMITS["browser_time_budget_s" if IN_BROWSER else "time_budget_s"]


def default_memory_budget():
    """MB one request may allocate by default."""
    return LIMITS["browser_memory_budget_mb" if IN_BROWSER else "memory_budget_mb"]


CONVENTIONS = (
    {"name": "attacking", "offset": 0, "label": "attacking armies (all may die)",
     "description": "A = the armies that fight; all of them may die."},
    {"name": "territory", "offset": 1, "label": "armies on the territory (one stays behind)",
     "description": "T = armies on the attacking territory; one must stay behind, so T = A + 1."},
)
CONVENTION_NAMES = tuple(c["name"] for c in CONVENTIONS)


def _dice_choices(standard, extra):
    labels = {standard: f"{standard} (standard)", **extra}
    order = [standard] + [n for n in range(LIMITS["max_dice"], LIMITS["min_dice"] - 1, -1) if n != standard]
    return [[n, labels.get(n, str(n))] for n in order]


# The fields of riskodds.Rules, in form order. kind "choice": one of `choices` ([value, label]);
# kind "int": a whole number from min to max; kind "weights": null (a fair die) or one whole
# number from min to max per face of the die whose face count is the field `faces_field`, not
# all 0 (a JSON list, or text "2,2,1,1,1,1").
WEIGHTS_HELP = ("relative weight of each face, 1 first, e.g. 2,2,1,1,1,1 (faces 1 and 2 twice as "
                "likely); empty: a fair die")
RULE_FIELDS = (
    {"name": "defend_dice", "label": "Defender dice", "kind": "choice", "default": 2,
     "min": LIMITS["min_dice"], "max": LIMITS["max_dice"],
     "choices": _dice_choices(2, {3: "3 (capital / wall)"})},
    {"name": "attack_dice", "label": "Attacker dice", "kind": "choice", "default": 3,
     "min": LIMITS["min_dice"], "max": LIMITS["max_dice"], "choices": _dice_choices(3, {})},
    {"name": "ties", "label": "Ties go to", "kind": "choice", "default": "defender",
     "choices": [["defender", "the defender (standard)"], ["attacker", "the attacker (zombies)"]]},
    {"name": "defender_bonus", "label": "Defender bonus", "kind": "choice", "default": "none",
     "choices": [["none", "none"], ["highest", "+1 on highest die (bunker)"],
                 ["both", "+1 on every die (fortification)"]]},
    {"name": "attacker_bonus", "label": "Attacker bonus", "kind": "choice", "default": "none",
     "choices": [["none", "none"], ["highest", "+1 on highest die"], ["all", "+1 on every die"]]},
    {"name": "defender_choice", "label": "Defender's dice", "kind": "choice", "default": "most",
     "choices": [["most", "the most it may (standard)"], ["before-roll", "its choice, before the roll"],
                 ["after-roll", "its choice, after seeing the attacker's roll"]]},
    {"name": "attack_faces", "label": "Attacker die faces", "kind": "int", "default": 6,
     "min": LIMITS["min_faces"], "max": LIMITS["max_faces"]},
    {"name": "defend_faces", "label": "Defender die faces", "kind": "int", "default": 6,
     "min": LIMITS["min_faces"], "max": LIMITS["max_faces"]},
    {"name": "attack_weights", "label": "Attacker die weights", "kind": "weights", "default": None,
     "faces_field": "attack_faces", "min": 0, "max": LIMITS["max_weight"], "help": WEIGHTS_HELP},
    {"name": "defend_weights", "label": "Defender die weights", "kind": "weights", "default": None,
     "faces_field": "defend_faces", "min": 0, "max": LIMITS["max_weight"], "help": WEIGHTS_HELP},
)
RULE_FIELD = {f["name"]: f for f in RULE_FIELDS}

# The move-in rule of plans and turns (algorithms/plan.py): how many armies must move into a
# conquered territory. Not a dice rule, so not in RULE_FIELDS; each op has its own default.
MOVE_FIELD = {"name": "min_move", "label": "Armies moved in after a conquest", "kind": "choice",
              "choices": [["dice", "at least as many as the dice of the last roll (the printed rules)"],
                          ["one", "at least one"]],
              "defaults": {"plan": "one", "turn": "dice"}, "ops": ["plan", "turn"]}
# The attacker's dice in a real turn (checks/turn_request.py): in a hold, the opponent's. His move-in
# rule cannot change a hold: his first conquest already breaks the set.
DICE_FIELD = {"name": "dice", "label": "Dice the attacker rolls", "kind": "choice",
              "choices": [["choose", "any number, chosen before each roll (the printed rules)"],
                          ["most", "always the most he may (as blitz rolls)"]],
              "defaults": {"turn": "choose", "hold": "choose"}, "ops": ["turn", "hold"]}
RULE_NAMES = tuple(f["name"] for f in RULE_FIELDS)


# The fields of one territory of a turn's position (checks/position.py) and the families of plans a
# turn may search (algorithms/turn.py): "auto" picks the widest that fits the budget.
HOLDING_FIELDS = ("owner", "armies") + RULE_NAMES
TURN_SEARCHES = ("auto", "real", "fixed", "all", "3", "2", "chains")

# The engine in parts: the browser loads "main" at start and a part's modules the first time one
# of its ops is asked, or a form that asks them appears (sitebuild/engine_pack.py zips them apart;
# engine-worker.js fetches them, and warms the part with its "warm" request).
# The command line is not shipped to browsers at all (NOT_SHIPPED): they never run it.
ENGINE_PARTS = {"turn": {"ops": ["turn", "reinforcements", "hold", "keep"],
                         "modules": ["checks/position.py", "checks/turn_request.py", "guards/turn_cost.py", "algorithms/turn.py",
                                     "algorithms/routes.py", "algorithms/real_rounds.py", "algorithms/real_space.py", "algorithms/real_sweep.py",
                                     "algorithms/real_turn.py", "algorithms/real_bound.py", "answers/real_turn.py",
                                     "answers/turn_answer.py", "answers/fixed_turn.py", "answers/reinforcements.py",
                                     "answers/turn.py",
                                     "checks/hold_request.py", "algorithms/hold_fill.py", "algorithms/hold.py",
                                     "answers/hold.py",
                                     "checks/keep_request.py", "algorithms/keep.py", "answers/keep.py",
                                     "checks/kill_request.py", "algorithms/kill.py", "answers/kill.py"],
                         # asked once, its answer dropped, when a page shows a form that needs the part
                         # (interfaces/api.py `warm`): a small best real turn, whose sweep has the shape
                         # of a continent's (Africa from two entries: 33 sets of targets taken)
                         "warm": {"op": "turn", "params": {"position": {**{t: {"owner": "red", "armies": 1} for t in (
                             "North Africa", "Egypt", "East Africa", "Congo", "South Africa", "Madagascar")},
                             "Brazil": {"owner": "you", "armies": 8}, "Southern Europe": {"owner": "you", "armies": 5}},
                             "player": "you", "reinforcements": 3, "goal": {"take": "Africa"}, "search": "real"}}}}
NOT_SHIPPED = ["interfaces/cli.py", "__main__.py",
               "algorithms/real_sweep_numba.py"]   # CPython's compiled sweep: the browser sweeps in JavaScript

# the dice modes a form offers, [value, label]; riskodds.balanced has the math.
DICE_MODES = (("true-random", "True random dice"),
              ("balanced-blitz", "Balanced Blitz (RISK: Global Domination)"))


def choice_values(name):
    """The allowed values of a choice field, e.g. ("defender", "attacker") for "ties"."""
    return tuple(value for value, _ in RULE_FIELD[name]["choices"])


# The cost model's constants (guards/cost.py says what each counts), fitted by
# bench/calibrate_cost.py to CPU seconds of JSON requests on a 2-core x86-64 VM with CPython
# 3.11.7; the script prints the fit and the ratio of estimate to measurement per case.
KERNEL_MAX = 160     # armies: plans up to this many use conquest kernels (algorithms/plan.py, T * T / 2 values a target)

COST_MODEL = {
    "chain_s_per_bit": 2.9e-10,     # a flow of one round type (a side below its dice): per bit-step
    "edge_s_per_bit": 3.8e-9,       # flows and sweeps adding values of unequal denominators: per
    "align_bits": 1e5,              #   bit-step, times (S / align_bits) ** align_power, S = bits of the
    "align_power": 0.6,             #   largest value (aligning them multiplies by big powers)
    "sweep_s_per_bit": 3.8e-10,     # backward sweeps (searches, tables): per bit-step, times the S factor,
    "cell_s": 2e-6,                 #   and per cell of the sweep
    "campaign_state_s": 2.9e-15,    # a campaign's flows: per state and S ** campaign_power (stacks of
    "campaign_power": 2.5,          #   every size meet in each territory: many denominators align),
    "campaign_base_s": 5e-6,        #   and per state
    "lattice_s_per_bit": 1.6e-10,   # the lattice's windows: per bit-step, times the same S factor
    "lattice_row_s": 4.3e-5,        # and per row of the lattice
    "path_lattice_s_per_bit": 1.8e-10,  # a path (flow.passage): per bit-step of the lattice's rows walked,
    "path_row_s": 5.6e-5,           #   per row walked, and per bit times bit ** path_align_power of
    "path_align_s": 1.1e-11,        #   aligning denominators next to the walls (cost.wall_align_work;
    "path_align_power": 0.7,        #   fitted on 500..100,000 a side)
    "state_s": 2.9e-5,              # every state a flow or sweep visits (dicts, tuples)
    "choice_state_s": 2e-6,         # a choosing defender's decision at one state (issue 32: was 1e-5) ...
    "choice_step_s": 8e-7,          # ... and per product it weighs there, times (1 + S / choice_bits)
    "choice_bits": 2e4,
    "plan_split_s": 3.8e-7,         # a plan: one split of t armies between a target and the rest, in floats,
    "plan_sweep_s": 1.3e-5,         #   per sweep (v, S, c) of its recursion,
    "plan_value_s": 3.1e-6,         #   and per value of each sweep's two value lines (floats, complements)
    "kernel_term_s": 1e-8,          # a plan's conquest kernel: per product of a (t, t') term,
    "kernel_bit_s": 9.1e-10,        #   and per bit of it (issue 32: fitted with turns, was 1e-11)
    "turn_product_s": 2e-6,         # a turn: one entry's value in one placement of one split of the targets,
    "turn_partition_s": 3e-6,       #   one way to hang targets below a territory, found before the search,
    "turn_option_s": 1e-4,          #   and one such way valued in the search (items, Pareto sets);
    "turn_chain_ties": 0.05,        #   chains through targets all alike tie exactly, and the tie rule weighs
                                    #   each tied chain's border armies: this share again of the search's
                                    #   time and memory per target (Asia from Ukraine 60, 12 targets: 14 s
                                    #   of 39 s; Africa from Brazil 15 and Southern Europe 10, 6: 0.04 of 0.16)
    "real_sweep_numba_s": 5e-7,     # the real play (answers/real_turn.py, guards/turn_cost.py real_turn_cost):
                                    #   per position swept, compiled (algorithms/real_sweep_numba.py),
    "real_sweep_numba_line_s": 1e-7,#   and per vector looked up for a move (fitted on five turns, numba),
    "real_sweep_numba_load_s": 0.8, #   and once, loading the compiled sweep (numba's import and cache read:
                                    #   0.8 s on bench/calibrate_cost.py's Japan row; its warm run is
                                    #   priced with it loaded),
    "real_sweep_numba_load_mb": 125,#   and the memory numba and LLVM take once loaded,
    "real_sweep_js_s": 6.5e-7,      #   per position swept in the browser's JavaScript (its own seconds),
    "real_sweep_js_line_s": 1.3e-7, #   and per vector looked up there (1.3x the compiled sweep: Node),
    "real_sweep_python_s": 4e-5,    #   per position swept in plain Python (algorithms/real_sweep.py; with
                                    #   the chances of failing and the records: South America 8/4 + 6,
                                    #   8,504 positions, 0.44-0.51 s in all; Australia from Siam 5 + 40,
                                    #   7,329, 0.57-0.59 s; Siam 6 + 3, 117, 0.017-0.02 s),
    "real_sweep_python_line_s": 1.5e-6,#  and per vector looked up there,
    "real_vector_s": 2e-7,          #   per army vector listed (algorithms/real_space.py vectors),
    "real_spec_vector_s": 4e-7,     #   and per vector handed to the JavaScript sweep (its keys, JSON;
                                    #   Africa from Brazil 15 and Southern Europe 10 + 8 in Pyodide: 8.2 s),
    "real_position_bytes": 12,      #   bytes per position (its one double and its recorded attack,
                                    #   algorithms/real_space.py out_doubles; their copy into Python),
    "real_vector_bytes": 80,        #   bytes per vector in the browser (its key, 8 bytes in Python and
                                    #   two copies more in JavaScript; its lookup table, 1.3 to 2.7 slots of
                                    #   4 bytes; the spec's text),
    "real_vector_bytes_cpython": 24,#   and in CPython (its key and its table's slots: fitted on the real
                                    #   rows of bench/calibrate_cost.py, 21 bytes a vector and 12 a
                                    #   position beside the interpreter and numba; Europe from Greenland
                                    #   50, 5.34 M positions each its own vector, 325-360 MB),
    "real_shared_position_bytes": 12,#  where several threads sweep: bytes per position shared by them
                                    #   (the key tables are made once and shared too: sweep-pool.js),
    "real_placement_s": 2e-5,       #   and per placement of the reinforcements tried,
    "real_exact_s": 4e-4,           #   and the exact phase, per square root of the positions (CPython,
                                    #   the printed move, December 2026: 117 positions 0.003 s, 8,504
                                    #   0.02 s, 185,962 0.08 s, 769,418 0.10 s, 2,584,814 0.46-0.52 s;
                                    #   Australia from Siam 20 + 5, 647,548, 0.89 s; turn_cost.py
                                    #   exact_weight for the other),
    "real_exact_browser": 1.5,      #   and in Pyodide, the browser's seconds per CPython second of it
                                    #   (Node: Africa from Brazil 15 and Southern Europe 10 + 8 0.43 s,
                                    #   Europe from Greenland 12 and North Africa 8 + 6 1.6-2.4 s),
    "real_bound_state_s": 4e-5,     #   the interval's upper end given with a plan fixed in advance, per
                                    #   state of the per-stack bound (algorithms/real_bound.py: Africa
                                    #   from Brazil 15 and Southern Europe 10 + 8, 5,715 states, 0.2 s),
    "real_request_s": 0.003,        #   and once per request (reading it, the words: Australia from Siam
                                    #   6 + 3, 117 positions, 0.017-0.019 s in all with the plan beside)
    "hold_request_s": 2e-3,         # holding (answers/hold.py): once per request (rules of thumb, exact, words),
    "hold_state_s": 3.5e-6,         #   per state of the bound over the rules of thumb's fronts (`_likely_states`;
                                    #   filled in blocks, algorithms/hold_fill.py: 4.5e-6 one state at a time),
    "hold_root_s": 3e-6,            #   per holder front times opponent placement (the lower bound on each),
    "hold_bound_step_s": 2e-7,      #   per step of the lower bound's knapsack, once per holder front,
    "hold_table_s": 8e-6,           #   per table of a roll's outcomes (stack, territory, defenders, armies),
    "hold_state_mb": 1e-4,          #   MB per such state (integer keys and floats, and exact values),
    "kill_request_s": 1e-2,         # the kill turn (answers/kill.py): once per request, per position of
    "kill_state_s": 5e-5,           #   the bound on its search (algorithms/kill.py `states_bound`), and MB
    "kill_state_mb": 2.5e-4,        #   per such position (fitted by bench/calibrate_cost.py),
    "keep_request_s": 2e-3,         # keeping (answers/keep.py): once per request (the taking play beside it, words),
    "keep_state_s": 1.2e-5,         #   per position of the bound on the player's turn (algorithms/keep.py
    "keep_state_mb": 1.5e-4,        #   `full_states_bound`), and MB per such position,
    "hold_way_state_s": 2e-5,       #   per such state in a part with a buffer, searched one at a time as a
    "hold_way_state_mb": 5e-4,      #   turn with its moves (algorithms/hold.py `Part`; 19 us, 0.5 KB measured),
    "hold_browser_factor": 0.8,     #   and in Pyodide 1.6x to 1.8x CPython (bench/bench_hold.py; list
                                    #   comprehensions run well in WebAssembly): 2.5 x 0.8
    "turn_browser_factor": 1.7,     #   in Pyodide a turn's work (small tuples and dicts) is slower still
                                    #   than pyodide_slowdown says (bench/bench_turn.py: 2.7x to 4.1x)
    "kill_browser_factor": 1.1,     #   the kill turn's search in Pyodide: 1.7x to 2.7x CPython (bench/bench_kill.py)
    "text_s": 3.2e-11,              # one exact value as decimal text: per S**1.7 (int -> str)
    "text_power": 1.7,
    "text_bit2_s": 1.5e-12,         # one integer as decimal text, per bit squared (CPython's int -> str
                                    #   is quadratic: 1.3e-12 measured)
    "reduce_s": 5e-11,              # one exact value reduced to lowest terms: per bit ** reduce_power
    "reduce_power": 1.6,            #   (dividing out powers of the bases)
    "exact_s_per_value": 3e-5,      # one exact probability object (Fraction, dict, float, log10)
    "exact_s_per_bit": 3e-9,        #   and per bit of it (float, log10)
    "approx_s_per_value": 8e-6,     # one {float, log10} of a summary or a table
    "bases_s_per_bit": 1e-9,        # and per bit and extra base of its denominator (weighted dice)
    "real_s_per_value": 3e-5,       # one Balanced Blitz outcome (Decimal steps, a power)
    "real_s_per_bit": 3e-9,         #   and per bit of it (cut to a few hundred bits, its denominator read)
    "rounds_s": 1e-4,               # counting one dice round table: per level (faces + 1)
    "bytes_per_value_bit": 0.6,     # memory per bit of exact values kept (ints, dicts, copies)
    "line_value_bytes": 400,         # and per value a plan or a turn keeps in its lines (exponents, floats, moves)
    "bytes_per_text_bit": 0.28,     # and per bit of exact values sent as decimal JSON (issue 32: was 1.8)
    "bytes_per_approx": 400,        # memory per {float, log10} entry (dict and JSON)
    "bytes_per_real": 1500,         # memory per Balanced Blitz outcome (kept bits, Decimals, JSON)
    "choice_state_bytes": 250,      # memory per state of a choosing defender's decisions (kept for the answer)
    "base_mb": 30,                  # the interpreter and the engine, before any work
}
