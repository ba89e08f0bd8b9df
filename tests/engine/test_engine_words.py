"""A chance in the answers' words (riskodds/answers/words.py) is written as the site prints the number
beside it: held equal to site_src/js/exact.js `percent`, a separate implementation in another
language, on edge cases and random chances; and held to what the rule promises on its own terms."""
import json
import random
import shutil
import subprocess
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest

from riskodds.answers import words
from riskodds.checks.validate import listing

ROOT = Path(__file__).resolve().parents[2]
EDGES = [F(0), F(1), F(1, 2), F(9396, 10000), F(939599, 1000000), F(499995, 1000000), F(949996, 1000000),
         F(9961, 10000), F(9996, 10000), F(464, 1000), F(195, 100000), F(5, 100), F(1, 3), F(2, 3),
         1 - F(1, 10 ** 20), F(1, 10 ** 20), 1 - F(1902, 10 ** 16), F(1, 10 ** 14), F(1, 10 ** 15),
         1 - F(1, 10 ** 15), 1 - F(5, 10 ** 16), F(999, 1000), F(9995, 10000), F(5, 10 ** 6),
         F(3, 7 ** 900), 1 - F(2, 3 ** 5000)]


def chances():
    rng = random.Random(41)
    out = list(EDGES)
    for _ in range(300):
        den = rng.choice([6 ** rng.randint(1, 40), rng.randint(2, 10 ** 6), 7776 ** rng.randint(1, 12)])
        out.append(F(rng.randint(0, den), den))
    for _ in range(100):            # near 1, near 0, near round numbers
        den = 6 ** rng.randint(10, 60)
        out.append(1 - F(rng.randint(1, 10 ** 6), den))
        out.append(F(rng.randint(1, 10 ** 6), den))
        k = rng.randint(1, 99)
        out.append(F(k, 100) - F(rng.randint(1, 10 ** 4), den))
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the site's own formatting")
def test_a_chance_in_words_is_the_number_the_site_prints(tmp_path):
    cases = chances()
    script = tmp_path / "percent.mjs"
    script.write_text(
        f'import {{ percent }} from {json.dumps((ROOT / "site_src/js/exact.js").as_uri())};\n'
        'import fs from "node:fs";\n'
        'const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));\n'
        'process.stdout.write(JSON.stringify(cases.map(([n, d]) => percent(n, d))));\n')
    data = tmp_path / "cases.json"
    data.write_text(json.dumps([[str(p.numerator), str(p.denominator)] for p in cases]))
    done = subprocess.run(["node", str(script), str(data)], check=True, capture_output=True, text=True, timeout=300)
    site = json.loads(done.stdout)
    mine = [words.percent(p) for p in cases]
    wrong = [(p, a, b) for p, a, b in zip(cases, mine, site) if a != b]
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("p", chances())
def test_a_chance_in_words_never_says_more_than_it_is(p):
    """Rounded to its last decimal; never "0 %" or "100 %" unless it is; a round number (last digit 0)
    only where the chance reaches it; above one half, some distance to 100 % shows."""
    text = words.percent(p)
    assert text.endswith("\u00a0%")
    number = text[:-2]
    if number.startswith((">", "<")):
        bound = Fraction_of(number[2:]) / 100
        assert (p > bound) if number[0] == ">" else (p < bound)
        return
    shown = Fraction_of(number) / 100
    if number in ("0", "100"):
        assert p == shown
        return
    dec = len(number.split(".")[1])
    assert 0 < shown < 1
    assert abs(shown - p) <= (F(1, 2) if dec < words.MAX_DECIMALS else 1) / 10 ** dec / 100   # the nearest (cut at the last)
    if number.endswith("0") and shown > p:
        pytest.fail(f"{text} reads as a round number {p} does not reach")
    if p >= F(1, 2):
        assert shown < 1


def Fraction_of(text):
    return F(Decimal(text))


def test_a_float_is_read_as_the_decimal_it_prints():
    assert words.percent(0.35) == "35.0\u00a0%"
    assert words.percent(1.0000000000000002) == "100\u00a0%"
    with pytest.raises(ValueError):
        words.percent(F(3, 2))


def test_a_list_in_words():
    assert listing([]) == "nothing"
    assert listing(["Brazil"]) == "Brazil"
    assert listing(["Brazil", "Peru"]) == "Brazil and Peru"
    assert listing(["Brazil", "Peru", "Argentina"]) == "Brazil, Peru and Argentina"
