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

Names are letters, spaces, dots, hyphens and apostrophes. Every error names what was expected and
where (the character position, from 1)."""
import re

from ..facts.limits import LIMITS
from .validate import FieldError, show

TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<name>[^\W\d_][\w .'-]*?)(?=\s*\d)|(?P<lone>[^\W\d_][\w .'-]*)"
                   r"|(?P<sym>[>,()])|(?P<bad>\S))")


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


def _tokens(text, field):
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            break
        if m["lone"]:
            raise FieldError(f"{field}: {m['lone'].strip()[:20]!r} at character {m.start('lone') + 1} needs its number "
                             "of defenders after it, like \"Brazil 3\"", field)
        if m["bad"]:
            raise FieldError(f"{field}: unexpected {m['bad']!r} at character {m.start('bad') + 1}; an outline holds "
                             "names, numbers of defenders, '>', ',' and parentheses", field)
        kind = "num" if m["num"] else "name" if m["name"] else m["sym"]
        start = m.start(kind if kind in ("num", "name") else "sym")
        yield kind, (m["num"] or m["name"] or m["sym"]).strip(), start + 1
        pos = m.end()
    if text[pos:].strip():
        raise FieldError(f"{field}: {text[pos:].strip()[:20]!r} at character {pos + 1} is not a target; a name "
                         "needs its number of defenders after it", field)


class _Reader:
    def __init__(self, tokens, text, field):
        self.tokens, self.i, self.text, self.field = tokens, 0, text, field

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
        tok = self.peek()
        name = None
        if tok and tok[0] == "name":
            name = tok[1]
            self.i += 1
        number = self.take("num")
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
