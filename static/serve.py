"""Serve the static site on this computer only (``make static-serve``).

    python static/serve.py [--port 8000] [--dir site] [--ip 127.0.0.1]

A plain file server (the standard library's), which also sends the ``.gz`` copy the
build wrote beside a file when the browser accepts gzip, and ``.wasm`` files as
``application/wasm``.  Any static web host does the same job; on a USB stick,
``python3 -m http.server --directory site`` serves the site too (uncompressed).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Files of the site; the precompressed copy where there is one and it is accepted."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json"}

    def send_head(self):  # noqa: D401 - the standard library's hook
        path = self.translate_path(self.path)
        gz = path + ".gz"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if accepts and os.path.isfile(path) and os.path.isfile(gz):
            try:
                f = open(gz, "rb")
            except OSError:
                return super().send_head()
            fs = os.fstat(f.fileno())
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Last-Modified", self.date_time_string(int(fs.st_mtime)))
            self.end_headers()
            return f
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet: one line per error only
        if args and str(args[1])[:1] in "45":
            super().log_message(format, *args)


def make_server(directory: pathlib.Path, ip: str = "127.0.0.1", port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on ``ip:port`` (port 0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer((ip, port), handler)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the static site on this computer only.")
    ap.add_argument("--dir", default=str(ROOT / "site"))
    ap.add_argument("--ip", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    site = pathlib.Path(args.dir)
    if not (site / "index.html").exists():
        print(f"No site in {site}: run `make static` first.", file=sys.stderr)
        return 1
    server = make_server(site, args.ip, args.port)
    print(f"Serving the static site on http://{args.ip}:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
