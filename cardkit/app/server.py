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
from urllib.parse import parse_qsl, quote

import tornado.web
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Float, Integer, List, Unicode, default
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory

from ..cards import deal_code, seed_from_code
from ..i18n import number, say, set_locale
from .access import (BROWSER_COOKIE, CLASS_FULL, COOKIE_PREFIX, Classroom, browser_key, default_max_kernels,
                     host_pattern, new_browser_id, served_host_names)
from .connection import LeanChannelsConnection
from .static import GzipOnceMultiStatic, GzipOnceTemplateStatic
from .kernels import classroom_pools, current_page
from .templates import install as install_template_cache

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


#: The longest lesson path answered (anything longer is no lesson: a plain 404).
MAX_PATH = 512


def canonical_lesson_path(path: str) -> Optional[str]:
    """The one spelling of a page's path under the lessons folder: no leading, trailing or
    doubled slashes, no ``.`` parts. None for what can name no lesson (``..``, a NUL, a
    backslash, a path longer than :data:`MAX_PATH`, nothing at all).

    >>> canonical_lesson_path("least_score//07_play_a_match.ipynb/")
    'least_score/07_play_a_match.ipynb'
    >>> canonical_lesson_path("../etc/passwd") is None
    True
    """
    if not path or len(path) > MAX_PATH or "\0" in path or "\\" in path:
        return None
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


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


#: The catalogue's codes of what a page says when no kernel can be given to it, by reason.
REFUSALS = {"full": "app.full", "per-browser": "app.per_browser", "per-address": "app.per_address"}

#: The notice a lesson page shows when its game stops on the server (the page's script reads
#: these from its config data, ``cardkitWords``): why, by cause, and how to carry on.
NOTE_CODES = ("idle", "gone", "restarted", "server", "back", "kept", "when_back", "reload")


def page_words() -> dict[str, str]:
    """The page notice's sentences in the server's language (see :data:`NOTE_CODES`)."""
    return {name: str(say(f"app.note.{name}")) for name in NOTE_CODES}


def _with_page_words(hook: Optional[Any]) -> Any:
    """A Voilà ``page_config_hook`` adding :func:`page_words` to every page's config data."""

    def add_words(page_config: dict, **kwargs: Any) -> dict:
        if hook is not None:
            page_config = hook(page_config, **kwargs)
        page_config["cardkitWords"] = page_words()
        return page_config

    return add_words


def _titled(code: str, **values: Any) -> tuple[str, str]:
    return str(say(code + ".title")), str(say(code + ".text", **values))


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
            raise tornado.web.HTTPError(403, str(say("app.not_your_kernel")))


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

    def notebook_suffixes(self) -> set[str]:
        """The file endings Voilà runs as a notebook (each needs a kernel)."""
        mapping = getattr(self.voila_configuration, "extension_language_mapping", {}) or {}
        return {".ipynb", *(str(x).lower() for x in mapping)}

    def refuse_page(self, status: int, title: str, text: str, more: str = "") -> None:
        """Answer with a small plain page (no traceback, nothing loaded)."""
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(plain_page(title, text, more))

    @tornado.web.authenticated
    async def get(self, path=None):
        raw = path or ""
        rel = canonical_lesson_path(raw)
        root = Path(self.settings["cardkit_root"])
        if rel is None:
            return self.refuse_page(404, *_titled("app.no_lesson"))
        if rel != raw:  # one address per lesson: every other spelling goes there first
            target = self.base_url.rstrip("/") + "/voila/render/" + quote(rel)
            if self.request.query:
                target += "?" + self.request.query
            return self.redirect(target)
        notebook = root / rel
        try:
            is_file = notebook.is_file()
        except (OSError, ValueError):
            is_file = False
        if not is_file:
            return self.refuse_page(404, *_titled("app.no_lesson"))
        if notebook.suffix.lower() not in self.notebook_suffixes():
            return await super().get(rel)  # a plain file: Voilà sends the browser to it, no kernel
        self._cardkit_path = rel
        client = self.request.remote_ip or "?"
        cookie = self.get_cookie(BROWSER_COOKIE)
        browser = browser_key(cookie, client)
        if browser.startswith("a:"):  # a browser seen for the first time: its id for next time
            self.set_cookie(BROWSER_COOKIE, new_browser_id(), path="/", httponly=True, samesite="Lax",
                            expires_days=30)
        km = self.kernel_manager
        spare = km.get_pool_size(rel) if hasattr(km, "get_pool_size") else 0
        if not preheated_fits(self.request.query, self.settings["cardkit_heated_query"], notebook):
            spare = 0
        found = self.classroom.assess(client, km.kernel_count(), spare, browser)
        if found is not None and found.reclaim:
            # kernels whose page has gone (a tab closed without goodbye): freed first
            await self.settings["cardkit_reclaim"](found.reclaim)
            spare = min(spare, km.get_pool_size(rel)) if hasattr(km, "get_pool_size") else 0
            found = self.classroom.assess(client, km.kernel_count(), spare, browser)
        if found is not None:
            self.log.warning("Refused %s to %s: %s", rel, client, found.reason)
            if found.reason == "per-browser" and browser.startswith("a:"):
                found.reason = "per-address"  # a client keeping no cookies: its device is all we know
            self.set_header("Retry-After", "60")
            return self.refuse_page(503, *_titled(REFUSALS[found.reason]))
        self.xsrf_token  # sets the _xsrf cookie: a closing tab's shutdown note carries it
        for name in self.classroom.stale_cookies(self.request.cookies):
            self.clear_cookie(name, path="/")
        self._cardkit_browser = browser
        self._cardkit_reservation = self.classroom.reserve(client, browser)
        self._cardkit_kernel: Optional[str] = None
        token = current_page.set(self)
        cookie_set = False
        try:
            gen = self.get_generator(path=rel)
            async for html in gen:
                if not cookie_set:
                    cookie_set = True
                    self._set_kernel_cookie()
                self.write(html)
                self.flush()
        finally:
            current_page.reset(token)
            self.classroom.release(self._cardkit_reservation)
            if self._cardkit_kernel is not None:
                self.classroom.served(self._cardkit_kernel)

    def kernel_starting(self) -> None:
        """Called (through the kernel manager) when a kernel starts for this page: from now on
        the kernel manager counts it, so the page's reservation no longer does (in all)."""
        reservation = getattr(self, "_cardkit_reservation", None)
        if reservation is not None:
            reservation.starting = True

    def kernel_handed_out(self, kernel_id: str) -> None:
        """Called (through the kernel manager) when this page gets its kernel."""
        self._cardkit_kernel = kernel_id
        self.classroom.hand_out(kernel_id, self.request.remote_ip or "?", browser=getattr(self, "_cardkit_browser", None),
                                reservation=getattr(self, "_cardkit_reservation", None))
        watch = self.settings.get("cardkit_watch_restarts")
        if watch is not None:
            watch(kernel_id)

    def _set_kernel_cookie(self) -> None:
        kid = getattr(self, "_cardkit_kernel", None)
        owner = self.classroom.owners.get(kid) if kid else None
        if owner is not None:
            self.set_cookie(COOKIE_PREFIX + kid, owner.secret, path="/", httponly=True,
                            samesite="Strict", expires_days=1)


class OwnedChannelsHandler(_Refusing, VoilaKernelWebsocketHandler):
    """The kernel's websocket: only for the page holding the kernel. A refusal is one log
    line and a plain 403, before anything of jupyter_server's runs."""

    async def get(self, kernel_id, *args, **kwargs):
        if not self.classroom.allows(kernel_id, self.page_cookies()):
            self.log.warning("Refused the websocket of kernel %s to %s: not its page", kernel_id,
                             self.request.remote_ip)
            self.set_status(403)
            self.finish()
            return
        return await super().get(kernel_id, *args, **kwargs)

    async def open(self, kernel_id, *args, **kwargs):
        self.classroom.connected(kernel_id)
        self._cardkit_counted = True
        self.settings["cardkit_sockets"].setdefault(kernel_id, set()).add(self)
        owner = self.classroom.owners.get(kernel_id)
        if owner is not None and owner.browser.startswith("a:"):
            # the page's first visit had no browser cookie yet: count it with its browser now
            key = browser_key(self.get_cookie(BROWSER_COOKIE), owner.client)
            if key.startswith("b:"):
                owner.browser = key
        result = await super().open(kernel_id, *args, **kwargs)
        rewatch = self.settings.get("cardkit_rewatch")
        if rewatch is not None:
            rewatch(kernel_id)  # after the connection's own restart callback
        return result

    def on_close(self):
        kernel_id = getattr(self, "kernel_id", None)
        sockets = self.settings["cardkit_sockets"].get(kernel_id)
        if sockets is not None:
            sockets.discard(self)
        if getattr(self, "_cardkit_counted", False):
            self._cardkit_counted = False
            self.classroom.disconnected(kernel_id)
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
        closing = self.settings.setdefault("cardkit_closing", set())
        if kernel_id in closing or (kernel_id not in self.classroom.owners and kernel_id not in self.kernel_manager):
            # being shut down, or already (the page's own goodbye and Voilà's both arrive): nothing to do
            self.set_status(204)
            return self.finish()
        self.refuse_stranger(kernel_id)
        closing.add(kernel_id)
        try:
            self.classroom.forget(kernel_id)
            await super().post(kernel_id)
        finally:
            closing.discard(kernel_id)


class StatusHandler(tornado.web.RequestHandler):
    """``/cardkit/api/status``, for the teacher's own machine only (loopback clients): how
    many kernels run, how many pages hold one, the pools, the caps — counts only, never a
    kernel id (any program on the machine may ask). ``?kernel=<id>`` answers whether that
    one kernel still runs (whoever asks must know its id already)."""

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
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        asked = self.get_query_argument("kernel", None)
        if asked is not None:
            self.finish(json.dumps({"kernel": asked[:64], "running": asked in km}))
            return
        pools = {nb: km.get_pool_size(nb) for nb in getattr(km, "_pools", {})}
        self.finish(json.dumps({
            "kernels": len(km.list_kernel_ids()),
            "starting": km.kernels_starting,
            **room.summary(),
            "pools_ready": pools,
            "max_kernels": room.max_kernels,
            "per_client": room.per_client,
            "per_address": room.address_cap,
        }))


class WrongHostHandler(tornado.web.RequestHandler):
    """Any request whose Host is not one this server is reached by."""

    def prepare(self):
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(plain_page(*_titled("app.wrong_host", host=repr(self.request.host_name[:100]))))


#: The longest request address written to the server's log (a stranger's 8,000-character
#: address is cut: the teacher's terminal stays readable).
LOG_URI_CHARS = 160


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's one line per request, with the address cut to :data:`LOG_URI_CHARS`."""
    import logging

    status = handler.get_status()
    log = logging.getLogger("tornado.access")
    level = log.info if status < 400 else log.warning if status < 500 else log.error
    uri = handler.request.uri or ""
    if len(uri) > LOG_URI_CHARS:
        uri = uri[:LOG_URI_CHARS] + f"… ({len(uri)} characters)"
    level("%d %s %s (%s) %.2fms", status, handler.request.method, uri, handler.request.remote_ip,
          1000.0 * handler.request.request_time())


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
    max_kernels_per_client = Integer(6, config=True, help="Live lesson pages one browser may hold at once (0: no cap).")
    max_kernels_per_address = Integer(0, config=True,
                                      help="Kernels one client address may hold at once, whatever its cookies "
                                           "(0: four times the per-browser cap).")
    unclaimed_timeout = Float(60.0, config=True, help="Seconds a kernel may wait for its page to connect.")
    disconnected_timeout = Float(60.0, config=True,
                                 help="Seconds a kernel outlives its page's last websocket (a tab closed without "
                                      "goodbye); a reload within that time finds the match in the browser anyway.")
    allowed_hosts = List(Unicode(), config=True, help="More Host names to answer to (e.g. a DNS name).")
    show_progress = Bool(True, config=True, help="Show a progress bar while the pools fill.")
    class_refill_delay = Float(45.0, config=True,
                               help="In classroom mode, seconds before a taken kernel's place in the pool is "
                                    "refilled: refills wait until the class has arrived instead of competing with it.")

    static_gzip_cache = Bool(True, config=True,
                             help="Gzip Voilà's static files once per server (static.py) instead of once per page.")

    aliases = {
        **Voila.aliases,
        "class-size": "CardkitVoila.class_size",
        "lesson": "CardkitVoila.lesson",
        "deal": "CardkitVoila.deal",
        "lang": "CardkitVoila.lang",
        "max-kernels": "CardkitVoila.max_kernels",
        "max-per-client": "CardkitVoila.max_kernels_per_client",
        "max-per-address": "CardkitVoila.max_kernels_per_address",
        "ip": "Voila.ip",
    }

    @default("max_kernels")
    def _default_max(self) -> int:
        return default_max_kernels()

    @default("kernel_websocket_connection_class")
    def _default_connection(self) -> type:
        return LeanChannelsConnection  # each kernel message's header read once (connection.py)

    # -- configuration ---------------------------------------------------------------
    def initialize(self, argv=None):
        super().initialize(argv)
        install_template_cache()  # templates compiled once per server (templates.py)
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
        self.voila_configuration.page_config_hook = _with_page_words(self.voila_configuration.page_config_hook)
        if self.class_size:
            self._configure_class()
        else:
            self._configure_pools()

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
            set_locale(self.lang)  # the server's own pages and notices, in the class's language
        if self.lang and self.lang != SOURCE_LANGUAGE and self.lesson:
            self.lesson = f"{self.lang}/{self.lesson.strip().lstrip('/')}"  # the class's page of that lesson

    def _configure_pools(self) -> None:
        """Out of classroom mode: a pre-heated kernel for each page of the served language only
        (English, or ``--lang``), not for every page of every language (80 kernels at start for
        16 lessons in five languages); a page in another language starts its kernel when asked."""
        root = Path(self.root_dir)
        size = max(0, self.voila_configuration.default_pool_size)
        from ..i18n import LANGUAGE_NAMES, PSEUDO, SOURCE_LANGUAGE

        others = {code for code in (*LANGUAGE_NAMES, PSEUDO) if code != self.lang}
        prefix = "" if self.lang in ("", SOURCE_LANGUAGE) else f"{self.lang}/"
        pools: dict[str, dict] = {"default": {"pool_size": 0}}
        for path in sorted((root / prefix).rglob("*.ipynb") if (root / prefix).is_dir() else []):
            rel = path.relative_to(root).as_posix()
            if ".ipynb_checkpoints" in path.parts or (not prefix and rel.split("/", 1)[0] in others):
                continue
            pools[rel] = {"pool_size": size}
        self.config.VoilaKernelManager.kernel_pools_config = pools

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
        classroom = Classroom(self.max_kernels, self.max_kernels_per_client, self.unclaimed_timeout,
                              per_address=self.max_kernels_per_address,
                              disconnected_timeout=self.disconnected_timeout)
        sockets: dict[str, set] = {}

        def handed_out(kernel_id: str, page: Any) -> None:
            if page is not None and hasattr(page, "kernel_handed_out"):
                page.kernel_handed_out(kernel_id)

        km.on_handed_out = handed_out
        km.on_cull_connected = lambda kid: self._tell_pages(kid, 4000, "idle")
        original_remove = km.remove_kernel

        def remove_kernel(kernel_id: str):
            classroom.forget(kernel_id)
            self._restart_callbacks.pop(kernel_id, None)
            return original_remove(kernel_id)

        km.remove_kernel = remove_kernel
        self.classroom = classroom
        self.sockets = sockets
        self._restart_callbacks: dict[str, tuple] = {}
        settings.update(cardkit_classroom=classroom, cardkit_sockets=sockets, cardkit_root=self.root_dir,
                        cardkit_heated_query=self.heated_query, cardkit_reclaim=self._free,
                        cardkit_watch_restarts=self._watch_restarts, cardkit_rewatch=self._rewatch)
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

    _STATIC = {
        TemplateStaticFileHandler: GzipOnceTemplateStatic,
        MultiStaticFileHandler: GzipOnceMultiStatic,
    }

    def init_handlers(self):
        out = []
        replace = {**self._REPLACE, **(self._STATIC if self.static_gzip_cache else {})}
        for spec in super().init_handlers():
            pattern, handler = spec[0], spec[1]
            if handler is RequestInfoSocketHandler:
                continue  # our kernels never wait for their request (see STALL)
            out.append((pattern, replace.get(handler, handler), *spec[2:]))
        return out

    def start(self):
        import tempfile

        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s." % self.connection_dir)
        settings = self.init_settings()
        settings.update(self.tornado_settings)
        settings.setdefault("compress_response", True)  # gzip: a lesson page is mostly text
        settings["xsrf_cookies"] = True
        settings["log_function"] = log_request
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
    async def _free(self, kernel_ids: list, why: str = "reclaimed") -> None:
        """Shut these kernels down and forget their owners (one log line each, no traceback)."""
        for kid in kernel_ids:
            self.classroom.forget(kid)
            if kid in self.kernel_manager:
                self.log.warning("Freeing kernel %s (%s)", kid, why)
                try:
                    await self.kernel_manager.shutdown_kernel(kid)
                except Exception as err:
                    self.log.warning("could not shut kernel %s down: %s: %s", kid, type(err).__name__, err)

    async def _free_unclaimed(self) -> None:
        await self._free(self.classroom.unclaimed(), "never-connected")
        await self._free(self.classroom.abandoned(), "page-gone")

    def _watch_restarts(self, kernel_id: str) -> None:
        """A page's kernel that dies is restarted by Jupyter, empty: its page could only look
        alive and answer nothing. Close the page's websocket instead (the page says so in
        words, and a reload resumes the match kept in the browser), and free the kernel."""
        km = self.kernel_manager

        loop = tornado.ioloop.IOLoop.current()

        async def free_when_settled(tries: int = 5) -> None:
            # a kernel cannot be shut down while its restart is under way: try again a little later
            if kernel_id not in self.kernel_manager:
                return
            try:
                await self.kernel_manager.shutdown_kernel(kernel_id)
                self.log.warning("Freed kernel %s (restarted-empty)", kernel_id)
            except Exception as err:
                if tries > 1:
                    loop.call_later(2.0, lambda: loop.add_callback(free_when_settled, tries - 1))
                else:
                    self.log.warning("could not shut kernel %s down: %s", kernel_id, type(err).__name__)

        def restarted() -> None:
            if kernel_id not in self.classroom.owners:
                return
            self.log.warning("Kernel %s of a page stopped and was restarted empty: telling its page", kernel_id)
            self._tell_pages(kernel_id, 4001, "restarted")
            self.classroom.forget(kernel_id)
            loop.call_later(2.0, lambda: loop.add_callback(free_when_settled))

        def dead() -> None:
            self._tell_pages(kernel_id, 4001, "restarted")

        self._restart_callbacks[kernel_id] = (restarted, dead)
        self._rewatch(kernel_id)

    def _rewatch(self, kernel_id: str) -> None:
        """(Re)register a kernel's restart callbacks last: jupyter_server's own (added when a
        websocket connects) then write to the page's socket before ours closes it."""
        callbacks = self._restart_callbacks.get(kernel_id)
        if callbacks is None or kernel_id not in self.kernel_manager:
            return
        km = self.kernel_manager
        for callback, event in zip(callbacks, ("restart", "dead")):
            try:
                km.remove_restart_callback(kernel_id, callback, event)
            except Exception:
                pass
            try:
                km.add_restart_callback(kernel_id, callback, event)
            except Exception as err:  # no restarter: nothing to watch
                self.log.info("cannot watch kernel %s for restarts: %s", kernel_id, type(err).__name__)
                return

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
                    line = str(say("app.console.preheating", bar=bar, ready=ready, wanted=wanted,
                                       seconds=number(time.monotonic() - t0, 0)))
                    print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)
                if wanted == 0 or ready >= wanted:
                    break
                await asyncio.sleep(0.5)
            if tty:
                print(file=sys.stderr)
        lines = ["", "=" * 72]
        if self.class_size:
            lines.append(str(say("app.console.ready_deal", n=self.class_size, lesson=self.lesson, deal=self.deal)
                             if self.deal else say("app.console.ready", n=self.class_size, lesson=self.lesson)))
        lines.append(str(say("app.console.give_address") if self.ip in ("", "0.0.0.0", "::")
                         else say("app.console.open_address")))
        lines += [f"    {u}" for u in urls]
        lines.append(str(say("app.console.limits", total=self.max_kernels, per_device=self.max_kernels_per_client)
                         if self.max_kernels_per_client else say("app.console.limits_any", total=self.max_kernels)))
        lines.append("=" * 72)
        print("\n".join(lines), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    """Run the web app (``python -m cardkit.app --help`` lists the options)."""
    CardkitVoila.launch_instance(argv)
