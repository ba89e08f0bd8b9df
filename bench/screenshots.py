#!/usr/bin/env python3
"""Screenshots of every page (home, calculators, each article page, 404) and of every computed
calculator, at 390 px and 1280 px, light and dark (prefers-color-scheme), for review.

Builds the site fresh, serves it with the site's headers, loads each page once, lets every
calculator compute its pre-filled answer (tests/site/pagetour.py), then shoots it at each width
and colour scheme: test-artifacts/screenshots/<page>-<width>-<scheme>.png (whole page) and
<page>-<form id>-<width>-<scheme>.png (each calculator).  Usage: python bench/screenshots.py
"""
import argparse
import sys

from benchlib import ROOT, served_build
from pagetour import HEIGHT, WIDTHS, compute_all, tour
from sitebuild import browsers

OUT = ROOT / "test-artifacts" / "screenshots"
SCHEMES = ("light", "dark")


def shoot(page, name: str, forms: list[str]) -> list[str]:
    written = []
    for width_name, width in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": HEIGHT})
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(150)  # layout and images settle
            stem = f"{name}-{width}-{scheme}"
            page.screenshot(path=str(OUT / f"{stem}.png"), full_page=True)
            written.append(stem)
            for fid in forms:
                page.locator(f"form#{fid}").screenshot(path=str(OUT / f"{name}-{fid}-{width}-{scheme}.png"))
                written.append(f"{name}-{fid}-{width}-{scheme}")
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", nargs="*", help="page names to shoot (default: all)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    with served_build() as (_, _info, url), sync_playwright() as pw:
        browser = pw.chromium.launch(**browsers.chromium_launch_options())
        context = browser.new_context(base_url=url, viewport={"width": WIDTHS["phone"], "height": HEIGHT})
        for name, path in tour():
            if args.pages and name not in args.pages:
                continue
            page = context.new_page()
            page.goto(path)
            page.wait_for_load_state("load")
            forms = compute_all(page)
            for img in page.locator("img").all():  # lazy figures: load them all before a full-page shot
                img.scroll_into_view_if_needed()
            page.wait_for_load_state("networkidle")
            shots = shoot(page, name, forms)
            total += len(shots)
            print(f"{name:28s} {len(shots):3d} screenshots ({len(forms)} calculators)", flush=True)
            page.close()
        browser.close()
    print(f"{total} screenshots in {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
