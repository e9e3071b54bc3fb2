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

__all__ = [
    "CLASS_FULL",
    "COOKIE_PREFIX",
    "Classroom",
    "Owner",
    "default_max_kernels",
    "host_pattern",
    "local_addresses",
    "served_host_names",
]

#: What a learner reads when no kernel can be given to their page.
CLASS_FULL = "This class is full — wait a minute and reload, or ask your teacher."

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


@dataclass
class Owner:
    """The page a kernel was handed to."""

    secret: str
    client: str
    handed_at: float
    connected: bool = False


@dataclass
class Classroom:
    """Kernel owners and limits (see the module's docstring).

    ``max_kernels`` caps the kernels in all (pre-heated ones included); ``per_client`` caps
    the kernels one client address may hold at once (pages being served count too);
    ``unclaimed_timeout`` is how long a handed-out kernel may wait for its page to connect.
    """

    max_kernels: int
    per_client: int
    unclaimed_timeout: float = 60.0
    owners: dict[str, Owner] = field(default_factory=dict)
    pending: dict[str, int] = field(default_factory=dict)

    # -- admission
    def held_by(self, client: str) -> int:
        """Kernels the client holds now, pages being served included."""
        return sum(o.client == client for o in self.owners.values()) + self.pending.get(client, 0)

    def refusal(self, client: str, kernels_now: int, spare: int) -> Optional[str]:
        """Why a new page from ``client`` cannot have a kernel (None: it can).
        ``kernels_now`` counts every kernel (running or starting); ``spare`` is how many
        pre-heated kernels of that lesson are ready (taking one adds no kernel)."""
        if self.per_client > 0 and self.held_by(client) >= self.per_client:
            return "per-client"
        if self.max_kernels > 0 and spare <= 0 and kernels_now + sum(self.pending.values()) >= self.max_kernels:
            return "full"
        return None

    def reserve(self, client: str) -> None:
        """A page from ``client`` is being served (until :meth:`release`)."""
        self.pending[client] = self.pending.get(client, 0) + 1

    def release(self, client: str) -> None:
        """The page from ``client`` has its kernel (or failed)."""
        n = self.pending.get(client, 0) - 1
        if n > 0:
            self.pending[client] = n
        else:
            self.pending.pop(client, None)

    # -- owners
    def hand_out(self, kernel_id: str, client: str, now: float | None = None) -> Owner:
        """Record that ``kernel_id`` went to a page from ``client``; returns its owner, whose
        secret the page's cookie carries."""
        owner = Owner(secrets.token_urlsafe(24), client, time.monotonic() if now is None else now)
        self.owners[kernel_id] = owner
        return owner

    def allows(self, kernel_id: str, cookies: dict[str, str]) -> bool:
        """Whether a request carrying ``cookies`` (name → value) may use ``kernel_id``: only
        the page the kernel was handed to, by its secret."""
        owner = self.owners.get(kernel_id)
        given = cookies.get(COOKIE_PREFIX + kernel_id)
        return owner is not None and given is not None and hmac.compare_digest(owner.secret, given)

    def connected(self, kernel_id: str) -> None:
        """The kernel's page has connected to it."""
        owner = self.owners.get(kernel_id)
        if owner is not None:
            owner.connected = True

    def forget(self, kernel_id: str) -> None:
        """The kernel is gone."""
        self.owners.pop(kernel_id, None)

    def unclaimed(self, now: float | None = None) -> list[str]:
        """Handed-out kernels whose page has not connected within ``unclaimed_timeout``."""
        now = time.monotonic() if now is None else now
        return [k for k, o in self.owners.items()
                if not o.connected and now - o.handed_at > self.unclaimed_timeout]

    def stale_cookies(self, cookies: Iterable[str]) -> list[str]:
        """The names among ``cookies`` of owner cookies whose kernel is gone."""
        return [name for name in cookies
                if name.startswith(COOKIE_PREFIX) and name[len(COOKIE_PREFIX):] not in self.owners]


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
