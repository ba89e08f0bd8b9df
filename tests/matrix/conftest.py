"""The core matrix: the same tests in Chromium, Firefox and WebKit (sitebuild/browsers.py launches
them). `engine` is a session fixture with one parameter per engine, so pytest runs every matrix
test of one engine before it launches the next: one browser per engine per session (the Chromium
is the session's Playwright browser, shared with tests/site). An engine that is installed but
does not start fails its tests; none is skipped. The matrix's server (tests/site/siteserver.py) reports every CSP violation back to the tests."""
import pytest
from pagehelpers import open_calculators
from siteserver import SiteServer

from sitebuild import browsers


def pytest_collection_modifyitems(items):
    for item in items:
        if "engine" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.engines)


@pytest.fixture(scope="session")
def matrix_site(built_site):
    site = SiteServer(built_site)
    yield site
    site.close()


@pytest.fixture(scope="session", params=browsers.ENGINES)
def engine(request):
    """One engine, launched once per session (Chromium: the session's Playwright browser)."""
    name = request.param
    shared = request.getfixturevalue("browser") if name == "chromium" else None
    launched = browsers.launch(name, playwright_browser=shared)
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def calc(engine, matrix_site):
    """The calculators page with its engine loaded, shared by a module's tests."""
    page = engine.page(1200, 900)
    open_calculators(page, matrix_site.url + "/calculators/")
    yield page
    page.close()


@pytest.fixture
def clean(request, matrix_site):
    """Fail a test whose page logged console errors or broke the CSP. Use it after the page fixture."""
    pages = [request.getfixturevalue(n) for n in request.fixturenames if n in ("calc", "phone")]
    for page in pages:
        page.errors()
    matrix_site.reports.clear()
    yield
    for page in pages:
        errors = page.errors()
        assert not errors, f"console errors: {errors}"
    assert not matrix_site.reports, f"CSP violations: {matrix_site.reports}"

