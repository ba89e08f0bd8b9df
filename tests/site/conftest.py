"""Browser fixtures: one build, one server (the netlify.toml headers), one Chromium, pages reused
within a module. Every request must stay on 127.0.0.1; console errors fail the test that saw them."""
import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from sitebuild import paths  # noqa: E402
from sitebuild.server import serve_in_thread  # noqa: E402
from sitehelpers import open_page  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu"]


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()) or "site_context" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """A fresh build of the current sources (so the browser tests never see a stale dist/)."""
    import build

    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, Path(os.environ.get("RISKODDS_ENGINE", paths.ENGINE_SRC)))
    return out


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = serve_in_thread(built_site, paths.NETLIFY_TOML)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's Chromium: Playwright's own browser download cannot reach its host here.
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


class Watch:
    """Collects console errors, page errors and off-host requests for one browser context."""

    def __init__(self):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.requests: list[str] = []

    def reset(self):
        self.errors.clear()
        self.foreign.clear()

    def attach(self, page):
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("crash", lambda p: self.errors.append("page crashed"))

    def assert_clean(self):
        assert not self.foreign, f"requests left 127.0.0.1: {self.foreign}"
        assert not self.errors, f"console errors: {self.errors}"


def _guard(watch: Watch):
    def handler(route):
        url = route.request.url
        watch.requests.append(url)
        host = urlsplit(url).hostname
        if host != "127.0.0.1":
            watch.foreign.append(url)
            route.abort()
        else:
            route.continue_()
    return handler


@pytest.fixture(scope="module")
def watch():
    return Watch()


@pytest.fixture(scope="module")
def site_context(browser, site_url, watch):
    context = browser.new_context(base_url=site_url, viewport={"width": 1200, "height": 900})
    context.route("**/*", _guard(watch))
    context.on("request", lambda r: urlsplit(r.url).scheme in ("http", "https", "ws", "wss")
               and urlsplit(r.url).hostname != "127.0.0.1" and watch.foreign.append(r.url))
    yield context
    context.close()


@pytest.fixture(scope="module")
def calc_page(site_context, watch):
    """The calculators page with its engine loaded, shared by a module's tests."""
    page = open_page(site_context, watch, "/calculators/")
    yield page
    page.close()


@pytest.fixture
def clean(watch):
    """Fail a test that caused console errors or off-host requests."""
    watch.reset()
    yield watch
    watch.assert_clean()


