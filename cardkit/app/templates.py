"""Voilà's page templates compiled once per server, not once per page.

Voilà makes a new exporter, hence a new Jinja environment, for every notebook it renders — every
pre-heated kernel of a pool and every page served without one — and a new environment compiles
every template it uses again (``index.html.j2``, ``base.html.j2``, nbconvert's ``null.j2``,
``display_priority.j2`` …): a quarter of the server's CPU while a class's pools fill (py-spy,
issue 21). :func:`install` gives every Voilà exporter's environment one shared in-memory
:class:`jinja2.BytecodeCache`: a template whose source is unchanged (Jinja checks a checksum of
it) is loaded from its compiled code instead of being parsed and compiled again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from jinja2 import BytecodeCache

__all__ = ["MemoryBytecodeCache", "TEMPLATE_CACHE", "install"]


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates in memory, the ``limit`` most recently used kept (Jinja's buckets
    carry a checksum of their source, so an edited template is compiled afresh)."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._code: "OrderedDict[str, bytes]" = OrderedDict()
        self.hits = 0
        self.misses = 0

    def load_bytecode(self, bucket: Any) -> None:
        data = self._code.get(bucket.key)
        if data is None:
            self.misses += 1
            return
        self._code.move_to_end(bucket.key)
        bucket.bytecode_from_string(data)
        if bucket.code is None:  # another source now: Jinja compiles it and dumps it again
            self.misses += 1
        else:
            self.hits += 1

    def dump_bytecode(self, bucket: Any) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()
        self._code.move_to_end(bucket.key)
        while len(self._code) > self.limit:
            self._code.popitem(last=False)

    def clear(self) -> None:
        self._code.clear()


#: The server's one cache, shared by every Voilà exporter's environment.
TEMPLATE_CACHE = MemoryBytecodeCache()


def install() -> None:
    """Give every Voilà exporter's Jinja environment :data:`TEMPLATE_CACHE` (idempotent)."""
    from voila.exporter import VoilaExporter

    if getattr(VoilaExporter, "_cardkit_cached_templates", False):
        return
    plain = VoilaExporter._create_environment

    def _create_environment(self: Any) -> Any:
        environment = plain(self)
        environment.bytecode_cache = TEMPLATE_CACHE
        return environment

    VoilaExporter._create_environment = _create_environment  # type: ignore[method-assign]
    VoilaExporter._cardkit_cached_templates = True
