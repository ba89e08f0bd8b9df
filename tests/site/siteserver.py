"""A server of the build for the browser tests, on an origin of its own (a new port: new storage,
no service worker yet), with the site's headers plus one: a `report-uri` in the CSP, so every
violation, in any engine, in a page or a worker, is POSTed back here (`reports`) even where the
driver cannot hear the console (WebKit); enforcement is unchanged. It records every path asked
for (`paths`); `down = True` cuts the network: every GET is answered 503 and its path kept in
`refused`, so a request that got past the service worker shows."""
import functools
import json
import threading

from sitebuild import paths
from sitebuild.server import make_server

REPORT_PATH = "/__csp-report"


class SiteServer:
    def __init__(self, built_site):
        self.reports: list[dict] = []
        self.paths: list[str] = []
        self.refused: list[str] = []
        self.down = False
        server = make_server(built_site, paths.NETLIFY_TOML, quiet=True, log=self.paths)
        base = server.RequestHandlerClass
        site = self

        class Handler(base.func):
            rules = [(regex, {k: f"{v}; report-uri {REPORT_PATH}" if k.lower() == "content-security-policy" else v
                              for k, v in values.items()}) for regex, values in base.func.rules]

            def do_GET(self):
                if site.down:
                    site.refused.append(self.path)
                    self.close_connection = True
                    self.send_response(503)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                super().do_GET()

            do_HEAD = do_GET

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if self.path == REPORT_PATH:
                    report = json.loads(body or b"{}")
                    site.reports.append(report.get("csp-report", report))
                self.send_response(204 if self.path == REPORT_PATH else 404)
                self.send_header("Content-Length", "0")
                self.end_headers()

        server.RequestHandlerClass = functools.partial(Handler, *base.args, **base.keywords)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.server = server
        host, port = server.server_address[:2]
        self.url = f"http://{host}:{port}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()
