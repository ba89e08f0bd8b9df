"""Reading the built article's HTML in tests: its text, and one section of it."""
import re


def text(html: str) -> str:
    """The text of some HTML, tags dropped, white space (no-break spaces too) made single spaces."""
    return " ".join(re.sub(r"<[^>]+>", "", html).replace("\u00a0", " ").split())


def section(html: str, anchor: str) -> str:
    """From the heading `anchor` to the next section heading (a calculator's own <h2> is not one)."""
    return re.split(r'<h2 id="(?!calc-)', html.split(f'id="{anchor}"', 1)[1], maxsplit=1)[0]
