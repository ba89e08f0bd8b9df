"""What the core matrix (tests/matrix) does to the site, written once for every engine: only the
Page of sitebuild/browsers.py is used (goto, run, type, click; wait, attr, count, text)."""
import contextlib
import sys

FINAL = ":is([data-status=done], [data-status=error], [data-status=cancelled])"
CALCULATORS = ("battle", "campaign", "plan", "turn", "hold", "needed", "table", "path")


def open_calculators(page, url: str) -> None:
    page.goto(url)
    wait_engine_ready(page)


def scroll_to(page, selector: str) -> None:
    page.run("(s) => document.querySelector(s).scrollIntoView({block: 'center'})", selector)


def wait_engine_ready(page) -> None:
    """Wait for the page's engine. A page that starts it lazily (the article) starts it when a
    calculator nears the viewport: scroll to the first one, as a reader would."""
    page.wait("body[data-engine-state]")
    if page.count("body[data-engine-state=idle]"):
        scroll_to(page, "form[data-calculator]")
    page.wait("body[data-engine-state=ready]")


def wait_final(page, form_id: str) -> str:
    """Wait until the form's latest run has ended; its data-status (done, error, cancelled)."""
    page.wait(f"form#{form_id}{FINAL}")
    return page.attr(f"form#{form_id}", "data-status")


def set_fields(page, form_id: str, values: dict) -> None:
    """Type into the form's text fields; a switch (radio buttons) is set by clicking its label."""
    for name, value in values.items():
        radio = f"form#{form_id} input[type=radio][name={name}]"
        if page.count(radio):
            page.click(f"form#{form_id} label[for={form_id}-{name}-{value}]")
        else:
            page.type(f"form#{form_id} [name={name}]", str(value))


def calculate(page, form_id: str, values: dict) -> str:
    """From the form's pre-filled values: set `values`, click Calculate, wait for that answer. An
    answer finished before the click (the pre-filled one, or one the typing started) does not count:
    a new answer carries a new data-finished-at (calculator-form.js), an error or a cancel ends it too
    (a WebKit run once read the pre-filled campaign's answer as the new one)."""
    page.run("(id) => document.getElementById(id).reset()", form_id)
    set_fields(page, form_id, values)
    before = page.attr(f"form#{form_id}", "data-finished-at")
    page.click(f"form#{form_id} button[type=submit]")
    fresh = f":not([data-finished-at='{before}'])" if before else "[data-finished-at]"
    page.wait(f"form#{form_id}:is([data-status=error], [data-status=cancelled]), "
              f"form#{form_id}[data-status=done]{fresh}")
    return page.attr(f"form#{form_id}", "data-status")


@contextlib.contextmanager
def any_digits():
    """CPython refuses int <-> str beyond 4,300 digits; exact answers have more."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(limit)


def exact(page, form_id: str, output: str) -> tuple[int, int]:
    """The exact value a form shows at [data-output=output]: (numerator, denominator) as the page
    wrote them (data-num, data-den), so a comparison with a Fraction's pair is digit for digit."""
    num, den = page.run("""(s) => { const e = document.querySelector(s);
        return e ? [e.dataset.num, e.dataset.den] : [null, null]; }""", f"form#{form_id} [data-output={output}]")
    assert num is not None, f"form#{form_id} shows no {output}"
    with any_digits():
        return int(num), int(den)


def pair(p) -> tuple[int, int]:
    """A Fraction as (numerator, denominator), to compare with `exact`."""
    return p.numerator, p.denominator


def set_values(page, form_id: str, values: dict) -> None:
    """Reset the form and set fields without input events: nothing computes until Calculate."""
    page.run("""([id, values]) => { const f = document.getElementById(id); f.reset();
        for (const [k, v] of Object.entries(values)) f.elements.namedItem(k).value = String(v); }""", [form_id, values])


def field_values(page, form_id: str) -> dict[str, str]:
    """The form's named fields as it would send them (checked radios only)."""
    return page.run("""(id) => Object.fromEntries(new FormData(document.getElementById(id)))""", form_id)


def sideways_overflow(page, width: int) -> list[int] | None:
    """None when nothing is wider than a `width` px screen; else [scrollWidth, innerWidth]."""
    scroll, inner = page.run("() => [document.documentElement.scrollWidth, innerWidth]")
    return None if scroll <= width and inner == width else [scroll, inner]
