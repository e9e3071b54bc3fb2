"""What every game table does, without a screen: a match controller.

A :class:`MatchController` holds one match of the learner (seat :data:`HUMAN`) against
bots: whose turn it is, the learner's move checked by the engine and applied (one flow,
:meth:`MatchController.act`, for both games), the bots' moves one at a time
(:meth:`MatchController.bot_steps`, paced by whoever shows them), the round (game) result
held until the learner goes on, the record a browser keeps and its replay, the "are you
sure?" question, the coach's notes and the scoreboard.  It speaks in messages
(:func:`cardkit.i18n.say`: a code and its values), never in sentences: the view turns them
into words.  It imports no widget, so tests drive it directly.

Each game's controller (``least_score.py``, ``tienlen.py`` beside this file) says how a
match starts, how the learner's input becomes an action, and what the status, the
scoreboard and the result say.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence

from ..cards import resolve_seed
from ..errors import CardkitError, OptionError
from ..game import resolve_bot
from ..i18n import FORMATTED_NUMBERS, Message, say, seat
from .record import TURNS, check_record

__all__ = ["HUMAN", "ShownMessage", "MatchController", "resolve_bots", "bot_rng", "bot_label", "table_key"]

HUMAN = 0
"""The learner's seat at every table."""


@dataclass(frozen=True)
class ShownMessage:
    """A message and how it is shown: ``kind`` is 'info', 'success', 'warning' or 'error'."""

    kind: str
    message: Any


def resolve_bots(level: Any, count: int, game: str) -> list[tuple[str, Callable]]:
    """``[(name, bot), …]`` for ``count`` opponents from one level (a bot's name in
    ``game``, such as 'greedy', or a bot function) or a list of them, one per opponent."""
    if isinstance(level, (list, tuple)):
        levels = list(level)
        if len(levels) != count:
            raise OptionError(say("tables.levels_count", given=len(levels), n=count))
    else:
        levels = [level] * count
    out = []
    for lv in levels:
        if not isinstance(lv, str) and not callable(lv):
            raise OptionError(say("tables.level_kind", given=repr(lv)))
        _name, bot = resolve_bot(game, lv)
        out.append((lv if isinstance(lv, str) else getattr(lv, "__name__", "custom").replace("_bot", ""), bot))
    return out


def bot_rng(seed: int, salt: Sequence[str]) -> random.Random:
    """The bots' random numbers: fixed by the deal (and the game's ``salt``, an id of a few
    words, e.g. ``("least", "score")``), so the same deal played the same way gives the same
    bot moves in every classroom."""
    words = (salt,) if isinstance(salt, str) else tuple(salt)
    return random.Random(" ".join(("cardkit", *words, "bots", str(seed))))


def bot_label(name: str) -> Any:
    """A bot level's name as the learner reads it ('greedy' is an id; its word is in the
    catalogue); a level the catalogue does not know (a custom bot) keeps its name."""
    from ..i18n.define import REGISTRY

    code = f"tables.bot.{name}"
    return say(code) if code in REGISTRY else name


_KEYS_MADE: dict[str, int] = {}


def table_key(game: str, settings: dict) -> str:
    """A short key for a table's saved match, the same on every run of the same page: a
    digest of the game and the table's settings (the deal left out, so that a link with
    another deal still finds the match), and ``-2``, ``-3`` … for a second, third table
    made with the very same settings in this process."""
    text = json.dumps({"game": game, **settings}, sort_keys=True, default=str)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
    _KEYS_MADE[digest] = _KEYS_MADE.get(digest, 0) + 1
    n = _KEYS_MADE[digest]
    return digest if n == 1 else f"{digest}-{n}"


class MatchController:
    """A match at a table: the learner at seat 0 against bots (see the module).

    Subclasses set the game (``game``, ``seed_salt``, ``bots_registry``) and fill in
    ``make_state``, the status (``your_turn``, ``waiting``, ``round_over_status``,
    ``winner``), the scoreboard cells and the replay of one recorded step.
    """

    game = ""                   # the game's code name: 'least_score' or 'tienlen'
    seed_salt: tuple[str, ...] = ()   # the bots' seed salt, an id (kept: the same deal gives the same bot moves)
    bots_registry: dict = {}
    coach_event_kinds: tuple[str, ...] = ()   # log events the coach repeats (a round's start …)
    coach_again: dict[str, str] = {}   # a pick's code → its short form, once its reason was given at a past turn

    def __init__(self, level: Any, coach: bool = False) -> None:
        self.level = level
        self.coach = bool(coach)
        self.state: Any = None
        self.bots: list[tuple[str, Callable]] = []
        self.rng = random.Random(0)
        self.events_seen = 0          # events of this match shown in the log so far
        self.results_seen = 0
        self.pending: Any = None      # a finished round/game shown until "Next round"
        self.bot_moves = 0            # moves played by bots in this match
        self.steps: list[str] = []    # the learner's moves, as the record keeps them
        self.note: Optional[Message] = None    # about the learner's last move, before the status
        self.held: Optional[Message] = None    # a refused click's reason, kept while the bots play
        self.flash: Optional[ShownMessage] = None      # a one-off message (a refusal, "welcome back") until the next move
        self.coach_notes: list[Any] = []
        self.reasons_given: set = set()        # the coach's reasons shown at the learner's last turn
        self._reasons_shown: set = set()       # … and at this turn
        self.matches = 0              # how many matches were started (a view sees a new one by it)
        self.question: Optional[str] = None   # the "are you sure?" question being asked ('new_match', …)
        self.found: Optional[dict] = None     # a stored match offered, until the learner answers

    # --- to be filled in by each game -----------------------------------------------
    def make_state(self, seed: int) -> Any:
        """A new match state on deal ``seed`` (and ``self.bots`` for it)."""
        raise NotImplementedError

    def settings_record(self) -> dict:
        """The settings a replay needs, as plain data (``level`` is set by the caller)."""
        raise NotImplementedError

    def restore_settings(self, settings: dict) -> None:
        """Take back the settings of a record (raises on anything this table lacks)."""
        raise NotImplementedError

    def replay_step(self, step: str) -> bool:
        """Play one recorded learner's move again; False when it is not a move."""
        raise NotImplementedError

    def round_number(self) -> int:
        """The number of the round (game) shown now."""
        raise NotImplementedError

    def your_turn(self, obs: Any) -> Message:
        """The status on the learner's turn."""
        raise NotImplementedError

    def waiting(self, obs: Any) -> ShownMessage:
        """The status while a bot plays (``obs`` is the learner's view)."""
        return ShownMessage("info", say("tables.playing", player=seat(obs.current_player)))

    def round_over_status(self) -> Message:
        """The status's first words while a finished round (game) is shown."""
        raise NotImplementedError

    def winner(self) -> Message:
        """Who won the match, and with what."""
        raise NotImplementedError

    def scoreboard_title(self, obs: Any) -> Message:
        """The line above the scoreboard."""
        raise NotImplementedError

    def scoreboard_cells(self, p: int, obs: Any) -> tuple[Any, Any, Any]:
        """Seat ``p``'s row: (cards, score, what they are doing now — a Message or None)."""
        raise NotImplementedError

    def coach_advice(self, obs: Any) -> list[Any]:
        """What the learner may do on this turn and why (each game's coach)."""
        return []

    def coach_explain(self, before: Any, player: int, action: Any) -> Any:
        """What ``player``'s move meant (each game's coach); None for nothing."""
        return None

    def coach_round_over(self) -> list[Any]:
        """The coach's words while a finished round (game) is shown."""
        return []

    def learner_moved(self, action: Any, before: Any) -> None:
        """After the learner's ``action`` (``before``: their view just before it): e.g. the
        card they drew, for the note."""
        self.note = None

    # --- starting -------------------------------------------------------------------
    def start(self, seed: int) -> None:
        """A new match on deal ``seed`` with the settings held now."""
        self.state = self.make_state(seed)
        self.rng = bot_rng(seed, self.seed_salt)
        self.events_seen = 0
        self.results_seen = 0
        self.pending = None
        self.bot_moves = 0
        self.note = None
        self.held = None
        self.flash = None
        self.coach_notes = []
        self.reasons_given = set()
        self._reasons_shown = set()
        self.steps = []
        self.question = None
        self.matches += 1
        self.check_results()
        self.sync_log()

    def resolve_bots(self, level: Any, count: int) -> list[tuple[str, Callable]]:
        """:func:`resolve_bots` for this game."""
        return resolve_bots(level, count, self.game)

    @property
    def deal_code(self) -> Optional[str]:
        """The short code of this match's deal."""
        return self.state.deal_code if self.state is not None else None

    # --- where the match is ---------------------------------------------------------
    def match_over(self) -> bool:
        """True once the match is over and its last result has been shown."""
        return self.state.is_terminal() and self.results_seen >= len(self.state.round_results)

    def my_turn(self) -> bool:
        """True when a move of the learner's is taken now."""
        st = self.state
        return self.pending is None and not st.is_terminal() and st.current_player() == HUMAN

    def bots_to_play(self) -> bool:
        """True while bots have moves to make before the learner's turn (or a result)."""
        st = self.state
        return self.pending is None and not st.is_terminal() and st.current_player() != HUMAN

    def learner_done(self) -> bool:
        """True when the learner has no move left in this round (game) — out, or knocked
        out — while the bots play it to its end ("Finish the game" is offered)."""
        return False

    def check_results(self) -> None:
        """A round (game) just finished: hold its result until the learner goes on."""
        results = self.state.round_results
        if self.pending is None and self.results_seen < len(results):
            self.pending = results[self.results_seen]
            self.results_seen += 1

    def sync_log(self) -> list[Any]:
        """The events that may be shown now and were not yet (the next round's deal is held
        back while a finished round is on screen); the coach repeats some."""
        new = self.state.events[self.events_seen:]
        if self.pending is not None:
            limit = self.pending.round
            keep = []
            for e in new:
                if e.round > limit:
                    break
                keep.append(e)
            new = keep
        self.events_seen += len(new)
        for e in new:
            if e.kind in self.coach_event_kinds:
                self.coach_notes.append(getattr(e, "message", None) or e.text)
        return new

    def shown_events(self) -> list[Any]:
        """Every event of this match shown in the log so far, oldest first."""
        return self.state.events[:self.events_seen]

    # --- the learner's move: one flow for both games ----------------------------------
    def refusal(self) -> Optional[ShownMessage]:
        """Why no move of the learner's is taken now (None: one is)."""
        st = self.state
        if st is None:
            return ShownMessage("warning", say("tables.match_over_press_new"))
        if self.pending is not None:
            if self.match_over():
                return ShownMessage("warning", say("tables.match_over_press_new"))
            return ShownMessage("warning", say(f"tables.{self.game}.over_press_next"))
        if st.is_terminal():
            return ShownMessage("warning", say("tables.match_over_press_new"))
        if st.current_player() != HUMAN:
            return ShownMessage("warning", say("tables.wait_for_turn", current=seat(st.current_player())))
        return None

    def refuse(self, said: ShownMessage) -> bool:
        """Show ``said`` until the next move; a click refused while the bots play stays in
        front of their moves until the learner's turn.  Returns False (nothing played)."""
        self.flash = said
        return False

    def ready(self) -> bool:
        """True when a learner's move is taken now; otherwise says why and returns False."""
        why = self.refusal()
        if why is None:
            return True
        if self.bots_to_play():
            self.held = say("tables.held_click")
        return self.refuse(why)

    def act(self, action: Any, step: str, illegal: Callable[[Any], Any]) -> bool:
        """The learner plays ``action`` (``step``: how the record keeps it): refused with a
        plain message when it is not their turn, or when the engine says it is illegal
        (``illegal(reason)`` is the message then); otherwise applied, explained by the
        coach, recorded.  Returns True when played; the bots' answer is :meth:`bot_steps`."""
        if not self.ready():
            return False
        reason = self.state.why_illegal_action(action, HUMAN)
        if reason is not None:
            return self.refuse(ShownMessage("error", illegal(reason)))
        before = self.state.observation(HUMAN)
        # read at this turn: said shortly at the next one ("as before" is the turn just read,
        # never one further back, whose reason the learner may not have in mind)
        self.reasons_given, self._reasons_shown = set(self._reasons_shown), set()
        self.state.apply_action(action, HUMAN)
        if self.coach:
            # a new turn of the table: the learner knows what they did; what follows from it
            # (learner_moved) and the others' moves are told
            self.coach_notes = []
        self.learner_moved(action, before)
        self.steps.append(step)
        self.flash = None
        self.check_results()
        self.sync_log()
        return True

    def bot_steps(self) -> Iterator[None]:
        """The bots' moves, one per step, until it is the learner's turn, a round (game)
        ends or the match does.  The run ends with the last bot move (no step after it), so
        that the moment the learner's turn is shown a click is taken."""
        state = self.state
        while self.bots_to_play():
            p = state.current_player()
            _name, bot = self.bots[p - 1]
            action = bot(state.observation(p), self.rng)
            before = state.observation(HUMAN) if self.coach else None
            state.apply_action(action, p)
            if before is not None:
                text = self.coach_explain(before, p, action)
                if text:
                    self.coach_notes.append(text)
            self.bot_moves += 1
            self.flash = None
            self.check_results()
            self.sync_log()
            if not self.bots_to_play():
                self.flash = None
                self.held = None
                return
            yield

    def play_out(self) -> None:
        """Every bot move due now, at once."""
        for _ in self.bot_steps():
            pass

    def finish(self) -> bool:
        """Once the learner has no move left in this round (game): the bots play it to its
        end at once (False when the learner still has moves).  The coach keeps nothing of
        those moves: the learner chose not to watch them, and the result says how it ended."""
        if not self.learner_done():
            return False
        self.play_out()
        self.coach_notes = []
        return True

    def next_round(self) -> bool:
        """After a finished round (game), go on to the next one (False, with the reason
        shown, when there is none to go on to)."""
        if self.pending is None:
            if self.state.is_terminal():
                return self.refuse(ShownMessage("warning", say("tables.match_over_press_new")))
            return self.refuse(ShownMessage("warning", say(f"tables.{self.game}.not_over")))
        if self.match_over():
            return self.refuse(ShownMessage("warning", say("tables.match_over_press_new")))
        self.pending = None
        self.steps.append("n")
        self.flash = None
        self.check_results()
        self.sync_log()
        return True

    # --- what is shown ----------------------------------------------------------------
    def status(self) -> ShownMessage:
        """The status line now: a one-off message, else where the match is."""
        if self.flash is not None:
            return self.flash
        st = self.state
        obs = st.observation(HUMAN)
        if self.pending is not None:
            if self.match_over():   # the last round's (game's) end: who won the match is what counts
                return ShownMessage("success", self.winner())
            return ShownMessage("info", say("tables.then", first=self.round_over_status(),
                                    then=say(f"tables.{self.game}.press_next")))
        if st.is_terminal():
            return ShownMessage("success", self.winner())
        if st.current_player() == HUMAN:
            turn = self.your_turn(obs)
            return ShownMessage("info", turn if self.note is None else say("tables.then", first=self.note, then=turn))
        said = self.waiting(obs)
        if self.held is not None:
            return ShownMessage("warning", say("tables.then", first=self.held, then=said.message))
        return said

    def seat_label(self, p: int) -> Message:
        """'You (Player 0)', 'Player 2 (greedy bot)' — the scoreboard's first column."""
        if p == HUMAN:
            return say("tables.seat_you_label")
        return say("tables.seat_bot_label", player=seat(p), bot=bot_label(self.bots[p - 1][0]))

    def scoreboard(self) -> tuple[Message, list[tuple[Message, Any, Any, Any]]]:
        """The scoreboard: its title, and one row a seat (label, cards, score, now)."""
        obs = self.state.observation(HUMAN)
        rows = []
        for p in range(self.state.num_players):
            cards, score, now = self.scoreboard_cells(p, obs)
            rows.append((self.seat_label(p), cards, score, now))
        return self.scoreboard_title(obs), rows

    def coach_lines(self) -> list[tuple[str, Any]]:
        """What the coach says now: ``('head', message)`` and ``('item', message)`` lines."""
        st = self.state
        lines: list[tuple[str, Any]] = [("item", n) for n in self.coach_notes[-8:]]
        if lines:
            lines.insert(0, ("head", say("tables.coach_what_happened")))
        if self.pending is not None or st.is_terminal():
            return lines + [("head", m) for m in self.coach_round_over()]
        if st.current_player() == HUMAN:
            lines.append(("head", say("tables.coach_your_turn")))
            lines += [("item", a) for a in self.short_advice(self.coach_advice(st.observation(HUMAN)))]
        else:
            lines.append(("head", say("tables.playing", player=seat(st.current_player()))))
        return lines

    def short_advice(self, advice: list[Any]) -> list[Any]:
        """The coach's advice, each pick whose reason was given at the learner's last turn
        said shortly ("Discard K♥ (same reason as before)."): a reason is not read
        twice in a row (see :func:`reason_key`); one given further back is given again, so
        that "before" never points at another reason than the last one read."""
        out, shown = [], set()
        for line in advice:
            short = self.coach_again.get(getattr(line, "code", None))
            reason = line.get("reason") if short else None
            if not isinstance(reason, Message):
                out.append(line)
                continue
            key = reason_key(reason)
            shown.add(key)
            if key in self.reasons_given:
                line = say(short, **{k: v for k, v in line.items if k != "reason"})
            out.append(line)
        self._reasons_shown = shown
        return out

    # --- the match kept in the browser ----------------------------------------------
    def record(self) -> Optional[dict]:
        """This match as the browser keeps it: the game, the deal code, the settings and
        the learner's moves (None when its settings cannot be kept, e.g. a bot function)."""
        level = self.level
        levels = level if isinstance(level, (list, tuple)) else [level]
        if self.state is None or not all(isinstance(lv, str) for lv in levels):
            return None
        settings = {"level": list(level) if isinstance(level, (list, tuple)) else level}
        settings.update(self.settings_record())
        if self.pending is not None:
            turn = "over" if self.match_over() else "between"
        elif self.state.is_terminal():
            turn = "over"
        else:
            turn = "yours" if self.state.current_player() == HUMAN else "others"
        return {"game": self.game, "code": self.deal_code, "settings": settings, "moves": list(self.steps),
                "round": self.round_number(), "turn": turn, "over": turn == "over"}

    def where(self, record: dict) -> Optional[Message]:
        """'round 3, your turn' for a checked record (None when it says neither)."""
        n = record.get("round")
        turn = record.get("turn")
        number = n if isinstance(n, int) and not isinstance(n, bool) and 0 < n < 10_000 else None
        turn = turn if isinstance(turn, str) and turn in TURNS else None
        if number and turn:
            return say("tables.where", round=say(f"tables.{self.game}.round_n", n=number),
                       turn=self.turn_words(turn))
        if number:
            return say(f"tables.{self.game}.round_n", n=number)
        if turn:
            return self.turn_words(turn)
        return None

    def turn_words(self, turn: str) -> Message:
        """'your turn', 'between two rounds' … for a record's ``turn``."""
        return say(f"tables.{self.game}.turn_between") if turn == "between" else say(f"tables.turn_{turn}")

    def has_moved(self) -> bool:
        """True once the learner has made a move of their own in this match (a play, a
        discard, a declaration or a pass; going on to the next round is not one)."""
        return any(step != "n" for step in self.steps)

    def in_progress(self) -> bool:
        """True once the learner has moved in this match and it is not over."""
        return bool(self.steps) and not self.state.is_terminal()

    def offer(self, found: Any) -> Optional[tuple[Message, Message, Message]]:
        """The page found a stored match (``found``: what it sent): the offer to show
        (text, resume label, dismiss label), or None when there is nothing worth resuming.
        A record that cannot be read is not offered, and the learner is told plainly."""
        if found is None:
            return None
        record = check_record(found, self.game)
        if record is None:
            self.flash = ShownMessage("warning", say("tables.saved_unreadable_found"))
            return None
        if record["over"] or not record["moves"]:
            return None
        mine = self.record()
        if mine is not None and record["code"] == mine["code"] and record["moves"] == mine["moves"]:
            return None
        self.found = record
        where = self.where(record)
        if mine is None or record["code"] == mine["code"]:
            text = say("tables.offer_resume", where=where) if where else say("tables.offer_resume_plain")
            return text, say("tables.resume_button"), say("tables.afresh_button")
        text = say("tables.offer_other_deal", deal=record["code"], where=where or say("tables.turn_unknown"),
                   mine=mine["code"])
        return text, say("tables.resume_button"), say("tables.play_deal_button", deal=mine["code"])

    def take_offer(self) -> Optional[dict]:
        """The stored match offered (None if none), no longer offered."""
        found, self.found = self.found, None
        return found

    def resume(self, record: Any) -> bool:
        """Replay a kept match (see :meth:`record`): the same deal and settings, then the
        learner's moves one by one, each checked by the engine; the bots answer as they did.
        Returns True when the match is back; otherwise a plain message says why (and a
        fresh match on that deal, when there is one, is being played)."""
        checked = check_record(record, self.game)
        if checked is None:
            self.flash = ShownMessage("error", say("tables.saved_unreadable"))
            return False
        try:
            seed = resolve_seed(checked["code"])
            self.restore_settings(checked["settings"])
        except (CardkitError, TypeError, ValueError, KeyError, AttributeError):
            self.flash = ShownMessage("error", say("tables.saved_other_settings"))
            return False
        ok = True
        try:
            self.start(seed)
            self.play_out()
            for step in checked["moves"]:
                played = self.next_round() if step == "n" else self.replay_step(step)
                if not played:
                    ok = False
                    break
                self.play_out()
        except Exception:  # a record that does not replay: never a traceback
            ok = False
        if not ok:
            self.start(seed)
            self.play_out()
            self.flash = ShownMessage("error", say("tables.saved_not_replayed"))
            return False
        where = self.where(self.record() or {})
        self.flash = ShownMessage("info", say("tables.welcome_back", where=where) if where else say("tables.welcome_back_plain"))
        return True

    # --- "are you sure?" ----------------------------------------------------------------
    def ask(self, what: str) -> Optional[tuple[Message, Message]]:
        """Before ``what`` ('new_match' or 'play_deal') replaces a match in progress: the
        question and its "yes" label; None when nothing would be lost (go ahead)."""
        if not self.in_progress():
            self.question = None
            return None
        self.question = what
        where = self.where(self.record() or {}) or say("tables.turn_unknown")
        return (say(f"tables.ask_{what}", where=where), say(f"tables.yes_{what}"))

    def answer(self, yes: bool) -> Optional[str]:
        """The learner answered the question: what to do now (None: nothing)."""
        what, self.question = self.question, None
        return what if yes else None

    # --- settings shared by both games --------------------------------------------------
    def base_settings(self) -> dict:
        """What names a table's saved match across reloads (see :func:`table_key`)."""
        level = self.level
        level = [getattr(lv, "__name__", lv) for lv in level] if isinstance(level, (list, tuple)) \
            else getattr(level, "__name__", level)
        return {"level": level, **self.settings_record()}

    @staticmethod
    def rules_record(rules: Any) -> dict:
        """``rules`` as plain data."""
        return dataclasses.asdict(rules)


def reason_key(reason: Message) -> tuple:
    """What makes two of the coach's reasons the same: the code and the values its words
    show, numbers apart (a deck's average, a count of points, a chance): "keep 7♣ 7♥
    together" and "keep 8♣ 8♥ together" differ, "its cards average 6.1" and "… 5.8" do not."""
    from ..i18n.define import REGISTRY, placeholders

    entry = REGISTRY.get(reason.code)
    names = placeholders(entry.singular) | placeholders(entry.plural or "") if entry is not None else None
    return (reason.code, repr([(k, v) for k, v in reason.items
                               if (names is None or k in names) and not isinstance(v, (int, float, *FORMATTED_NUMBERS))]))


def seat_list(players: Sequence[int], you: int = HUMAN) -> list[Message]:
    """Seat names for ``players`` ('You' for the learner)."""
    return [seat(p, you=you) for p in players]
