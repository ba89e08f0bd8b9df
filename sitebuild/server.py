"""A small static server for dist/ on 127.0.0.1 that sends the headers Netlify will send
(netlify.toml and the build's _headers, see headers.py).

Used by `build.py --serve`, the Playwright tests and the bench, so all three see the production
headers (CSP, COOP/COEP, wasm MIME type, caching). Like Netlify it lists no folders; a 404 is the
site's 404 page, text/html, never cached (Cache-Control: no-store), with the security headers.
"""
import functools
import gzip
import http.server
import os
import threading
from pathlib import Path

from .headers import ERROR_CACHE, headers_for, load_rules

# Headers of a file's rule that must not describe an error page sent in its place.
FILE_ONLY = {"content-type", "cache-control"}
# Netlify compresses text responses on the fly; so does this server (gzip), or Lighthouse and the
# bench would judge bytes no reader downloads. Already-compressed formats (zip, gz, woff2, png)
# and the wasm binary are sent as they are.
COMPRESSED_TYPES = ("text/", "application/json", "application/manifest+json", "image/svg+xml")


@functools.lru_cache(maxsize=256)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=6, mtime=0)

# Defaults for types Python's mimetypes may not know; netlify.toml may still override them.
EXTRA_TYPES = {
    ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
    ".json": "application/json", ".zip": "application/zip", ".svg": "image/svg+xml",
    ".css": "text/css", ".woff2": "font/woff2", ".csv": "text/csv", ".npy": "application/octet-stream",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; with Nagle's algorithm the body then waits for the
    # client's delayed ACK (40 ms on Linux) and every small file took 40 ms more than a CDN's.
    disable_nagle_algorithm = True
    rules: list = []
    quiet = False
    _error = False  # this response is an error page
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def handle_one_request(self):
        self._error = False  # one handler serves every request of a kept-alive connection
        try:
            super().handle_one_request()
        except (ConnectionResetError, BrokenPipeError):   # the browser dropped the connection: not an error
            self.close_connection = True

    def _rule_headers(self) -> dict[str, str]:
        found = headers_for(self.rules, self.path)
        if self._error:
            found = {k: v for k, v in found.items() if k.lower() not in FILE_ONLY}
            found["Cache-Control"] = ERROR_CACHE
        return found

    log_request_path = None  # make_server(log=...): called with each requested path

    def do_GET(self):
        if self.log_request_path:
            self.log_request_path(self.path)
        if not self._send_compressed():
            super().do_GET()

    def do_HEAD(self):
        if self.log_request_path:
            self.log_request_path(self.path)
        if not self._send_compressed(head=True):
            super().do_HEAD()

    def _send_compressed(self, head: bool = False) -> bool:
        """Send a text file gzipped when the client accepts it; False: not this kind of request."""
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return False  # the base class redirects to the folder's URL
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not os.path.isfile(path) or not ctype.startswith(COMPRESSED_TYPES):
            return False
        st = os.stat(path)
        body = _gzipped(path, st.st_mtime_ns, st.st_size)
        self.send_response(200)
        self.send_header("Content-Type", ctype if "charset" in ctype or not ctype.startswith("text/") else ctype + "; charset=utf-8")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        if not head:
            self.wfile.write(body)
        return True

    def list_directory(self, path):
        self.send_error(404)  # a folder without index.html is not a page
        return None

    def send_header(self, keyword, value):
        # Skip defaults that netlify.toml replaces (e.g. Content-Type for .wasm) so none is sent twice.
        if keyword.lower() in {k.lower() for k in self._rule_headers()}:
            return
        super().send_header(keyword, value)

    def end_headers(self):
        for name, value in self._rule_headers().items():
            super().send_header(name, value)
        super().end_headers()

    def send_error(self, code, message=None, explain=None):
        self._error = True
        page = Path(self.directory) / "404.html"
        if code == 404 and page.exists():
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, toml_path: Path, port: int = 0, quiet: bool = False, log: list | None = None):
    """A ThreadingHTTPServer bound to 127.0.0.1 (port 0 = any free port). `log`, if given,
    receives the path of every GET and HEAD (tests and benches see what a page asked for)."""
    attrs = {"rules": load_rules(toml_path, directory), "quiet": quiet}
    if log is not None:
        attrs["log_request_path"] = log.append
    handler = type("SiteHandler", (Handler,), attrs)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, toml_path: Path, quiet: bool = True, log: list | None = None):
    """Start a server in a daemon thread; return (server, base_url). Call server.shutdown() to stop."""
    server = make_server(directory, toml_path, quiet=quiet, log=log)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"
