"""Session fixtures shared by the site and article tests: one build of the current sources, one
server with the netlify.toml headers, and Debian's Chromium for Playwright."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "site"))   # sitehelpers, for the site and article tests

from sitebuild import browsers, paths  # noqa: E402


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()) or "site_context" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """A fresh build of the current sources (so browser tests never see a stale dist/)."""
    import build

    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="session")
def site_url(built_site):
    from sitebuild.server import serve_in_thread

    server, url = serve_in_thread(built_site, paths.NETLIFY_TOML)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **browsers.chromium_launch_options()}
