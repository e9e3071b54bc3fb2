"""Build the static site: every lesson as a page whose Python runs in the learner's browser.

    python static/build.py [--out site]        (what `make static` runs)

From a fresh clone, with pinned versions, downloading only from PyPI and npm, and only
at build time (the site fetches nothing from anywhere but itself):

1. the build tools (``static/requirements.txt``) in their own venv, ``static/.build/venv``;
2. the Pyodide runtime's core files from npm (``static/npm``: ``pyodide`` 0.29.0, locked);
3. the browser's wheels (``static/wheels.txt``) from PyPI for the Pyodide platform, cardkit's
   own wheel built from this checkout, the kernel's wheels that come with
   jupyterlite-pyodide-kernel, and two stand-ins (``sqlite3``, ``jedi``) — all listed in
   the site's own ``pyodide-lock.json`` with their hashes, and all loaded when the kernel
   starts (nothing is looked up on PyPI from the browser: ``disablePyPIFallback``);
4. ``voici build`` of the lessons with cardkit's page template;
5. the site made light: no source maps, no unused files, a ``.gz`` beside every file that
   compresses (``static/serve.py`` sends those, any static host compresses on its own).

Downloads are cached in ``static/.build`` (a second build downloads nothing, and needs no
network: cardkit's wheel is built with the build tools' own setuptools and Babel, without
build isolation). One build runs at a time (a lock in ``static/.build``: a second waits), and
the site is made beside its folder and put in place when complete, so a failed or interrupted
build leaves the previous site as it was.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import gzip
import hashlib
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import venv
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD = HERE / ".build"
VENV = BUILD / "venv"
WHEELS = BUILD / "wheels"
NPM = HERE / "npm"
PYODIDE = NPM / "node_modules" / "pyodide"
PLATFORM = ["--platform", "pyodide_2025_0_wasm32", "--python-version", "3.13", "--implementation", "cp"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Pyodide's core files the site serves (no wheels come from npm)
CORE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]
# the kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's labextension
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel"]
# what compresses well enough to be worth a .gz
COMPRESS = {".js", ".mjs", ".css", ".html", ".json", ".wasm", ".svg", ".ttf", ".eot", ".ipynb", ".txt", ".map"}


def log(text: str) -> None:
    print(f"[static] {text}", flush=True)


def run(cmd: list, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def _pip_quiet_env() -> dict:
    env = dict(os.environ)
    env.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    return env


# --- 1. the build tools --------------------------------------------------------------

def build_venv() -> pathlib.Path:
    """The venv with the pinned build tools (made again when requirements.txt changes)."""
    req = HERE / "requirements.txt"
    stamp = VENV / ".requirements"
    if not (stamp.exists() and stamp.read_text() == req.read_text()):
        log("installing the build tools (static/requirements.txt)")
        if VENV.exists():
            shutil.rmtree(VENV)
        venv.EnvBuilder(with_pip=True).create(VENV)
        run([VENV / "bin" / "python", "-m", "pip", "install", "--quiet", "-r", req], env=_pip_quiet_env())
        stamp.write_text(req.read_text())
    return VENV / "bin"


# --- 2. Pyodide from npm ---------------------------------------------------------------

def pyodide_core() -> pathlib.Path:
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        log("fetching the Pyodide runtime from npm (static/npm/package-lock.json)")
        run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--silent"], cwd=NPM)
    return PYODIDE


# --- 3. the browser's wheels -------------------------------------------------------------

def download_wheels(pip: pathlib.Path) -> list[pathlib.Path]:
    """The pinned wheels of static/wheels.txt (downloaded once, kept in static/.build/wheels)."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    pins = [line.split("#")[0].strip() for line in (HERE / "wheels.txt").read_text().splitlines()]
    pins = [p for p in pins if p]
    have = {w.name.split("-")[0].lower().replace("_", "-") + "==" + w.name.split("-")[1]
            for w in WHEELS.glob("*.whl")}
    missing = [p for p in pins if p.lower().replace("_", "-") not in have]
    if missing:
        log(f"downloading {len(missing)} wheels from PyPI for the Pyodide platform")
        run([pip, "download", "--quiet", "--no-deps", "--only-binary=:all:", *PLATFORM, "-d", WHEELS, *missing],
            env=_pip_quiet_env())
    out = []
    for p in pins:
        name, version = p.split("==")
        found = [w for w in WHEELS.glob("*.whl")
                 if w.name.split("-")[0].lower().replace("_", "-") == name.lower().replace("_", "-")
                 and w.name.split("-")[1] == version]
        if not found:
            raise SystemExit(f"wheel {p} was not downloaded")
        out.append(found[0])
    return out


#: the languages whose CLDR data (numbers, plurals, lists) the browser gets from Babel: English,
#: and every language with a glossary or a catalogue (cardkit/i18n); Babel's other 900 locales stay out
def shipped_languages() -> set[str]:
    i18n = ROOT / "cardkit" / "i18n"
    langs = {"en"} | {p.stem for p in (i18n / "glossary").glob("*.md") if p.stem != "README"}
    langs |= {p.name.split("_")[0] for p in (i18n / "locale").iterdir() if p.is_dir()} if (i18n / "locale").is_dir() else set()
    return langs


def trim_babel(wheel: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    """Babel's wheel with the CLDR data of the shipped languages only (about 10 MB less)."""
    keep = shipped_languages()
    out = into / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            name = item.filename
            if name.startswith("babel/locale-data/") and name.endswith(".dat"):
                locale = name.rsplit("/", 1)[1][:-4]
                if locale != "root" and locale.split("_")[0] not in keep:
                    continue
            dst.writestr(item, src.read(name))
    return out


#: The lexers the kernel can reach in the browser: Python's (IPython's tracebacks) and what
#: ipython_pygments_lexers imports (IPython's own lexers, found as a pygments plugin), with the
#: modules those import. Pygments' other 250 lexer modules (about 850 kB of the 1.2 MB wheel)
#: stay out: a lesson page shows no code.
PYGMENTS_LEXERS = {
    "__init__", "_mapping", "_css_builtins", "_lilypond_builtins", "_lua_builtins", "_scheme_builtins",
    "actionscript", "agile", "css", "d", "data", "factor", "html", "iolang", "javascript", "jvm", "lilypond",
    "lisp", "markup", "perl", "php", "python", "ruby", "scripting", "shell", "special", "tcl", "web", "webmisc",
}


def _rewrite_wheel(wheel: pathlib.Path, into: pathlib.Path, keep) -> pathlib.Path:
    """A copy of ``wheel`` in ``into`` holding only the files ``keep(name)`` accepts (its
    RECORD listing only those)."""
    out = into / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        kept = {item.filename for item in src.infolist() if keep(item.filename)}
        for item in src.infolist():
            name = item.filename
            if name not in kept:
                continue
            data = src.read(name)
            if name.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = ("\n".join(line for line in lines if line.split(",", 1)[0] in kept
                                  or line.split(",", 1)[0].endswith("RECORD")) + "\n").encode()
            dst.writestr(item, data)
    return out


def trim_pygments(wheel: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    """Pygments' wheel with only the lexers the browser's kernel can reach (PYGMENTS_LEXERS)."""
    def keep(name: str) -> bool:
        if name.startswith("pygments/lexers/") and name.endswith(".py"):
            return name[len("pygments/lexers/"):-3] in PYGMENTS_LEXERS
        return True
    return _rewrite_wheel(wheel, into, keep)


def slim_cardkit(wheel: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    """cardkit's wheel for the browser: the compiled catalogues (``.mo``) without the
    translators' ``.po`` and ``.pot`` files (cardkit.i18n reads a ``.mo`` alone)."""
    slim = into / "slim"
    slim.mkdir(exist_ok=True)
    return _rewrite_wheel(wheel, slim, lambda name: not name.endswith((".po", ".pot")))


def cardkit_wheel(pip: pathlib.Path, into: pathlib.Path) -> pathlib.Path:
    """cardkit's own wheel, built from this checkout (its numpy/matplotlib requirements are
    not installed in the browser: the engine does without)."""
    log("building cardkit's wheel from this checkout")
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "src"
        shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
            ".venv", ".git", "site", ".build", "node_modules", "lessons", "tests", "benchmarks", "*.egg-info",
            "__pycache__", "test-artifacts", "build", "dist", ".*.building"))
        # setuptools and Babel (what pyproject.toml's build needs) are the build tools': no download
        run([pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", into, src], env=_pip_quiet_env())
    return next(into.glob("cardkit-*.whl"))


def stand_in_wheel(name: str, why: str, into: pathlib.Path) -> pathlib.Path:
    """A wheel that installs no module, only its name: the kernel asks for ``name`` by name,
    and the code that would import it copes with its absence (``import`` fails as if it were
    never installed)."""
    path = into / f"{name}-0.0.0-py3-none-any.whl"
    dist = f"{name}-0.0.0.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\nSummary: {why}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: cardkit static/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{f},,\n" for f in files) + f"{dist}/RECORD,,\n"
    files[f"{dist}/RECORD"] = record
    with zipfile.ZipFile(path, "w") as z:
        for f, text in files.items():
            info = zipfile.ZipInfo(f, date_time=(2020, 1, 1, 0, 0, 0))
            z.writestr(info, text)
    return path


def wheel_entry(path: pathlib.Path) -> tuple[str, dict]:
    """A pyodide-lock.json entry for a pure-Python wheel: its name, version, hash and the
    top-level modules it installs."""
    name, version = path.name.split("-")[:2]
    tops = set()
    with zipfile.ZipFile(path) as z:
        for f in z.namelist():
            top = f.split("/")[0]
            if ".dist-info" in top or ".data" in top:
                continue
            tops.add(top[:-3] if top.endswith(".py") else top)
    key = name.lower().replace("_", "-")
    return key, {
        "name": key, "version": version, "file_name": path.name, "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
        "imports": sorted(t for t in tops if t.isidentifier()), "depends": [], "unvendored_tests": False,
    }


# --- 4. voici ------------------------------------------------------------------------

def lite_settings(packages: list[str]) -> dict:
    """The settings every page starts with (the page itself adds its address: static_site.html)."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    # made absolute by the page (static_site.html), relative to the site's root
                    "pyodideUrl": "./static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": packages},
                },
            },
        },
    }


def voici_build(bin_dir: pathlib.Path, out: pathlib.Path, packages: list[str],
                extra: pathlib.Path | None = None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        content = tmp / "content"
        shutil.copytree(ROOT / "lessons", content, ignore=shutil.ignore_patterns("*.md", ".ipynb_checkpoints"))
        for nb in sorted(extra.glob("*.ipynb")) if extra else []:   # the browser tests' own pages
            shutil.copy2(nb, content / nb.name)
        lite = tmp / "lite"
        lite.mkdir()
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_settings(packages), indent=1))
        env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))
        env.pop("JUPYTER_CONFIG_PATH", None)
        log("voici build")
        run([bin_dir / "voici", "build", "--lite-dir", lite, "--contents", content, "--output-dir", out,
             "--no-sourcemaps", "--no-unused-shared-packages", "--template", "cardkit",
             "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.show_tracebacks=False",
             "--log-level", "WARN"], env=env, cwd=tmp)


# --- 5. lighter ----------------------------------------------------------------------

START = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <link rel="icon" href="data:;base64,=">
    <title>cardkit</title>
    <script>location.replace("voici/render/00_start_here.html" + location.search);</script>
  </head>
  <body>
    <main><p><a href="voici/render/00_start_here.html">Start here</a></p></main>
  </body>
</html>
"""


def lighten(out: pathlib.Path) -> None:
    for junk in [*out.rglob("*.map"), *out.rglob("*.js.LICENSE.txt")]:
        junk.unlink()
    for folder in ("doc", "extensions/@voila-dashboards"):
        shutil.rmtree(out / folder, ignore_errors=True)
    for f in ("jupyter-lite.ipynb",):
        (out / f).unlink(missing_ok=True)
    (out / "index.html").write_text(START)


def compress(out: pathlib.Path) -> None:
    for path in list(out.rglob("*")):
        if path.is_file() and path.suffix in COMPRESS and path.stat().st_size >= 1024:
            data = path.read_bytes()
            buf = io.BytesIO()
            with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0) as gz:
                gz.write(data)
            if len(buf.getvalue()) < 0.9 * len(data):
                path.with_name(path.name + ".gz").write_bytes(buf.getvalue())


@contextlib.contextmanager
def one_build_at_a_time():
    """Hold the build lock (static/.build/build.lock) while building: two builds at once (the
    browser tests and the other tests run side by side, or make static meanwhile) would share
    the tools' venv, the downloads and the output folder."""
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "site"), help="where the site goes (default: site/)")
    ap.add_argument("--extra-contents", default=None,
                    help="a folder of notebooks to add at the site's top (the browser tests' pages)")
    args = ap.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    with one_build_at_a_time():
        build(out, pathlib.Path(args.extra_contents) if args.extra_contents else None)
    return 0


def build(out: pathlib.Path, extra: pathlib.Path | None) -> None:
    """The whole build, made in a folder beside ``out`` and moved to ``out`` once complete."""
    bin_dir = build_venv()
    core = pyodide_core()
    wheels = download_wheels(bin_dir / "pip")
    making = out.with_name(f".{out.name}.building")
    if making.exists():
        shutil.rmtree(making)   # what an interrupted build left
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        own = [slim_cardkit(cardkit_wheel(bin_dir / "pip", tmp), tmp),
               stand_in_wheel("sqlite3", "stand-in: no sqlite3 in the browser (IPython keeps no history)", tmp),
               stand_in_wheel("jedi", "stand-in: no tab completion on a lesson page", tmp)]
        kernel_pypi = next((VENV / "share" / "jupyter" / "labextensions").glob(
            "@jupyterlite/pyodide-kernel-extension/static/pypi"))
        kernel = [next(kernel_pypi.glob(f"{name}-*.whl")) for name in KERNEL_WHEELS]
        trims = {"babel-": trim_babel, "pygments-": trim_pygments}
        wheels = [next((trim(w, tmp) for start, trim in trims.items() if w.name.startswith(start)), w)
                  for w in wheels]
        every = [*wheels, *kernel, *own]
        lock = json.loads((core / "pyodide-lock.json").read_text())
        packages = dict(wheel_entry(w) for w in every)
        lock = {"info": lock["info"], "packages": packages}
        voici_build(bin_dir, making, sorted(packages), extra)
        target = making / "static" / "pyodide"
        target.mkdir(parents=True, exist_ok=True)
        for name in CORE:
            shutil.copy2(core / name, target / name)
        for w in every:
            shutil.copy2(w, target / w.name)
        (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    lighten(making)
    compress(making)
    if out.exists():
        shutil.rmtree(out)
    making.rename(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file() and not p.name.endswith(".gz"))
    log(f"site built in {out} ({size / 1e6:.1f} MB, .gz copies beside); serve it with: make static-serve")


if __name__ == "__main__":
    sys.exit(main())
