"""Browser fixtures (the build, server and Chromium come from tests/conftest.py): pages reused
within a module. Every request must stay on 127.0.0.1; console errors fail the test that saw them."""
from urllib.parse import urlsplit

import pytest
from sitehelpers import open_page


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


PHONE = {"width": 390, "height": 844}      # a phone's viewport, CSS px


def phone_context(browser, site_url, watch):
    """A phone's browser context (PHONE, touch, two device pixels per CSS px), every request watched
    and kept on the site (`_guard`)."""
    context = browser.new_context(base_url=site_url, viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.route("**/*", _guard(watch))
    return context


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


