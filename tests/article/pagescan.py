"""What the article's tests read from a built page: its links, images and every element marked
data-computed (with its text), noting which lie inside KaTeX output."""
from html.parser import HTMLParser
from pathlib import Path


class Scan(HTMLParser):
    """Collects refs, images and every element marked data-computed (with its text)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs, self.imgs, self.computed, self._open = [], [], [], []
        self._stack = []  # open elements: True where inside KaTeX output

    VOID = {"img", "br", "input", "link", "meta", "hr", "source", "wbr", "col"}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("href", "src"):
            if (a.get(k) or "").startswith("/"):
                self.refs.append(a[k])
        if tag == "img":
            self.imgs.append(a)
        if tag == "source":  # a <picture>'s phone drawing: checked like an image, alt on its <img>
            self.imgs.append({"src": a["srcset"], "alt": "(the <img> after it)"})
        in_katex = bool(self._stack and self._stack[-1]) or "katex" in (a.get("class") or "").split()
        if tag in self.VOID:
            return
        self._stack.append(in_katex)
        for rec in self._open:
            rec["depth"] += 1
        if "data-computed" in a:
            self._open.append({"attrs": a, "text": "", "depth": 1, "in_katex": in_katex})

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        self._stack.pop()
        for rec in list(self._open):
            rec["depth"] -= 1
            if rec["depth"] == 0:
                self._open.remove(rec)
                self.computed.append(rec)

    def handle_data(self, data):
        for rec in self._open:
            rec["text"] += data


def scan(dist: Path, page: str) -> Scan:
    s = Scan()
    s.feed((dist / page).read_text())
    return s
