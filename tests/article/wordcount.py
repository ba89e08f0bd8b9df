"""How far a reader reads before the article says what its number means: words from the title to a
heading, counted two ways.

- prose: the words of paragraphs and list items, outside figures, tables, calculators, the
  contents, reference lists and math (`Prose`, which the reader tests use too);
- everything: every word a reader's eye passes over, table cells, figure captions and calculator
  labels included (scripts, styles and KaTeX's hidden MathML copy left out).

    python tests/article/wordcount.py dist/article/index.html what-it-means
"""
import sys
from html.parser import HTMLParser

VOID = {"img", "br", "input", "source", "meta", "link", "hr", "wbr", "col"}


class Prose(HTMLParser):
    """The text of each paragraph and list item of the article: outside figures, tables, forms,
    the contents, reference lists and math; `h2` the level-2 headings' ids in order, with the
    number of prose words before each."""
    SKIP = {"figure", "table", "form", "script", "style", "code", "nav", "details"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paras, self.h2, self._cur, self._skip, self._article = [], [], None, [], False

    def words(self) -> int:
        return sum(len(p.split()) for p in self.paras)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        self._article |= tag == "article"
        if tag in VOID:
            return
        if tag == "h2" and self._article and not any(self._skip):   # (a calculator's heading is in a form)
            self.h2.append((a.get("id"), self.words()))
        self._skip.append(tag in self.SKIP or "katex" in cls or "references" in cls or "figure-sources" in cls)
        if tag in ("p", "li") and self._cur is None and self._article and not any(self._skip):
            self._cur = [tag, "", len(self._skip)]

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self._cur and tag == self._cur[0] and len(self._skip) == self._cur[2]:
            self.paras.append(" ".join(self._cur[1].split()))
            self._cur = None
        if self._skip:
            self._skip.pop()
        if tag == "article":
            self._article = False

    def handle_data(self, data):
        if self._cur is not None and not any(self._skip[self._cur[2]:]):
            self._cur[1] += data


class AllText(HTMLParser):
    """Every word after the page's <h1> and before the heading with id `until`."""
    HIDDEN = {"script", "style", "template"}

    def __init__(self, until: str):
        super().__init__(convert_charrefs=True)
        self.until, self.text, self._stack, self._started, self._done = until, [], [], False, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id") == self.until and tag in ("h2", "h3"):
            self._done = True
        if tag in VOID:
            return
        hidden = tag in self.HIDDEN or "katex-mathml" in (a.get("class") or "").split() or "hidden" in a
        self._stack.append((tag, hidden))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self._stack:
            open_tag, _ = self._stack.pop()
            if open_tag == tag:
                break
        if tag == "h1":
            self._started = True

    def handle_data(self, data):
        if self._started and not self._done and not any(h for _, h in self._stack):
            self.text.append(data)

    def words(self) -> int:
        return len(" ".join(self.text).split())


def words_to(html: str, heading: str) -> tuple[int, int]:
    """(prose words, all words) from the title to the level-2 heading `heading` (its id)."""
    prose = Prose()
    prose.feed(html)
    before = dict(prose.h2)
    if heading not in before:
        raise KeyError(f"no level-2 heading with id {heading!r}: {[i for i, _ in prose.h2]}")
    everything = AllText(heading)
    everything.feed(html)
    return before[heading], everything.words()


if __name__ == "__main__":
    page, heading = sys.argv[1], sys.argv[2]
    with open(page, encoding="utf-8") as f:
        prose_words, all_words = words_to(f.read(), heading)
    print(f"{prose_words} words of prose, {all_words} words in all, from the title to #{heading}")
