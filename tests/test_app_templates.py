"""Voilà's templates are compiled once per server, not once per page (issue 21, item 1)."""

from __future__ import annotations

import nbformat
from voila.exporter import VoilaExporter

from cardkit.app import templates


def _render(exporter_count: int) -> list[str]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Hello")])
    out = []
    for _ in range(exporter_count):
        exporter = VoilaExporter(template_name="lab")
        out.append(exporter.environment.from_string("{{ 1 + 1 }} {{ name }}").render(name="x"))
        env = exporter.environment
        assert env.bytecode_cache is templates.TEMPLATE_CACHE
        env.get_template("index.html.j2")
    return out


def test_every_voila_exporter_shares_one_compiled_template_cache():
    templates.install()
    templates.TEMPLATE_CACHE.clear()
    hits, misses = templates.TEMPLATE_CACHE.hits, templates.TEMPLATE_CACHE.misses
    _render(3)
    new_misses = templates.TEMPLATE_CACHE.misses - misses
    new_hits = templates.TEMPLATE_CACHE.hits - hits
    # the first exporter compiles each template, the next two load the compiled code
    assert new_misses >= 1 and new_hits == 2 * new_misses


def test_a_changed_template_source_is_compiled_again():
    cache = templates.MemoryBytecodeCache(limit=2)
    from jinja2 import DictLoader, Environment

    sources = {"page.j2": "one {{ x }}"}
    env1 = Environment(loader=DictLoader(sources), bytecode_cache=cache)
    assert env1.get_template("page.j2").render(x=1) == "one 1"
    sources["page.j2"] = "two {{ x }}"
    env2 = Environment(loader=DictLoader(sources), bytecode_cache=cache)
    assert env2.get_template("page.j2").render(x=1) == "two 1"
    for i in range(5):
        Environment(loader=DictLoader({f"t{i}": "x"}), bytecode_cache=cache).get_template(f"t{i}")
    assert len(cache._code) == 2
