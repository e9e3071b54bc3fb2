"""The static site (issue 20): `make static`'s build, checked without a browser.

The site is built once (tests/_static_site.py keeps it until an input changes); these tests
read what was built: every lesson has its page, nothing is fetched from off the machine, no
source maps, only the wheels the lessons use (with the right hashes in the site's own
pyodide-lock.json), compressed copies beside the big files. The browser tests
(tests/browser/test_browser_static.py) open the pages.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import pathlib
import re
import threading
import urllib.request

import pytest

from _static_site import ROOT, built_site

LESSONS = sorted(p.relative_to(ROOT / "lessons") for p in [ROOT / "lessons" / "00_start_here.ipynb",
                 *(ROOT / "lessons").glob("least_score/[0-9][0-9]_*.ipynb"), *(ROOT / "lessons").glob("tien_len/[0-9][0-9]_*.ipynb")])


@pytest.fixture(scope="module")
def site() -> pathlib.Path:
    return built_site()


def test_every_lesson_has_a_page(site):
    assert len(LESSONS) == 16
    for lesson in LESSONS:
        page = site / "voici" / "render" / lesson.with_suffix(".html")
        assert page.is_file(), f"no page for {lesson}"


def test_pages_fetch_nothing_from_off_the_machine(site):
    remote = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""")
    for page in (site / "voici" / "render").rglob("*.html"):
        text = page.read_text()
        assert not remote.search(text), f"{page.name} links something off the machine"
        # the page hands its address to the kernel, and asks no server about kernels
        assert "QUERY_STRING: location.search" in text, f"{page.name} does not pass ?deal=/?lang= to the kernel"
        assert "api/kernels/" not in text, f"{page.name} polls /api/kernels, which a static site has not"


def test_kernel_settings_load_only_local_packages(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert set(kernel["loadPyodideOptions"]["packages"]) == set(lock["packages"])
    for name, entry in lock["packages"].items():
        wheel = site / "static" / "pyodide" / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: wrong hash"
    names = set(lock["packages"])
    assert {"cardkit", "ipywidgets", "anywidget", "ipython", "pyodide-kernel", "piplite", "micropip"} <= names
    assert not names & {"numpy", "matplotlib", "parso", "pexpect"}, "a wheel the lessons do not use is shipped"
    # jedi and sqlite3 are stand-ins that install no module
    for stand_in in ("jedi", "sqlite3"):
        assert lock["packages"][stand_in]["imports"] == []


def test_the_browser_wheels_are_trimmed_to_what_the_kernel_reaches(site):
    """Pygments keeps the lexers the kernel can reach, cardkit its compiled catalogues
    without the translators' files, and each wheel's RECORD lists only what it holds."""
    import zipfile

    pyodide = site / "static" / "pyodide"
    pygments = zipfile.ZipFile(next(pyodide.glob("pygments-*.whl")))
    lexers = {n.rsplit("/", 1)[1][:-3] for n in pygments.namelist() if n.startswith("pygments/lexers/") and n.endswith(".py")}
    assert {"python", "shell", "html", "_mapping"} <= lexers and "fortran" not in lexers and len(lexers) < 40
    cardkit = zipfile.ZipFile(next(pyodide.glob("cardkit-*.whl")))
    names = set(cardkit.namelist())
    assert not [n for n in names if n.endswith((".po", ".pot"))], "translators' files in the browser's wheel"
    for lang in ("vi", "nl", "af", "tr"):
        assert f"cardkit/i18n/locale/{lang}/LC_MESSAGES/cardkit.mo" in names
    for wheel in (pygments, cardkit):
        record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",", 1)[0] for line in wheel.read(record).decode().splitlines() if line}
        assert listed == set(wheel.namelist()), f"{record} does not list what the wheel holds"


def test_a_catalogue_is_found_from_its_compiled_file_alone(tmp_path):
    """The browser's wheel has the .mo without its .po: the language is still found and read."""
    from cardkit.i18n import catalogue

    source = catalogue.LOCALE_DIR / "vi" / "LC_MESSAGES"
    (tmp_path / "vi" / "LC_MESSAGES").mkdir(parents=True)
    mo = tmp_path / "vi" / "LC_MESSAGES" / "cardkit.mo"
    mo.write_bytes(catalogue.compile_po(source / "cardkit.po"))
    assert catalogue.catalogue_languages(root=tmp_path) == ["vi"]
    from babel.messages.pofile import read_po

    with (source / "cardkit.po").open("rb") as f:
        ids = [(m.context, m.id) for m in read_po(f) if m.id and isinstance(m.id, str) and m.string][:200]
    found, shipped = catalogue.translations("vi", root=tmp_path), catalogue.translations("vi")
    assert len(ids) == 200 and found is not None
    assert [found.pgettext(*i) for i in ids] == [shipped.pgettext(*i) for i in ids]
    assert sum(found.pgettext(c, i) != i for c, i in ids) > 150


def test_no_source_maps_and_big_files_compressed(site):
    assert not list(site.rglob("*.map")), "source maps are shipped"
    for big in [site / "static" / "pyodide" / "pyodide.asm.wasm", site / "static" / "pyodide" / "pyodide.asm.js"]:
        gz = big.with_name(big.name + ".gz")
        assert gz.is_file() and gzip.decompress(gz.read_bytes()) == big.read_bytes()


def test_front_door_goes_to_the_start_page_with_the_query(site):
    text = (site / "index.html").read_text()
    assert 'location.replace("voici/render/00_start_here.html" + location.search)' in text


def test_serve_sends_the_compressed_copy(site):
    import sys

    sys.path.insert(0, str(ROOT / "static"))
    from serve import make_server

    server = make_server(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/static/pyodide/pyodide.asm.wasm"
        req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as r:
            assert r.headers["Content-Encoding"] == "gzip"
            assert r.headers["Content-Type"] == "application/wasm"
            body = r.read()
        assert gzip.decompress(body) == (site / "static" / "pyodide" / "pyodide.asm.wasm").read_bytes()
        with urllib.request.urlopen(url) as r:          # a client that takes no gzip gets the file
            assert r.headers.get("Content-Encoding") is None
    finally:
        server.shutdown()
        server.server_close()


def test_widget_messages_carry_null_both_ways_in_the_browser(monkeypatch):
    """In Pyodide, None went to the page as undefined (a part shown again by
    ``layout.display = None`` stayed hidden) and the page's null came back as ``jsnull``
    (a fresh page was told its saved match "cannot be read back"): cardkit's widgets make
    the kernel's comms carry null both ways (cardkit/widgets/in_browser.py)."""
    import sys
    import types

    from comm.base_comm import CommManager

    from cardkit.widgets import in_browser

    jsnull = type("JsNull", (), {"__bool__": lambda self: False})()
    sent = []

    class Comm:
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append((msg_type, data))

    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = jsnull
    kernel_comm = types.ModuleType("pyodide_kernel.comm")
    kernel_comm.Comm = Comm
    for name, module in {"pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi,
                         "pyodide_kernel": types.ModuleType("pyodide_kernel"),
                         "pyodide_kernel.comm": kernel_comm}.items():
        monkeypatch.setitem(sys.modules, name, module)
    received = []
    monkeypatch.setattr(CommManager, "comm_msg", lambda self, stream, ident, msg: received.append(msg))
    monkeypatch.setattr(CommManager, "comm_open", CommManager.comm_open)
    assert not in_browser.adapt_comms(), "outside Pyodide nothing changes"
    assert in_browser.adapt_comms(force=True)

    Comm().publish_msg("comm_msg", {"method": "update", "state": {"display": None, "children": ["IPY_MODEL_1"]}})
    assert sent == [("comm_msg", {"method": "update", "state": {"display": jsnull, "children": ["IPY_MODEL_1"]}})]
    CommManager.comm_msg(None, None, None, {"content": {"data": {"type": "found", "record": jsnull}}})
    assert received == [{"content": {"data": {"type": "found", "record": None}}}]
    assert in_browser.nulls_to_js([None, (1, None)], jsnull) == [jsnull, [1, jsnull]]


def test_the_browser_deals_fewer_hands_and_says_so(monkeypatch):
    """In the learner's browser (plain Python on Pyodide) a lesson's longest simulations deal
    at most accel.BROWSER_DEALS hands (Least Score 5 was minutes there), and what is shown
    says how many; under Voilà every simulation deals what the lesson asks."""
    from cardkit import accel, odds
    from cardkit.classroom.chances import odds_table
    from cardkit.classroom.explorers import SimulationExplorer

    assert not accel.in_browser()
    assert odds.p_lowest_total(25, 3, trials=30_000).trials == 30_000
    monkeypatch.setattr(accel, "_as_browser", True)
    assert accel.deals_here(200_000) == accel.BROWSER_DEALS and accel.deals_here(500) == 500
    assert accel.deals_here("many") == "many"
    r = odds.p_lowest_total(25, 3, trials=200_000)
    assert r.trials == accel.BROWSER_DEALS and f"{accel.BROWSER_DEALS:,}" in str(r.method)
    assert SimulationExplorer("four_of_a_kind", deals=100_000, seed=7).deals == accel.BROWSER_DEALS
    table = odds_table(["pair"], simulate_deals=100_000, seed=5)
    assert "20,000" in str(table.text if hasattr(table, "text") else table)
