"""The build without a browser: determinism, hashing, references, CSP-safe HTML, headers, weight."""
import json
import re
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from sitebuild import headers, pages, paths
from sitebuild.article import figure_table
from sitebuild.weight import RUNTIME_PREFIX, built_files, page_weight
from sitebuild.hashing import content_hash

@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    a = tmp_path_factory.mktemp("a") / "dist"
    b = tmp_path_factory.mktemp("b") / "dist"
    build.build(a)
    build.build(b)
    return built_files(a), built_files(b)


def test_two_builds_are_byte_identical(two_builds):
    a, b = two_builds
    assert sorted(a) == sorted(b)
    different = [name for name in a if a[name] != b[name]]
    assert not different, f"differ between builds: {different}"


def test_asset_names_carry_their_content_hash(two_builds):
    files, _ = two_builds
    hashed = [n for n in files if n.startswith("assets/")]
    assert any(n.startswith("assets/engine/riskodds.") and n.endswith(".zip") for n in hashed)
    for name in hashed:
        m = re.search(r"\.([0-9a-f]{10})\.[a-z0-9]+$", name)
        assert m, f"{name} has no content hash"
        assert m.group(1) == content_hash(files[name]), f"{name}: hash does not match its bytes"


def test_pyodide_core_is_copied_under_its_version(two_builds):
    files, _ = two_builds
    version = json.loads((paths.ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "pyodide must be pinned exactly"
    lock = json.loads((paths.ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == version
    core = sorted(n for n in files if n.startswith(RUNTIME_PREFIX))
    assert core == sorted(f"pyodide/v{version}/{f}" for f in
                          ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"])


class PageScan(HTMLParser):
    """Collects references and anything the CSP would block (inline script/style, handlers)."""

    def __init__(self):
        super().__init__()
        self.refs, self.inline, self.ids, self.labels_for, self.fields = [], [], [], set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("src", "href"):
            if a.get(k, "").startswith("/"):
                self.refs.append(a[k])
        for k in ("data-worker", "data-engine"):
            if k in a:
                self.refs.append(a[k])
        if tag == "script" and "src" not in a and a.get("type") != "application/json":  # a JSON data block runs nothing
            self.inline.append("inline <script>")
        if tag == "style":
            self.inline.append("<style> element")
        if "style" in a:
            self.inline.append(f"style attribute on <{tag}>")
        self.inline += [f"{k} handler on <{tag}>" for k in a if k.startswith("on")]
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "label" and "for" in a:
            self.labels_for.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.fields.append(a.get("id"))


def scan(html: str) -> PageScan:
    s = PageScan()
    s.feed(html)
    return s


def test_pages_are_csp_clean_and_reference_existing_files(two_builds):
    files, _ = two_builds
    pages = [n for n in files if n.endswith(".html")]
    assert {"index.html", "calculators/index.html", "article/index.html", "404.html"} <= set(pages)
    for name in pages:
        s = scan(files[name].decode())
        assert not s.inline, f"{name}: {s.inline}"
        for ref in s.refs:
            path = ref.split("#")[0].split("?")[0]
            if path.endswith("/"):
                path += "index.html"
            assert path.lstrip("/") in files, f"{name} references missing {ref}"
        assert len(s.ids) == len(set(s.ids)), f"{name}: duplicate ids"
        unlabeled = [f for f in s.fields if f not in s.labels_for]
        assert not unlabeled, f"{name}: inputs without a <label for>: {unlabeled}"


@pytest.mark.parametrize("page", ["index.html", "calculators/index.html"])
def test_page_weight_without_runtime_is_small(two_builds, page):
    files, _ = two_builds
    weight = page_weight(files, page)
    assert weight <= 300 * 1024, f"{page}: {weight} bytes without the Pyodide runtime"
    assert weight > len(files[page]), "the page's own assets were not followed"


def test_netlify_headers_policy():
    rules = headers.load_rules(paths.NETLIFY_TOML)
    page = headers.headers_for(rules, "/calculators/")
    csp = page["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp.replace("wasm-unsafe-eval", "")
    assert "'wasm-unsafe-eval'" in csp
    assert page["Cross-Origin-Opener-Policy"] == "same-origin"
    assert page["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert headers.headers_for(rules, "/pyodide/v1.2.3/pyodide.asm.wasm")["Content-Type"] == "application/wasm"


def test_caching_rules_cover_every_built_file(two_builds):
    files, _ = two_builds
    rules = headers.load_rules(paths.NETLIFY_TOML)
    for name in files:
        url = "/" + name
        if name.endswith("index.html"):
            url = url[: -len("index.html")]
        got = headers.headers_for(rules, url)
        assert not headers.overlapping(rules, url), f"{url}: a header is set by two rules"
        cache = got.get("Cache-Control", "")
        if name.endswith(".html") or name == "sw.js":  # pages and the service worker: revalidate
            assert cache == "no-cache", f"{url}: {cache!r}"
        else:
            assert "immutable" in cache, f"{url}: {cache!r}"


def test_local_server_sends_exactly_the_netlify_headers(site_url, built_site):
    rules = headers.load_rules(paths.NETLIFY_TOML)
    wasm = next(built_site.glob("pyodide/*/pyodide.asm.wasm")).relative_to(built_site).as_posix()
    for path in ["/", "/calculators/", "/" + wasm, "/article/"]:
        with urllib.request.urlopen(site_url + path) as r:
            got = {k.lower(): v for k, v in r.headers.items()}
        for name, value in headers.headers_for(rules, path).items():
            assert got.get(name.lower()) == value, f"{path}: {name}"
            assert r.headers.get_all(name) == [value], f"{path}: {name} sent twice"
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(site_url + "/no-such-page/")
    assert e.value.code == 404
    assert b"Page not found" in e.value.read()


def test_every_listed_page_is_built_and_figures_carry_their_size(two_builds):
    files, _ = two_builds
    listed = pages.page_list()
    assert len({p.route for p in listed}) == len(listed), "a route is listed twice"
    for p in listed:
        assert p.output in files, f"{p.route} was not written"
        if p.source:  # article pages get the Markdown's content, not the template's placeholder
            assert "being written" not in files[p.output].decode()
    svgs = {n.split("/")[-1].split(".")[0]: files[n] for n in files if n.startswith("assets/figures/")}
    assert svgs, "no figures built"
    for name, svg in svgs.items():
        w, h = figure_table.svg_size(svg)  # CSS px; matplotlib writes pt and a viewBox in pt
        vb = re.search(rb'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
        assert vb, name
        assert (w, h) == pytest.approx((float(vb.group(1)) * 4 / 3, float(vb.group(2)) * 4 / 3)), name
