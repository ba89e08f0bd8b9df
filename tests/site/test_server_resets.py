"""The local server (sitebuild/server.py, `build.py --serve`) takes a browser dropping a connection
mid-request as the browser's business: no traceback in the author's terminal, the next request served."""
import socket
import struct
import threading
import urllib.request

from sitebuild import paths
from sitebuild.server import serve_in_thread


def test_a_connection_reset_mid_request_prints_nothing_and_the_server_goes_on(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server, url = serve_in_thread(tmp_path, paths.NETLIFY_TOML)
    errors, ended = [], threading.Event()
    server.handle_error = lambda request, address: errors.append(address)   # what prints the traceback
    shutdown_request = server.shutdown_request

    def shut(request):
        shutdown_request(request)
        ended.set()
    server.shutdown_request = shut
    try:
        host, port = server.server_address[:2]
        s = socket.create_connection((host, port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")                    # a request cut short...
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()                                                       # ... and reset
        assert ended.wait(60), "the server never finished with the reset connection"
        assert errors == []
        with urllib.request.urlopen(url + "/", timeout=60) as r:
            assert r.status == 200
    finally:
        server.shutdown()
        server.server_close()
