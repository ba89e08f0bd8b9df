"""Offline at the table: after one visit the service worker serves the calculators, Pyodide
included, with the network cut (the browser offline and the server refusing every request)."""
import json
import time
from fractions import Fraction
from urllib.parse import urlencode

import pytest
import riskodds as ro
from riskodds.interfaces import api

from conftest import _guard
from sitebuild import offline, paths, turn_presets
from sitebuild.server import serve_in_thread
from sitehelpers import calculate, exact_output, screenshot, wait_engine_ready, wait_final
from siteserver import SiteServer

OFFLINE_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def gated_site(built_site):
    """A server of its own (own origin, own service worker) that can be switched off (`down`)."""
    site = SiteServer(built_site)
    yield site
    site.close()


def test_service_worker_script_and_manifest_are_served_right(built_site, site_url, site_context):
    sw = site_context.request.get("/sw.js")
    assert sw.status == 200
    assert sw.headers["content-type"].startswith("text/javascript")
    assert sw.headers["cache-control"] == "no-cache" and "immutable" not in sw.headers["cache-control"]
    assert sw.headers["service-worker-allowed"] == "/"
    text = sw.text()
    # Every precached URL exists, the Pyodide core and the engine zip among them.
    precache = json.loads(text.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    precache += json.loads(text.split("const RUNTIME = ", 1)[1].split(";\n", 1)[0])
    assert any(u.startswith("/pyodide/v") and u.endswith("pyodide.asm.wasm") for u in precache)
    assert any(u.startswith("/assets/engine/riskodds.") for u in precache)
    assert "/calculators/" in precache
    for url in precache:
        assert site_context.request.get(url).status == 200, url
    # The version is derived from the precached files' contents.
    version = json.loads(text.split("const VERSION = ", 1)[1].split(";", 1)[0])
    runtime = set(json.loads(text.split("const RUNTIME = ", 1)[1].split(";\n", 1)[0]))
    assert any(u.endswith("pyodide.asm.wasm") for u in runtime) and any("snapshot" in u for u in runtime)
    expected = offline.service_worker(offline.precache_list(built_site, runtime), runtime).decode()
    assert f"const VERSION = {json.dumps(version)};" in expected
    # Static routes only for folders the cache holds whole: the code and the runtime, not the data
    # downloads (left out of the precache, they are cached by the fetch handler when fetched).
    routes = json.loads(text.split("const ROUTES = ", 1)[1].split(".map(", 1)[0])
    cached = set(precache) | runtime
    assert "/assets/js/:file" in routes and any(r.startswith("/pyodide/v") for r in routes)
    downloads = [p for p in (built_site / "assets" / "data").iterdir()]
    assert any("/assets/data/" + p.name not in cached for p in downloads)
    assert not [r for r in routes if r.startswith("/assets/data/")], routes
    html = site_context.request.get("/calculators/").text()
    manifest_url = html.split('rel="manifest" href="', 1)[1].split('"', 1)[0]
    manifest = site_context.request.get(manifest_url)
    assert manifest.status == 200 and "manifest+json" in manifest.headers["content-type"]
    data = manifest.json()
    assert data["start_url"] == "/calculators/" and data["display"] == "standalone"
    for icon in data["icons"]:
        r = site_context.request.get(icon["src"])
        assert r.status == 200, icon
        if icon["type"] == "image/png":
            assert r.body()[:8] == b"\x89PNG\r\n\x1a\n"


def test_calculators_work_offline_after_one_visit(browser, gated_site, watch):
    site = gated_site
    context = browser.new_context(base_url=site.url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    watch.reset()
    try:
        page = context.new_page()
        watch.attach(page)
        page.goto("/calculators/")
        # The service worker controls the page once it has precached everything (install waits for it).
        page.locator("body[data-offline=ready]").wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
        wait_engine_ready(page)
        cached = page.evaluate("""async () => {
            const key = (await caches.keys()).find((k) => k.startsWith('riskodds-'));
            return (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
        }""")
        assert any(p.endswith("pyodide.asm.wasm") for p in cached) and "/calculators/" in cached
        # The Turn calculator's code and board load when its form is used, which this visit did not do
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
        assert not [u for u in loaded if "/board/" in u or "/calculators/turn." in u], loaded

        context.set_offline(True)
        site.down = True
        page.reload()
        wait_engine_ready(page)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null") is True
        assert page.evaluate("() => self.crossOriginIsolated") is True  # cached responses keep COOP/COEP

        territories = [5, 3, 2]
        assert calculate(page, "campaign", {"attackers": 20, "territories": "5,3,2", "convention": "territory"}) == "done"
        expected = ro.campaign(20, territories, convention="territory")
        assert Fraction(*exact_output(page, "campaign", "win")) == expected.win
        capital = ro.Rules(defend_dice=3)
        assert calculate(page, "battle", {"attackers": 12, "defenders": 6, "convention": "attacking", "defend_dice": 3}) == "done"
        assert Fraction(*exact_output(page, "battle", "win")) == ro.battle(12, 6, convention="attacking", rules=capital).win
        outline = "Brazil 3 > (Peru 2 > Argentina 2), (Venezuela 1)"
        assert calculate(page, "plan", {"attackers": 12, "targets": outline, "convention": "territory"}) == "done"
        assert Fraction(*exact_output(page, "plan", "win")) == ro.plan(12, outline, convention="territory").win
        screenshot(page, "offline-phone-calculators")

        # A shared link, opened with no network.
        page.goto("/calculators/?calc=needed&mode=attackers&defenders=10&p=0.95&convention=territory")
        assert wait_final(page, "needed") == "done"
        assert page.locator("form#needed [data-output=needed]").get_attribute("data-value") == "19"
        # The Turn calculator, never used online: its code, styles and board from the precache
        australia = turn_presets.BY_NAME["australia"]
        page.goto("/calculators/?" + urlencode({"calc": "turn", **turn_presets.form_fields(australia)}) + "#turn")
        assert wait_final(page, "turn") == "done"
        want = api.handle("turn", turn_presets.request(australia))["win"]
        assert Fraction(*exact_output(page, "turn", "win")) == Fraction(int(want["num"]), int(want["den"]))
        assert page.locator("form#turn svg.board [data-territory]").count() == 42
        # Nothing the calculators need came from the server once it was down.
        assert not [h for h in site.refused if h.startswith(("/assets/", "/pyodide/"))], site.refused
        page.close()
        watch.assert_clean()
    finally:
        site.down = False
        context.close()


@pytest.fixture
def switchable_site(built_site, tmp_path):
    """Two versions of the site behind one origin: `switch()` moves the server from the build to a
    copy whose calculators page changed (so its service worker has a new version). The server
    records every path it is asked for."""
    import os
    import shutil

    old, new, current = built_site, tmp_path / "v2", tmp_path / "current"
    shutil.copytree(old, new, symlinks=True)
    page = new / "calculators" / "index.html"
    page.write_bytes(page.read_bytes() + b"<!-- v2 -->\n")
    sw = (old / offline.SW_NAME).read_text()
    runtime = set(json.loads(sw.split("const RUNTIME = ", 1)[1].split(";\n", 1)[0]))
    offline.write_service_worker(new, runtime)
    os.symlink(old, current)
    hits = []
    server, url = serve_in_thread(current, paths.NETLIFY_TOML, log=hits)

    def switch():
        os.remove(current)
        os.symlink(new, current)
        hits.clear()

    yield url, switch, hits
    server.shutdown()
    server.server_close()


CACHES = """async () => {
    const out = {};
    for (const key of (await caches.keys()).filter((k) => k.startsWith('riskodds-')))
        out[key] = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
    return out;
}"""


def test_an_update_carries_the_cached_runtime_over(browser, switchable_site):
    """A new version of the site installs a new cache: the runtime comes over from the old one (no
    download), the old cache goes, and the calculators still work offline."""
    url, switch, hits = switchable_site
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        page.goto("/calculators/")
        page.locator("body[data-offline=ready]").wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
        [(first, cached)] = page.evaluate(CACHES).items()
        assert any(p.endswith("pyodide.asm.wasm") for p in cached)

        switch()
        page.reload()
        # the new worker installs (copying the runtime over) and activates, then the old cache goes:
        # on a loaded 2-core machine that can take minutes; CSP forbids wait_for_function, so poll
        # with a generous cap
        deadline = time.monotonic() + 300
        while True:
            caches = page.evaluate(CACHES)
            if (first not in caches and len(caches) == 1) or time.monotonic() > deadline:
                break
            page.wait_for_timeout(250)
        [(second, cached)] = caches.items()
        assert second != first
        runtime = [p for p in cached if p.startswith("/pyodide/") or "/assets/engine/" in p]
        assert any(p.endswith("pyodide.asm.wasm") for p in runtime) and any("snapshot" in p for p in runtime)
        downloaded = [h for h in hits if h.startswith("/pyodide/") or h.startswith("/assets/engine/")]
        assert not downloaded, f"the runtime was downloaded again: {downloaded}"

        context.set_offline(True)
        page.reload()
        wait_engine_ready(page)
        assert calculate(page, "battle", {"attackers": 3, "defenders": 2, "convention": "attacking"}) == "done"
        assert exact_output(page, "battle", "win") == (6610505, 10077696)
    finally:
        context.close()


def test_a_repeat_visit_reads_the_runtime_straight_from_the_cache(browser, built_site):
    """Under the service worker the snapshot is kept inflated (the engine's worker then skips
    gunzip) with its headers, and the site's immutable files come by static routes straight from
    the cache, not through the fetch handler; the answers stay exact."""
    import gzip

    server, url = serve_in_thread(built_site, paths.NETLIFY_TOML)  # an origin (and service worker) of its own
    context = browser.new_context(base_url=url)
    try:
        page = context.new_page()
        page.goto("/calculators/")
        page.locator("body[data-offline=ready]").wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
        snapshot_url = page.locator("body").get_attribute("data-snapshot")
        kept = page.evaluate("""async (u) => {
            const r = await caches.match(u);
            return {inflated: r.headers.get('X-Riskodds-Inflated'), bytes: (await r.arrayBuffer()).byteLength,
                    corp: r.headers.get('Cross-Origin-Resource-Policy')};
        }""", snapshot_url)
        raw = gzip.decompress((built_site / snapshot_url.lstrip("/")).read_bytes())
        assert kept["inflated"] == "gzip" and kept["bytes"] == len(raw) and kept["corp"]

        again = context.new_page()
        again.goto("/calculators/?calc=battle&attackers=12&defenders=6&convention=attacking")
        assert wait_final(again, "battle") == "done"
        assert Fraction(*exact_output(again, "battle", "win")) == ro.battle(12, 6, convention="attacking").win
        assert again.evaluate("() => riskoddsEngine.timings.snapshot") is True  # restored from the inflated copy
        sources = again.evaluate("""() => performance.getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.startsWith('/assets/js/'))
            .map((e) => e.workerFinalSourceType)""")
        assert sources and set(sources) == {"cache"}, sources  # the static routes, not the fetch handler
    finally:
        context.close()
        server.shutdown()
        server.server_close()
