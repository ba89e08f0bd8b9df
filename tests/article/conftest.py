"""Fixtures for the article tests: one build per session (the article's .cache makes it quick
after the first), and for the browser test a server and Debian's Chromium, as in tests/site."""
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "site"))  # sitehelpers: calculate, exact_output, ...

from sitebuild import paths  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu"]


@pytest.fixture(scope="session")
def article_dist(tmp_path_factory) -> Path:
    import build

    out = tmp_path_factory.mktemp("article") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="session")
def article_url(article_dist):
    from sitebuild.server import serve_in_thread

    server, url = serve_in_thread(article_dist, paths.NETLIFY_TOML)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}
