"""The engine's facts as the pages carry them (sitebuild/engine_facts.py): what the browser reads
and nothing more, and the calculator templates read the same conventions at build time (the
scripts' side is tests/js/conventions.test.mjs)."""
import copy
import json
import re
from html.parser import HTMLParser

import pytest

from riskodds.interfaces.describe import describe
from sitebuild import pages, paths
from sitebuild.engine_facts import SHIPPED, convention_words, page_facts

SCRIPTS = "\n".join(p.read_text() for p in (paths.SITE_SRC / "js").rglob("*.js"))


def test_pages_carry_only_what_the_browser_reads():
    facts = page_facts()
    assert set(facts) == set(SHIPPED)
    assert "cost_model" in describe() and "cost_model" not in facts
    assert "limit_notes" in describe() and "limit_notes" not in facts
    # every key shipped is read by some script (engineFacts().KEY or a named accessor of limits.js)
    for key in SHIPPED:
        assert re.search(rf"engineFacts\(\)\.{key}\b", SCRIPTS), key
    unread = [k for k in describe() if k not in SHIPPED and re.search(rf"\.{k}\b", SCRIPTS)]
    assert unread == [], f"scripts read {unread}, which the pages do not carry"


def test_conventions_keep_the_engines_offsets_and_split_its_labels():
    engine = {c["name"]: c for c in describe()["conventions"]}
    shipped = {c["name"]: c for c in page_facts()["conventions"]}
    assert set(shipped) == set(engine)
    for name, c in shipped.items():
        assert c["offset"] == engine[name]["offset"]
        assert f'{c["unit"]} ({c["note"]})' == engine[name]["label"]
    assert convention_words("armies in the fort (two stay on the walls)") == ("armies in the fort", "two stay on the walls")
    for label in ("armies in the fort", "(two stay)", "armies (", "armies (two stay"):
        with pytest.raises(ValueError, match="is not 'unit \\(note\\)'"):
            convention_words(label)


class Segmented(HTMLParser):
    """The convention switch's radio values with their visible words, and its hint."""

    def __init__(self):
        super().__init__()
        self.options, self.hint, self._in = [], "", None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") == "convention":
            self.options.append([a["value"], ""])
            self._in = "option"
        elif tag == "p" and "hint" in a.get("class", ""):
            self._in = "hint"

    def handle_endtag(self, tag):
        if tag in ("label", "p"):
            self._in = None

    def handle_data(self, data):
        if self._in == "option":
            self.options[-1][1] += data.strip()
        elif self._in == "hint":
            self.hint += data


def convention_switch(facts: dict) -> Segmented:
    env = pages.make_env(paths.TEMPLATES, {}, {"engine_facts": facts})
    html = env.from_string('{% import "calculators/macros.html" as calc %}{{ calc.convention_field("f") }}').render()
    parser = Segmented()
    parser.feed(html)
    return parser


def test_the_convention_switch_shows_the_published_conventions():
    switch = convention_switch(page_facts())
    # in the engine's order, each named by its label's words before the parenthesis
    assert switch.options == [[c["name"], c["label"][0].upper() + c["label"][1:c["label"].index(" (")]]
                              for c in describe()["conventions"]]
    assert "Armies on the territory: one stays behind, so 10 attack with 9." in switch.hint

    # change what the engine publishes: the switch follows
    changed = copy.deepcopy(describe())
    territory = next(c for c in changed["conventions"] if c["name"] == "territory")
    territory.update(offset=2, label="armies in the fort (two stay on the walls)")
    switch = convention_switch(page_facts(changed))
    assert ["territory", "Armies in the fort"] in switch.options
    assert "Armies in the fort: two stay on the walls, so 10 attack with 8." in switch.hint


def test_the_built_pages_carry_the_page_facts(built_site):
    html = (built_site / "calculators" / "index.html").read_text()
    m = re.search(r'<script type="application/json" id="riskodds-facts">(.*?)</script>', html, re.S)
    assert m and json.loads(m.group(1)) == json.loads(json.dumps(page_facts()))
