"""The web app's kernel manager: Jupyter's usual one, made safe for a classroom.

This runs inside the server (``etc/jupyter/voila.json`` names :class:`ClassroomKernelManager`;
``python -m cardkit.app`` adds the pools of :func:`classroom_pools`), never in a lesson.

Three things are added to Jupyter's ``AsyncMappingKernelManager``:

* **A handed-out kernel gets a fresh idle period.** A pre-heated kernel waits in its pool,
  idle, until a learner opens the lesson. The moment a page takes one it would count as
  "idle for as long as it waited" and has no browser connection yet (the page connects a
  second or two later): a culling pass in that gap would shut the learner's new kernel down.
  The first time the culler looks at a kernel it only restarts that kernel's idle clock.
* **Two idle times.** A kernel whose page has gone is culled after ``cull_idle_timeout``
  (minutes); one whose page is still connected but has done nothing for
  ``connected_idle_timeout`` (an hour or more) is culled too, so that a forgotten tab cannot
  hold its memory all day. Before that, :attr:`on_cull_connected` is told, so that the page
  can say why its game stopped (a reload starts afresh and offers the match back).
* **Counting.** :attr:`kernels_starting` and :meth:`kernel_count` let the server cap the
  number of kernels in all.

:func:`classroom_pools` builds, on top of Voilà's pre-heating kernel manager, the pools a
class needs: only fully pre-heated kernels are handed out (never one still running its
lesson), refills and the first fill run a few at a time, never past the cap, and the server
is told which kernel went to which page.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Optional

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Int

__all__ = ["ClassroomKernelManager", "classroom_pools", "current_page"]

#: The page request being served while a kernel is taken or started for it (set by the
#: server's lesson handler); None for kernels started for a pool.
current_page: contextvars.ContextVar[Any] = contextvars.ContextVar("cardkit_current_page", default=None)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` with a fresh idle period for a newly handed-out kernel,
    a second (long) idle time for kernels whose page is still connected, and counts."""

    connected_idle_timeout = Float(
        0,
        config=True,
        help="Seconds a kernel whose page is still connected may stay idle before it is culled "
             "(0: never). The page then tells the learner to reload.",
    )

    #: Called with a kernel id just before a connected but idle kernel is culled.
    on_cull_connected: Optional[Callable[[str], Any]] = None
    #: Told ``(kernel_id, page)`` when a kernel is started for a page or a pre-heated one
    #: is handed to it (``page``: the request handler, from :data:`current_page`).
    on_handed_out: Optional[Callable[[str, Any], Any]] = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._culler_has_seen: set[str] = set()
        self.kernels_starting = 0

    def kernel_count(self) -> int:
        """Kernels running now, and those being started."""
        return len(self._kernels) + self.kernels_starting

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        page = current_page.get()
        self.kernels_starting += 1
        if page is not None and hasattr(page, "kernel_starting"):
            page.kernel_starting()  # counted here from now on, not as a page waiting too
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self.kernels_starting -= 1
        if page is not None and self.on_handed_out is not None:
            self.on_handed_out(kernel_id, page)
        return kernel_id

    def fresh_idle_period(self, kernel_id: str) -> None:
        """A kernel was just handed to a page: its idle time starts now (see the module)."""
        self._culler_has_seen.discard(kernel_id)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            kernel.last_activity = datetime.now(timezone.utc)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        if kernel_id not in self._culler_has_seen:
            self._culler_has_seen.add(kernel_id)
            if getattr(kernel, "execution_state", None) != "dead":
                kernel.last_activity = datetime.now(timezone.utc)
                return
        connections = self._kernel_connections.get(kernel_id, 0)
        if connections and self.connected_idle_timeout > 0 and hasattr(kernel, "last_activity"):
            idle = datetime.now(timezone.utc) - kernel.last_activity
            busy = getattr(kernel, "execution_state", None) == "busy"
            if idle > timedelta(seconds=self.connected_idle_timeout) and not busy:
                self.log.warning("Culling kernel %s: its page has been idle for %d s", kernel_id,
                                 int(idle.total_seconds()))
                if self.on_cull_connected is not None:
                    try:
                        self.on_cull_connected(kernel_id)
                    except Exception:  # telling the page is a courtesy; culling goes on
                        self.log.exception("could not tell the page of kernel %s", kernel_id)
                await self.shutdown_kernel(kernel_id)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def start_watching_activity(self, kernel_id: str) -> None:
        """Jupyter's watch on a kernel's iopub messages, doing only what culling needs.

        The parent verifies every message's signature and parses its header, parent header and
        metadata, dates included, for each of the kernel's messages (every widget update of every
        page): a third of the server's time while a class arrives. Here only the header is read
        (``msg_type``), the parent header only when that decides, the content only of ``status``
        messages; no signature check, as nothing is done with the message but note the time and
        the execution state, and only the kernel publishes on the socket watched. The same
        ``last_activity``/``execution_state`` come out (``tests/test_app_kernels.py``)."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = datetime.now(timezone.utc)
        kernel._activity_stream = kernel.connect_iopub()
        record_activity = activity_recorder(self, kernel)
        kernel._activity_stream.on_recv(record_activity)

    def remove_kernel(self, kernel_id: str):
        self._culler_has_seen.discard(kernel_id)
        return super().remove_kernel(kernel_id)


_DELIMITER = b"<IDS|MSG>"


def activity_recorder(manager: Any, kernel: Any) -> Callable[[list], None]:
    """The callback of :meth:`ClassroomKernelManager.start_watching_activity` for ``kernel``:
    given a message's ZMQ frames, it sets ``kernel.last_activity`` (and the manager's
    ``last_kernel_activity``) and ``kernel.execution_state`` exactly as jupyter_server's
    ``record_activity`` does, reading no more of the message than that needs."""
    track = manager.track_message_type
    loads = json.loads

    def record_activity(msg_list: list) -> None:
        try:
            i = msg_list.index(_DELIMITER)
            header = loads(msg_list[i + 2])
            msg_type = header.get("msg_type")
            parent_type = None
            if msg_type == "status" or not (track(msg_type) or kernel.execution_state == "busy"):
                parent = loads(msg_list[i + 3])
                parent_type = parent.get("msg_type") if isinstance(parent, dict) else None
                tracked = track(msg_type) or track(parent_type) or kernel.execution_state == "busy"
            else:
                tracked = True
            if tracked:
                manager.last_kernel_activity = kernel.last_activity = datetime.now(timezone.utc)
            if msg_type == "status":
                execution_state = loads(msg_list[i + 5])["execution_state"]
                if track(parent_type):
                    kernel.execution_state = execution_state
                elif kernel.execution_state == "starting" and execution_state != "starting":
                    kernel.execution_state = "idle"
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            manager.log.debug("an unreadable iopub message from a kernel (ignored)")

    return record_activity


def classroom_pools(voila_manager_class: type) -> type:
    """The class's kernel pools on top of Voilà's pre-heating kernel manager class (the
    class ``voila_kernel_manager_factory`` returns)."""

    class ClassroomPools(voila_manager_class):
        """Voilà's pools, handing out only kernels that have run their whole lesson, filled
        a few at a time and never past ``max_kernels``."""

        start_concurrency = Int(2, config=True,
                                help="How many pre-heated kernels may start and run their lesson at once.")
        max_kernels = Int(0, config=True, help="Kernels in all, pools included (0: no cap).")

        def __init__(self, **kwargs: Any) -> None:
            self._gate: Optional[asyncio.Semaphore] = None
            self._heating = 0
            super().__init__(**kwargs)

        # -- what is ready
        @staticmethod
        def _ready(task: "asyncio.Future") -> bool:
            if not task.done() or task.cancelled() or task.exception() is not None:
                return False
            render = task.result().get("task")
            return render is None or render.done()

        def get_pool_size(self, notebook_name: str) -> int:
            """Pre-heated kernels of this lesson ready to be handed out now (a refill still
            starting does not count: a learner never waits for one)."""
            return sum(self._ready(t) for t in self._pools.get(notebook_name, []))

        def pool_target(self, notebook_name: str) -> int:
            """How many pre-heated kernels this lesson's pool keeps."""
            default = self.kernel_pools_config.get("default", {})
            return int(self.kernel_pools_config.get(notebook_name, default).get("pool_size", default.get("pool_size", 1)))

        def pools_progress(self) -> tuple[int, int]:
            """(kernels ready, kernels wanted) over every pool."""
            ready = sum(self.get_pool_size(nb) for nb in self._pools)
            wanted = sum(self.pool_target(nb) for nb in self._pools)
            return ready, wanted

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict = {}, **kwargs):
            pool = self._pools.get(notebook_name, [])
            for i, task in enumerate(pool):
                if self._ready(task):
                    pool.insert(0, pool.pop(i))
                    break
            # failed pool items are dropped (a kernel that could not start): refilled below
            self._pools[notebook_name] = [t for t in pool if not (t.done() and not t.cancelled() and t.exception())]
            page = current_page.get()
            token = current_page.set(None)  # refills started below belong to no page
            try:
                render_task, rendered, kernel_id = await super().get_rendered_notebook(
                    notebook_name, extra_kernel_env_variables, **kwargs)
            finally:
                current_page.reset(token)
            self.fresh_idle_period(kernel_id)
            if self.on_handed_out is not None:
                self.on_handed_out(kernel_id, page)
            return render_task, rendered, kernel_id

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs) -> None:
            # never past the cap: count what runs, what starts and what is waiting to start
            token = current_page.set(None)
            try:
                if self.max_kernels > 0 and notebook_name is not None:
                    pool = self._pools.get(notebook_name, [])
                    waiting = sum(not t.done() for p in self._pools.values() for t in p)
                    room = self.max_kernels - len(self._kernels) - waiting
                    want = self.pool_target(notebook_name) - len(pool)
                    if want > room:
                        if room <= 0:
                            self._pools.setdefault(notebook_name, pool)
                            return
                        config = dict(self.kernel_pools_config)
                        default = config.get("default", {})
                        config_nb = dict(config.get(notebook_name, default))
                        config_nb["pool_size"] = len(pool) + room
                        saved = self.kernel_pools_config
                        self.kernel_pools_config = {**config, notebook_name: config_nb}
                        try:
                            super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)
                        finally:
                            self.kernel_pools_config = saved
                        return
                super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables, **kwargs)
            finally:
                current_page.reset(token)

        async def _initialize(self, notebook_path: str, kernel_id: Optional[str] = None, **kwargs):
            if kernel_id is not None:  # a restart: no gate
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            if self._gate is None:
                self._gate = asyncio.Semaphore(max(1, self.start_concurrency))
            async with self._gate:
                self._heating += 1
                try:
                    content = await super()._initialize(notebook_path, kernel_id, **kwargs)
                    render = content.get("task")
                    if render is not None:
                        # run the lesson to its end inside the gate: a few at a time
                        await asyncio.wait([render])
                    return content
                finally:
                    self._heating -= 1

    return ClassroomPools
