"""The strict CSP in every engine: every page loads without a console error or a CSP violation
(reported to the matrix's server by the engine itself), and the policy is enforced: an inline
script and an inline style are refused, and the engine reports them, which shows the reports would reach
us (so the first check can fail)."""
import time
import urllib.error
import urllib.request

from sitebuild import paths
from sitebuild.headers import load_rules

PAGES = ["/", "/article/", "/article/classic-questions/", "/article/balanced-blitz/", "/calculators/"]
NOT_FOUND = "/no-such-page/"  # the 404 page: a browser logs the status itself, so only its headers are checked
REPORT_WAIT_S = 60  # the engine sends reports when it likes; ours come within a second or two


def site_csp() -> str:
    """The policy netlify.toml gives every page."""
    [csp] = {v for _, values in load_rules(paths.NETLIFY_TOML) for k, v in values.items() if k.lower() == "content-security-policy"}
    return csp


def header(url: str, name: str) -> str | None:
    try:
        with urllib.request.urlopen(url) as r:
            return r.headers[name]
    except urllib.error.HTTPError as err:  # the 404 page
        return err.headers[name]


def test_the_policy_is_strict_and_sent_with_every_page(matrix_site):
    csp = site_csp()
    for path in [*PAGES, NOT_FOUND]:
        assert header(matrix_site.url + path, "Content-Security-Policy").startswith(csp), path
    script_src = next(d for d in csp.split(";") if d.strip().startswith("script-src")).split()[1:]
    assert set(script_src) <= {"'self'", "'wasm-unsafe-eval'"}, script_src  # no inline code, no eval
    assert "default-src 'self'" in csp and "object-src 'none'" in csp and "frame-ancestors 'none'" in csp


def test_pages_load_clean_and_the_policy_is_enforced(engine, matrix_site):
    page = engine.page(1200, 900)
    try:
        matrix_site.reports.clear()
        for path in PAGES:
            page.goto(matrix_site.url + path)
            if path == "/calculators/":
                page.wait("body[data-engine-state=ready]")  # its Python worker started too
            assert not page.errors(), path

        blocked = page.run("""() => {
            const script = document.createElement('script');
            script.textContent = 'window.__inlineRan = true';
            const style = document.createElement('style');
            style.textContent = 'body { --inline-style: applied; }';
            document.head.append(script, style);
            return [window.__inlineRan === true, getComputedStyle(document.body).getPropertyValue('--inline-style').trim()];
        }""")
        assert blocked == [False, ""], blocked
        deadline = time.monotonic() + REPORT_WAIT_S
        while len(matrix_site.reports) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        # Exactly the two refusals just caused: nothing reported before them, by any page.
        refused = sorted((r.get("effective-directive") or r.get("violated-directive", "")).split()[0] for r in matrix_site.reports)
        assert refused == ["script-src-elem", "style-src-elem"], matrix_site.reports
        assert page.errors(), "the refusals were not seen: page.errors() hears nothing"
    finally:
        page.close()
