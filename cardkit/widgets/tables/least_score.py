"""A whole Least Score match against bots, in one widget.

::

    from cardkit.widgets import LeastScoreTable
    LeastScoreTable(opponents=3, level='greedy')

You are Player 0.  Choose cards in your hand (the table says at once whether they
may be discarded together), choose which card to take — one of the open cards or
the top card of the deck — and press **Discard and take**; or press **Declare**
when you think your total is the lowest.  The bots answer one at a time.  At the
end of each round every hand is shown and the scoring is worked out with the real
numbers; **Next round** goes on, until someone passes the threshold.

Everything shown comes from the engine (:mod:`cardkit.least_score`): the legal
discards, the reasons, whether you may declare, the scoring.  Code can play too:
``table.select('AC 2D 3S')``, ``table.take('7C')`` (or ``table.take(None)`` for the
deck), ``table.declare()``, ``table.next_round()``, ``table.new_match(...)``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Optional

from .. import guard as widgets

from ... import least_score as ls
from ...cards import Card
from ...errors import CardkitError
from ...words import and_list, game_name as name_of_game
from ...least_score import coach as ls_coach
from ..access import ChoiceGroup
from ..checkers import legal_list_html, least_score_sections, least_score_verdict
from ..hand import CardRow, Hand
from ..messages import safe_callback
from .base import HUMAN, TableBase, action_button, esc, hidden, menu, player_name, resolve_seed, wrap_row

__all__ = ["LeastScoreTable"]

_DECK = "deck"  # the take choice meaning "the top card of the deck"


class LeastScoreTable(TableBase):
    """A Least Score match: you (Player 0) against 1 to 7 bots.

    Arguments:
        opponents: how many bots, 1 to 7 (default 3; with ``rules`` given and no
            ``opponents``, ``rules.players − 1``).
        level: the bots' level — a name in :data:`cardkit.least_score.BOTS`
            (``'random'``, ``'greedy'`` …) or a bot function — or a list with one
            per opponent.
        rules: a :class:`cardkit.least_score.Rules` for every other option
            (threshold, penalty, …); its ``players`` is set from ``opponents``.
        seed: the deal — None for a fresh one, a whole number, or a deal code
            such as ``'K7Q-29X'``.
        delay: seconds between two bot moves (0: all at once, as in tests).
        four_colour: ♠ black, ♥ red, ♦ blue, ♣ green (the learner's switch on the
            table changes it, and the learner's browser remembers it).
        coach: start with the coach on: before each of your turns it says what you
            may do and why, after each move what it meant (a switch turns it off).

    The controls at the top choose the number of opponents, their level and the
    threshold for the next **New match**; the deal code of the match is shown
    and a code typed in starts that deal.
    """

    game_name = "least score"
    round_word = "round"
    bots_registry = ls.BOTS
    game = "least_score"
    game_title = name_of_game("least_score")
    hint_words = ("Show my legal discards", "Point out and list every legal discard in your hand")
    coach_event_kinds = ("round_start", "reshuffle")

    def __init__(self, opponents: Optional[int] = None, level: Any = "greedy", rules: Optional[ls.Rules] = None,
                 seed: Any = None, delay: float = 0.8, four_colour: bool = False, coach: bool = False) -> None:
        if rules is not None and not isinstance(rules, ls.Rules):
            raise CardkitError(f"rules must be a Least Score Rules(...), not {type(rules).__name__}")
        base = rules or ls.Rules()
        if opponents is None:
            opponents = base.players - 1 if rules is not None else 3
        self._check_opponents(opponents)
        self._base_rules = base
        self._level = level
        self._opponents = opponents
        self._resolve_bots(level, opponents)  # a bad level fails here, plainly
        self._four = four_colour
        super().__init__(delay=delay, coach=coach)
        self._build()
        self._start(resolve_seed(seed))

    # --- settings ---------------------------------------------------------------------
    @staticmethod
    def _check_opponents(n: Any) -> None:
        low, high = ls.Rules.MIN_PLAYERS - 1, ls.Rules.MAX_PLAYERS - 1
        if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= high:
            raise CardkitError(f"Least Score is for {low + 1} to {high + 1} players, so {low} to {high} opponents; "
                               f"not {n!r}")

    @property
    def rules(self) -> ls.Rules:
        """The rules of the match being played."""
        return self.state.rules

    def _apply_settings(self, opponents: Optional[int] = None, level: Any = None,
                        threshold: Optional[int] = None) -> None:
        if opponents is None:
            opponents = self.opponents_choice.value
        self._check_opponents(opponents)
        level = self._level_from_menu(level)
        self._resolve_bots(level, opponents)
        if threshold is None:
            threshold = self.threshold_choice.value
        base = dataclasses.replace(self._base_rules, threshold=threshold)  # checks the threshold
        self._base_rules = base
        self._opponents = opponents
        self._level = level
        self._set_controls()

    def _make_state(self, seed: int) -> ls.LeastScoreState:
        rules = dataclasses.replace(self._base_rules, players=self._opponents + 1)
        self.bots = self._resolve_bots(self._level, self._opponents)
        return ls.new_game(rules, seed)

    def _settings_text(self) -> str:
        n = self._opponents
        return f"{n} opponent{'s' if n != 1 else ''}, threshold {self.state.rules.threshold}"

    # --- the widgets ------------------------------------------------------------------
    def _build(self) -> None:
        self.opponents_choice = menu(range(ls.Rules.MIN_PLAYERS - 1, ls.Rules.MAX_PLAYERS), "Opponents:", "9.5em")
        thresholds = sorted(set(ls.USUAL_THRESHOLDS) | {self._base_rules.threshold})
        self.threshold_choice = menu(thresholds, "Threshold:", "10em")
        intro = widgets.HTML(
            "<b>Least Score</b> — you are <b>Player 0</b>. The lowest hand total wins a round "
            "(ace 1, jack/queen/king 10). On your turn: choose cards to discard, choose a card to take, "
            "press <b>Discard and take</b> — or <b>Declare</b> if you think your total is the lowest.")
        self.hand = Hand((), sort_key=ls.sort_key, title="Your hand", four_colour=self._four,
                         highlight_text="part of a legal discard", highlight_follows_selection=True)
        self._build_shared(ls.Rules.MAX_PLAYERS - 1, card_width=34)
        self._set_controls()

        # the middle
        self.open_row = CardRow((), title="Open cards", card_width=60, four_colour=self._four)
        self.deck_text = widgets.HTML("")
        self.deck_text.add_class("ck-deck")

        # your side
        self.take_choice = ChoiceGroup([("the top card of the deck", _DECK)], label="Then take:",
                                       value=_DECK)
        self.take_choice.key_hint = "Keys: ↑ ↓ choose what to take (Tab reaches the group)."
        self.take_choice.add_class("ck-take")
        self.play_button = action_button("Discard and take", "ck-discard", style="primary",
                                         tooltip="Discard the chosen cards and take the card chosen below them")
        self.declare_button = action_button("Declare", "ck-declare", style="warning",
                                            tooltip="Show every hand and end the round")
        self.declare_reason = widgets.HTML("")
        self.declare_reason.add_class("ck-declare-reason")
        self.play_button.on_click(safe_callback(self.status, lambda _b: self.take(self._take_value())))
        self.declare_button.on_click(safe_callback(self.status, lambda _b: self.declare()))

        buttons = wrap_row([self.play_button, self.declare_button, self.hint_button], "10px")
        play_area = widgets.VBox([
            wrap_row([self.open_row, self.deck_text], "24px"),
            self.hand, self.verdict, self.take_choice, buttons, self.declare_reason, self.keys_text,
        ])
        self.result_hands = widgets.VBox([])
        self._lay_out(intro, [self.opponents_choice, self.level_choice, self.threshold_choice], play_area,
                      [self.result_title, self.result_hands, self.result_text])

    def _set_controls(self) -> None:
        self.opponents_choice.value = self._opponents
        self._show_level(list(ls.BOTS))
        self._show_number(self.threshold_choice, self._base_rules.threshold)

    # --- what the learner (or code) does -----------------------------------------------
    def take(self, card: Any = None) -> bool:
        """Discard the chosen cards and take ``card`` — one of the open cards
        (a Card or text such as '7C') or None for the top card of the deck.
        Returns True if the move was played; otherwise the reason is shown."""
        if self._refuse_if_not_ready():
            return False
        chosen = self.hand.selected
        if not chosen:
            self.status.error("Choose the cards to discard first: click them in your hand.")
            return False
        try:
            action = ls.Discard(chosen, take=card)
        except CardkitError as exc:
            self.status.error(str(exc))
            return False
        reason = self.state.why_illegal_action(action, HUMAN)
        if reason is not None:
            self.status.error(f"You cannot do that: {reason}.")
            return False
        before = set(self.state.hand(HUMAN))
        seen = self._coach_before()
        self.state.apply_action(action, HUMAN)
        self._coach_note(HUMAN, action, seen)
        if card is None:
            drawn = [c for c in self.state.hand(HUMAN) if c not in before]
            if drawn:
                self._note = f"You took {drawn[0]} ({drawn[0].label}) from the top of the deck. "
        else:
            self._note = ""
        take = "deck" if action.take is None else action.take.code
        self._after_human("d:" + " ".join(c.code for c in chosen) + ">" + take)
        return True

    def discard(self, cards: Any, take: Any = None) -> bool:
        """Choose ``cards`` and discard them, taking ``take`` (None: the deck)."""
        if self._refuse_if_not_ready():
            return False
        try:
            self.select(cards)
        except CardkitError as exc:
            self.status.error(str(exc))
            return False
        return self.take(take)

    def declare(self) -> bool:
        """Declare: every hand is shown and the round is scored.  Refused, with the
        engine's reason, when you may not declare now."""
        if self._refuse_if_not_ready():
            return False
        reason = self.state.why_illegal_action(ls.DECLARE, HUMAN)
        if reason is not None:
            self.status.error(f"You cannot declare now: {reason}.")
            return False
        seen = self._coach_before()
        self.state.apply_action(ls.DECLARE, HUMAN)
        self._coach_note(HUMAN, ls.DECLARE, seen)
        self._note = ""
        self._after_human("x")
        return True

    # --- kept in the browser, replayed -----------------------------------------------
    def _more_settings(self) -> dict:
        return {"opponents": self._opponents}

    def _round_number(self) -> int:
        return self.pending.round_number if self.pending is not None else self.state.observation(HUMAN).round_number

    def _restore_settings(self, settings: dict) -> None:
        rules = ls.Rules(**settings["rules"])
        opponents = settings["opponents"]
        self._check_opponents(opponents)
        self._resolve_bots(settings["level"], opponents)
        self._base_rules, self._opponents, self._level = rules, opponents, settings["level"]
        self._set_controls()

    def _replay_move(self, step: str) -> bool:
        if step == "x":
            return self.declare()
        if not step.startswith("d:") or ">" not in step:
            return False
        cards, take = step[2:].split(">", 1)
        return self.discard(cards, None if take == "deck" else take)

    def _take_value(self) -> Optional[Card]:
        value = self.take_choice.value
        return None if value == _DECK or value is None else value

    # --- drawing ----------------------------------------------------------------------
    def _scoreboard_title(self, obs: ls.Observation) -> str:
        rnd = self.pending.round_number if self.pending is not None else obs.round_number
        return (f"Round {rnd} · threshold {self.state.rules.threshold} "
                "(over it and you are out; the lowest score wins)")

    def _scoreboard_cells(self, p: int, obs: ls.Observation) -> tuple[Any, Any, str]:
        result = self.pending
        if result is not None:
            size = len(result.hands[p]) if result.totals[p] is not None else 0
            turn = "declared" if p == result.declarer else ""
            score = result.running_scores[p]
        else:
            size = obs.hand_sizes[p]
            turn = "▶ to play" if obs.current_player == p else ""
            score = obs.scores[p]
        if not obs.still_in[p] and (result is None or p not in result.players):
            turn = "knocked out"
        elif result is not None and p in result.knocked_out:
            turn = (turn + ", " if turn else "") + "knocked out"
        return size, score, turn

    def _draw_play(self, obs: ls.Observation) -> None:
        st = self.state
        for p, h in enumerate(self.opponent_hands, start=1):
            if p < st.num_players:
                hidden(h, False)
                h.count = obs.hand_sizes[p] if obs.still_in[p] else 0
                h.title = f"Player {p}" + ("" if obs.still_in[p] else " (knocked out)")
            else:
                hidden(h, True)
        if obs.open_cards:
            src = "the deck (turned up)" if obs.open_from is None else player_name(obs.open_from)
            self.open_row.title = f"Open cards, from {src}"
        else:
            self.open_row.title = "Open cards"
        self.open_row.cards = ls.display_order(obs.open_cards)
        self.deck_text.value = (f"<div style='font-weight:600'>Deck</div><div>{obs.deck_size} card"
                                f"{'s' if obs.deck_size != 1 else ''} face down</div>"
                                f"<div style='opacity:.8'>discard pile: {obs.dead_size} (the open cards nobody "
                                "took; shuffled into a new deck when the deck runs out)</div>")
        self.hand.cards = obs.hand
        self.hand.title = f"Your hand (total {obs.hand_total})" if obs.still_in[HUMAN] else "Your hand (you are out)"
        # the take choice: the open cards, then the deck
        options = [(f"{c} ({c.label}) from the open cards", c) for c in sorted(obs.open_cards, key=ls.sort_key)]
        if obs.can_draw:
            options.append((f"the top card of the deck ({obs.deck_size} left)", _DECK))
        old = self.take_choice.value
        if tuple(options) != tuple(self.take_choice.options):
            self.take_choice.options = options
        values = [v for _, v in options]
        self.take_choice.value = old if old in values else (_DECK if _DECK in values else (values[0] if values else None))
        # declaring: allowed or not, in the engine's words
        mine = obs.current_player == HUMAN and not obs.is_terminal
        if not mine:
            self.declare_button.disabled = True
            self.declare_reason.value = ("<span style='opacity:.85'>Declare: not now, it is not your turn.</span>")
        elif obs.can_declare:
            self.declare_button.disabled = False
            self.declare_reason.value = ("<span style='opacity:.85'>You may declare now: every hand is shown and "
                                         f"the round is scored (your total is {obs.hand_total}).</span>")
        else:
            self.declare_button.disabled = True
            self.declare_reason.value = (f"<span style='opacity:.85'>Declare is not allowed yet: "
                                         f"{esc(obs.why_not_declare)}.</span>")
        self._draw_verdict()
        self._draw_hints()

    def _draw_verdict(self) -> None:
        legal, text = least_score_verdict(self.hand.selected, self.state.rules)
        st = self.state
        if self.pending is not None or st.is_terminal() or not st.observation(HUMAN).still_in[HUMAN]:
            # no move of yours to make: say so rather than "choose the cards to discard"
            text = ("You are out of this match: watch the others play on." if not st.is_terminal()
                    and self.pending is None else f"This {self.round_word} is over.")
            self.verdict.show(text, "info")
            return
        if legal is None:
            text = "Choose the cards to discard: click them in your hand."
            if self.state.current_player() != HUMAN:
                text = "You may choose your cards while you wait for your turn."
        elif legal:
            text += " Then choose the card to take and press Discard and take."
        self.verdict.show(text, "info" if legal is None else ("success" if legal else "error"))

    def _legal_groups(self) -> list:
        return ls.legal_discards(self.hand.cards, self.state.rules)

    def _hint_listing(self, groups: list) -> str:
        return legal_list_html(least_score_sections(groups, self.state.rules), "There is no legal discard here.")

    def _coach_advice(self, obs: ls.Observation) -> list[str]:
        return ls_coach.advice(obs)

    def _coach_explain(self, before: ls.Observation, player: int, action: Any) -> str:
        return ls_coach.explain_move(before, player, action, you=HUMAN)

    def _coach_round_over(self) -> list[str]:
        res = self.pending
        if res is None:
            return ["The match is over: press New match to play again."]
        lines = [f"Round {res.round_number} is over: read how it was scored below — D is the declarer's total, L the "
                 "lowest of the others."]
        if not (self.state.is_terminal() and self._results_seen >= len(self.state.round_results)):
            nxt = self.state.observation(HUMAN)
            lines.append(f"Next: {ls_coach.round_opening(nxt)} (the first turn moves one seat on each round). "
                         "Press Next round.")
        return lines

    def _draw_status(self, obs: ls.Observation) -> None:
        st = self.state
        if self.pending is not None:
            res = self.pending
            verdict = "succeeds" if res.success else "fails"
            head = f"Round {res.round_number}: {player_name(res.declarer)} declared and the declaration {verdict}."
            if st.is_terminal() and self._results_seen >= len(st.round_results):
                self.status.success(head + " " + self._winner_text())
            else:
                self.status.info(head + " Press Next round to go on.")
            return
        if st.is_terminal():
            self.status.success(self._winner_text())
            return
        cur = obs.current_player
        note = self._note
        if cur == HUMAN:
            self._your_turn()
            self.status.info(f"{note}Your turn: choose cards to discard and a card to take, or declare.")
        elif not obs.still_in[HUMAN]:
            self._waiting(f"You are out of this match; the others play on: Player {cur} is playing…")
        else:
            self._waiting(f"{note}Player {cur} is playing…")

    def _winner_text(self) -> str:
        st = self.state
        win = st.winners()
        scores = st.returns()
        names = [("you" if p == HUMAN else f"Player {p}") for p in win]
        who = and_list(names)
        verb = "win" if win == [HUMAN] else ("wins" if len(win) == 1 else "share the win")
        who = who[0].upper() + who[1:]
        return (f"The match is over: {who} {verb} with {scores[win[0]]} points. "
                "Press New match to play again.")

    def _draw_result(self) -> None:
        res: ls.RoundResult = self.pending
        st = self.state
        verdict = "succeeds" if res.success else "fails"
        self.result_title.value = (f"<h3 class='ck-result-title' style='margin:6px 0;font-size:1.05rem'>Round {res.round_number} is over: "
                                   f"{esc(player_name(res.declarer))} declared — the declaration {verdict}</h3>")
        rows = []
        for p in res.players:
            cards = ls.display_order(res.hands[p])
            values = " + ".join(str(ls.card_value(c)) for c in cards)
            who = "You" if p == HUMAN else f"Player {p}"
            mark = " (declared)" if p == res.declarer else ""
            row = CardRow(cards, title=f"{who}{mark}", card_width=46, four_colour=self._four)
            total = widgets.HTML(f"<div style='margin:-4px 0 6px 6px'>total: {esc(values)} = "
                                 f"<b>{res.totals[p]}</b></div>")
            rows.append(widgets.VBox([row, total]))
        self.result_hands.children = rows
        names = [player_name(p) for p in res.players]
        explanation = ls.score_explanation([res.totals[p] for p in res.players],
                                           res.players.index(res.declarer), st.rules, names=names)
        steps = [
            f"1. Every hand is shown and added up (ace 1, jack/queen/king 10), as above.",
            f"2. D = the declarer's total = {res.declarer_total}; L = the lowest total of the others "
            f"= {res.lowest_other}.",
            f"3. {explanation}",
        ]
        before = [r - s for r, s in zip(res.running_scores, res.scores)]
        sums = ", ".join(f"{player_name(p)}: {before[p]} + {res.scores[p]} = {res.running_scores[p]}"
                         for p in res.players)
        steps.append(f"4. Running scores: {sums}.")
        if res.knocked_out:
            out = ", ".join(player_name(p) for p in res.knocked_out)
            steps.append(f"5. Over the threshold of {st.rules.threshold}: {out} — knocked out.")
        text = "".join(f"<p style='margin:3px 0'>{esc(s)}</p>" for s in steps)
        last = st.is_terminal() and self._results_seen >= len(st.round_results)
        if last:
            text += f"<p style='margin:6px 0;font-weight:600'>{esc(self._winner_text())}</p>"
        self.result_text.value = text
        hidden(self.next_button, last)
        hidden(self.again_button, not last)
        self._draw_verdict()
