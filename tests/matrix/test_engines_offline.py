"""Offline at the table, in every engine: after one visit the service worker serves the calculators,
Python runtime included, while the server answers every request with 503 (the network cut; the
same in every engine, where a driver may have no switch for the browser's own network)."""
import pytest
import riskodds as ro
from pagehelpers import calculate, exact, pair, wait_engine_ready, wait_final
from siteserver import SiteServer


@pytest.fixture(scope="module")
def first_visit_site(built_site, engine):
    """A server of its own per engine: a new origin, so the visit below is the first one."""
    site = SiteServer(built_site)
    yield site
    site.close()


def test_calculators_work_offline_after_one_visit(engine, first_visit_site):
    site = first_visit_site
    page = engine.page(390, 844)
    try:
        page.goto(site.url + "/calculators/")
        page.wait("body[data-offline=ready]")  # the service worker controls the page and holds the runtime
        wait_engine_ready(page)
        assert not page.errors()

        site.down = True
        page.goto(site.url + "/calculators/?calc=battle&attackers=12&defenders=6&convention=attacking&defend_dice=3#battle")
        assert wait_final(page, "battle") == "done", page.text("form#battle")[:500]
        capital = ro.Rules(defend_dice=3)
        assert exact(page, "battle", "win") == pair(ro.battle(12, 6, convention="attacking", rules=capital).win)
        assert page.run("() => navigator.serviceWorker.controller !== null") is True
        assert calculate(page, "campaign", {"attackers": 20, "territories": "5 3 2", "convention": "territory"}) == "done"
        assert exact(page, "campaign", "win") == pair(ro.campaign(20, [5, 3, 2], convention="territory").win)

        assert site.refused, "the server was never asked: the cut was not tested"  # the page itself is asked first
        assert not [p for p in site.refused if p.startswith(("/assets/", "/pyodide/"))], site.refused
        assert not page.errors() and not site.reports, (page.errors(), site.reports)
    finally:
        site.down = False
        page.close()
