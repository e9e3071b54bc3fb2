"""The errors a learner (or a bot author) can trigger.

Every one is a :class:`CardkitError`, so a ``ValueError``, whose message is a
plain-language reason, fit to be shown on a page as it is:

- :class:`CardParseError` — text that is no card, or a card given twice;
- :class:`DealCodeError` — a seed or deal code that cannot be used;
- :class:`RulesError` — a rules option that makes no sense;
- :class:`IllegalActionError` — an action the rules do not allow now;
- :class:`HandError` — cards (or hand totals) that do not make the hand, group or
  combination asked for;
- :class:`PlayerError` — a seat that is not at the table, or that is not to act;
- :class:`OptionError` — any other setting a function cannot use (a picture's width,
  a number of trials, a bot's setting, a game's name …);
- :class:`UnknownBotError` — a bot nobody has (also a ``KeyError``);
- :class:`BotError` — a bot that failed while playing (also a ``RuntimeError``);
- :class:`MessageError` — a message code no text defines (a programming error).
"""

from __future__ import annotations

__all__ = [
    "CardkitError",
    "CardParseError",
    "DealCodeError",
    "IllegalActionError",
    "RulesError",
    "HandError",
    "PlayerError",
    "OptionError",
    "UnknownBotError",
    "BotError",
    "MessageError",
]


class CardkitError(ValueError):
    """Base class of every error cardkit raises on purpose.

    Raised with a :class:`cardkit.i18n.Message`, ``exc.message`` is that message
    (its code and values, for code to decide on) and ``str(exc)`` its full
    sentence in the learner's language."""

    @property
    def message(self):
        """The message this error was raised with (``None`` if it was given plain text)."""
        first = self.args[0] if self.args else None
        return first if hasattr(first, "code") and hasattr(first, "items") else None


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


class HandError(CardkitError):
    """Cards that do not make what is asked for: a hand of the wrong size, a card in
    two hands, cards that are no combination, a total no hand can have."""


class PlayerError(CardkitError):
    """A player who is not at the table (or a bot asked to act for a seat whose turn
    it is not), or a number of bots that does not fit the number of players."""


class OptionError(CardkitError):
    """A setting a function cannot use, other than a game's rules: a picture's width,
    a number of trials or matches, a bot's setting, the name of a deal or a game."""


class UnknownBotError(CardkitError, KeyError):
    """A bot named that no game has, or something that is not a bot function.  Also a
    ``KeyError``: a bot is looked up by its name."""

    def __str__(self) -> str:  # a KeyError would quote its message
        return str(self.args[0]) if self.args else ""


class BotError(CardkitError, RuntimeError):
    """A bot failed while playing (it raised an error, or the match never ended); the
    message names the bot, its seat and the match seed.  Also a ``RuntimeError``."""


class MessageError(OptionError, KeyError):
    """A message code no text defines, or a value a message cannot show (a
    programming error in the package, never a learner's).  Also a ``KeyError``."""

    def __str__(self) -> str:  # a KeyError would quote its message
        return str(self.args[0]) if self.args else ""
