"""A plan's targets typed as one line of text, read into the tree the plan takes.

    Brazil 3 > (Peru 2 > Argentina 2), (Venezuela 1)

Each target is an optional name and its defenders. `A > B` attacks B from A once A is taken;
`A > B > C` goes on from B. Several targets from one territory go in parentheses after `>`,
either in one group, `A > (B, C)`, or one group each, `A > (B > D), (C)`. At the top, targets
separated by commas are all attacked from the starting territory: `Brazil 3, Egypt 2`.

Grammar (a comma after a group continues the groups only when another "(" follows):

    list   := item ("," item)*
    item   := target (">" after)?
    after  := item | group ("," group)*
    group  := "(" list ")"
    target := name? number

Names are letters (with their accents, composed or not), spaces, dots, hyphens and apostrophes;
no digits. A number of defenders is the digits 0-9, as everywhere in the engine (checks/validate.py):
"Brazil ３" and "Brazil ٣" are refused, and so is "Brazil -1" (defenders are 1 or more), never read
as a name ending in "-". At most LIMITS["max_territories"] targets are read, so the nesting is no
deeper than that either. Every error names what was expected and where (the character position,
from 1)."""
import re
import unicodedata

from ..facts.limits import LIMITS
from .validate import FieldError, show

# Matched against the text with every combining mark shown as a letter (_shadow), so that a
# decomposed "é" (e + U+0301) stays inside its name; tokens are cut from the text itself.
TOKEN = re.compile(r"\s*(?:(?P<num>[0-9]+)|(?P<name>[^\W\d_](?:[^\W\d]|[ .'-])*?)(?=\s*[0-9])"
                   r"|(?P<lone>[^\W\d_](?:[^\W\d]|[ .'-])*)|(?P<sym>[>,()])|(?P<bad>\S))")
NAME_HOLDS = "a name holds letters, spaces, dots, hyphens and apostrophes, no digits"


def too_many_targets(field="targets"):
    return FieldError(f"a plan has at most {LIMITS['max_territories']} targets (the whole board)", field)


def read_outline(text, field="targets"):
    """The targets of an outline as a list of {"name", "defenders", "then"} dicts."""
    if not isinstance(text, str):
        raise FieldError(f"{field} must be an outline like \"Brazil 3 > Peru 2\" or a list of targets, got {show(text)}", field)
    if len(text) > LIMITS["max_input_chars"]:
        raise FieldError(f"{field} is too long: {len(text):,} characters (at most {LIMITS['max_input_chars']:,})",
                         field)
    tokens = list(_tokens(text, field))
    if not tokens:
        raise FieldError(f"{field} is empty: type the targets, like \"Brazil 3 > Peru 2\"", field)
    reader = _Reader(tokens, text, field)
    out = reader.list()
    if reader.peek():
        reader.fail("a comma or the end")
    return out


def _shadow(text):
    """The text with each combining mark replaced by a letter: what TOKEN is matched against."""
    return "".join("a" if unicodedata.category(c).startswith("M") else c for c in text)


def _tokens(text, field):
    for i, c in enumerate(text):
        if c.isnumeric() and c not in "0123456789":
            raise FieldError(f"{field}: {c!r} at character {i + 1} is not one of the digits 0-9; type numbers of "
                             f"defenders with 0-9, and {NAME_HOLDS}", field)
    shadow = _shadow(text)
    cut = lambda m, group: text[m.start(group):m.end(group)]
    pos = 0
    while pos < len(text):
        m = TOKEN.match(shadow, pos)
        if not m or m.end() == pos:
            break
        if m["lone"]:
            raise FieldError(f"{field}: {cut(m, 'lone').strip()[:20]!r} at character {m.start('lone') + 1} needs its "
                             "number of defenders after it, like \"Brazil 3\"", field)
        if m["bad"] == "-" and text[m.end():m.end() + 1].isdigit():
            _negative(text, m.start("bad"), field)
        if m["bad"]:
            raise FieldError(f"{field}: unexpected {m['bad']!r} at character {m.start('bad') + 1}; an outline holds "
                             "names (letters, spaces, dots, hyphens and apostrophes), numbers of defenders, '>', ',' and "
                             "parentheses", field)
        if m["name"] and m["name"].rstrip().endswith("-"):       # "Brazil -1": a minus sign, not a name's hyphen
            _negative(text, m.start("name") + len(m["name"].rstrip()) - 1, field)
        group = "num" if m["num"] else "name" if m["name"] else "sym"
        yield (m["sym"] if group == "sym" else group), unicodedata.normalize("NFC", cut(m, group).strip()), m.start(group) + 1
        pos = m.end()
    if text[pos:].strip():
        raise FieldError(f"{field}: {text[pos:].strip()[:20]!r} at character {pos + 1} is not a target; a name "
                         "needs its number of defenders after it", field)


def _negative(text, at, field):
    """Refuse a minus sign at text[at] before a number of defenders."""
    number = re.match(r"-\s*[0-9]+", text[at:])[0]
    raise FieldError(f"{field}: {number!r} at character {at + 1} is no number of defenders: a target's defenders "
                     "are 1 or more", field)


class _Reader:
    def __init__(self, tokens, text, field):
        self.tokens, self.i, self.text, self.field = tokens, 0, text, field
        self.count = 0          # targets read: at most max_territories, which bounds the nesting too

    def peek(self, k=0):
        j = self.i + k
        return self.tokens[j] if j < len(self.tokens) else None

    def take(self, kind):
        tok = self.peek()
        if not tok or tok[0] != kind:
            self.fail({"num": "a number of defenders", ")": "')'", "(": "'('"}.get(kind, repr(kind)))
        self.i += 1
        return tok

    def fail(self, wanted):
        tok = self.peek()
        where = f"{tok[1]!r} at character {tok[2]}" if tok else "the end"
        raise FieldError(f"{self.field}: expected {wanted}, found {where}", self.field)

    def list(self):
        items = [self.item()]
        while self.peek() and self.peek()[0] == ",":
            self.i += 1
            items.append(self.item())
        return items

    def item(self):
        self.count += 1
        if self.count > LIMITS["max_territories"]:
            raise too_many_targets(self.field)
        tok = self.peek()
        name = None
        if tok and tok[0] == "name":
            name = tok[1]
            self.i += 1
        number = self.take("num")
        after = self.peek()
        if after and after[0] == "num":      # "Area 51 3": digits inside a name
            raise FieldError(f"{self.field}: {after[1]!r} at character {after[2]} follows the number {number[1]}; "
                             f"{NAME_HOLDS}, then the number of defenders", self.field)
        target = {"defenders": int(number[1]), "then": []}
        if name:
            target["name"] = name
        if self.peek() and self.peek()[0] == ">":
            self.i += 1
            target["then"] = self.after()
        return target

    def after(self):
        if not (self.peek() and self.peek()[0] == "("):
            return [self.item()]
        groups = self.group()
        while self.peek() and self.peek()[0] == "," and self.peek(1) and self.peek(1)[0] == "(":
            self.i += 1
            groups += self.group()
        return groups

    def group(self):
        self.take("(")
        items = self.list()
        self.take(")")
        return items
