"""Command line: riskodds (or python -m riskodds) battle|path|needed|defenders|campaign|table|
needed-table|outcomes|describe.

Human-readable by default; --json prints the JSON API's answer (the same the browser gets).
"""
import argparse
import json
import os
import sys

from ..answers.balanced import NAME as BALANCED_NAME
from ..answers.turn import SEARCHES as TURN_SEARCHES
from ..checks.turn_request import DICE
from ..answers.tables import (needed_tables, win_grid, win_grid_floats, write_float_grid, write_needed_csv,
                              write_win_grid_csv)
from ..checks.rules import CAPITAL
from ..checks.validate import DECIMAL, FieldError, check_int
from ..facts import board
from ..facts.limits import CONVENTION_NAMES, DICE_MODES, LIMITS, MOVE_FIELD, RULE_FIELD, choice_values
from . import api
from .describe import describe, markdown


def whole(text):
    """argparse type: a whole number as the engine reads one everywhere (checks/validate.py: the
    digits 0-9 and a sign, so not "1_0" or "１０", which int() would take); ranges are the engine's."""
    try:
        return check_int("the value", text)
    except FieldError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def amount(text):
    """argparse type: a budget, a decimal number in ASCII ("0.5", "2e1"; not "inf" or "nan",
    which float() would take); Budget refuses what is not positive and finite."""
    if not DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"must be a number like 0.5 or 30, got {text!r}"[:200])
    return float(text)


def _rule_arg(g, name, help_text):
    f = RULE_FIELD[name]
    g.add_argument("--" + name.replace("_", "-"), type=whole, default=f["default"],
                   help=f"{help_text} ({f['min']}..{f['max']}, default {f['default']})")


def _rules_args(p):
    g = p.add_argument_group("rules")
    _rule_arg(g, "attack_dice", "most attack dice")
    _rule_arg(g, "defend_dice", "most defence dice (3 = capital)")
    g.add_argument("--capital", action="store_true", help=f"capital/wall: defender rolls up to {CAPITAL.defend_dice} dice")
    _rule_arg(g, "attack_faces", "faces of the attacker's dice")
    _rule_arg(g, "defend_faces", "faces of the defender's dice")
    g.add_argument("--zombie", action="store_true", help="ties go to the attacker")
    g.add_argument("--defender-choice", choices=choice_values("defender_choice"),
                   default=RULE_FIELD["defender_choice"]["default"],
                   help="the defender rolls the most dice it may, or chooses before or after the attacker's roll")
    g.add_argument("--bonus", choices=choice_values("defender_bonus"),
                   default=RULE_FIELD["defender_bonus"]["default"],
                   help="defender +1: highest die (bunker) or every die (fortification)")
    g.add_argument("--attacker-bonus", choices=choice_values("attacker_bonus"),
                   default=RULE_FIELD["attacker_bonus"]["default"],
                   help="attacker +1: highest die or every die (added before comparing; ties as --zombie says)")
    for side, who in (("attack", "attacker"), ("defend", "defender")):
        f = RULE_FIELD[f"{side}_weights"]
        g.add_argument(f"--{side}-weights", default=None, metavar="W1,W2,...",
                       help=f"weighted {who} dice: one whole number ({f['min']}..{f['max']:,}) per face, "
                            f"e.g. 2,2,1,1,1,1 (give --{side}-faces too when not 6)")
    g.add_argument("--max-states", type=whole, default=None, help="refuse bigger computations")
    g.add_argument("--time-budget", type=amount, default=None, metavar="SECONDS",
                   help=f"refuse what is estimated to take longer (default {LIMITS['time_budget_s']} s)")
    g.add_argument("--memory-budget", type=amount, default=None, metavar="MB",
                   help=f"refuse what is estimated to need more memory (default {LIMITS['memory_budget_mb']} MB)")


def _common(p, convention=True):
    if convention:
        p.add_argument("--convention", required=True, choices=CONVENTION_NAMES,
                       help="attacking: all attacking armies may die; territory: one stays behind")
    p.add_argument("--json", action="store_true", help="print the JSON API result")
    _rules_args(p)


def _params(ns):
    params = {"attack_dice": ns.attack_dice, "defend_dice": CAPITAL.defend_dice if ns.capital else ns.defend_dice,
              "attack_faces": ns.attack_faces, "defend_faces": ns.defend_faces,
              "ties": "attacker" if ns.zombie else "defender", "defender_bonus": ns.bonus,
              "attacker_bonus": ns.attacker_bonus, "defender_choice": ns.defender_choice}
    if hasattr(ns, "convention"):
        params["convention"] = ns.convention
    for key in ("attack_weights", "defend_weights"):
        if getattr(ns, key) is not None:
            params[key] = getattr(ns, key)
    for key, value in (("max_states", ns.max_states), ("time_budget_s", ns.time_budget),
                       ("memory_budget_mb", ns.memory_budget)):
        if value is not None:
            params[key] = value
    return params


def _p(x):
    """A probability object for people: decimal, and 1 in N where helpful."""
    f = x["float"]
    if f == 0.0 and x["log10"] is not None:
        return f"10^{x['log10']:.4f} (below the float range)"
    text = f"{f:.10g}"
    if text == "1" and x["num"] != x["den"]:
        text = f"1 - {1 - f:.4g}"
    if 0 < f < 0.01:
        text += f" (1 in {1 / f:,.0f})"
    return text


def _exact(x, show):
    return f"\n    exact: {x['num']}/{x['den']}" if show else ""


def _position_args(p, op, mine_example, theirs_help, owners):
    """--mine, --theirs and --position, as the turn and hold commands read them (territory armies)."""
    p.add_argument("--mine", help=f"your territories and their armies: {mine_example}")
    p.add_argument("--theirs", help=theirs_help)
    p.add_argument("--position", metavar="FILE", help=f"the position as JSON, as the {op} request's position "
                   f"(instead of --mine and --theirs; {owners})")


def _dice_mode_arg(p):
    """--dice-mode on battle, needed and defenders."""
    p.add_argument("--dice-mode", choices=[value for value, _ in DICE_MODES], default=None,
                   help="balanced-blitz: the odds of RISK: Global Domination's Balanced Blitz")


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m riskodds", description="Exact RISK battle odds.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("battle", help="distribution of one battle")
    p.add_argument("attackers", type=whole)
    p.add_argument("defenders", type=whole)
    p.add_argument("--retreat-at", type=whole, default=None)
    p.add_argument("--defender-goal", type=whole, default=0)
    p.add_argument("--survivors", type=whole, default=None)
    p.add_argument("--exact", action="store_true", help="print exact fractions too")
    _common(p)
    _dice_mode_arg(p)
    p = sub.add_parser("path", help="P(start -> end state)")
    for name in ("start_attackers", "start_defenders", "end_attackers", "end_defenders"):
        p.add_argument(name, type=whole)
    p.add_argument("--exact", action="store_true")
    _common(p)
    p = sub.add_parser("needed", help="fewest attackers for P(win) >= p")
    p.add_argument("defenders", type=whole)
    p.add_argument("p")
    p.add_argument("--survivors", type=whole, default=0)
    _common(p)
    _dice_mode_arg(p)
    p = sub.add_parser("defenders", help="fewest defenders that hold with P >= p")
    p.add_argument("attackers", type=whole)
    p.add_argument("p")
    _common(p)
    _dice_mode_arg(p)
    p = sub.add_parser("campaign", help="one stack against a chain of territories")
    p.add_argument("attackers", type=whole)
    p.add_argument("territories", type=whole, nargs="+")
    p.add_argument("--leave", type=whole, default=1)
    p.add_argument("--retreat-at", type=whole, default=None)
    _common(p)
    p = sub.add_parser("plan", help="the best branching attack plan (order of attacks and moves)")
    p.add_argument("attackers", type=whole)
    p.add_argument("targets", help='an outline: "Brazil 3 > (Peru 2 > Argentina 2), (Venezuela 1)"')
    p.add_argument("--min-move", choices=[v for v, _ in MOVE_FIELD["choices"]], default=None,
                   help="armies moved in after a conquest: at least one (default) or the dice of the last roll")
    p.add_argument("--exact", action="store_true", help="print exact fractions too")
    _common(p)
    p = sub.add_parser("turn", help="the best turn on the classic board: placement, attacks, order and moves",
                       description='Armies are counted on the territory. Example: riskodds turn --mine "North Africa 4, '
                                   'Central America 3" --theirs "Venezuela 2, Brazil 2, Peru 1, Argentina 2" '
                                   '--reinforcements 6 --goal "South America"')
    _position_args(p, "turn", '"North Africa 4, Central America 3"', 'the other territories that take part: "Brazil 2, Peru 1"',
                   'your territories\' owner is "you"')
    p.add_argument("--reinforcements", type=whole, required=True, help="armies to place this turn")
    aim = p.add_mutually_exclusive_group(required=True)
    aim.add_argument("--goal", help='a continent ("South America") or territories ("Brazil, Peru")')
    aim.add_argument("--eliminate", help='players to eliminate this turn: "them" (--theirs\'s owner) or owners '
                                         'in --position ("red, green"), taking each one\'s cards at the kill')
    p.add_argument("--through", help='with --eliminate: other territories you may take on the way ("Congo")')
    p.add_argument("--cards", help='with --eliminate: the cards each holds, yours included ("you 4, them 2")')
    p.add_argument("--sets-traded", type=whole, default=None, help="with --eliminate: card sets traded so far")
    p.add_argument("--set-values", default=None,
                   help='with --eliminate: "growing" (4, 6, 8, 10, 12, 15, then 5 more each; default) or the sets\' '
                        'values in order, the last repeating ("10" for 10 each)')
    p.add_argument("--min-move", choices=[v for v, _ in MOVE_FIELD["choices"]], default=None,
                   help="armies moved in after a conquest: the dice of the last roll (default) or at least one")
    p.add_argument("--dice", choices=DICE, default=None,
                   help="the attacker's dice: any number before each roll (choose, default, the printed rules) or "
                        "always the most (most, as the digital game's blitz)")
    p.add_argument("--search", choices=TURN_SEARCHES, default=None,
                   help="what is searched: the best real play where it fits the budget, else the widest family of "
                        "plans fixed in advance (auto, default); real play only (real); every fixed plan (all), at "
                        "most 3 or 2 targets from one territory, or chains")
    p.add_argument("--exact", action="store_true", help="print exact fractions too")
    _common(p, convention=False)
    p = sub.add_parser("hold", help="where to place (and fortify) so a continent survives the opponent's next turn",
                       description='Armies are counted on the territory. Example: riskodds hold --mine "Indonesia 1, '
                                   'New Guinea 1, Western Australia 1, Eastern Australia 1" --theirs "Siam 12" '
                                   '--reinforcements 6 --hold Australia --opponent-reinforcements 5')
    _position_args(p, "hold", '"Indonesia 1, New Guinea 1"', 'the opponent\'s territories that take part: "Siam 12"',
                   'your territories\' owner is "you", the opponent\'s --opponent')
    p.add_argument("--opponent", default="them", help='the opponent\'s owner name in --position (default "them")')
    p.add_argument("--reinforcements", type=whole, required=True, help="armies you place now")
    p.add_argument("--hold", required=True, help='a continent ("Australia") or territories ("Venezuela, Brazil")')
    p.add_argument("--opponent-reinforcements", type=whole, required=True,
                   help="armies the opponent places at the start of his turn")
    p.add_argument("--fortify", choices=("adjacent", "none"), default=None,
                   help="after placing, one move between adjacent territories of yours (adjacent, default, the "
                        "printed rules) or none")
    p.add_argument("--min-move", choices=[v for v, _ in MOVE_FIELD["choices"]], default=None,
                   help="the opponent's move-in rule (it matters where he takes a buffer, a territory of yours outside "
                        "the set, first)")
    p.add_argument("--dice", choices=DICE, default=None,
                   help="the opponent's dice: any number before each roll (choose, default) or always the most (most)")
    p.add_argument("--exact", action="store_true", help="print exact fractions too")
    _common(p, convention=False)
    p = sub.add_parser("keep", help="the turn played to take a continent and keep it through the opponent's next turn",
                       description='Armies are counted on the territory. Example: riskodds keep --mine "Siam 9" '
                                   '--theirs "China 4, Indonesia 1, New Guinea 1, Western Australia 1, Eastern '
                                   'Australia 1" --goal Australia --opponent-reinforcements 3')
    _position_args(p, "keep", '"Siam 9"', 'the other territories that take part, the set\'s and the opponent\'s: '
                   '"China 4, Indonesia 1"', 'your territories\' owner is "you", the opponent\'s --opponent')
    p.add_argument("--opponent", default="them", help='the opponent\'s owner name in --position (default "them")')
    p.add_argument("--reinforcements", type=whole, default=0, help="armies you place now (default 0)")
    p.add_argument("--goal", required=True, help='a continent ("Australia") or territories ("Venezuela, Brazil")')
    p.add_argument("--opponent-reinforcements", type=whole, required=True,
                   help="armies the opponent places at the start of his turn")
    p.add_argument("--fortify", choices=("adjacent", "none"), default=None,
                   help="your move after your attacks: one between adjacent territories of yours (adjacent, default, "
                        "the printed rules) or none")
    p.add_argument("--min-move", choices=[v for v, _ in MOVE_FIELD["choices"]], default=None,
                   help="both players' move-in rule: at least the dice rolled (dice, default) or 1 (one)")
    p.add_argument("--dice", choices=DICE, default=None,
                   help="both players' dice: any number before each roll (choose, default) or always the most (most)")
    p.add_argument("--exact", action="store_true", help="print exact fractions too")
    _common(p, convention=False)
    p = sub.add_parser("reinforcements", help="armies received at the start of a turn (classic board)")
    p.add_argument("--mine", required=True, help='your territories (armies do not matter): "Brazil 1, Peru 1"')
    p.add_argument("--cards", type=whole, default=0, help="armies of a card set traded in")
    p.add_argument("--json", action="store_true", help="print the JSON API result")
    p = sub.add_parser("table", help="exact win-probability grid (CSV)")
    p.add_argument("n", type=whole)
    p.add_argument("--csv", required=True, help="output CSV (exact fractions; floats with --npy)")
    p.add_argument("--npy", help="also write float64 .npy (then the CSV holds floats)")
    _common(p)
    p = sub.add_parser("needed-table", help="troops-needed tables, standard and capital (CSV)")
    p.add_argument("--max-defenders", type=whole, default=200)
    p.add_argument("--out-dir", default=".")
    p.add_argument("--convention", choices=CONVENTION_NAMES, default="territory")
    p = sub.add_parser("describe", help="the engine's limits and rule fields (JSON)")
    p.add_argument("--markdown", action="store_true", help="as the Markdown table of docs/engine-api.md")
    p = sub.add_parser("outcomes", help="one round's enumerated outcomes")
    p.add_argument("attack_dice_rolled", type=whole)
    p.add_argument("defend_dice_rolled", type=whole)
    _common(p, convention=False)
    return parser


def run(argv=None, out=None):
    """Run one command; returns the exit status (0 done, 2 bad input or output that cannot be
    written, as to a full disk: one "error:" line on stderr; 130 interrupted, 141 the reader
    closed the pipe early, as in `riskodds ... | head`: quietly, the status a shell gives a
    program ended by SIGPIPE)."""
    out = out or sys.stdout
    try:
        status = _run(argv, out)
        out.flush()
        return status
    except KeyboardInterrupt:          # Ctrl-C: one line, not a traceback
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:            # the reader is gone: nothing more to say to it
        _silence_stdout()
        return 141
    except OSError as e:               # a full disk (> /dev/full), an I/O error: one line, not a traceback
        _silence_stdout()
        where = e.filename or "the output"
        print(f"error: cannot write {where}: {e.strerror or e}", file=sys.stderr)
        return 2


def _silence_stdout():
    """Point stdout at /dev/null, so that flushing what it still holds at exit raises no second
    error (BrokenPipeError, or OSError on a full disk)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):      # stdout is no real file (a test's StringIO)
        pass
    finally:
        os.close(devnull)


def main():
    """The `riskodds` command (and `python -m riskodds`)."""
    sys.exit(run())


def _run(argv, out):
    ns = build_parser().parse_args(argv)
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    if ns.command == "describe":
        print(markdown() if ns.markdown else json.dumps(describe(), indent=1), file=out, end="" if ns.markdown else "\n")
        return 0
    if ns.command in ("table", "needed-table"):
        try:
            return _write_tables(ns, out)
        except (ValueError, OSError) as e:     # bad sizes, unwritable paths: a message, not a traceback
            print(f"error: {e}", file=out)
            return 2
    return _answer(ns, out)


def _write_tables(ns, out):
    if ns.command == "table":
        params = _params(ns)
        rules = api._rules(params)
        if ns.npy:
            write_float_grid(ns.csv, ns.npy, win_grid_floats(ns.n, rules=rules, convention=ns.convention), ns.n)
        else:
            write_win_grid_csv(ns.csv, win_grid(ns.n, rules=rules, convention=ns.convention))
        print(f"wrote {ns.csv}" + (f" and {ns.npy}" if ns.npy else ""), file=out)
        return 0
    if ns.command == "needed-table":
        for name, table in needed_tables(ns.max_defenders, convention=ns.convention).items():
            path = os.path.join(ns.out_dir, f"troops-needed-{name}-{ns.convention}.csv")
            write_needed_csv(path, table)
            print(f"wrote {path}", file=out)
        return 0


def _holdings(text, owner, field, seen=None):
    """{"Brazil": {"owner": owner, "armies": 3}, ...} from "Brazil 3, Peru 1" (the engine checks names
    and numbers; a part without a number at its end is refused here, naming it, and so is a
    territory given twice, here or in `seen`: {territory: the option it was given in})."""
    out = {}
    seen = {} if seen is None else seen
    for part in (p.strip() for p in (text or "").split(",")):
        if not part:
            continue
        name, _, number = part.rpartition(" ")
        if not name.strip() or not number.isascii() or not number.isdigit():
            raise FieldError(f"{field}: {part!r} needs a territory and its armies, like \"Brazil 3\"", field)
        key = board.written_name(name) or name.strip().casefold()
        shown = board.written_name(name) or name.strip()
        if key in seen:
            where = f"--{field}" if seen[key] == field else f"both --{seen[key]} and --{field}"
            raise FieldError(f"{field}: {shown} is given twice (in {where}); give each territory once", field)
        seen[key] = field
        out[name.strip()] = {"owner": owner, "armies": number}
    return out


def _position_file(path):
    """The position in the JSON file `path`, or a FieldError saying why it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(LIMITS["max_request_chars"] + 1)
    except OSError as e:
        raise FieldError(f"position: cannot read {path}: {e.strerror or e}", "position") from None
    except UnicodeDecodeError:
        raise FieldError(f"position: {path} is not text (UTF-8)", "position") from None
    if len(text) > LIMITS["max_request_chars"]:
        raise FieldError(f"position: {path} is too long (at most {LIMITS['max_request_chars']:,} characters)",
                         "position")
    return api.loads(text, path)


def _board_request(ns, theirs_owner):
    """The rule fields of a board request (no convention: board armies are territory armies) and
    its position: --position's file, or --mine (owner "you") and --theirs (owner `theirs_owner`),
    a territory named twice refused."""
    rules = {k: v for k, v in _params(ns).items() if k not in ("convention", "max_states")}
    if ns.position:
        return rules, _position_file(ns.position)
    seen = {}
    mine = _holdings(ns.mine, "you", "mine", seen)
    return rules, {**_holdings(ns.theirs, theirs_owner, "theirs", seen), **mine}


def _turn_params(ns):
    if ns.command == "reinforcements":
        return "reinforcements", {"position": _holdings(ns.mine, "you", "mine"), "player": "you", "cards": ns.cards}
    rules, position = _board_request(ns, "them")
    if ns.eliminate is None:
        for flag in ("through", "cards", "sets_traded", "set_values"):
            if getattr(ns, flag) is not None:
                raise FieldError(f"--{flag.replace('_', '-')} goes with --eliminate only", flag)
        goal = ns.goal.strip()
        names = [g.strip() for g in goal.split(",") if g.strip()]
        goal = {"take": names if len(names) > 1 else goal}
        params = {**rules, "position": position, "player": "you", "reinforcements": ns.reinforcements, "goal": goal}
    else:
        goal = {"eliminate": _names(ns.eliminate)}
        if ns.through:
            goal["through"] = _names(ns.through)
        params = {**rules, "position": position, "player": "you", "reinforcements": ns.reinforcements, "goal": goal,
                  "cards": _cards(ns.cards)}
        if ns.sets_traded is not None:
            params["sets_traded"] = ns.sets_traded
        if ns.set_values is not None and ns.set_values.strip() != "growing":
            params["set_values"] = _names(ns.set_values)
    for key in ("min_move", "dice", "search"):
        if getattr(ns, key, None) is not None:
            params[key] = getattr(ns, key)
    return "turn", params


def _names(text):
    """The parts of "a, b, c", stripped."""
    return [t.strip() for t in text.split(",") if t.strip()]


def _cards(text):
    """{"you": 4, "them": 2} from "you 4, them 2" (the engine checks the counts)."""
    out = {}
    for part in _names(text or ""):
        who, _, count = part.rpartition(" ")
        if not who.strip() or not count.isdigit():
            raise FieldError(f"cards: {part!r} needs an owner and a count, like \"you 4\"", "cards")
        out[who.strip()] = int(count)
    return out


def _hold_params(ns):
    return "hold", _set_params(ns, "hold", ns.hold)


def _keep_params(ns):
    return "keep", _set_params(ns, "goal", ns.goal)


def _set_params(ns, field, text):
    """The request of the hold and keep commands: the position, both sides' reinforcements, and the
    set (`field`: "hold" or "goal") from `text`, a continent or territories separated by commas."""
    rules, position = _board_request(ns, ns.opponent)
    text = text.strip()
    names = [t.strip() for t in text.split(",") if t.strip()]
    params = {**rules, "position": position, "player": "you", "reinforcements": ns.reinforcements,
              field: names if len(names) > 1 else text, "opponent": ns.opponent,
              "opponent_reinforcements": ns.opponent_reinforcements}
    for key in ("fortify", "min_move", "dice"):
        if getattr(ns, key, None) is not None:
            params[key] = getattr(ns, key)
    return params


def _answer(ns, out):
    if ns.command in ("turn", "reinforcements", "hold", "keep"):
        try:
            op, params = (_hold_params(ns) if ns.command == "hold" else _keep_params(ns) if ns.command == "keep"
                          else _turn_params(ns))
        except FieldError as e:
            print(f"error: {e}", file=out)
            return 2
        return _show(ns, out, op, params, api.handle(op, params))
    params = _params(ns)
    op = {"battle": "battle", "path": "path", "needed": "needed", "defenders": "defenders_needed",
          "campaign": "campaign", "outcomes": "outcome_space", "plan": "plan"}[ns.command]
    for key in ("attackers", "defenders", "retreat_at", "defender_goal", "survivors", "p", "leave",
                "territories", "start_attackers", "start_defenders", "end_attackers", "end_defenders",
                "attack_dice_rolled", "defend_dice_rolled", "dice_mode", "targets", "min_move"):
        if getattr(ns, key, None) is not None:
            params[key] = getattr(ns, key)
    return _show(ns, out, op, params, api.handle(op, params))


def _show(ns, out, op, params, result):
    if ns.json:
        print(json.dumps(result, indent=1), file=out)
    elif not result["ok"]:
        print(f"error: {result['error']['message']}", file=out)
    elif result.get("dice_mode") == "balanced-blitz":     # reals, true random beside them
        print(_balanced_human(op, params, result), file=out)
    else:
        print(_human(op, params, result, getattr(ns, "exact", False)), file=out)
    return 0 if result["ok"] else 2


def _human(op, params, r, exact):
    conv = params.get("convention")
    if op == "battle":
        lines = [f"{r['attackers']} v {r['defenders']} ({conv} armies)",
                 f"  P(win)   = {_p(r['win'])}{_exact(r['win'], exact)}",
                 f"  P(loss)  = {_p(r['loss'])}{_exact(r['loss'], exact)}"]
        if r["stopped"]["float"] or r["stopped"]["num"] != "0":
            lines.append(f"  P(stopped at retreat) = {_p(r['stopped'])}")
        if "win_with_survivors" in r:
            lines.append(f"  P(win with >= {params['survivors']} left) = {_p(r['win_with_survivors'])}")
        lines.append(f"  attackers lost: mean {r['mean_attackers_lost']['float']:.4f}, sd {r['std_attackers_lost']:.4f}")
        lines.append(f"  defenders lost: mean {r['mean_defenders_lost']['float']:.4f}, sd {r['std_defenders_lost']:.4f}")
        return "\n".join(lines)
    if op == "path":
        return f"P = {_p(r['probability'])}{_exact(r['probability'], exact)}"
    if op in ("needed", "defenders_needed"):
        below = f"; one fewer: {_p(r['below'])}" if r["below"] else ""
        what = "attackers" if op == "needed" else "defenders"
        return f"{r['needed']} {what} ({conv}); P = {_p(r['reached'])}{below}"
    if op == "turn" and r.get("kind") == "kill":
        lines = [f"P(eliminate {', '.join(r['victims'])}) with the best play, roll by roll = {_p(r['win'])}"
                 f"{_exact(r['win'], exact)}", "  (armies on the territory throughout)"]
        if len(r["kills"]) > 1:
            lines += [f"  P(eliminate {k['victim']}) with the same play = {_p(k['win'])}" for k in r["kills"]]
        lines += ["  " + w for w in r["words"]]
        lines.append("  " + r["searched"]["words"])
        return "\n".join(lines)
    if op == "turn":
        real = r["searched"]["family"] == "real"
        lines = [f"P(take {r['goal_name'] or ', '.join(r['targets'])}) with the best "
                 f"{'play, roll by roll' if real else 'plan fixed in advance'} = {_p(r['win'])}"
                 f"{_exact(r['win'], exact)}", "  (armies on the territory throughout)"]
        if real and r["fixed"]:
            lines.append(f"  the best plan fixed in advance: {_p(r['fixed']['win'])}")
        lines += ["  " + w for w in r["words"]]
        lines += [f"  expected armies on {b['territory']} once taken: {b['expected_armies']['float']:.1f}"
                  for b in r["borders"] if not real]
        lines += [f"  alternative: {_p(a['win'])}, " + "; ".join(
            f"{e['territory']} +{e['placed']} takes {', '.join(e['targets']) or 'nothing'}" for e in a["entries"])
            for a in r["alternatives"][:3] if not real]
        lines.append("  " + r["searched"]["words"])
        return "\n".join(lines)
    if op == "hold":
        lines = [f"P(keep {r['hold_name'] or ', '.join(r['hold_set'])} through the opponent's turn) = "
                 f"{_p(r['hold'])}{_exact(r['hold'], exact)}", "  (armies on the territory throughout)"]
        lines += ["  " + w for w in r["words"]]
        lines.append("  " + r["searched"]["words"])
        return "\n".join(lines)
    if op == "keep":
        name = r["goal_name"] or ", ".join(r["goal"])
        lines = [f"P(take {name} and keep it through the opponent's turn) = {_p(r['keep'])}{_exact(r['keep'], exact)}",
                 f"P(take it) with the same play = {_p(r['take'])}{_exact(r['take'], exact)}",
                 "  (armies on the territory throughout)"]
        lines += ["  " + w for w in r["words"]]
        lines.append("  " + r["searched"]["words"])
        return "\n".join(lines)
    if op == "reinforcements":
        bonus = "".join(f" + {c['bonus']} ({c['name']})" for c in r["continents"])
        cards = f" + {r['cards']} (cards)" if r["cards"] else ""
        held = f"{r['territories']} territor{'y' if r['territories'] == 1 else 'ies'}"
        base = (f"{r['from_territories']} for {held}" if r["territories"] // 3 >= r["from_territories"] else
                f"{r['from_territories']} (the least a turn gives; {held} "
                f"give{'s' if r['territories'] == 1 else ''} {r['territories'] // 3})")
        return f"{r['reinforcements']} armies: {base}{bonus}{cards}"
    if op == "plan":
        lines = [f"P(take all {len(r['targets'])}) with the best plan = {_p(r['win'])}{_exact(r['win'], exact)}"]
        if r["straight"] is None:
            lines.append("  (no single stack could take them in the order typed: a target does not border the one before it)")
        else:
            gain = r["win"]["float"] - r["straight"]["float"]
            lines.append(f"  one stack in the order typed, moving all but one each time: {_p(r['straight'])}"
                         f" ({'+' if gain >= 0 else ''}{100 * gain:.2f} points for the plan)")
        lines.append("  (armies on the territory throughout)")
        return "\n".join(lines + ["  " + w for w in r["words"]])
    if op == "campaign":
        lines = [f"P(conquer all) = {_p(r['win'])}"]
        lines += [f"  territory {i + 1}: {_p(p)}" for i, p in enumerate(r["territory_win"])]
        lines.append(f"  expected survivors: {r['expected_survivors']['float']:.4f}")
        return "\n".join(lines)
    rows = [f"  attacker loses {o['attacker_losses']}, defender loses {o['defender_losses']}: {o['count']}"
            for o in r["outcomes"]]
    return "\n".join([f"total {r['total']}"] + rows)


def _balanced_human(op, params, r):
    """Text of a Balanced Blitz result, the true-random value beside each."""
    conv = params.get("convention")
    pct = lambda x: f"{x['float']:.10g}"
    if op == "battle":
        tr = r["true_random"]
        return "\n".join([
            f"{r['attackers']} v {r['defenders']} ({conv} armies), {BALANCED_NAME}",
            f"  P(win)   = {pct(r['win'])}   (true random: {pct(tr['win'])})",
            f"  P(loss)  = {pct(r['loss'])}   (true random: {pct(tr['loss'])})",
            f"  attackers lost: mean {r['mean_attackers_lost']['float']:.4f}, sd {r['std_attackers_lost']:.4f}",
            f"  defenders lost: mean {r['mean_defenders_lost']['float']:.4f}, sd {r['std_defenders_lost']:.4f}"])
    what = "attackers" if op == "needed" else "defenders"
    below = f"; one fewer: {pct(r['below'])}" if r["below"] else ""
    return (f"{r['needed']} {what} ({conv}), {BALANCED_NAME}; P = {pct(r['reached'])}{below} "
            f"(true random there: {pct(r['true_random']['reached'])})")
