"""The web app: Voilà, with a class's pools, limits, owners and a plain answer when full.

``make app`` runs ``python -m cardkit.app`` (this module): Voilà's own application with the
project's configuration (``etc/jupyter/voila.json``), plus

* **classroom mode** — ``--class-size=30 --lesson=least_score/05_probability.ipynb
  [--deal=K7Q-29X]``: that lesson gets a pool of 30 pre-heated kernels, filled a few at a
  time before the class arrives and each run to the lesson's end (on the class deal, where
  the lesson has a table); the start page keeps one, the other lessons none. The terminal
  shows a progress bar while the pool fills, then the address to give the students (this
  machine's network address when serving ``--Voila.ip=0.0.0.0``);
* **limits** — a cap on kernels in all (sized to the memory) and per client address; past it
  a page gets a plain "This class is full" page (HTTP 503), never a hang. A kernel whose page
  never connected is freed after a minute;
* **owners** — a kernel answers only the page it was handed to: the page's secret travels in
  an HttpOnly cookie and is checked on the kernel's websocket, its REST address and Voilà's
  shutdown call; the XSRF check is on (the page is given its ``_xsrf`` cookie, so a closing
  tab still shuts its kernel down at once);
* **host names** — only the names this server is reached by are answered (DNS rebinding);
* **no waiting kernels** — a pre-heated kernel has run its lesson for one address (no query,
  or the class deal): a page asking for another deal gets a kernel of its own, started with
  its address. Voilà's "request info" websocket (``/voila/query/…``), through which a
  pre-heated kernel used to wait for its learner, is not served (see :data:`STALL`).
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Optional
from urllib.parse import parse_qsl

import tornado.web
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, List, Unicode, default
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory

from ..cards import deal_code, seed_from_code
from .access import CLASS_FULL, COOKIE_PREFIX, Classroom, default_max_kernels, host_pattern, served_host_names
from .kernels import classroom_pools, current_page

__all__ = ["CardkitVoila", "main", "STALL"]

START_PAGE = "00_start_here.ipynb"

#: The cause of the stall seen with Voilà's pre-heated kernels (kept here, where the cure is).
STALL = (
    "Voilà's RequestInfoSocketHandler.on_close looks up the closing socket in a dict of waiting "
    "kernels and, when it is not there, deletes whatever key the loop ended on: another kernel's "
    "waiter. A socket is closed without ever being opened when a kernel's 5-second connect "
    "timeout runs out during a busy pool fill, so another pre-heated kernel waiting at its deal "
    "cell is dropped from the dict; its learner's request is then only cached, never sent, and "
    "that page waits for ever."
)

_FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:;base64,=">
<meta name="viewport" content="width=device-width, initial-scale=1.0"><title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;line-height:1.5}}</style>
</head><body><main><h1>{title}</h1><p>{text}</p>{more}</main></body></html>
"""


def plain_page(title: str, text: str, more: str = "") -> str:
    """A small HTML page with one message (nothing loaded from anywhere)."""
    import html

    return _FULL_PAGE.format(title=html.escape(title), text=html.escape(text),
                             more=f"<p>{html.escape(more)}</p>" if more else "")


def _params(query: str) -> dict[str, str]:
    return dict(parse_qsl(query or "", keep_blank_values=True))


def _same_deal(a: str, b: str) -> bool:
    try:
        return seed_from_code(a) == seed_from_code(b)
    except ValueError:
        return a.strip().upper() == b.strip().upper()


def reads_address(notebook: Path) -> bool:
    """Whether a lesson reads its page's address (``cardkit.app.urlparams``)."""
    try:
        text = notebook.read_text(encoding="utf-8")
    except OSError:
        return True
    return "urlparams" in text or "QUERY_STRING" in text or "wait_for_request" in text


def preheated_fits(request_query: str, heated_query: str, notebook: Optional[Path]) -> bool:
    """Whether a kernel pre-heated for ``heated_query`` may serve a page asking for
    ``request_query``: yes when the lesson never reads its address; otherwise the two must
    ask for the same things (a missing ``deal`` counts as the heated one's deal)."""
    if notebook is not None and not reads_address(notebook):
        return True
    want, heated = _params(request_query), _params(heated_query)
    if "deal" in heated and "deal" not in want:
        want["deal"] = heated["deal"]
    if want.keys() != heated.keys():
        return False
    return all(_same_deal(v, heated[k]) if k == "deal" else v == heated[k] for k, v in want.items())


class _Refusing:
    """What the handlers share: the classroom state and a plain refusal."""

    @property
    def classroom(self) -> Classroom:
        return self.settings["cardkit_classroom"]

    def page_cookies(self) -> dict[str, str]:
        return {name: morsel.value for name, morsel in self.request.cookies.items()}

    def refuse_stranger(self, kernel_id: str) -> None:
        if not self.classroom.allows(kernel_id, self.page_cookies()):
            self.log.warning("Refused %s %s from %s: not the page that holds kernel %s",
                             self.request.method, self.request.path, self.request.remote_ip, kernel_id)
            raise tornado.web.HTTPError(403, "This kernel belongs to another page.")


class LessonHandler(_Refusing, TornadoVoilaHandler):
    """A lesson page: admission (caps), the page's kernel cookie and XSRF cookie, and the rule
    that a pre-heated kernel serves only pages asking for what it was heated with."""

    def should_use_rendered_notebook(self, notebook_data, pool_size, template_name, theme, request_args):
        if not super().should_use_rendered_notebook(notebook_data, pool_size, template_name, theme, request_args):
            return False
        path = getattr(self, "_cardkit_path", None)
        root = Path(self.settings["cardkit_root"])
        return preheated_fits(self.request.query, self.settings["cardkit_heated_query"],
                              root / path if path else None)

    @tornado.web.authenticated
    async def get(self, path=None):
        self._cardkit_path = path
        notebook = Path(self.settings["cardkit_root"]) / (path or "")
        if not path or not path.endswith(".ipynb") or not notebook.is_file():
            return await super().get(path)
        client = self.request.remote_ip or "?"
        km = self.kernel_manager
        spare = km.get_pool_size(path) if hasattr(km, "get_pool_size") else 0
        if not preheated_fits(self.request.query, self.settings["cardkit_heated_query"], notebook):
            spare = 0
        reason = self.classroom.refusal(client, km.kernel_count(), spare)
        if reason is not None:
            self.log.warning("Class full (%s): refused %s to %s", reason, path, client)
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Cache-Control", "no-store")
            more = ("(Too many lesson pages are open from this device: close some tabs first.)"
                    if reason == "per-client" else "")
            self.finish(plain_page("This class is full", CLASS_FULL, more))
            return
        self.xsrf_token  # sets the _xsrf cookie: a closing tab's shutdown note carries it
        for name in self.classroom.stale_cookies(self.request.cookies):
            self.clear_cookie(name, path="/")
        self.classroom.reserve(client)
        self._cardkit_kernel: Optional[str] = None
        token = current_page.set(self)
        released = False
        try:
            gen = self.get_generator(path=path)
            async for html in gen:
                if not released:
                    released = True
                    self.classroom.release(client)
                    self._set_kernel_cookie()
                self.write(html)
                self.flush()
        finally:
            current_page.reset(token)
            if not released:
                self.classroom.release(client)

    def kernel_handed_out(self, kernel_id: str) -> None:
        """Called (through the kernel manager) when this page gets its kernel."""
        self._cardkit_kernel = kernel_id
        self.classroom.hand_out(kernel_id, self.request.remote_ip or "?")

    def _set_kernel_cookie(self) -> None:
        kid = getattr(self, "_cardkit_kernel", None)
        owner = self.classroom.owners.get(kid) if kid else None
        if owner is not None:
            self.set_cookie(COOKIE_PREFIX + kid, owner.secret, path="/", httponly=True,
                            samesite="Strict", expires_days=1)


class OwnedChannelsHandler(_Refusing, VoilaKernelWebsocketHandler):
    """The kernel's websocket: only for the page holding the kernel."""

    async def pre_get(self):
        self.refuse_stranger(self.kernel_id)
        await super().pre_get()
        self.classroom.connected(self.kernel_id)
        self.settings["cardkit_sockets"].setdefault(self.kernel_id, set()).add(self)

    def on_close(self):
        sockets = self.settings["cardkit_sockets"].get(getattr(self, "kernel_id", None))
        if sockets is not None:
            sockets.discard(self)
        if getattr(self, "connection", None) is not None:
            super().on_close()


class OwnedKernelHandler(_Refusing, KernelHandler):
    """``/api/kernels/<id>``: only for the page holding the kernel."""

    async def prepare(self):
        await super().prepare()
        kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")
        self.refuse_stranger(kernel_id)

    async def delete(self, kernel_id):
        await super().delete(kernel_id)
        self.classroom.forget(kernel_id)


class OwnedShutdownHandler(_Refusing, VoilaShutdownKernelHandler):
    """Voilà's "shut my kernel down" note from a closing tab: only for the page holding it."""

    @tornado.web.authenticated
    async def post(self, kernel_id):
        self.refuse_stranger(kernel_id)
        self.classroom.forget(kernel_id)
        await super().post(kernel_id)


class StatusHandler(tornado.web.RequestHandler):
    """``/cardkit/api/status``, for the teacher's own machine only (loopback clients): the
    kernels running, the pools, the caps. Kernel ids alone open nothing (see the owners)."""

    def get(self):
        import ipaddress
        import json

        try:
            local = ipaddress.ip_address(self.request.remote_ip or "").is_loopback
        except ValueError:
            local = False
        if not local:
            raise tornado.web.HTTPError(403)
        km = self.settings["kernel_manager"]
        room: Classroom = self.settings["cardkit_classroom"]
        pools = {nb: km.get_pool_size(nb) for nb in getattr(km, "_pools", {})}
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({
            "kernels": sorted(km.list_kernel_ids()),
            "starting": km.kernels_starting,
            "owned": {k: {"client": o.client, "connected": o.connected} for k, o in room.owners.items()},
            "pools_ready": pools,
            "max_kernels": room.max_kernels,
            "per_client": room.per_client,
        }))


class WrongHostHandler(tornado.web.RequestHandler):
    """Any request whose Host is not one this server is reached by."""

    def prepare(self):
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(plain_page("Wrong address", "This server does not answer to the address "
                               f"{self.request.host_name!r}. Use the address your teacher gave you."))


def _lan_url(app: "CardkitVoila", path: str) -> list[str]:
    ip = app.ip
    if ip in ("", "0.0.0.0", "::"):
        hosts = [n for n in served_host_names(ip) if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", n)
                 and not n.startswith("127.")] or [os.uname().nodename]
    else:
        hosts = [ip]
    return [f"http://{h}:{app.port}{app.base_url}{path}" for h in hosts]


class CardkitVoila(Voila):
    """Voilà with the classroom's pools, limits, owners and host names (see the module)."""

    name = "voila"  # the configuration file stays voila.json
    description = "python -m cardkit.app [--class-size=30 --lesson=least_score/05_probability.ipynb --deal=K7Q-29X]"

    class_size = Integer(0, config=True, help="Learners in the class: the lesson's pool of pre-heated kernels.")
    lesson = Unicode("", config=True, help="The lesson being taught (relative to the lessons folder).")
    deal = Unicode("", config=True, help="The class deal: every table starts on it unless a link asks for another.")
    lang = Unicode("", config=True, help="The class's language (a shipped one, e.g. vi): the address printed and "
                                         "the kernels' default; a learner's own choice still wins.")
    other_pool_size = Integer(0, config=True, help="In classroom mode, pre-heated kernels for each other lesson.")
    start_pool_size = Integer(1, config=True, help="In classroom mode, pre-heated kernels for the start page.")
    max_kernels = Integer(0, config=True, help="Kernels in all, pools included (0: sized to the memory).")
    max_kernels_per_client = Integer(6, config=True, help="Kernels one client address may hold at once (0: no cap).")
    unclaimed_timeout = Float(60.0, config=True, help="Seconds a kernel may wait for its page to connect.")
    allowed_hosts = List(Unicode(), config=True, help="More Host names to answer to (e.g. a DNS name).")
    show_progress = Bool(True, config=True, help="Show a progress bar while the pools fill.")
    class_refill_delay = Float(45.0, config=True,
                               help="In classroom mode, seconds before a taken kernel's place in the pool is "
                                    "refilled: refills wait until the class has arrived instead of competing with it.")

    aliases = {
        **Voila.aliases,
        "class-size": "CardkitVoila.class_size",
        "lesson": "CardkitVoila.lesson",
        "deal": "CardkitVoila.deal",
        "lang": "CardkitVoila.lang",
        "max-kernels": "CardkitVoila.max_kernels",
        "max-per-client": "CardkitVoila.max_kernels_per_client",
        "ip": "Voila.ip",
    }

    @default("max_kernels")
    def _default_max(self) -> int:
        return default_max_kernels()

    # -- configuration ---------------------------------------------------------------
    def initialize(self, argv=None):
        super().initialize(argv)
        if self.max_kernels <= 0:
            self.max_kernels = default_max_kernels()
        self.heated_query = ""
        if self.deal:
            try:
                code = deal_code(seed_from_code(self.deal))
            except ValueError as err:
                self.log.critical("--deal=%s is not a deal code: %s", self.deal, err)
                self.exit(2)
            self.deal = code
            os.environ["CARDKIT_CLASS_DEAL"] = code  # every kernel's default deal
            self.heated_query = f"deal={code}"
        os.environ["CARDKIT_PAGE_QUERY"] = self.heated_query  # what pre-heated kernels are run for
        os.environ["CARDKIT_SERVED"] = "1"
        self._configure_language()
        if self.class_size:
            self._configure_class()

    def _configure_language(self) -> None:
        from ..i18n import SOURCE_LANGUAGE, normalise_language, shipped_languages

        lang = normalise_language(self.lang) if self.lang else None
        if self.lang and lang not in shipped_languages():
            self.log.warning("--lang=%s is not a language these lessons ship in (%s): serving English.",
                             self.lang, ", ".join(shipped_languages()))
            lang = None
        self.lang = lang or ""
        if self.lang:
            os.environ["CARDKIT_LANG"] = self.lang  # every kernel's default language (cardkit.i18n)
        if self.lang and self.lang != SOURCE_LANGUAGE and self.lesson:
            self.lesson = f"{self.lang}/{self.lesson.strip().lstrip('/')}"  # the class's page of that lesson

    def _configure_class(self) -> None:
        root = Path(self.root_dir)
        lesson = self.lesson.strip().lstrip("/")
        if not lesson:
            self.log.critical("--class-size needs --lesson=<the lesson you teach>, e.g. least_score/05_probability.ipynb")
            self.exit(2)
        if not (root / lesson).is_file():
            self.log.critical("no lesson %s under %s", lesson, root)
            self.exit(2)
        self.lesson = lesson
        pools = {"default": {"pool_size": max(0, self.other_pool_size)},
                 START_PAGE: {"pool_size": max(0, self.start_pool_size)},
                 lesson: {"pool_size": self.class_size}}
        self.config.VoilaKernelManager.kernel_pools_config = pools
        self.config.VoilaKernelManager.fill_delay = self.class_refill_delay
        if self.class_size + self.start_pool_size > self.max_kernels:
            self.log.warning("A class of %d needs more kernels than the cap of %d: raising the cap.",
                             self.class_size, self.max_kernels)
            self.max_kernels = self.class_size + self.start_pool_size + 4

    def init_settings(self):
        # Build Voilà's settings with its plain kernel manager, then put the pre-heating one
        # with the class's pools in its place (no pool is filled twice).
        preheat = self.voila_configuration.preheat_kernel
        self.voila_configuration.preheat_kernel = False
        try:
            settings = super().init_settings()
        finally:
            self.voila_configuration.preheat_kernel = preheat
        plain = self.kernel_manager
        if preheat:
            base = voila_kernel_manager_factory(
                self.voila_configuration.multi_kernel_manager_class, True,
                self.voila_configuration.default_pool_size,
                page_config_hook=self.voila_configuration.page_config_hook)
            cls = classroom_pools(base)
            self.kernel_manager = cls(
                parent=self, connection_dir=self.connection_dir, kernel_spec_manager=self.kernel_spec_manager,
                allowed_message_types=list(plain.allowed_message_types), max_kernels=self.max_kernels)
            settings["kernel_manager"] = self.kernel_manager
        km = self.kernel_manager
        classroom = Classroom(self.max_kernels, self.max_kernels_per_client, self.unclaimed_timeout)
        sockets: dict[str, set] = {}

        def handed_out(kernel_id: str, page: Any) -> None:
            if page is not None and hasattr(page, "kernel_handed_out"):
                page.kernel_handed_out(kernel_id)

        km.on_handed_out = handed_out
        km.on_cull_connected = lambda kid: self._tell_pages(kid, 4000, "idle")
        original_remove = km.remove_kernel

        def remove_kernel(kernel_id: str):
            classroom.forget(kernel_id)
            return original_remove(kernel_id)

        km.remove_kernel = remove_kernel
        self.classroom = classroom
        self.sockets = sockets
        settings.update(cardkit_classroom=classroom, cardkit_sockets=sockets, cardkit_root=self.root_dir,
                        cardkit_heated_query=self.heated_query)
        return settings

    def _tell_pages(self, kernel_id: str, code: int, reason: str) -> None:
        for ws in list(self.sockets.get(kernel_id, ())):
            try:
                ws.close(code, reason)
            except Exception:
                pass

    _REPLACE = {
        TornadoVoilaHandler: LessonHandler,
        VoilaKernelWebsocketHandler: OwnedChannelsHandler,
        KernelHandler: OwnedKernelHandler,
        VoilaShutdownKernelHandler: OwnedShutdownHandler,
    }

    def init_handlers(self):
        out = []
        for spec in super().init_handlers():
            pattern, handler = spec[0], spec[1]
            if handler is RequestInfoSocketHandler:
                continue  # our kernels never wait for their request (see STALL)
            out.append((pattern, self._REPLACE.get(handler, handler), *spec[2:]))
        return out

    def start(self):
        import tempfile

        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s." % self.connection_dir)
        settings = self.init_settings()
        settings.update(self.tornado_settings)
        settings.setdefault("compress_response", True)  # gzip: a lesson page is mostly text
        settings["xsrf_cookies"] = True
        settings.pop("disable_check_xsrf", None)
        self.app = tornado.web.Application(**settings)
        self.host_names = served_host_names(self.ip, self.allowed_hosts)
        handlers = self.init_handlers() + [
            (self.server_url.rstrip("/") + "/cardkit/api/status", StatusHandler),
            (r".*", tornado.web.ErrorHandler, {"status_code": 404}),
        ]
        self.app.add_handlers(host_pattern(self.host_names), handlers)
        self.app.add_handlers(r".*", [(r".*", WrongHostHandler)])
        self.listen()

    def listen(self):
        loop = tornado.ioloop.IOLoop.current()
        loop.add_callback(self._announce)
        self._janitor = PeriodicCallback(self._free_unclaimed, 5000)
        self._janitor.start()
        super().listen()

    # -- running -----------------------------------------------------------------------
    async def _free_unclaimed(self) -> None:
        for kid in self.classroom.unclaimed():
            self.classroom.forget(kid)
            if kid in self.kernel_manager:
                self.log.warning("Freeing kernel %s: its page never connected", kid)
                try:
                    await self.kernel_manager.shutdown_kernel(kid)
                except Exception:
                    self.log.exception("could not shut kernel %s down", kid)

    async def _announce(self) -> None:
        km = self.kernel_manager
        lesson = self.lesson if self.class_size else START_PAGE
        if not self.class_size and self.lang and (Path(self.root_dir) / self.lang / START_PAGE).is_file():
            lesson = f"{self.lang}/{START_PAGE}"  # the class's language
        query = f"?deal={self.deal}" if self.deal else ""
        urls = _lan_url(self, f"voila/render/{lesson}{query}")
        if hasattr(km, "pools_progress") and self.show_progress:
            t0 = time.monotonic()
            tty = sys.stderr.isatty()
            last = -1
            while True:
                ready, wanted = km.pools_progress()
                if ready != last:
                    last = ready
                    width = 30
                    done = int(width * ready / wanted) if wanted else width
                    bar = "#" * done + "-" * (width - done)
                    line = f"Pre-heating lessons [{bar}] {ready}/{wanted} kernels ready ({time.monotonic() - t0:.0f} s)"
                    print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)
                if wanted == 0 or ready >= wanted:
                    break
                await asyncio.sleep(0.5)
            if tty:
                print(file=sys.stderr)
        lines = ["", "=" * 72]
        if self.class_size:
            lines.append(f"Ready for a class of {self.class_size} on {self.lesson}"
                         + (f", deal {self.deal}" if self.deal else "") + ".")
        lines.append("Give your students this address:" if self.ip in ("", "0.0.0.0", "::")
                     else "Open this address:")
        lines += [f"    {u}" for u in urls]
        lines.append(f"(at most {self.max_kernels} kernels in all, {self.max_kernels_per_client or 'any'} per device)")
        lines.append("=" * 72)
        print("\n".join(lines), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    """Run the web app (``python -m cardkit.app --help`` lists the options)."""
    CardkitVoila.launch_instance(argv)
