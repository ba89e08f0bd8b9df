"""A tour of the site for the checks that look at every page: every route of the build's page
list (the 404 page as a missing URL serves it), each with every calculator computed.
Used by tests/site/test_axe.py and bench/screenshots.py."""
from sitebuild import pages
from sitehelpers import ENGINE_TIMEOUT_MS

FINAL = ("done", "error", "cancelled", "waiting")  # waiting: a Turn board being set up (a hint, no answer yet)
WIDTHS = {"phone": 390, "desktop": 1280}
HEIGHT = 844
MISSING = "/no-such-page/"  # served with the 404 page, status 404


def tour() -> list[tuple[str, str]]:
    """[(name, path)] of every page: home, calculators, each article page, the 404 page."""
    out = []
    for p in pages.page_list():
        path = MISSING if p.route == "/404.html" else p.route
        name = "404" if p.route == "/404.html" else (p.route.strip("/").replace("/", "-") or "home")
        out.append((name, path))
    return out


def compute_all(page, timeout_ms: int = ENGINE_TIMEOUT_MS) -> list[str]:
    """Bring every calculator form into view (the article starts its engine lazily), let it compute
    its pre-filled answer, or submit it if it does not on its own; return the forms' ids."""
    forms = page.locator("form[data-calculator]")
    ids = [forms.nth(i).get_attribute("id") for i in range(forms.count())]
    if not ids:
        return ids
    for fid in ids:
        page.locator(f"form#{fid}").scroll_into_view_if_needed()
    page.locator("body[data-engine-state=ready], body[data-engine-state=busy]").wait_for(state="attached", timeout=timeout_ms)
    page.wait_for_timeout(1000)  # forms that are filled in start computing on their own
    final = ", ".join(f"[data-status={s}]" for s in FINAL)
    for fid in ids:
        form = page.locator(f"form#{fid}")
        if form.get_attribute("data-status") not in (*FINAL, "running"):
            form.scroll_into_view_if_needed()
            form.locator("button[type=submit]").click()
    for fid in ids:
        page.locator(f"form#{fid}:is({final})").wait_for(state="attached", timeout=timeout_ms)
    page.evaluate("() => window.scrollTo(0, 0)")
    return ids
