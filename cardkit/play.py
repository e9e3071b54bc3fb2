"""``play_out`` and ``TERMINAL`` live in :mod:`cardkit.game`; this name is kept for the lessons."""

from .game import TERMINAL, play_out  # noqa: F401

__all__ = ["play_out", "TERMINAL"]
