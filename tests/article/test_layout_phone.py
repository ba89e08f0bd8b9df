"""Phone-first layout in a real Chromium: no page of the site scrolls sideways at 360 px or 1280 px,
the article's headline answer is whole on a phone, every region that scrolls sideways can be
reached from the keyboard, and a phone gets the phone drawing of each figure with its box
reserved before it loads."""
import pytest
from sitebuild import pages

pytestmark = pytest.mark.browser

ARTICLE = [p.route for p in pages.page_list() if p.source]
ROUTES = [p.route for p in pages.page_list() if p.route != "/404.html"] + ["/no-such-page/"]  # 404 as served
WIDTHS = [360, 1280]
HEADLINE = "battle/75/10/attacking/std/loss"

# Elements that stick out past the right edge of the screen, outside any scroll container
# (those scroll inside their region, which the page does not), SVG content (clipped by its
# <svg>), and what is hidden on purpose (KaTeX's MathML copy, the skip link until focused).
STICKING_OUT = """() => {
  const W = document.documentElement.clientWidth, out = [];
  const scrolls = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement)
    if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true; return false; };
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.katex-mathml, .visually-hidden, .skip-link') || (e.ownerSVGElement)) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || (r.right <= W + 0.5 && r.left >= -0.5) || scrolls(e)) continue;
    out.push(`${e.tagName.toLowerCase()}.${e.className} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, width: W, out: out.slice(0, 8),
          bodyOverflow: getComputedStyle(document.body).overflowX + '/' + getComputedStyle(document.documentElement).overflowX};
}"""

LOAD_IMAGES = """async () => {
  for (const img of document.images) img.loading = 'eager';
  await Promise.all([...document.images].map(i => i.decode().catch(() => null)));
}"""


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda w: f"{w}px")
def context(request, browser, site_url):
    w = request.param
    ctx = browser.new_context(base_url=site_url, viewport={"width": w, "height": 800},
                              is_mobile=w < 600, has_touch=w < 600, device_scale_factor=2 if w < 600 else 1)
    ctx.route("**/*", lambda route: route.abort() if not route.request.url.startswith(site_url) else route.continue_())
    ctx.width = w
    yield ctx
    ctx.close()


@pytest.mark.parametrize("route", ROUTES)
def test_no_page_scrolls_sideways(context, route):
    page = context.new_page()
    page.goto(route)
    page.evaluate(LOAD_IMAGES)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    got = page.evaluate(STICKING_OUT)
    page.close()
    assert got["scrollWidth"] <= got["width"], got
    assert "hidden" not in got["bodyOverflow"] and "clip" not in got["bodyOverflow"], "overflow hidden on the page hides, not fits"
    assert got["out"] == [], f"{route} at {context.width} px: {got['out']}"


@pytest.fixture(scope="module")
def phone(browser, site_url):
    ctx = browser.new_context(base_url=site_url, viewport={"width": 360, "height": 740}, is_mobile=True,
                              has_touch=True, device_scale_factor=2)
    ctx.route("**/*", lambda route: route.abort() if not route.request.url.startswith(site_url) else route.continue_())
    yield ctx
    ctx.close()


@pytest.mark.parametrize("width", [360, 390])
def test_headline_answer_is_whole_on_a_phone(phone, width):
    page = phone.new_page()
    page.set_viewport_size({"width": width, "height": 740})
    page.goto("/article/")
    display = page.locator(f'.math-display:has([data-computed="{HEADLINE}"])')
    number = display.locator(f'[data-computed="{HEADLINE}"]').first
    display.scroll_into_view_if_needed()
    column = page.locator("article.article").bounding_box()
    box, num = display.bounding_box(), number.bounding_box()
    assert display.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert column["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= column["x"] + column["width"] + 0.5
    # the number itself: inside the column, on screen, and what a finger on it would touch
    assert column["x"] - 0.5 <= num["x"] and num["x"] + num["width"] <= min(width, column["x"] + column["width"]) + 0.5
    assert number.inner_text().replace(" ", "").startswith("1.90×10")  # sci3
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-computed]')?.dataset.computed",
                        [num["x"] + num["width"] / 2, num["y"] + num["height"] / 2])
    assert hit == HEADLINE
    # and no other display formula is wider than its block either
    for route in ARTICLE:
        page.goto(route)
        widths = page.eval_on_selector_all(".math-display", "ds => ds.map(d => [d.scrollWidth, d.clientWidth])")
        assert widths and all(s <= c for s, c in widths), (route, widths)
    page.close()


SCROLLERS = """() => [...document.querySelectorAll('main *')].filter(e =>
    ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
  .map(e => ({cls: e.className, tabindex: e.tabIndex, role: e.getAttribute('role'),
              name: (document.getElementById(e.getAttribute('aria-labelledby') || '') || {}).textContent || e.getAttribute('aria-label') || ''}))"""


@pytest.mark.parametrize("route", ARTICLE)
def test_what_scrolls_sideways_on_a_phone_is_a_named_focusable_region(phone, route):
    page = phone.new_page()
    page.goto(route)
    scrollers = page.evaluate(SCROLLERS)
    page.close()
    for s in scrollers:
        assert s["tabindex"] >= 0 and s["role"] == "region" and s["name"].strip(), s


@pytest.mark.parametrize("width,narrow", [(360, True), (1280, False)])
def test_figures_fit_and_reserve_their_box(browser, site_url, width, narrow):
    ctx = browser.new_context(base_url=site_url, viewport={"width": width, "height": 800})
    page = ctx.new_page()
    for route in ARTICLE:
        page.goto(route)
        figs = page.locator(".article-figure img")
        before = figs.evaluate_all("is => is.map(i => [i.getBoundingClientRect().width, i.getBoundingClientRect().height])")
        page.evaluate(LOAD_IMAGES)
        after = figs.evaluate_all("is => is.map(i => [i.currentSrc, i.getBoundingClientRect().width, "
                                  "i.getBoundingClientRect().height, i.naturalWidth])")
        main = page.locator("main").evaluate("m => m.clientWidth")
        assert len(after) >= 3
        for (w0, h0), (src, w, h, natural) in zip(before, after):
            assert ("-narrow." in src) == narrow, src
            assert natural > 0 and 0 < w <= main, (src, w, main)
            assert abs(h - h0) < 1 and abs(w - w0) < 1, f"{src}: the box changed as it loaded ({w0}x{h0} -> {w}x{h})"
    ctx.close()
