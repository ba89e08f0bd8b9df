#!/usr/bin/env python3
"""Build the static site into dist/ (or --out DIR); --serve then serves it on 127.0.0.1 with the
headers of netlify.toml.

    python build.py                 # build dist/
    python build.py --serve         # build, then serve on http://127.0.0.1:8000
    python build.py --out /tmp/x    # build elsewhere (the determinism test builds twice)
"""
import argparse
import signal
import sys
from pathlib import Path


def _interrupted(signum, frame):
    print("build.py: interrupted", file=sys.stderr)
    raise SystemExit(130)  # no traceback, even during the imports below; `finally` blocks still run


if __name__ == "__main__":
    signal.signal(signal.SIGINT, _interrupted)

from sitebuild import approx, assets, engine_pack, headers, offline, outdir, pages, paths, pyodide_copy, snapshot  # noqa: E402,E501
from sitebuild import article, cache, hold_presets, turn_presets  # noqa: E402
from sitebuild.engine_facts import BOARD_ASSET, board_json, page_facts, turn_form_facts  # noqa: E402

CALCULATOR_MODULES = ["js/calculator-form.js", "js/calculators/index.js"]  # app.js imports them on a page with forms


def build(out_dir: Path = paths.DEFAULT_OUT, engine_dir: Path = paths.ENGINE_SRC) -> dict:
    out_dir = Path(out_dir).resolve()
    with outdir.building(out_dir):  # clears only what earlier builds wrote; logs what this one writes
        sources = assets.find_sources(paths.SITE_SRC)
        sources[engine_pack.ENGINE_ASSET] = engine_pack.engine_archive(Path(engine_dir), "main")
        for name in engine_pack.parts():
            sources[engine_pack.part_asset(name)] = engine_pack.engine_archive(Path(engine_dir), name)
        sources[snapshot.SNAPSHOT_ASSET] = snapshot.snapshot_gz(paths.PYODIDE_PKG, sources[engine_pack.ENGINE_ASSET])
        sources[approx.APPROX_ASSET] = approx.table_gz()  # approximate answers while Python loads
        # the Turn and Hold calculators' board and ready-made positions, fetched on demand
        sources[BOARD_ASSET] = board_json({"presets": turn_presets.shipped(), "hold_presets": hold_presets.shipped()})
        page_list = pages.page_list()
        art = article.prepare(page_list)  # cached figures, downloads and KaTeX, hashed like any asset
        sources.update(art.assets)
        sources.update(offline.app_sources())  # web app manifest + icons
        manifest, outputs = assets.hash_assets(sources)
        assets.write_assets(outputs, out_dir)
        urls = assets.asset_urls(manifest)
        pyodide_url = pyodide_copy.copy_pyodide(paths.PYODIDE_PKG, out_dir)
        app_imports = [rel for rel in assets.static_imports(sources, ["js/app.js"]) if rel != "js/app.js"]
        site = {
            "pyodide_url": pyodide_url,
            "pyodide_version": pyodide_copy.pyodide_version(paths.PYODIDE_PKG),
            "engine_url": urls[engine_pack.ENGINE_ASSET],
            # the parts a worker fetches when one of their ops is first asked: {part: {url, ops}}
            "engine_parts": {name: {"url": urls[engine_pack.part_asset(name)], "ops": part["ops"]}
                             for name, part in engine_pack.parts().items()},
            "snapshot_url": urls[snapshot.SNAPSHOT_ASSET],
            "worker_url": urls["js/engine-worker.js"],
            "engine_facts": page_facts(),  # limits, rule fields, conventions: read by the forms (limits.js)
            # the Turn form's continents, move-in rule and ready-made positions (templates only)
            "turn_form": turn_form_facts(turn_presets.template_facts()),
            # the Hold form's: the same continents and move-in rule (his), its own ready-made positions
            "hold_form": turn_form_facts(hold_presets.template_facts()),
            # what a page that starts its engine at once preloads: the calculators' module graph
            # (else fetched one level of imports per round trip)
            "app_modules": [urls[rel] for rel in app_imports],
            "calculator_modules": [urls[rel] for rel in assets.static_imports(sources, CALCULATOR_MODULES)
                                   if rel not in app_imports],
        }
        headers.write_file(out_dir, [*urls.values(), *(pyodide_url + name for name in pyodide_copy.CORE_FILES)])
        env = pages.make_env(paths.TEMPLATES, urls, site)
        written = pages.render_pages(env, article.fill_pages(page_list, art, urls), out_dir)
        sw = offline.write_service_worker(out_dir, offline.runtime_urls(site))  # last: it lists (and hashes) every built file
    return {"out": str(out_dir), "pages": written, "assets": urls, **site, **sw}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=paths.DEFAULT_OUT, help="output folder (default dist/)")
    ap.add_argument("--engine", type=Path, default=paths.ENGINE_SRC, help="engine package folder")
    ap.add_argument("--serve", action="store_true", help="serve the build on 127.0.0.1 after building")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-cache", action="store_true", help="recompute the article's figures and data (ignore .cache/)")
    args = ap.parse_args(argv)
    cache.ENABLED = not args.no_cache
    try:
        info = build(args.out, args.engine)
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    print(f"built {len(info['pages'])} pages and {len(info['assets'])} assets into {info['out']}")
    if args.serve:
        from sitebuild.server import make_server

        server = make_server(Path(info["out"]), paths.NETLIFY_TOML, port=args.port)
        print(f"serving {info['out']} on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped", file=sys.stderr)
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
