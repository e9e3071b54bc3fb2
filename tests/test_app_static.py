"""Voilà's static files are gzipped once per server, not once per arriving page (issue 21,
item 1): cardkit.app.static, put in place of Voilà's handlers by CardkitVoila."""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

import tornado.web
from tornado.testing import AsyncHTTPTestCase
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler

from cardkit.app import static as ck_static
from cardkit.app.server import CardkitVoila

SCRIPT = ("function deal(hand) { return hand.map(card => card.rank + card.suit); }\n" * 400).encode()


class _Counting:
    """Counts the gzip streams tornado's response transform opens."""

    def __init__(self, real):
        self.real, self.opened = real, 0

    def GzipFile(self, *args, **kwargs):
        self.opened += 1
        return self.real.GzipFile(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.real, name)


class StaticOnce(AsyncHTTPTestCase):
    def get_app(self):
        self.dir = tempfile.TemporaryDirectory()
        root = Path(self.dir.name)
        (root / "voila.js").write_bytes(SCRIPT)
        (root / "tiny.css").write_bytes(b"body{}")
        handler = CardkitVoila._STATIC[MultiStaticFileHandler]
        assert CardkitVoila._STATIC[TemplateStaticFileHandler] is ck_static.GzipOnceTemplateStatic
        return tornado.web.Application([(r"/voila/static/(.*)", handler, {"paths": [str(root)]})],
                                       compress_response=True)

    def tearDown(self):
        super().tearDown()
        self.dir.cleanup()

    def setUp(self):
        super().setUp()
        self.counting = _Counting(tornado.web.gzip)
        tornado.web.gzip = self.counting

    def doCleanups(self):
        tornado.web.gzip = self.counting.real
        return super().doCleanups()

    @staticmethod
    def plain(r):
        return gzip.decompress(r.body) if r.headers.get("Content-Encoding") == "gzip" else r.body

    def get(self, path, **headers):
        return self.fetch(path, headers=headers, decompress_response=False)

    def test_many_pages_one_gzip(self):
        bodies = [self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip"}) for _ in range(5)]
        for r in bodies:
            assert r.code == 200
            assert r.headers["Content-Encoding"] == "gzip"
            assert "Accept-Encoding" in r.headers["Vary"]
            assert int(r.headers["Content-Length"]) == len(r.body)
            assert gzip.decompress(r.body) == SCRIPT
        assert self.counting.opened == 0, "tornado gzipped the file again for a page"
        assert len({r.headers["Etag"] for r in bodies}) == 1

    def test_no_gzip_asked_gets_the_file(self):
        r = self.get("/voila/static/voila.js")
        assert r.code == 200 and "Content-Encoding" not in r.headers and r.body == SCRIPT

    def test_a_range_gets_the_files_bytes(self):
        r = self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip", "Range": "bytes=0-9"})
        assert r.code == 206 and self.plain(r) == SCRIPT[:10]  # as tornado serves it

    def test_a_revalidation_is_a_304(self):
        first = self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip"})
        again = self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip", "If-None-Match": first.headers["Etag"]})
        assert again.code == 304 and again.body == b""

    def test_a_tiny_file_is_left_to_tornado(self):
        r = self.get("/voila/static/tiny.css", **{"Accept-Encoding": "gzip"})
        assert r.code == 200 and self.plain(r) == b"body{}"
        assert not any(key[0].endswith("tiny.css") for key in ck_static._CACHE)

    def test_a_changed_file_is_gzipped_afresh(self):
        self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip"})
        path = Path(self.dir.name) / "voila.js"
        path.write_bytes(SCRIPT + b"// more\n" * 200)
        r = self.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip"})
        assert gzip.decompress(r.body) == SCRIPT + b"// more\n" * 200
