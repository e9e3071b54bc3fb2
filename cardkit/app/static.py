"""Voilà's static files gzipped once per server, not once per page.

This runs inside the server (:class:`~cardkit.app.server.CardkitVoila` puts these handlers in
place of Voilà's), never in a lesson.

With ``compress_response`` on, tornado gzips every response as it is written: each arriving
page's JavaScript and CSS (Voilà's bundle, the widgets' code) is compressed afresh, a sixth of
the server's time while a class arrives (py-spy at 30 arrivals: ``GzipFile.write`` under
``StaticFileHandler.get``). These handlers keep each file's gzipped bytes in memory, keyed by
its path, size and modification time, and send them with ``Content-Encoding: gzip`` (tornado's
transform then leaves the response alone). A request that does not accept gzip, or asks for a
range, gets the file as tornado serves it. Same headers otherwise (ETag, caching, 304s).
"""

from __future__ import annotations

import gzip
import os
import threading
from typing import Optional

import tornado.web
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler

__all__ = ["GzipOnceMultiStatic", "GzipOnceTemplateStatic", "gzipped"]

_CACHE: dict[tuple, bytes] = {}
_CACHE_BYTES = 0
_CACHE_LIMIT = 64 * 1024 * 1024  # gzipped bytes kept in all; past it, files are gzipped per request again
_LOCK = threading.Lock()
_MIN_LENGTH = 1024  # tornado's: smaller responses are not worth a gzip header
#: A range request is answered tornado's own way (an HTTP header name, not text for a learner).
RANGE_HEADER = "range"   # tornado's headers ignore case
_TYPES = tornado.web.GZipContentEncoding.CONTENT_TYPES


def gzipped(path: str) -> Optional[bytes]:
    """The gzipped bytes of the file at ``path`` (compressed once per version of the file), or
    None when the cache is full."""
    global _CACHE_BYTES
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    found = _CACHE.get(key)
    if found is not None:
        return found
    with open(path, "rb") as f:
        data = gzip.compress(f.read(), compresslevel=9, mtime=0)
    with _LOCK:
        if _CACHE_BYTES + len(data) > _CACHE_LIMIT:
            return None
        _CACHE[key] = data
        _CACHE_BYTES += len(data)
    return data


class _GzipOnce:
    """Mixin for a tornado ``StaticFileHandler``: see the module."""

    _gz: Optional[bytes] = None

    def set_extra_headers(self, path: str) -> None:
        super().set_extra_headers(path)
        self._gz = None
        request = self.request
        if "gzip" not in request.headers.get("Accept-Encoding", "") or RANGE_HEADER in request.headers:
            return
        ctype = self._headers.get("Content-Type", "").split(";")[0].strip()
        if not (ctype.startswith("text/") or ctype in _TYPES):
            return
        size = self._stat().st_size
        if size < _MIN_LENGTH:
            return
        data = gzipped(self.absolute_path)
        if data is None:
            return
        self._gz = data
        self.set_header("Content-Encoding", "gzip")  # tornado's transform adds the Vary header
        # what tornado's StaticFileHandler.get writes: these bytes, not the file's
        self.get_content = self._gzipped_content

    def get_content_size(self) -> int:
        if self._gz is not None:
            return len(self._gz)
        return super().get_content_size()

    def _gzipped_content(self, abspath: str, start=None, end=None) -> bytes:
        return self._gz


class GzipOnceTemplateStatic(_GzipOnce, TemplateStaticFileHandler):
    """Voilà's ``/voila/templates/...`` files, gzipped once."""


class GzipOnceMultiStatic(_GzipOnce, MultiStaticFileHandler):
    """Voilà's ``/voila/static/...`` files, gzipped once."""
