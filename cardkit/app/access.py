"""Who may use which kernel, how many kernels there may be, and which addresses are served.

This runs in the server (``python -m cardkit.app``), never in a lesson.

* :class:`Classroom` keeps, for every kernel handed to a page, the page's secret (sent to the
  browser as an HttpOnly cookie named ``cardkit-kernel-<kernel id>``), the client address and
  when it was handed out; it answers whether a request may use a kernel, whether a new page
  may have one (a cap in all and a cap per client address), and which handed-out kernels were
  never connected to.
* :func:`default_max_kernels` sizes the cap to the machine's memory.
* :func:`served_host_names` lists the names and addresses a server bound to an IP answers to
  (anything else is refused: a guard against DNS rebinding).

Nothing here imports the server itself, so it is tested on its own.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import re
import secrets
import socket
import subprocess
import time
from dataclasses import dataclass, field
from typing import Iterable, Optional

from ..i18n import say

__all__ = [
    "BROWSER_COOKIE",
    "CLASS_FULL",
    "COOKIE_PREFIX",
    "Classroom",
    "Owner",
    "browser_key",
    "new_browser_id",
    "default_max_kernels",
    "host_pattern",
    "local_addresses",
    "served_host_names",
]

#: What a learner reads when no kernel can be given to their page (in English; the page says it
#: in the server's language, from the catalogue's ``app.full.text``).
CLASS_FULL = str(say("app.full.text"))

#: Every kernel's owner cookie is called ``cardkit-kernel-<kernel id>``.
COOKIE_PREFIX = "cardkit-kernel-"

#: Memory a lesson kernel takes, in MiB, when sizing the cap (measured: 100-160 MiB RSS).
KERNEL_MIB = 160
#: Memory kept for the system, the server and the browsers of a teacher's laptop, in MiB.
RESERVED_MIB = 2048


def default_max_kernels(meminfo: str | None = None) -> int:
    """How many kernels fit in this machine's memory: (total − 2 GiB) × 0.8 / 160 MiB,
    between 4 and 400. ``meminfo`` is the text of /proc/meminfo (read when not given)."""
    if meminfo is None:
        try:
            with open("/proc/meminfo", encoding="ascii") as f:
                meminfo = f.read()
        except OSError:
            return 40
    match = re.search(r"^MemTotal:\s+(\d+) kB", meminfo, re.M)
    if not match:
        return 40
    total_mib = int(match.group(1)) / 1024
    return max(4, min(400, int((total_mib - RESERVED_MIB) * 0.8 / KERNEL_MIB)))


#: The cookie naming a browser (a random id, HttpOnly): the per-browser cap counts its live pages.
BROWSER_COOKIE = "cardkit-browser"

_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def browser_key(cookie_value: Optional[str], client: str) -> str:
    """What the per-browser cap counts under: the browser's cookie when it carries a
    well-formed id, otherwise the client address (a client that keeps no cookies is one
    browser per address)."""
    if cookie_value and _BROWSER_ID.fullmatch(cookie_value):
        return "b:" + cookie_value
    return "a:" + client


def new_browser_id() -> str:
    """A fresh browser id for the :data:`BROWSER_COOKIE` cookie."""
    return secrets.token_urlsafe(18)


@dataclass
class Owner:
    """The page a kernel was handed to.

    ``sockets`` counts the page's open kernel websockets; ``disconnected_at`` is when the
    last one closed (None while one is open, or before the page ever connected)."""

    secret: str
    client: str
    handed_at: float
    connected: bool = False
    browser: str = ""
    sockets: int = 0
    disconnected_at: Optional[float] = None
    served_at: Optional[float] = None  # when its page had been sent (None: still being sent)

    def gone(self) -> bool:
        """The page connected once and has no websocket now (a closed or discarded tab)."""
        return self.connected and self.sockets <= 0


@dataclass
class Reservation:
    """A page being served: it counts against the caps until its kernel is handed out
    (then the kernel's owner counts instead: a page is never counted twice)."""

    client: str
    browser: str
    has_kernel: bool = False
    starting: bool = False  # a kernel is being started for it (the kernel manager counts that one)


@dataclass
class Refusal:
    """Why a page cannot have a kernel now: ``reason`` is ``"per-browser"``,
    ``"per-address"`` or ``"full"``; ``reclaim`` lists disconnected kernels whose freeing
    would make room (the server frees them and asks again)."""

    reason: str
    reclaim: list = field(default_factory=list)


@dataclass
class Classroom:
    """Kernel owners and limits (see the module's docstring).

    ``max_kernels`` caps the kernels in all (pre-heated ones included); ``per_client`` caps
    the *live* lesson pages of one browser (its :data:`BROWSER_COOKIE`; a client without the
    cookie counts per address); ``per_address`` caps the kernels one client address may hold
    (0: four times ``per_client``), whatever cookies it sends. Kernels whose page has gone
    (its websocket closed) count until they are freed, but a full cap frees them first.
    ``unclaimed_timeout`` is how long a handed-out kernel may wait for its page to connect;
    ``disconnected_timeout`` how long a kernel outlives its page's last websocket.
    """

    max_kernels: int
    per_client: int
    unclaimed_timeout: float = 60.0
    per_address: int = 0
    disconnected_timeout: float = 60.0
    owners: dict[str, Owner] = field(default_factory=dict)
    pending: list = field(default_factory=list)

    @property
    def address_cap(self) -> int:
        """Kernels one address may hold (0: no cap)."""
        if self.per_address > 0:
            return self.per_address
        return 4 * self.per_client if self.per_client > 0 else 0

    # -- admission
    def _waiting(self) -> list:
        return [r for r in self.pending if not r.has_kernel]

    def held_by(self, client: str) -> int:
        """Kernels the client address holds now, pages being served included."""
        return (sum(o.client == client for o in self.owners.values())
                + sum(r.client == client for r in self._waiting()))

    def live_pages(self, browser: str) -> int:
        """The browser's live lesson pages: connected, not yet connected, or being served."""
        return (sum(o.browser == browser and not o.gone() for o in self.owners.values())
                + sum(r.browser == browser for r in self._waiting()))

    def starting(self) -> int:
        """Pages being served that have no kernel yet, nor one being started (each will need one)."""
        return sum(not r.starting for r in self._waiting())

    def _gone_of(self, keep) -> list:
        found = [(o.disconnected_at or 0.0, k) for k, o in self.owners.items() if o.gone() and keep(o)]
        return [k for _t, k in sorted(found)]

    def refusal(self, client: str, kernels_now: int, spare: int, browser: Optional[str] = None) -> Optional[str]:
        """Why a new page from ``client`` (``browser``: its :func:`browser_key`) cannot have a
        kernel (None: it can): ``"per-browser"``, ``"per-address"`` or ``"full"``.
        ``kernels_now`` counts every kernel (running or starting); ``spare`` is how many
        pre-heated kernels of that lesson are ready (taking one adds no kernel)."""
        found = self.assess(client, kernels_now, spare, browser)
        return None if found is None else found.reason

    def assess(self, client: str, kernels_now: int, spare: int, browser: Optional[str] = None) -> Optional[Refusal]:
        """Like :meth:`refusal`, with the disconnected kernels whose freeing makes room."""
        browser = browser or ("a:" + client)
        if self.per_client > 0 and self.live_pages(browser) >= self.per_client:
            return Refusal("per-browser")
        cap = self.address_cap
        if cap > 0 and self.held_by(client) >= cap:
            gone = self._gone_of(lambda o: o.client == client)
            return Refusal("per-address", gone[: self.held_by(client) - cap + 1])
        if self.max_kernels > 0 and spare <= 0:
            over = kernels_now + self.starting() - self.max_kernels + 1
            if over > 0:
                mine = self._gone_of(lambda o: o.browser == browser or o.client == client)
                others = [k for k in self._gone_of(lambda o: True) if k not in mine]
                return Refusal("full", (mine + others)[:over])
        return None

    def reserve(self, client: str, browser: Optional[str] = None) -> Reservation:
        """A page from ``client`` is being served (until :meth:`release`)."""
        r = Reservation(client, browser or ("a:" + client))
        self.pending.append(r)
        return r

    def release(self, reservation) -> None:
        """The page has been served (or failed): it no longer counts as being served.
        (Given a client address instead of a reservation: that client's oldest one.)"""
        if not isinstance(reservation, Reservation):
            reservation = next((r for r in self.pending if r.client == reservation), None)
        if reservation is not None and reservation in self.pending:
            self.pending.remove(reservation)

    # -- owners
    def hand_out(self, kernel_id: str, client: str, now: float | None = None, browser: Optional[str] = None,
                 reservation: Optional[Reservation] = None) -> Owner:
        """Record that ``kernel_id`` went to a page from ``client``; returns its owner, whose
        secret the page's cookie carries. The page's ``reservation`` stops counting."""
        owner = Owner(secrets.token_urlsafe(24), client, time.monotonic() if now is None else now,
                      browser=browser or ("a:" + client))
        self.owners[kernel_id] = owner
        if reservation is not None:
            reservation.has_kernel = True
        return owner

    def allows(self, kernel_id: str, cookies: dict[str, str]) -> bool:
        """Whether a request carrying ``cookies`` (name → value) may use ``kernel_id``: only
        the page the kernel was handed to, by its secret."""
        owner = self.owners.get(kernel_id)
        given = cookies.get(COOKIE_PREFIX + kernel_id)
        return owner is not None and given is not None and hmac.compare_digest(owner.secret, given)

    def connected(self, kernel_id: str) -> None:
        """The kernel's page has opened a websocket to it."""
        owner = self.owners.get(kernel_id)
        if owner is not None:
            owner.connected = True
            owner.sockets += 1
            owner.disconnected_at = None

    def disconnected(self, kernel_id: str, now: float | None = None) -> None:
        """One of the page's websockets has closed."""
        owner = self.owners.get(kernel_id)
        if owner is not None and owner.sockets > 0:
            owner.sockets -= 1
            if owner.sockets == 0:
                owner.disconnected_at = time.monotonic() if now is None else now

    def forget(self, kernel_id: str) -> None:
        """The kernel is gone."""
        self.owners.pop(kernel_id, None)

    def served(self, kernel_id: str, now: float | None = None) -> None:
        """The kernel's page has been sent whole: its wait for the page to connect starts now
        (a lesson that takes long to run is not freed while it runs)."""
        owner = self.owners.get(kernel_id)
        if owner is not None and owner.served_at is None:
            owner.served_at = time.monotonic() if now is None else now

    def unclaimed(self, now: float | None = None) -> list[str]:
        """Handed-out kernels whose page has not connected within ``unclaimed_timeout`` of
        being sent (ten times that since being handed out, for a page never sent whole)."""
        now = time.monotonic() if now is None else now

        def waited_too_long(o: Owner) -> bool:
            if o.served_at is not None:
                return now - o.served_at > self.unclaimed_timeout
            return now - o.handed_at > 10 * self.unclaimed_timeout  # a page that never finished

        return [k for k, o in self.owners.items() if not o.connected and waited_too_long(o)]

    def abandoned(self, now: float | None = None) -> list[str]:
        """Kernels whose page's websockets have all been closed for ``disconnected_timeout``."""
        now = time.monotonic() if now is None else now
        return [k for k, o in self.owners.items()
                if o.gone() and o.disconnected_at is not None and now - o.disconnected_at > self.disconnected_timeout]

    def stale_cookies(self, cookies: Iterable[str]) -> list[str]:
        """The names among ``cookies`` of owner cookies whose kernel is gone."""
        return [name for name in cookies
                if name.startswith(COOKIE_PREFIX) and name[len(COOKIE_PREFIX):] not in self.owners]

    def summary(self) -> dict:
        """Counts only (no kernel id, no secret): for the status page."""
        by_client: dict[str, int] = {}
        for o in self.owners.values():
            by_client[o.client] = by_client.get(o.client, 0) + 1
        return {
            "owned": len(self.owners),
            "connected": sum(o.sockets > 0 for o in self.owners.values()),
            "disconnected": sum(o.gone() for o in self.owners.values()),
            "never_connected": sum(not o.connected for o in self.owners.values()),
            "owned_by_client": by_client,
            "pages_being_served": self.starting(),
        }


# --------------------------------------------------------------------------- host names

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses (loopback ones left out), read from ``ip -o -4 addr``
    (no network traffic), or from the host name when that tool is missing."""
    found: list[str] = []
    try:
        out = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True,
                             timeout=5, check=False).stdout
        found = re.findall(r"\binet (\d+\.\d+\.\d+\.\d+)/", out)
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:
        try:
            found = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            found = []
    out_list = []
    for addr in found:
        if not ipaddress.ip_address(addr).is_loopback and addr not in out_list:
            out_list.append(addr)
    return out_list


def served_host_names(ip: str, extra: Iterable[str] = ()) -> list[str]:
    """The Host names a server bound to ``ip`` answers to: the loopback names always; for
    ``0.0.0.0`` (or ``''``) also this machine's name and every local IPv4 address; for a
    given address, that address; then ``extra`` (names a teacher adds, e.g. a DNS name)."""
    names = list(LOOPBACK_NAMES)
    if ip in ("", "0.0.0.0", "::"):
        host = socket.gethostname()
        for name in (host, host.split(".")[0], f"{host.split('.')[0]}.local"):
            if name and name.lower() not in names:
                names.append(name.lower())
        names.extend(a for a in local_addresses() if a not in names)
    elif ip.lower() not in names:
        names.append(ip.lower())
    names.extend(n.lower() for n in extra if n and n.lower() not in names)
    return names


def host_pattern(names: Iterable[str]) -> str:
    """A regular expression (for tornado's host matching) matching exactly these names."""
    parts = []
    for name in names:
        parts.append(re.escape(name))
        if ":" in name:  # an IPv6 address is written in brackets in a Host header
            parts.append(re.escape(f"[{name}]"))
    return "^(" + "|".join(parts) + ")$"
