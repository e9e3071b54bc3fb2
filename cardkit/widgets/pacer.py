"""Show moves one at a time, at a pace a person can follow.

When the learner has played, the bots answer; played all at once their moves
flash by.  A :class:`Pacer` runs the steps one by one, ``delay`` seconds apart,
on the running kernel's event loop, so the page stays live in between::

    pacer = Pacer(delay=0.8, messages=status)

    def bot_turns():
        while state.current_player() not in (TERMINAL, me):
            state.apply_action(bot(state.observation(state.current_player()), rng))
            table.refresh()
            yield                      # the page is updated; wait before the next move

    pacer.run(bot_turns(), on_done=table.your_turn)

With ``delay=0`` (as in tests and in notebooks run by ``pytest --nbval``) every
step runs at once, in order, before ``run`` returns.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Iterable, Optional

from ..i18n import say
from .messages import show_error

__all__ = ["Pacer"]


class Pacer:
    """Run steps one at a time, ``delay`` seconds apart.

    ``run(steps, on_done)`` takes an iterable: each item is one step.  A step that
    is callable is called; otherwise taking the item (e.g. a generator reaching its
    next ``yield``) is the step.  ``on_done()`` is called after the last step.

    If a step raises, the remaining steps are dropped, ``on_done`` is not called,
    and the error is shown in ``messages`` (a :class:`StatusMessage`) in plain
    language; with no ``messages`` the error is raised (``delay=0``) or logged.

    ``delay=0`` runs everything at once, before ``run`` returns; so does any delay
    when no event loop is running (a plain script).  ``cancel()`` drops the steps
    not yet run; ``busy`` tells whether steps are waiting.
    """

    def __init__(self, delay: float = 0.8, messages: Any = None) -> None:
        self.delay = delay
        self.messages = messages
        self._run_id = 0
        self._handle: Optional[asyncio.TimerHandle] = None
        self._busy = False

    @property
    def delay(self) -> float:
        """Seconds between two steps (0 = all at once)."""
        return self._delay

    @delay.setter
    def delay(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60:
            raise ValueError(say("widgets.bad_delay", given=repr(value)))
        self._delay = float(value)

    @property
    def busy(self) -> bool:
        """True while steps of a run are still waiting."""
        return self._busy

    def cancel(self) -> None:
        """Drop the steps not yet run (``on_done`` is not called)."""
        self._run_id += 1
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._busy = False

    def run(self, steps: Iterable[Any], on_done: Optional[Callable[[], Any]] = None) -> None:
        """Run ``steps`` one at a time (see the class).  A run still going is
        cancelled first."""
        self.cancel()
        iterator = iter(steps)
        loop = self._loop() if self._delay > 0 else None
        if loop is None:
            self._run_now(iterator, on_done)
            return
        self._busy = True
        run_id = self._run_id
        self._handle = loop.call_later(self._delay, self._tick, loop, iterator, on_done, run_id)

    # --- inside ---
    @staticmethod
    def _loop() -> Optional[asyncio.AbstractEventLoop]:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _fail(self, exc: Exception) -> None:
        self._busy = False
        self._handle = None
        show_error(self.messages, exc)

    def _run_now(self, iterator: Any, on_done: Optional[Callable[[], Any]]) -> None:
        self._busy = True
        try:
            for item in iterator:
                if callable(item):
                    item()
            if on_done is not None:
                on_done()
        except Exception as exc:
            if self.messages is None:
                raise
            show_error(self.messages, exc)
        finally:
            self._busy = False

    def _tick(self, loop: asyncio.AbstractEventLoop, iterator: Any,
              on_done: Optional[Callable[[], Any]], run_id: int) -> None:
        if run_id != self._run_id:
            return  # cancelled meanwhile
        self._handle = None
        try:
            item = next(iterator)
        except StopIteration:
            self._busy = False
            if on_done is not None:
                try:
                    on_done()
                except Exception as exc:
                    self._fail(exc)
            return
        except Exception as exc:
            self._fail(exc)
            return
        try:
            if callable(item):
                item()
        except Exception as exc:
            self._fail(exc)
            return
        if run_id == self._run_id:  # a step may have cancelled or restarted the pacer
            self._handle = loop.call_later(self._delay, self._tick, loop, iterator, on_done, run_id)

    def __repr__(self) -> str:
        return f"Pacer(delay={self._delay:g}{', busy' if self._busy else ''})"
