"""The article's percentages (sitebuild/article/fmt.py) never round up into a round number they are
below (issue 35, item 7): checked against exact Fractions read back from the text."""
from fractions import Fraction

import pytest
from sitebuild.article import fmt


def shown(text: str) -> Fraction:
    return Fraction(text.replace("\u00a0%", "").replace("> ", "").replace("< ", ""))


@pytest.mark.parametrize("style", ["pct0", "pct1", "pct2", "pctw1", "pctg2", "pctg3"])
def test_no_rounding_up_into_a_zero(style):
    values = [Fraction(n, 10 ** 6) for n in (499995, 949996, 999, 123456, 500001, 59999, 99996)]
    values += [Fraction(k, 997) for k in range(1, 997, 7)]
    for v in values:
        text = fmt.render(v, style)
        if text.startswith((">", "<")):
            continue
        number = text.replace("\u00a0%", "")
        if shown(text) > v * 100:
            assert not number.endswith("0"), (v, style, text)


def test_the_examples():
    assert fmt.render(Fraction(499995, 10 ** 6), "pct1") == "49.9995\u00a0%"   # not "50.0 %" beside "12 for 50 %"
    assert fmt.render(Fraction(1, 2), "pct1") == "50.0\u00a0%"
    assert fmt.render(0.06, "pctg2") == "6.0\u00a0%"
    assert fmt.render(Fraction(99996, 10 ** 6), "pctg2") == "9.9996\u00a0%"


def test_neighbours_in_a_table_never_read_the_same():
    grid = [[Fraction(99931, 100000), Fraction(99972, 100000), Fraction(1, 2)],
            [Fraction(99932, 100000), Fraction(99972, 100000), Fraction(499995, 10 ** 6)]]
    styles = fmt.distinct_styles(grid)
    shown = [[fmt.render(v, s) for v, s in zip(row, srow)] for row, srow in zip(grid, styles)]
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            for a, b in ((i, j + 1), (i + 1, j)):
                if a < len(grid) and b < len(grid[a]):
                    assert (shown[i][j] == shown[a][b]) == (v == grid[a][b]), shown
    assert shown[0][2] == "50.0\u00a0%" and shown[1][2] == "49.9995\u00a0%"
