"""The engine's side of the end-to-end tests: the same match the page plays, replayed here.

A game table seeds its bots from the deal (``cardkit.tables.bot_rng``), so a page
opened on a deal code and played with the same moves gives the very same match as
``new_game(rules, seed)`` with the same bots.  A mirror keeps that match in step with the
page: it plays the bots exactly as the table does (until it is the learner's turn, or a
round or game ends and the table waits for "Next round"), and chooses the learner's moves
with a fixed, simple policy, so the test knows what to click and what the page must show.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Optional

from cardkit import least_score as ls
from cardkit import tienlen as tl
from cardkit.tables import HUMAN, LeastScoreMatch, TienLenMatch, bot_rng


class _Mirror:
    """What both tables share: bots played until the learner's turn, round results
    held back until "Next round" (as ``cardkit.tables.MatchController`` does)."""

    def __init__(self, state: Any, bots: list, seed_salt: str) -> None:
        self.state = state
        self.bots = bots
        self.rng = bot_rng(state.seed, seed_salt)
        self.results_seen = 0
        self.pending: Any = None
        self.learner_moves: list[Any] = []

    def _check_results(self) -> None:
        results = self.state.round_results
        if self.pending is None and self.results_seen < len(results):
            self.pending = results[self.results_seen]
            self.results_seen += 1

    def run_bots(self) -> None:
        """Bots move until it is the learner's turn, a round (game) ends, or the match does."""
        st = self.state
        while not st.is_terminal() and self.pending is None and st.current_player() != HUMAN:
            p = st.current_player()
            st.apply_action(self.bots[p - 1](st.observation(p), self.rng), p)
            self._check_results()

    def learner_plays(self, action: Any) -> None:
        reason = self.state.why_illegal_action(action, HUMAN)
        assert reason is None, f"the test's own move {action} is illegal: {reason}"
        self.state.apply_action(action, HUMAN)
        self.learner_moves.append(action)
        self._check_results()
        self.run_bots()

    def next_round(self) -> None:
        assert self.pending is not None
        self.pending = None
        self._check_results()
        self.run_bots()

    @property
    def my_turn(self) -> bool:
        st = self.state
        return self.pending is None and not st.is_terminal() and st.current_player() == HUMAN

    def shown_events(self) -> list[Any]:
        """The events the table's log has shown so far (the next round's deal is held
        back while a finished round is on screen)."""
        events = self.state.events
        if self.pending is None:
            return events
        limit = self.pending.round
        shown = []
        for e in events:
            if e.round > limit:
                break
            shown.append(e)
        return shown


class LeastScoreMirror(_Mirror):
    """A ``LeastScoreTable(opponents, level, rules, seed)`` and its learner.

    The learner's policy: discard the legal group worth most; take the lowest open card
    if it is worth less than ``take_below``, else the top of the deck; declare as soon as
    the rules allow and either the total is at most ``declare_at`` or ``patience`` moves
    have been played this round."""

    def __init__(self, seed: int, opponents: int = 3, level: str = "greedy",
                 rules: Optional[ls.Rules] = None, take_below: int = 6, declare_at: int = 10,
                 patience: int = 2) -> None:
        base = rules or ls.Rules()
        state = ls.new_game(dataclasses.replace(base, players=opponents + 1), seed)
        super().__init__(state, [ls.BOTS[level]] * opponents, LeastScoreMatch.seed_salt)
        self.take_below, self.declare_at, self.patience = take_below, declare_at, patience
        self.moves_this_round = 0
        self.run_bots()

    def choose(self) -> Any:
        """The learner's next action (``ls.DECLARE`` or a ``Discard``)."""
        obs = self.state.observation(HUMAN)
        if obs.can_declare and (obs.hand_total <= self.declare_at or self.moves_this_round >= self.patience):
            return ls.DECLARE
        groups = ls.legal_discards(obs.hand, obs.rules)
        group = max(groups, key=lambda g: (ls.hand_total(g), len(g)))
        low = min(obs.open_cards, key=lambda c: (ls.card_value(c), ls.sort_key(c)))
        take = low if ls.card_value(low) < self.take_below else None
        return ls.Discard(group, take=take)

    def learner_plays(self, action: Any) -> None:
        round_before = self.state.round_number
        super().learner_plays(action)
        self.moves_this_round = self.moves_this_round + 1 if self.state.round_number == round_before else 0

    def next_round(self) -> None:
        self.moves_this_round = 0
        super().next_round()


class TienLenMirror(_Mirror):
    """A ``TienLenTable(level, rules, seed)`` and its learner.

    The learner's policy: pass the first time passing is allowed (so the Pass button is
    clicked), otherwise play what a greedy bot would play, with its own seeded random
    numbers."""

    def __init__(self, seed: int, level: str = "greedy", rules: Optional[tl.Rules] = None) -> None:
        state = tl.new_game(rules or tl.Rules(), seed)
        super().__init__(state, [tl.BOTS[level]] * (state.num_players - 1), TienLenMatch.seed_salt)
        self.my_rng = random.Random(f"test learner {seed}")
        self.passed_once = False
        self.run_bots()

    def choose(self) -> Any:
        """The learner's next action (``tl.PASS`` or a combination)."""
        legal = self.state.legal_actions()
        if not self.passed_once and tl.PASS in legal:
            self.passed_once = True
            return tl.PASS
        return tl.BOTS["greedy"](self.state.observation(HUMAN), self.my_rng)
