"""axe-core (node_modules/axe-core, injected into the page) on every page, phone (390 px) and
desktop (1280 px), after every calculator on it has computed: no serious or critical violation.

The context bypasses the CSP only so that axe's script can be injected; the pages' own scripts
run as they do for readers. Each page is loaded once and checked at both widths.
Violations known to come from files other helpers own are listed in KNOWN with their text:
those checks are marked xfail (not hidden), any other violation fails."""
import pytest

from pagetour import HEIGHT, WIDTHS, compute_all, tour
from sitebuild import paths

AXE = paths.ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

# (page name, width name) -> {rule id: why it is known, and whose file it is}
# Empty since LAYOUT's scroll regions landed (the article's tables and display math were the last).
KNOWN: dict[tuple[str, str], dict[str, str]] = {}


@pytest.fixture(scope="module")
def axe_context(browser, site_url):
    context = browser.new_context(base_url=site_url, bypass_csp=True, viewport={"width": WIDTHS["phone"], "height": HEIGHT})
    yield context
    context.close()


@pytest.fixture(scope="module")
def axe_results(axe_context):
    """{(page, width): [violations]} for the whole tour, computed once."""
    source = AXE.read_text()
    results = {}
    for name, path in tour():
        page = axe_context.new_page()
        page.set_viewport_size({"width": WIDTHS["phone"], "height": HEIGHT})
        page.goto(path)
        page.wait_for_load_state("load")
        compute_all(page)
        page.add_script_tag(content=source)
        for width_name, width in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": HEIGHT})
            page.wait_for_timeout(100)  # layout settles at the new width
            results[(name, width_name)] = page.evaluate("""async () => {
                const r = await axe.run(document, {resultTypes: ['violations']});
                return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 8), count: v.nodes.length}));
            }""")
        page.close()
    return results


CASES = [(name, w) for name, _ in tour() for w in WIDTHS]


@pytest.mark.parametrize("name,width", CASES, ids=[f"{n}-{w}" for n, w in CASES])
def test_no_serious_accessibility_violation(axe_results, name, width):
    serious = [v for v in axe_results[(name, width)] if v["impact"] in SERIOUS]
    text = "; ".join(f"{v['id']} ({v['impact']}, {v['count']} nodes: {', '.join(v['nodes'][:3])}): {v['help']}" for v in serious)
    known = KNOWN.get((name, width), {})
    unknown = [v for v in serious if v["id"] not in known]
    if serious and not unknown:
        pytest.xfail(f"known, for another owner: {text} -- " + "; ".join(f"{k}: {why}" for k, why in known.items()))
    assert not unknown, text
