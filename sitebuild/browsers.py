"""The three browser engines the site is tested and timed in, and the one place that knows how
each is launched and driven. Each is Debian's own build (`./dev test` installs the packages):

| engine   | browser (Debian package)                     | driver                                        |
|----------|----------------------------------------------|-----------------------------------------------|
| chromium | `chromium`                                   | Playwright (PyPI `playwright`), over CDP      |
| firefox  | `firefox-esr`                                | puppeteer-core (npm), over WebDriver BiDi,    |
|          |                                              | from Python through `firefox_bridge.mjs`      |
| webkit   | WebKitGTK's MiniBrowser (`webkit2gtk-driver` | Selenium (PyPI `selenium`), over W3C          |
|          | brings it and `WebKitWebDriver`), on `xvfb`  | WebDriver, inside an Xvfb display of its own  |

Playwright's own Firefox and WebKit builds cannot be downloaded here, and Selenium would need
geckodriver for Firefox, which no registry we can reach packages; Firefox speaks WebDriver BiDi
itself, and puppeteer-core is a maintained client for it.

`launch(name)` gives an Engine; `engine.page(width, height)` opens a Page (a fresh browsing
context where the engine has them: its own cache, storage and service workers). A Page does the
few things a test or a bench needs, the same way in every engine:

    page.goto(url)                  load a page and wait for its load event
    page.run("(arg) => ...", arg)   call a JavaScript function in the page (it may be async)
                                    with one JSON argument; returns its JSON result. Drivers
                                    run it outside the page's CSP, as a tester's console would;
                                    a script that throws raises BrowserError.
    page.type(selector, text)       replace an input's text by typing, as a reader would
    page.click(selector)            scroll to an element and click it
    page.errors()                   console errors and uncaught exceptions since the last call
                                    (WebKit: only those after the load event, see ERROR_RECORDER)
    page.close()

On `run`, once for every engine: page.wait(selector), page.attr(selector, name),
page.count(selector), page.text(selector). What the tests do to the site with these is in
tests/matrix/pagehelpers.py.
"""
from __future__ import annotations

import glob
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ENGINES = ("chromium", "firefox", "webkit")
# Chromium as root needs --no-sandbox; the networking flags keep it from trying hosts other than
# 127.0.0.1 (Playwright's own Chromium download cannot reach its host here).
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu"]
FIREFOX = os.environ.get("FIREFOX", shutil.which("firefox-esr") or "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"), reverse=True)), "MiniBrowser")
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
TIMEOUT_MS = 180_000  # one page load or call; Pyodide's first start on a loaded 2-core CI machine is far less

# MiniBrowser's toolbar keeps its window at least 447 px wide; a phone is 360. This style sheet,
# read by GTK from $XDG_CONFIG_HOME, lets its buttons and address field shrink.
NARROW_GTK_CSS = "button, entry, toolbar, headerbar, box { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; }\n"

# Selenium cannot hear WebKit's console: WebKitWebDriver has no log command and this build has no
# BiDi. After each load the page records its own errors from then on (see WebKitPage.errors).
ERROR_RECORDER = """if (!window.__errors) {
  window.__errors = [];
  const keep = (s) => window.__errors.push(s);
  addEventListener("error", (e) => keep(`pageerror: ${e.message}`));
  addEventListener("unhandledrejection", (e) => keep(`pageerror: ${e.reason}`));
  document.addEventListener("securitypolicyviolation", (e) => keep(`csp: ${e.violatedDirective} ${e.blockedURI}`));
  const error = console.error;
  console.error = (...args) => { keep(`console: ${args.join(" ")}`); error.apply(console, args); };
}"""


class BrowserError(RuntimeError):
    """The driver reported a failure (a timeout, a missing element, a script that threw)."""


def launch(name: str, playwright_browser=None) -> "Engine":
    """Start engine `name` (one of ENGINES). For Chromium, `playwright_browser` reuses a browser
    Playwright has already launched (the test session's); without it one is launched here."""
    if name == "chromium":
        return ChromiumEngine(playwright_browser)
    if name == "firefox":
        return FirefoxEngine()
    if name == "webkit":
        return WebKitEngine()
    raise ValueError(f"unknown engine {name!r}: one of {', '.join(ENGINES)}")


class Engine:
    name = ""
    version = ""

    def page(self, width: int = 1200, height: int = 900) -> "Page":
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class Page:
    """What each engine's page does (goto, run, type, click, errors, close), and what is built on
    `run` the same way for all of them (wait, attr, count, text)."""

    def goto(self, url: str) -> None: ...
    def run(self, script: str, arg=None): ...
    def type(self, selector: str, text: str) -> None: ...
    def click(self, selector: str) -> None: ...
    def errors(self) -> list[str]: ...
    def close(self) -> None: ...

    def count(self, selector: str) -> int:
        return self.run("(s) => document.querySelectorAll(s).length", selector)

    def attr(self, selector: str, name: str) -> str | None:
        """Attribute `name` of the first element matching `selector` (None if it has none)."""
        return self.run("([s, n]) => document.querySelector(s).getAttribute(n)", [selector, name])

    def text(self, selector: str) -> str:
        return self.run("(s) => document.querySelector(s).innerText", selector)

    def wait(self, selector: str, timeout_ms: int = TIMEOUT_MS) -> None:
        """Until an element matches `selector` (asked from here, so a reload on the way is no harm)."""
        deadline = time.monotonic() + timeout_ms / 1000
        last = ""
        while True:
            try:
                if self.count(selector):
                    return
            except BrowserError as err:  # the page was between two documents
                last = f" (last: {err})"
            if time.monotonic() > deadline:
                raise BrowserError(f"no {selector} after {timeout_ms / 1000:g} s{last}")
            time.sleep(0.05)


# ---- Chromium: Playwright ----

def chromium_launch_options() -> dict:
    """Keyword arguments for Playwright's chromium.launch() (tests/conftest.py and the benches)."""
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


class ChromiumEngine(Engine):
    name = "chromium"

    def __init__(self, browser=None):
        self._playwright = None
        if browser is None:
            from playwright.sync_api import sync_playwright
            self._playwright = sync_playwright().start()
            browser = self._playwright.chromium.launch(**chromium_launch_options())
        self.browser = browser
        self.version = browser.version

    def page(self, width=1200, height=900):
        return ChromiumPage(self.browser.new_context(viewport={"width": width, "height": height}))

    def close(self):
        if self._playwright:  # a browser it did not launch belongs to its owner
            self.browser.close()
            self._playwright.stop()


class ChromiumPage(Page):
    def __init__(self, context):
        self.context = context
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page = context.new_page()
        self._errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self._errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self._errors.append(f"pageerror: {e}"))

    def goto(self, url):
        self.page.goto(url)

    def run(self, script, arg=None):
        from playwright.sync_api import Error
        try:
            return self.page.evaluate(script, arg)
        except Error as err:
            raise BrowserError(str(err)) from None

    def type(self, selector, text):
        self.page.locator(selector).fill(text)

    def click(self, selector):
        self.page.locator(selector).click()

    def errors(self):
        out, self._errors = self._errors, []
        return out

    def close(self):
        self.context.close()


# ---- Firefox: puppeteer-core over WebDriver BiDi, in Node (firefox_bridge.mjs) ----

class FirefoxEngine(Engine):
    """Firefox ESR, launched and driven by puppeteer-core in a Node process: one JSON request a
    line to its stdin, one JSON answer a line from its stdout."""
    name = "firefox"

    def __init__(self):
        self._ids = itertools.count(1)
        self.proc = subprocess.Popen(["node", str(BRIDGE), FIREFOX, str(TIMEOUT_MS)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=BRIDGE.parent)
        self.version = self.call("version")

    def call(self, do: str, **args):
        self.proc.stdin.write(json.dumps({"id": next(self._ids), "do": do, **args}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise BrowserError(f"the Firefox bridge exited (status {self.proc.wait()}); its messages are above")
        answer = json.loads(line)
        if "error" in answer:
            raise BrowserError(answer["error"])
        return answer.get("value")

    def page(self, width=1200, height=900):
        return FirefoxPage(self, self.call("open", width=width, height=height))

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()  # the bridge closes Firefox and exits
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class FirefoxPage(Page):
    def __init__(self, engine: FirefoxEngine, page_id: str):
        self.call = lambda do, **args: engine.call(do, page=page_id, **args)

    def goto(self, url):
        self.call("goto", url=url)

    def run(self, script, arg=None):
        return self.call("run", script=script, arg=arg)

    def type(self, selector, text):
        self.call("type", selector=selector, text=text)

    def click(self, selector):
        self.call("click", selector=selector)

    def errors(self):
        return self.call("errors")

    def close(self):
        self.call("shut")


# ---- WebKit: Selenium -> WebKitWebDriver -> MiniBrowser, on a display of its own (Xvfb) ----

def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An X server of our own (no screen needed) on a free display; returns it and its DISPLAY.
    It also ends by itself when its last client (the browser) goes, should we not get to it."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-terminate"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        raise BrowserError("Xvfb did not start (is the xvfb package installed?)")
    return proc, f":{number}"


class WebKitEngine(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver. An automation session is one window with
    ephemeral storage, so pages come one at a time: `page()` resizes the window and starts
    clean (about:blank); a fresh cache and storage need a fresh engine."""
    name = "webkit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._xvfb, display = start_xvfb()
        self._gtk = tempfile.TemporaryDirectory(prefix="webkit-gtk-")
        (Path(self._gtk.name) / "gtk-3.0").mkdir()
        (Path(self._gtk.name) / "gtk-3.0" / "gtk.css").write_text(NARROW_GTK_CSS)
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # with browser arguments the driver adds none of its own
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": self._gtk.name})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self._stop_display()
            raise
        self.driver.set_script_timeout(TIMEOUT_MS / 1000)
        self.driver.set_page_load_timeout(TIMEOUT_MS / 1000)
        self.version = self.driver.capabilities.get("browserVersion", "")
        self._open = False

    def page(self, width=1200, height=900):
        if self._open:
            raise BrowserError("WebKit has one window: close the last page before opening another")
        self._open = True
        return WebKitPage(self, width, height)

    def _stop_display(self):
        self._xvfb.kill()
        self._xvfb.wait()
        self._gtk.cleanup()

    def close(self):
        try:
            self.driver.quit()
        finally:
            self._stop_display()


class WebKitPage(Page):
    def __init__(self, engine: WebKitEngine, width: int, height: int):
        self.engine = engine
        self.driver = engine.driver
        self.driver.get("about:blank")
        self.driver.set_window_size(width, height)
        chrome = self.driver.execute_script("return outerHeight - innerHeight")  # the toolbar's height
        self.driver.set_window_size(width, height + chrome)

    def goto(self, url):
        self.driver.get(url)
        self.driver.execute_script(ERROR_RECORDER)

    def run(self, script, arg=None):
        from selenium.common.exceptions import WebDriverException
        try:
            answer = self.driver.execute_async_script(
            f"const done = arguments[1]; Promise.resolve().then(() => ({script})(arguments[0]))"
            ".then((value) => done({value}), (e) => done({error: (e && e.message) || String(e)}));", arg)
        except WebDriverException as err:
            raise BrowserError(err.msg) from None
        if "error" in answer:
            raise BrowserError(answer["error"])
        return answer.get("value")

    def _element(self, selector):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def type(self, selector, text):
        field = self._element(selector)
        field.clear()
        field.send_keys(text)

    def click(self, selector):
        self._element(selector).click()

    def errors(self):
        return self.driver.execute_script("const e = window.__errors || []; window.__errors = []; return e;")

    def close(self):
        self.driver.get("about:blank")
        self.engine._open = False
