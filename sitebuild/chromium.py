"""How tests and benchmarks start Debian's Chromium (Playwright's own browser download cannot
reach its host here). As root it needs --no-sandbox, and the networking flags keep it from
trying hosts other than 127.0.0.1."""
import os
import shutil

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-gpu"]


def launch_options() -> dict:
    """Keyword arguments for Playwright's chromium.launch()."""
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}
