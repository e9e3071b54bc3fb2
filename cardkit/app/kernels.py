"""The web app's kernel manager: Jupyter's usual one, made safe for pre-heated kernels.

This runs inside the Voilà *server* (``etc/jupyter/voila.json`` names it), never in a lesson.

Why it exists: a pre-heated kernel waits in its pool, idle, until a learner opens the
lesson. The idle-kernel culler leaves pooled kernels alone, but the moment a page takes
one, the kernel counts as "idle for as long as it waited" and has no browser connection yet
(the page connects a second or two later). A culling pass that falls in that gap shuts the
learner's new kernel down, and the page's widgets stop answering. Here, the first time
the culler looks at a kernel it only restarts that kernel's idle clock; from then on the
usual rules apply (a kernel with an open page is never culled; one whose page has gone is
culled after ``cull_idle_timeout`` seconds).
"""

from __future__ import annotations

from datetime import datetime, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["ClassroomKernelManager"]


class ClassroomKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` whose culler gives a newly handed-out kernel a fresh
    idle period before it may be culled."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._culler_has_seen: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._culler_has_seen:
            self._culler_has_seen.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and getattr(kernel, "execution_state", None) != "dead":
                kernel.last_activity = datetime.now(timezone.utc)
                return
        await super().cull_kernel_if_idle(kernel_id)

    def remove_kernel(self, kernel_id: str):
        self._culler_has_seen.discard(kernel_id)
        return super().remove_kernel(kernel_id)
