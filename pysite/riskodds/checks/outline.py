"""A plan's targets typed as one line of text, read into the tree the plan takes.

    Brazil 3 > (Peru 2 > Argentina 2), (Venezuela 1)

Each target is an optional name and its defenders. `A > B` attacks B from A once A is taken;
`A > B > C` goes on from B. Several targets from one territory go in parentheses after `>`,
either in one group, `A > (B, C)`, or one group each, `A > (B > D), (C)`. At the top, targets
separated by commas are all attacked from the starting territory: `Brazil 3, Egypt 2`.

A comma after a chain without brackets is refused: in `A 3 > B 2, C 1` the comma could end the
chain (C attacked from the starting territory) or go on from A (C attacked from A); the message
spells out both readings and how to write each.

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

# Matched against the text with every combining mark shown as a letter (see _tokens), so that a
# decomposed "é" (e + U+0301) stays inside its name; tokens are cut from the text itself.
TOKEN = re.compile(r"\s*(?:(?P<num>[0-9]+)|(?P<name>[^\W\d_](?:[^\W\d]|[ .'-])*?)(?=\s*[0-9])"
                   r"|(?P<lone>[^\W\d_](?:[^\W\d]|[ .'-])*)|(?P<sym>[>,()])|(?P<bad>\S))")
NAMES = "names (letters, spaces, dots, hyphens and apostrophes)"


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
    digit = next((i for i, c in enumerate(text) if c.isnumeric() and c not in "0123456789"), None)
    if digit is not None:
        raise FieldError(f"{field}: {text[digit]!r} at character {digit + 1}: write numbers in the digits 0-9", field)
    minus = re.search(r"-\s*[0-9]+", text)     # "Brazil -1": a minus sign, never a name's last hyphen
    if minus:
        raise FieldError(f"{field}: {minus[0]!r} at character {minus.start() + 1}: defenders are 1 or more", field)
    shadow = "".join("a" if unicodedata.category(c)[0] == "M" else c for c in text)
    pos = 0
    while pos < len(text):
        m = TOKEN.match(shadow, pos)
        if not m or m.end() == pos:
            break
        group = next(g for g in ("num", "name", "lone", "sym", "bad") if m[g])
        word, at = unicodedata.normalize("NFC", text[m.start(group):m.end(group)].strip()), m.start(group) + 1
        if group == "lone":
            raise FieldError(f"{field}: {word[:20]!r} at character {at} needs its number of defenders after it, "
                             "like \"Brazil 3\"", field)
        if group == "bad":
            raise FieldError(f"{field}: unexpected {word!r} at character {at}; an outline holds {NAMES}, numbers of "
                             "defenders, '>', ',' and parentheses", field)
        yield (word if group == "sym" else group), word, at
        pos = m.end()
    if text[pos:].strip():
        raise FieldError(f"{field}: {text[pos:].strip()[:20]!r} at character {pos + 1} is not a target; a name "
                         "needs its number of defenders after it", field)


class _Reader:
    def __init__(self, tokens, text, field):
        self.tokens, self.i, self.text, self.field = tokens, 0, text, field
        self.count = 0          # targets read: at most max_territories, which bounds the nesting too
        self.chained = {}       # id(target) -> (its head's text, the chain's text) for `A > B` without brackets

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

    def list(self, parent="your territory"):
        items = [self.item()]
        while self.peek() and self.peek()[0] == ",":
            chain = self.chained.get(id(items[-1]))
            self.i += 1
            start = self.i
            items.append(self.item())
            if chain:
                self.ambiguous(chain, start, parent)
        return items

    def ambiguous(self, chain, start, parent):
        """Refuse `A 3 > B 2, C 1`: C could be attacked from `parent` or from A."""
        head, whole = chain
        nxt = self._span(start, self.i)
        first, rest = (part.strip() for part in whole.split(">", 1))
        raise FieldError(f"{self.field}: \"{whole}, {nxt}\" can be read two ways: {nxt} attacked from {parent}, or "
                         f"from {head}. Write \"{nxt}, {whole}\" for the first, or \"{first} > ({rest}), ({nxt})\" for "
                         "the second.", self.field)

    def _span(self, i, j):
        """The text of tokens i .. j - 1."""
        start = self.tokens[i][2] - 1
        end = self.tokens[j][2] - 1 if j < len(self.tokens) else len(self.text)
        return self.text[start:end].strip().rstrip(",").strip()

    def item(self):
        self.count += 1
        if self.count > LIMITS["max_territories"]:
            raise FieldError(f"a plan has at most {LIMITS['max_territories']} targets (the whole board)", self.field)
        tok = self.peek()
        begin = self.i
        name = None
        if tok and tok[0] == "name":
            name = tok[1]
            self.i += 1
        number = self.take("num")
        after = self.peek()
        if after and after[0] == "num":      # "Area 51 3": digits inside a name
            raise FieldError(f"{self.field}: {after[1]!r} at character {after[2]} follows a number: {NAMES} "
                             "hold no digits", self.field)
        target = {"defenders": int(number[1]), "then": []}
        if name:
            target["name"] = name
        if self.peek() and self.peek()[0] == ">":
            self.i += 1
            bare = not (self.peek() and self.peek()[0] == "(")
            target["then"] = self.after(target.get("name") or f"the target before the brackets")
            if bare:
                self.chained[id(target)] = (target.get("name") or "the target before it", self._span(begin, self.i))
        return target

    def after(self, parent):
        if not (self.peek() and self.peek()[0] == "("):
            return [self.item()]
        groups = self.group(parent)
        while self.peek() and self.peek()[0] == "," and self.peek(1) and self.peek(1)[0] == "(":
            self.i += 1
            groups += self.group(parent)
        return groups

    def group(self, parent):
        self.take("(")
        items = self.list(parent)
        self.take(")")
        return items
