"""Start the project's Voilà server and drive Debian's Chromium against it.

Shared by the browser tests (``tests/browser/``) and the load script
(``benchmarks/load_voila.py``). Everything is loopback-only and every wait is bounded:
a server or browser that does not come up raises a clear error instead of hanging.

The server runs exactly as ``make app`` runs it: ``python -m cardkit.app`` from the repository
root, with ``etc/jupyter`` on the Jupyter config path (so ``etc/jupyter/voila.json`` is read)
and ``share/jupyter`` on the Jupyter data path (so the offline ``cardkit`` template is found).
Only the port (a free one) and, for the test pages, the folder served are changed.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from cardkit.i18n import LANGUAGE_NAMES, PSEUDO, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TEST_PAGES = Path(__file__).resolve().parent / "pages"
CONFIG_DIR = ROOT / "etc" / "jupyter"
DATA_DIR = ROOT / "share" / "jupyter"
ARTIFACTS = ROOT / "test-artifacts"
START_PAGE = "00_start_here.ipynb"

#: Debian's Chromium (``apt-get install chromium``); never a browser Playwright downloads.
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
#: Safe as root in CI (no sandbox), and quiet: no background traffic of the browser's own.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

#: Seconds to wait for Voilà to answer, and for every lesson's kernel pool to fill.
SERVER_START_TIMEOUT = float(os.environ.get("CARDKIT_VOILA_START_TIMEOUT", "90"))
POOL_FILL_TIMEOUT = float(os.environ.get("CARDKIT_VOILA_POOL_TIMEOUT", "240"))

#: Idle seconds after which the test-pages server culls a kernel whose page is gone
#: (the lessons server uses the configuration's minutes).
PAGES_CULL_IDLE = 15

LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


#: The folders of the lessons in another language (``lessons/vi/…``): the app pre-heats only the
#: served language's pages, and test_browser_languages.py checks these.
LANGUAGE_FOLDERS = {code for code in LANGUAGE_NAMES if code != SOURCE_LANGUAGE} | {PSEUDO}


def notebooks_under(folder: Path) -> list[str]:
    """Every notebook under ``folder`` (relative, '/'-separated), start-here first; the pages of
    other languages left out."""
    found = [
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and p.relative_to(folder).parts[0] not in LANGUAGE_FOLDERS
    ]
    return sorted(found, key=lambda rel: (rel != START_PAGE, rel))


def lesson_notebooks() -> list[str]:
    """The lessons the web app serves, as paths relative to ``lessons/``."""
    return notebooks_under(LESSONS)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def is_local_url(url: str) -> bool:
    """True for addresses that stay on this machine: loopback http(s)/ws(s), and the
    browser's in-page schemes (data:, blob:, about:)."""
    scheme = url.split(":", 1)[0].lower()
    if scheme in {"data", "blob", "about", "chrome-error"}:
        return True
    if scheme not in {"http", "https", "ws", "wss"}:
        return False
    host = urlsplit(url).hostname or ""
    return host in LOCAL_HOSTS or host.startswith("127.")


def voila_env(base: dict | None = None) -> dict:
    """The environment ``make app`` gives Voilà: the project's config and template first."""
    env = dict(os.environ if base is None else base)

    def prepend(name: str, value: Path) -> None:
        old = env.get(name)
        env[name] = str(value) if not old else os.pathsep.join([str(value), old])

    prepend("JUPYTER_CONFIG_PATH", CONFIG_DIR)
    prepend("JUPYTER_PATH", DATA_DIR)
    prepend("PYTHONPATH", ROOT)
    env.pop("QUERY_STRING", None)  # a stray one would leak into every kernel
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


# --------------------------------------------------------------------------- processes


def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # the command name may hold spaces and parentheses: the fields after the last ')'
        fields = stat.rsplit(")", 1)[1].split()
        kids.setdefault(int(fields[1]), []).append(int(entry))
    return kids


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants that are alive now (Voilà and its kernels)."""
    kids = _children_map()
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        if Path(f"/proc/{p}").exists():
            out.append(p)
        todo.extend(kids.get(p, []))
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time used so far by the live processes ``pids``."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            pass
    return total / ticks


def _status_kb(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@dataclass
class Memory:
    """Memory of a Voilà server and its kernels at one moment, in MiB."""

    server_rss: float
    kernels_rss: list[float] = field(default_factory=list)
    total_rss: float = 0.0
    total_pss: float = 0.0

    @property
    def kernels(self) -> int:
        return len(self.kernels_rss)


class VoilaServer:
    """One Voilà process serving ``root_dir`` on a free loopback port, with the project's
    configuration. Use as a context manager, or call :meth:`start` and :meth:`stop`."""

    def __init__(
        self,
        root_dir: Path = LESSONS,
        *,
        port: int | None = None,
        extra_args: tuple[str, ...] = (),
        log_path: Path | None = None,
        python: str = sys.executable,
    ) -> None:
        self.root_dir = Path(root_dir)
        self.port = port or free_port()
        self.extra_args = tuple(extra_args)
        self.python = python
        self.log_path = log_path or ARTIFACTS / f"voila-{self.root_dir.name}-{self.port}.log"
        self.proc: subprocess.Popen | None = None
        self._log_file = None

    # -- addresses
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.base_url + ("/" + path.lstrip("/"))

    def render_url(self, notebook: str, query: str = "") -> str:
        q = query if not query or query.startswith("?") else "?" + query
        return self.url(f"voila/render/{notebook}") + q

    # -- life cycle
    def command(self) -> list[str]:
        args = [self.python, "-m", "cardkit.app", f"--port={self.port}"]
        if self.root_dir.resolve() != LESSONS.resolve():
            args.append(f"--Voila.root_dir={self.root_dir}")
        return args + list(self.extra_args)

    #: The path polled until the server answers 200.
    ready_path = "/"

    def environment(self) -> dict:
        return voila_env()

    def start(self, timeout: float = SERVER_START_TIMEOUT) -> "VoilaServer":
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_file = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            self.command(),
            cwd=ROOT,
            env=self.environment(),
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"Voilà exited with code {self.proc.returncode} before answering.\n"
                    f"command: {' '.join(self.command())}\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(self.url(self.ready_path), timeout=3) as resp:
                    if resp.status == 200:
                        return self
            except urllib.error.HTTPError as err:  # it answers, but is broken: say so now
                self.stop()
                raise RuntimeError(
                    f"Voilà answered {self.ready_path} with HTTP {err.code} {err.reason}.\n{self.log_tail()}"
                ) from None
            except (urllib.error.URLError, OSError) as err:
                last_error = str(err)
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(
            f"Voilà did not answer on {self.base_url} within {timeout:.0f} s ({last_error}).\n{self.log_tail()}"
        )

    def wait_for_pools(self, timeout: float = POOL_FILL_TIMEOUT) -> float:
        """Wait until every notebook's pre-heated kernel pool has filled once; returns the
        seconds waited. A pool that does not fill (a kernel that fails to start) is an error."""
        wanted = set(notebooks_under(self.root_dir))
        t0 = time.monotonic()
        deadline = t0 + timeout
        while True:
            filled = set(re.findall(r"Kernel pool of (.+?) is filled", self.log_text()))
            missing = wanted - filled
            if not missing:
                return time.monotonic() - t0
            if self.proc is None or self.proc.poll() is not None:
                raise RuntimeError(f"Voilà stopped while pre-heating kernels.\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"pre-heated kernels for {sorted(missing)} were not ready after {timeout:.0f} s.\n{self.log_tail()}"
                )
            time.sleep(0.25)

    def settle(self, timeout: float = 60.0, quiet: int = 3, busy: float = 0.05) -> bool:
        """Wait until the server and its kernels go quiet: ``quiet`` seconds in a row, each
        with under ``busy`` CPU-seconds used. A pool counts as filled as soon as its kernel
        has started, but the kernel then still runs the lesson. False if still busy at
        ``timeout``."""
        if self.proc is None:
            return False
        deadline = time.monotonic() + timeout
        calm = 0
        while time.monotonic() < deadline:
            before = cpu_seconds(process_tree(self.proc.pid))
            time.sleep(1.0)
            calm = calm + 1 if cpu_seconds(process_tree(self.proc.pid)) - before < busy else 0
            if calm >= quiet:
                return True
        return False

    def preheated_uses(self, notebook: str) -> int:
        """How many page loads of ``notebook`` got a pre-heated kernel so far."""
        return len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}$", self.log_text(), re.M))

    def wait_for_pool(self, notebook: str, timeout: float = POOL_FILL_TIMEOUT, settle: bool = True) -> None:
        """Wait until ``notebook`` has a pre-heated kernel waiting (every fill of its pool is
        logged once, every use once) and, with ``settle``, until that kernel has run the
        lesson as far as it can, as it has when a learner arrives some seconds later."""
        fills = rf"Kernel pool of {re.escape(notebook)} is filled"

        def ready() -> bool:
            return len(re.findall(fills, self.log_text())) > self.preheated_uses(notebook)

        if not wait_until(ready, timeout):
            raise RuntimeError(f"no pre-heated kernel for {notebook} after {timeout:.0f} s.\n{self.log_tail()}")
        if settle:
            self.settle()

    def stop(self, grace: float = 15.0) -> None:
        """Stop Voilà (it shuts its kernels down), then make sure no process of it is left."""
        if self.proc is None:
            return
        tree = [(p, _cmdline(p)) for p in process_tree(self.proc.pid)]
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        for pid, cmd in tree:
            # only what this server started, and only if the pid was not reused meanwhile
            while _cmdline(pid) == cmd and cmd and time.monotonic() < deadline:
                time.sleep(0.1)
            if _cmdline(pid) == cmd and cmd:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self._log_file:
            self._log_file.close()
            self._log_file = None
        self.proc = None

    def __enter__(self) -> "VoilaServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- what it is doing
    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        tail = self.log_text().splitlines()[-lines:]
        return f"--- last lines of {self.log_path} ---\n" + "\n".join(tail)

    def status(self) -> dict:
        """The server's own view (``/cardkit/api/status``, loopback only): counts of kernels,
        owners and ready pools (never a kernel id)."""
        with urllib.request.urlopen(self.url("cardkit/api/status"), timeout=10) as resp:
            return json.load(resp)

    def kernel_pids(self) -> dict[str, int]:
        """Kernel id -> process id of this server's kernels (from their connection files)."""
        found = {}
        if self.proc is None:
            return found
        for pid in process_tree(self.proc.pid):
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", _cmdline(pid))
            if m:
                found[m.group(1)] = pid
        return found

    def kernel_exists(self, kernel_id: str) -> bool:
        """Whether the server still runs the kernel ``kernel_id``."""
        if isinstance(self, SingleUserServer):
            try:
                with urllib.request.urlopen(self.url(f"api/kernels/{kernel_id}"), timeout=5) as resp:
                    return resp.status == 200 and json.load(resp).get("id") == kernel_id
            except urllib.error.HTTPError as err:
                if err.code == 404:
                    return False
                raise
        with urllib.request.urlopen(self.url(f"cardkit/api/status?kernel={kernel_id}"), timeout=10) as resp:
            return bool(json.load(resp)["running"])

    def memory(self) -> Memory:
        """RSS (and PSS, which splits shared pages fairly) of the server and its kernels."""
        if self.proc is None:
            raise RuntimeError("the server is not running")
        pids = process_tree(self.proc.pid)
        kernels = [p for p in pids if p != self.proc.pid and "ipykernel" in _cmdline(p)]
        mib = 1 / 1024
        return Memory(
            server_rss=_status_kb(self.proc.pid, "VmRSS") * mib,
            kernels_rss=[_status_kb(p, "VmRSS") * mib for p in kernels],
            total_rss=sum(_status_kb(p, "VmRSS") for p in pids) * mib,
            total_pss=sum(_pss_kb(p) for p in pids) * mib,
        )


class SingleUserServer(VoilaServer):
    """A learner's Jupyter server as ``deploy/jupyterhub_config.py`` has JupyterHub start
    it (Voilà as a server extension), but on loopback and with no hub: the spawner's
    environment, folder and default URL are read from that file."""

    ready_path = "/api"

    def __init__(self, hub_config: dict, **kwargs) -> None:
        super().__init__(Path(hub_config["notebook_dir"]), **kwargs)
        self.hub = hub_config
        self.log_path = ARTIFACTS / f"singleuser-{self.port}.log"

    def command(self) -> list[str]:
        return [
            self.python, "-m", "jupyter_server",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            "--ServerApp.open_browser=False", "--ServerApp.allow_root=True", "--IdentityProvider.token=",
            f"--ServerApp.root_dir={self.hub['notebook_dir']}",
            f"--ServerApp.default_url={self.hub['default_url']}",
            *self.extra_args,
        ]

    def environment(self) -> dict:
        env = dict(os.environ)
        env.pop("QUERY_STRING", None)
        env.update(self.hub["environment"])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        return env


def read_hub_config(cardkit_dir: Path = ROOT) -> dict:
    """The spawner settings of deploy/jupyterhub_config.py, with the project at ``cardkit_dir``."""
    from traitlets.config import Config

    config = Config()
    old = os.environ.get("CARDKIT_DIR")
    os.environ["CARDKIT_DIR"] = str(cardkit_dir)
    try:
        code = (ROOT / "deploy" / "jupyterhub_config.py").read_text()
        exec(compile(code, "jupyterhub_config.py", "exec"), {"get_config": lambda: config, "__name__": "hubconfig"})
    finally:
        if old is None:
            os.environ.pop("CARDKIT_DIR", None)
        else:
            os.environ["CARDKIT_DIR"] = old
    spawner = config.Spawner
    return {
        "notebook_dir": spawner.notebook_dir,
        "default_url": spawner.default_url,
        "environment": dict(spawner.environment),
        "config": config,
    }


# --------------------------------------------------------------------------- browser


def launch_chromium(playwright, timeout_ms: float = 60_000):
    """Debian's Chromium through Playwright, headless; a clear error when it is missing."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"Chromium is not installed at {CHROMIUM}. `make test` installs it from Debian's "
            "packages (apt-get install chromium); never use `playwright install`."
        )
    return playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=timeout_ms
    )


class PageWatch:
    """Everything a browser context asks for and complains about.

    Off-machine requests are recorded and then refused, so a page can never depend on
    the internet; console errors and uncaught page errors are kept for the tests.
    """

    def __init__(self, context) -> None:
        self.requests: list[str] = []
        self.websockets: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.failed: list[str] = []
        context.route("**/*", self._route)
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("requestfailed", self._on_failed)
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)

    def watch_page(self, page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda err: self.page_errors.append(str(err)))
        page.on("websocket", lambda ws: self.websockets.append(ws.url))

    def _route(self, route) -> None:
        if is_local_url(route.request.url):
            route.continue_()
        else:
            route.abort("blockedbyclient")

    def _on_failed(self, request) -> None:
        failure = request.failure or ""
        # a page closing or navigating away cancels its pending requests: not a fault
        if "ERR_ABORTED" not in failure:
            self.failed.append(f"{request.url} ({failure})")

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            where = f" [{loc.get('url', '')}:{loc.get('lineNumber', '')}]" if loc.get("url") else ""
            self.console_errors.append(msg.text + where)

    def offsite(self) -> list[str]:
        """Every request (http and websocket) that was meant to leave the machine."""
        return [u for u in self.requests + self.websockets if not is_local_url(u)]


#: Runs in the page: what a learner sees of the notebook, for the checks below.
PAGE_STATE_JS = """
() => {
  const outputs = Array.from(document.querySelectorAll('.jp-OutputArea-output'));
  const widgetViews = outputs.filter(o => !o.hasAttribute('data-mime-type')
      && o.firstElementChild && o.firstElementChild.classList.contains('lm-Widget'));
  const errorOutputs = outputs.filter(o =>
      (o.getAttribute('data-mime-type') || '').includes('stderr'));
  return {
    loading: !!document.querySelector('#loading'),
    cellsShown: (() => { const c = document.querySelector('#rendered_cells');
                         return !!c && getComputedStyle(c).display !== 'none'; })(),
    codeInputs: document.querySelectorAll('.jp-CodeCell .jp-InputArea').length,
    widgetRoots: document.querySelectorAll('.jupyter-widgets').length,
    widgetViews: widgetViews.length,
    outputsText: outputs.map(o => o.innerText).join('\\n'),
    errorOutputs: errorOutputs.map(o => o.innerText),
    kernelId: (() => { const c = document.querySelector('#jupyter-config-data');
                       try { return JSON.parse(c.textContent).kernelId || null; }
                       catch (e) { return null; } })(),
  };
}
"""

#: Text in a cell's output that means Python failed (Voilà's own error notice included).
ERROR_TEXT = re.compile(
    r"Traceback \(most recent call last\)|There was an error when executing cell"
    r"|\b[A-Z]\w*(Error|Exception): |\bCell execution timed out\b|Error displaying widget"
)


def expected_widget_views(notebook: Path) -> int:
    """How many widget outputs the stored (executed) notebook shows at its top level."""
    nb = json.loads(notebook.read_text())
    count = 0
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []) or []:
            if "application/vnd.jupyter.widget-view+json" in (out.get("data") or {}):
                count += 1
    return count


def wait_for_page_ready(page, expected_widgets: int, timeout_ms: float) -> dict:
    """Wait until Voilà has run the whole notebook and, when it has widgets, until at
    least ``expected_widgets`` widget views are drawn. Returns the page state."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    page.wait_for_function(
        "() => !document.querySelector('#loading')", timeout=timeout_ms
    )
    if expected_widgets:
        page.wait_for_function(
            f"() => ({PAGE_STATE_JS})().widgetViews >= {int(expected_widgets)}",
            timeout=timeout_ms,
        )
    return page.evaluate(PAGE_STATE_JS)


def wait_until(predicate, timeout: float, interval: float = 0.25) -> bool:
    """Poll ``predicate`` until it is true or ``timeout`` seconds pass; its last answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())


def screenshot_name(notebook: str) -> str:
    """'least_score/01_first.ipynb' -> 'least_score__01_first.png'."""
    return notebook.removesuffix(".ipynb").replace("/", "__") + ".png"
