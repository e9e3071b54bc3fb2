"""Messages, not sentences: how every word a learner reads is made.

Code says what happened as a :class:`Message` — a stable code and its values —
and only :func:`render` turns a message into a sentence, in the learner's
language, from the catalogue::

    >>> m = say("seat.player", n=2)
    >>> m.code, m.values
    ('seat.player', {'n': 2})
    >>> render(m)
    'Player 2'
    >>> str(seat(0, you=0)), str(and_list([seat(1), seat(2), seat(3)]))
    ('You', 'Player 1, Player 2 and Player 3')
    >>> render(and_list([seat(1), seat(2)]), "en-XA")   # the pseudo-locale
    '⟦Plåýér 1··⟧ and ⟦Plåýér 2··⟧'

The English source of each code is written once, in ``texts/<area>.py``;
translations are gettext catalogues in ``locale/<lang>/LC_MESSAGES/``.  Values
are rendered by type: numbers by CLDR (Babel) for the language, a nested message
as its sentence, a card as its rank and suit (``'7♣'``), a group of cards as
``'7♣ 8♣ 9♣'``, :func:`and_list` / :func:`or_list` by CLDR's list patterns,
:func:`percent` as a percentage.

The language is chosen per page (the address's ``?lang=``) and held in one place:
:func:`set_locale` sets it for the process (a kernel serves one page),
:func:`use_locale` for a block (a server request, a test).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
import string
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence, Union

from ..errors import MessageError
from . import catalogue
from .catalogue import DRAFTS_ENV, catalogue_languages, draft_languages, translations
from .define import REGISTRY, Entry

__all__ = [
    "Message",
    "say",
    "seat",
    "game_title",
    "kind_word",
    "kind_name",
    "number_word",
    "ordinal",
    "and_list",
    "or_list",
    "percent",
    "number",
    "babel_locale",
    "sentences",
    "capitalised",
    "joined",
    "render",
    "set_locale",
    "use_locale",
    "current_locale",
    "normalise_language",
    "negotiate_language",
    "LANGUAGE_NAMES",
    "SOURCE_LANGUAGE",
    "PSEUDO",
    "shipped_languages",
    "UnknownMessage",
    "register_card_type",
    "load_texts",
]

SOURCE_LANGUAGE = "en"
"""The language the sentences are written in, in ``texts/``."""

PSEUDO = "en-XA"
"""The pseudo-locale: every catalogue sentence wrapped in ⟦…⟧ and lengthened by
about 30 %, so that a page shows at a glance which words did not come from the
catalogue, and whether longer words break the layout."""

LANGUAGE_NAMES = {
    "en": "English",
    "vi": "Tiếng Việt",
    "nl": "Nederlands",
    "af": "Afrikaans",
    "tr": "Türkçe",
}
"""Each language the project teaches in, by its code, named in its own language."""


UnknownMessage = MessageError
"""A message code no ``texts`` module defines, or a value a message cannot show."""


# --------------------------------------------------------------------------- messages

@dataclass(frozen=True)
class Message:
    """What happened, as a stable ``code`` and its values; ``str(message)`` is the
    sentence in the current language.  Equal messages have equal codes and values;
    messages are hashable and pickle."""

    code: str
    items: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        """The message's values by name."""
        return dict(self.items)

    def get(self, name: str, default: Any = None) -> Any:
        """One value of the message."""
        for key, value in self.items:
            if key == name:
                return value
        return default

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.items)
        return f"say({self.code!r}{args})"


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def say(code: str, /, **values: Any) -> Message:
    """A message: ``say('table.not_your_turn', current=seat(2))``."""
    if code not in REGISTRY:
        load_texts()
        if code not in REGISTRY:
            raise MessageError(f"no text defines the message code {code!r}")
    return Message(code, tuple((k, _freeze(v)) for k, v in values.items()))


@dataclass(frozen=True)
class _ListOf:
    items: tuple
    style: str

    def __str__(self) -> str:
        return render(self)


@dataclass(frozen=True)
class _Percent:
    value: float
    digits: int

    def __str__(self) -> str:
        return render(self)


@dataclass(frozen=True)
class _Number:
    value: float
    digits: Optional[int]

    def __str__(self) -> str:
        return render(self)


@dataclass(frozen=True)
class _Sentences:
    parts: tuple

    def __str__(self) -> str:
        return render(self)


def and_list(items: Iterable[Any]) -> _ListOf:
    """Items joined as a list in the learner's language: 'A, B, and C' (CLDR)."""
    return _ListOf(tuple(items), "standard")


def or_list(items: Iterable[Any]) -> _ListOf:
    """Items joined as alternatives: 'A, B, or C' (CLDR)."""
    return _ListOf(tuple(items), "or")


def percent(value: float, digits: int = 1) -> _Percent:
    """A fraction shown as a percentage with ``digits`` decimals: 0.125 → '12.5%'."""
    return _Percent(float(value), digits)


def number(value: float, digits: Optional[int] = None) -> _Number:
    """A number with exactly ``digits`` decimals (``None``: as many as it has, up to 3)."""
    return _Number(value, digits)


def sentences(*parts: Any) -> _Sentences:
    """Several messages shown one after another, as one paragraph."""
    return _Sentences(tuple(p for p in parts if p is not None))



@dataclass(frozen=True)
class _Capitalised:
    value: Any

    def __str__(self) -> str:
        return render(self)


def capitalised(value: Any) -> _Capitalised:
    """A value (a message, a name) as the start of a sentence: its words in the language
    it is rendered in, the first letter a capital (Turkish's dotted İ for i)."""
    return _Capitalised(_freeze(value))


FORMATTED_NUMBERS = (_Number, _Percent)
"""The value types of :func:`number` and :func:`percent` (a value that is a number to show)."""

def joined(items: Iterable[Any], code: str) -> Any:
    """Several values (messages, cards …) as one value, joined by the separator message
    ``code`` (a text with ``{first}`` and ``{rest}``, such as ``"{first}; {rest}"``)."""
    items = list(items)
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = say(code, first=item, rest=out)
    return out


def seat(player: int, you: Optional[int] = None) -> Message:
    """A seat's name: 'Player 2', or 'You' for the seat ``you`` (the learner's)."""
    return say("seat.you") if player == you else say("seat.player", n=player)


def game_title(game: str) -> Message:
    """A game's name: 'Least Score', 'Tiến Lên' (``'tien_len'`` is read as ``'tienlen'``)."""
    return say(f"game.{'tienlen' if game == 'tien_len' else game}")


def kind_word(kind: str) -> Message:
    """A kind of play as a bare noun: 'pair', 'double sequence'."""
    return say(f"kind.{kind}")


def kind_name(game: str, kind: str) -> Message:
    """A kind of play as named in a sentence of ``game``: 'a run', 'four of a kind'."""
    return say(f"kind_a.{'tienlen' if game == 'tien_len' else game}.{kind}")


def number_word(n: int) -> Any:
    """A small number as a word ('three'); from 13 on, the number itself."""
    return say(f"number.n{n}") if 1 <= n <= 12 else n


def ordinal(n: int) -> Message:
    """A place in order: '1st', '2nd', '23rd' (by CLDR's ordinal rules)."""
    return say("ordinal.any", n=n)


# --------------------------------------------------------------------------- locale

_default_language = SOURCE_LANGUAGE
_language: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("cardkit_language", default=None)


def shipped_languages() -> list[str]:
    """The languages a learner can choose: English and every language with a catalogue,
    but for drafts (still being translated) unless ``CARDKIT_DRAFTS=1`` previews them."""
    drafts = set() if os.environ.get(DRAFTS_ENV) == "1" else set(draft_languages())
    return [SOURCE_LANGUAGE] + [lang for lang in catalogue_languages()
                                if lang in LANGUAGE_NAMES and lang != "en" and lang not in drafts]


def normalise_language(value: Any) -> Optional[str]:
    """A language code as the project uses it, or ``None`` when it names no
    shipped language: ``'vi-VN'``, ``'VI'``, ``'vi_VN.UTF-8'`` → ``'vi'``; the
    pseudo-locale ``'en-XA'`` is kept."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    text = value.strip().replace("_", "-")
    if text.lower() == PSEUDO.lower():
        return PSEUDO
    base = text.split(".")[0].split("@")[0].split("-")[0].lower()
    return base if base in shipped_languages() else None


def negotiate_language(accept_language: str) -> Optional[str]:
    """The best shipped language for a browser's ``Accept-Language`` header."""
    choices = []
    for i, part in enumerate((accept_language or "")[:500].split(",")):
        lang, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            continue
        choices.append((-weight, i, lang))
    for _, _, lang in sorted(choices):
        found = normalise_language(lang)
        if found and found != PSEUDO:
            return found
    return None


def set_locale(language: Any) -> str:
    """Make ``language`` the process's language (a kernel serves one page); an unknown
    one means English.  Returns the language now in use."""
    global _default_language
    _default_language = normalise_language(language) or SOURCE_LANGUAGE
    return _default_language


@contextlib.contextmanager
def use_locale(language: Any) -> Iterator[str]:
    """Use ``language`` inside the ``with`` block only (a server request, a test)."""
    lang = normalise_language(language) or SOURCE_LANGUAGE
    token = _language.set(lang)
    try:
        yield lang
    finally:
        _language.reset(token)


def current_locale() -> str:
    """The language words are rendered in now."""
    return _language.get() or _default_language


_env = os.environ.get("CARDKIT_LANG")
if _env:
    _default_language = normalise_language(_env) or SOURCE_LANGUAGE


# --------------------------------------------------------------------------- rendering

_texts_loaded = False


def load_texts() -> None:
    """Register every message of ``texts/`` (done once, on first use)."""
    global _texts_loaded
    if not _texts_loaded:
        from . import texts  # noqa: F401  (registers every message)
        _texts_loaded = True


_CLDR = {SOURCE_LANGUAGE: "en_001", PSEUDO: "en_001"}
"""English is written as it is read internationally (CLDR's ``en_001``: 'A, B and C')."""


def _cldr(lang: str) -> str:
    return _CLDR.get(lang, lang)


@lru_cache(maxsize=None)
def _babel_locale(lang: str):
    from babel import Locale

    return Locale.parse(_cldr(lang))


def babel_locale(language: Optional[str] = None):
    """The Babel locale (CLDR data) of ``language`` — the current one if not given; the
    pseudo-locale writes numbers as English does."""
    return _babel_locale(current_locale() if language is None else language)


_SYMBOLS = ("card.rank_short.",)
"""Codes shown as symbols (a card's rank letter): never wrapped by the pseudo-locale."""

_PSEUDO_MAP = str.maketrans("aceinouyAEIOUCN", "åçéîñöûýÅÉÎÖÛÇÑ")


@lru_cache(maxsize=4096)
def _pseudo(template: str) -> str:
    """Wrap and lengthen a template, leaving its placeholders as they are."""
    out = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        out.append(literal.translate(_PSEUDO_MAP))
        if field is not None:
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    body = "".join(out)
    letters = sum(ch.isalpha() for ch in template)
    return "⟦" + body + "·" * max(1, round(letters * 0.3)) + "⟧"


def _template(entry: Entry, lang: str, count: Any = None) -> str:
    if entry.plural is not None:
        n = count if isinstance(count, (int, float)) else 0
        cat = translations(lang) if lang not in (SOURCE_LANGUAGE, PSEUDO) else None
        if cat is not None:
            found = cat.npgettext(entry.code, entry.singular, entry.plural, n)
        else:
            found = entry.singular if _babel_locale(SOURCE_LANGUAGE).plural_form(abs(n)) == "one" else entry.plural
    else:
        cat = translations(lang) if lang not in (SOURCE_LANGUAGE, PSEUDO) else None
        found = cat.pgettext(entry.code, entry.singular) if cat is not None else entry.singular
    return _pseudo(found) if lang == PSEUDO and not entry.code.startswith(_SYMBOLS) else found


def _format_number(value: float, lang: str, digits: Optional[int] = None) -> str:
    from babel.numbers import format_decimal

    if digits is None and isinstance(value, int) and 0 <= value < 1000:
        return str(value)  # the same in every shipped language (Latin digits, no grouping below 1,000)
    loc = _babel_locale(lang)
    if digits is None:
        return format_decimal(value, locale=loc)
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=loc)


def _format_percent(value: float, digits: int, lang: str) -> str:
    from babel.numbers import format_percent, parse_pattern

    loc = _babel_locale(lang)
    pattern = parse_pattern(loc.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return pattern.apply(value, loc)


_CARD_TYPES: tuple[type, ...] = ()


def register_card_type(cls: type) -> type:
    """Show instances of ``cls`` (with integer-like ``rank``, 1 = ace, and ``suit``,
    0–3 = ♠ ♣ ♦ ♥) as cards in messages: their rank from the catalogue, their suit
    as its symbol.  :mod:`cardkit.cards` registers its ``Card``."""
    global _CARD_TYPES
    if cls not in _CARD_TYPES:
        _CARD_TYPES = _CARD_TYPES + (cls,)
    return cls


def _is_card(value: Any) -> bool:
    return isinstance(value, _CARD_TYPES)


def _value(value: Any, lang: str) -> str:
    if isinstance(value, Message):
        return _render(value, lang)
    if isinstance(value, bool):
        raise MessageError("a message value is never True/False: say what it means with a message of its own")
    if isinstance(value, (int, float)):
        return _format_number(value, lang)
    if isinstance(value, str):
        return value
    if isinstance(value, _Number):
        return _format_number(value.value, lang, value.digits)
    if isinstance(value, _Percent):
        return _format_percent(value.value, value.digits, lang)
    if isinstance(value, _ListOf):
        from babel.lists import format_list

        parts = [_value(v, lang) for v in value.items]
        return format_list(parts, style=value.style, locale=_babel_locale(lang)) if parts else ""
    if isinstance(value, _Capitalised):
        words = _value(value.value, lang)
        first = "İ" if words[:1] == "i" and _cldr(lang).split("_")[0] in ("tr", "az") else words[:1].upper()
        return first + words[1:]
    if isinstance(value, _Sentences):
        return " ".join(_value(p, lang) for p in value.parts)
    if _is_card(value):
        return _card(value, lang)
    if isinstance(value, (tuple, list, frozenset, set)) and value and all(_is_card(v) for v in value):
        return " ".join(_card(v, lang) for v in value)
    if isinstance(value, (tuple, list)) and not value:
        return ""
    raise MessageError(f"a message value of type {type(value).__name__} cannot be shown: {value!r}")


def _card(card: Any, lang: str) -> str:
    return _render(say(f"card.rank_short.r{int(card.rank)}"), lang) + "♠♣♦♥"[int(card.suit)]


def _render(message: Message, lang: str) -> str:
    try:
        return _render_cached(message, lang)
    except TypeError:  # a value that cannot be hashed
        return _render_now(message, lang)


@lru_cache(maxsize=16384)
def _render_cached(message: Message, lang: str) -> str:
    return _render_now(message, lang)


catalogue.on_forget(_render_cached.cache_clear)


def _render_now(message: Message, lang: str) -> str:
    load_texts()
    if message.code == "ordinal.any":
        n = message.get("n")
        category = _babel_locale(lang).ordinal_form(n) if hasattr(_babel_locale(lang), "ordinal_form") else "other"
        if category not in ("one", "two", "few"):
            category = "other"
        message = Message(f"ordinal.{category}", message.items)
    entry = REGISTRY.get(message.code)
    if entry is None:
        raise MessageError(f"no text defines the message code {message.code!r}")
    values = message.values
    template = _template(entry, lang, values.get(entry.count) if entry.count else None)
    rendered = {name: _value(v, lang) for name, v in values.items()}
    try:
        return template.format_map(rendered)
    except (KeyError, IndexError, ValueError):
        # A translation with a broken placeholder must not take the page down: use English.
        return _template(entry, SOURCE_LANGUAGE, values.get(entry.count) if entry.count else None).format_map(rendered)


def render(message: Any, language: Optional[str] = None) -> str:
    """The sentence of ``message`` (or of a list, number … value) in ``language``
    (default: the current one)."""
    lang = normalise_language(language) if language else current_locale()
    return _value(message, lang or SOURCE_LANGUAGE)
