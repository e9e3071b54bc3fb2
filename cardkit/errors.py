"""The errors a learner (or a bot author) can trigger.

Every one is a ``ValueError`` whose message is a plain-language reason, fit to
be shown on a page as it is.
"""

from __future__ import annotations

__all__ = ["CardkitError", "CardParseError", "DealCodeError", "IllegalActionError", "RulesError", "UnknownBotError"]


class CardkitError(ValueError):
    """Base class of every error cardkit raises on purpose."""


class CardParseError(CardkitError):
    """A card string could not be read: the message names the token and the problem."""

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class IllegalActionError(CardkitError):
    """An action that the rules do not allow now; the state is left exactly as it was."""


class RulesError(CardkitError):
    """A rules option that makes no sense (one player, a threshold of 0, ...)."""


class DealCodeError(CardkitError):
    """A seed or deal code that cannot be used: not a whole number in range, or text
    that is no deal code (such as 'K7Q-29X')."""


class UnknownBotError(CardkitError):
    """A bot named that no game has, or something that is not a bot function."""
