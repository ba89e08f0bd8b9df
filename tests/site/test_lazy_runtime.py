"""The article downloads no Python runtime until a calculator nears the viewport (issue 12, fast
first answer): not the page, not the service worker. Every request the server sees is recorded."""
import re

import pytest

from sitebuild import paths
from sitebuild.server import serve_in_thread
from sitehelpers import wait_engine_ready

RUNTIME = re.compile(r"^/pyodide/|^/assets/engine/|^/assets/js/engine-worker\.")


@pytest.fixture(scope="module")
def logged_site(built_site):
    """A server of its own (own origin, so its own service worker) that records every path."""
    seen = []
    server, url = serve_in_thread(built_site, paths.NETLIFY_TOML, log=seen)
    yield url, seen
    server.shutdown()
    server.server_close()


def test_article_loads_the_runtime_only_near_a_calculator(browser, logged_site):
    url, seen = logged_site
    context = browser.new_context(base_url=url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto("/article/")
        # The service worker has installed and cached the site's shell by now.
        page.locator("body[data-offline=ready]").wait_for(state="attached", timeout=60_000)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        assert page.locator("body").get_attribute("data-engine-state") == "idle"
        assert page.locator("form[data-calculator]").count() > 0
        early = [p for p in seen if RUNTIME.search(p)]
        assert not early, f"runtime fetched before any calculator was near: {early}"
        assert len(seen) > 5, seen  # the log works: the page and its assets were seen

        page.locator("form[data-calculator]").first.scroll_into_view_if_needed()
        wait_engine_ready(page)
        fetched = {p.rsplit("/", 1)[-1].split(".")[0] for p in seen if RUNTIME.search(p)}
        assert {"pyodide", "pyodide-snapshot", "riskodds", "engine-worker"} <= fetched, fetched
    finally:
        context.close()
