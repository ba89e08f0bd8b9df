"""Helpers shared by the browser tests (imported by name: pytest puts this folder on sys.path)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
ENGINE_TIMEOUT_MS = 120_000  # Pyodide's first start on a loaded 2-core CI box


def open_page(context, watch, path: str, wait_engine: bool = True):
    page = context.new_page()
    watch.attach(page)
    page.goto(path)
    if wait_engine:
        wait_engine_ready(page)
    return page


def screenshot(page, name: str):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def fill_form(form, values: dict, reset: bool = True) -> None:
    """Set a calculator form's fields by name (selects and switches by value), from its defaults
    if `reset`; a field inside a collapsed box (Rules, Options) opens the box first, as a user would."""
    if reset:  # pages are shared between tests: start from the template's values
        form.evaluate("f => f.reset()")
    for name, value in values.items():
        field = form.locator(f"[name={name}]")
        if field.first.get_attribute("type") == "radio":  # a switch: one radio button per value
            form.locator(f"[name={name}][value='{value}']").check()
            continue
        field.evaluate("e => { for (let d = e.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))


def calculate(page, form_id: str, values: dict, timeout_ms: int = 120_000, reset: bool = True) -> str:
    """Fill a calculator form (from its defaults), click Calculate, wait for a final status."""
    form = page.locator(f"form#{form_id}")
    fill_form(form, values, reset)
    form.locator("button[type=submit]").click()
    return wait_final(page, form_id, timeout_ms)


FINAL = ":is([data-status=done], [data-status=error], [data-status=cancelled], [data-status=waiting])"  # waiting: a Turn board being set up


def wait_final(page, form_id: str, timeout_ms: int = 120_000) -> str:
    # Locator waits, not wait_for_function: string predicates need eval, which the CSP forbids.
    page.locator(f"form#{form_id}{FINAL}").wait_for(state="attached", timeout=timeout_ms)
    return page.locator(f"form#{form_id}").get_attribute("data-status")


def wait_status(page, form_id: str, status: str, timeout_ms: int = 120_000) -> None:
    page.locator(f"form#{form_id}[data-status={status}]").wait_for(state="attached", timeout=timeout_ms)


def wait_engine_ready(page, timeout_ms: int = ENGINE_TIMEOUT_MS) -> None:
    """Wait for the page's engine. A page that starts it lazily (the article) starts it when a
    calculator nears the viewport: scroll to the first one, as a reader would."""
    page.locator("body[data-engine-state]").wait_for(state="attached", timeout=timeout_ms)
    if page.locator("body[data-engine-state=idle]").count():
        page.locator("form[data-calculator]").first.scroll_into_view_if_needed()
    page.locator("body[data-engine-state=ready]").wait_for(state="attached", timeout=timeout_ms)


def exact_output(page, form_id: str, output: str) -> tuple[int, int]:
    el = page.locator(f"form#{form_id} [data-output={output}]").first
    return int(el.get_attribute("data-num")), int(el.get_attribute("data-den"))


def no_horizontal_scroll(page, width: int) -> bool:
    """Nothing wider than the viewport: no sideways scroll, and (on a phone, where the browser
    would zoom out to fit a wide page instead) the layout viewport still `width` px wide."""
    scroll, inner = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    return scroll <= width and inner == width


def position_of(text: str) -> dict:
    """A board form's position text ("you: Siam 6; opponent: Indonesia 2, ...") as the engine's
    position, read here apart from the page's own reading of it."""
    position = {}
    for part in text.split(";"):
        owner, _, items = part.partition(":")
        for item in items.split(","):
            name, _, armies = item.strip().rpartition(" ")
            position[name] = {"owner": owner.strip(), "armies": int(armies)}
    return position


def turn_request(v: dict) -> dict:
    """The Turn form's fields (position, goal, targets, reinforcements, min_move, as text) as the
    engine's `turn` request."""
    take = [t.strip() for t in v["targets"].split(",")] if v["goal"] == "targets" else v["goal"]
    return {"position": position_of(v["position"]), "player": "you", "reinforcements": int(v["reinforcements"]),
            "goal": {"take": take}, "min_move": v["min_move"]}


def hold_request(v: dict) -> dict:
    """The Hold form's fields (position, hold, marked, reinforcements, opponent_reinforcements,
    opponent, fortify, dice, as text) as the engine's `hold` request."""
    hold = [t.strip() for t in v["marked"].split(",")] if v["hold"] == "marked" else v["hold"]
    return {"position": position_of(v["position"]), "player": "you", "reinforcements": int(v["reinforcements"]),
            "hold": hold, "opponent": v["opponent"], "opponent_reinforcements": int(v["opponent_reinforcements"]),
            "fortify": v["fortify"], "dice": v["dice"]}


def overlapping_texts(page, form_id: str = "turn") -> list:
    """Every pair of texts drawn on the board (names, armies, continents, the edge's labels, the
    plan's labels) whose boxes, as seen inside the board's frame, overlap by more than half a pixel
    each way; every text seen under 12 px; and every continent's name shown over a territory's box or
    past the board's edge (a phone's whole board once drew "Asia: bonus 7" on Siberia's box and off
    the top). The board of form `form_id` (the Turn's, the Hold's)."""
    return page.locator(f"form#{form_id} svg.board").evaluate("""svg => {
        const f = svg.closest('.board-frame').getBoundingClientRect();
        const edge = svg.getBoundingClientRect();
        const apart = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 0.5
          || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 0.5;
        const boxes = [...svg.querySelectorAll('[data-territory] .t-box')].map((b) => [b.closest('[data-territory]').dataset.territory, b.getBoundingClientRect()]);
        const named = [...svg.querySelectorAll('text[data-continent]')].filter((t) => !t.hasAttribute('hidden')
            && t.textContent.trim() && getComputedStyle(t).display !== 'none');
        const out = [];
        for (const t of named) {
          const r = t.getBoundingClientRect();
          if (r.left < edge.left - 0.5 || r.top < edge.top - 0.5 || r.right > edge.right + 0.5 || r.bottom > edge.bottom + 0.5)
            out.push(['past the edge', t.textContent]);
          for (const [name, b] of boxes) if (!apart(r, b)) out.push(['over a box', t.textContent, name]);
        }
        const seen = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() && t.getClientRects().length
            && getComputedStyle(t).display !== 'none' && getComputedStyle(t).visibility !== 'hidden')
          .map((t) => ({ t, r: t.getBoundingClientRect() }))
          .filter(({ r }) => r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom);
        const scale = svg.getScreenCTM().a;
        for (const { t } of seen) {
          const px = parseFloat(getComputedStyle(t).fontSize) * scale;
          if (px < 11.99) out.push(['small', t.textContent, px]);
        }
        for (let i = 0; i < seen.length; i++) for (let j = i + 1; j < seen.length; j++) {
          const a = seen[i].r, b = seen[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) out.push([seen[i].t.textContent, seen[j].t.textContent, Math.round(w), Math.round(h)]);
        }
        return out; }""")


def inside_frame(page, form_id: str, names: list | None = None) -> int:
    """How many of the territories `names` (default: all 42) lie wholly inside the board's frame
    as it is scrolled now (a pixel's slack)."""
    return page.locator(f"form#{form_id} .board-frame").evaluate("""(f, names) => {
        const r = f.getBoundingClientRect();
        const spots = [...f.querySelectorAll('svg.board [data-territory]')].filter((g) => !names || names.includes(g.dataset.territory));
        return spots.filter((g) => { const b = g.querySelector('.t-box').getBoundingClientRect();
          return b.left >= r.left - 1 && b.right <= r.right + 1 && b.top >= r.top - 1 && b.bottom <= r.bottom + 1; }).length; }""", names)
