"""The widgets for every learner (cardkit/widgets/access.py) and what the tables and checkers
do with them: the four-colour switch, the take choice as one radio group, the focus keeper's
requests, the keys written on the page. (What the browser does with them:
tests/browser/test_browser_a11y.py.)"""

from __future__ import annotations

import pytest

from cardkit import CardkitError
from cardkit.cards import Card
from cardkit.svg import FOUR_COLOUR, TWO_COLOUR
from cardkit.widgets import LeastScoreChecker, LeastScoreTable, TienLenChecker, TienLenTable
from cardkit.widgets.access import FOCUS_TARGETS, FOUR_COLOUR_KEY, ChoiceGroup, FocusKeeper, FourColourSwitch
from cardkit.widgets.frontend import STATIC
from cardkit.i18n import render
from cardkit.widgets.hand import KEY_HINT


def _inks(widget) -> set:
    """The suit inks used by the faces a cards widget sends to the browser."""
    inks = set(FOUR_COLOUR.values()) | set(TWO_COLOUR.values())
    return {ink for face in widget._faces for ink in inks if ink in face["svg"]}


def _sent(widget, monkeypatch) -> list:
    sent = []
    monkeypatch.setattr(widget, "send", lambda content, buffers=None: sent.append(content))
    return sent


# --- the switch ------------------------------------------------------------------------------

def test_the_switch_is_remembered_under_one_cardkit_key():
    switch = FourColourSwitch()
    assert switch.value is False and switch.storage_key == FOUR_COLOUR_KEY == "cardkit:four-colour"
    assert "Four-colour deck" in switch.label and repr(switch) == "FourColourSwitch(off)"
    assert FourColourSwitch(True).value is True
    js = (STATIC / "switch.js").read_text(encoding="utf-8")
    assert "localStorage" in js and 'type = "checkbox"' in js and "label.htmlFor" in js


@pytest.mark.parametrize("make, rows", [
    (lambda: LeastScoreTable(seed="K7Q-29X", delay=0), lambda t: [t.hand, t.open_row]),
    (lambda: TienLenTable(seed="K7Q-29X", delay=0), lambda t: [t.hand, t.table_row]),
])
def test_the_tables_switch_draws_every_card_in_four_colours(make, rows):
    table = make()
    assert table.four_colour is False and table.deck_switch.value is False
    for row in rows(table):
        assert not row.four_colour
    table.deck_switch.value = True            # what the learner's click (or their browser) does
    assert table.four_colour is True
    for row in rows(table):
        assert row.four_colour and (_inks(row) <= set(FOUR_COLOUR.values()))
    assert _inks(table.hand) & (set(FOUR_COLOUR.values()) - set(TWO_COLOUR.values()))
    table.set_four_colour(False)              # code can turn it off; the switch shows it
    assert table.deck_switch.value is False and not table.hand.four_colour


def test_a_table_made_in_four_colours_shows_its_switch_on():
    table = LeastScoreTable(seed=1, delay=0, four_colour=True)
    assert table.deck_switch.value is True and table.hand.four_colour


def test_the_result_of_a_round_follows_the_switch():
    table = LeastScoreTable(opponents=1, seed=3, delay=0)
    for _ in range(30):                        # play on until a round's result is shown
        if table.pending is not None:
            break
        if table.state.observation(0).can_declare:
            table.declare()
        else:
            group = max(table._legal_groups(), key=len)
            table.discard(group)
    assert table.pending is not None
    table.deck_switch.value = True
    revealed = [box.children[0] for box in table.result_hands.children]
    assert revealed and all(row.four_colour for row in revealed)


@pytest.mark.parametrize("make", [lambda: LeastScoreChecker("AH 2D 3S"), lambda: TienLenChecker("3S 4C 5D")])
def test_the_checkers_have_the_switch_too(make):
    checker = make()
    assert any(checker.deck_switch in getattr(c, "children", ()) for c in checker.children)
    assert checker.four_colour is False
    checker.deck_switch.value = True
    assert checker.four_colour is True and checker.hand.four_colour


# --- the take choice -------------------------------------------------------------------------

def test_choice_group_keeps_its_value_while_it_is_offered():
    seven = Card.parse("7C")
    group = ChoiceGroup([("the deck", "deck"), ("7♣", seven)], label="Then take:")
    assert group.value == "deck" and group.index == 0 and group._labels == ["the deck", "7♣"]
    group.value = seven
    assert group.index == 1
    group.index = 0                            # the browser's arrow key
    assert group.value == "deck"
    group.value = seven
    group.options = [("8♣", Card.parse("8C")), ("7♣ again", seven)]
    assert group.value == seven and group.index == 1      # still offered: kept
    group.options = [("the deck", "deck")]
    assert group.value == "deck" and group.index == 0     # gone: the first option
    group.options = []
    assert group.value is None and group.index == -1
    with pytest.raises(CardkitError, match="not one of the options"):
        ChoiceGroup([("a", 1)]).value = 2
    with pytest.raises(CardkitError, match="pair"):
        ChoiceGroup(["just words"])


def test_the_take_choice_is_one_labelled_radio_group():
    table = LeastScoreTable(seed="K7Q-29X", delay=0)
    assert isinstance(table.take_choice, ChoiceGroup) and table.take_choice.label == "Then take:"
    assert "↑ ↓" in table.keys_text.value and not table.take_choice.key_hint   # in the table's one line of keys
    js = (STATIC / "choice.js").read_text(encoding="utf-8")
    assert 'setAttribute("role", "radiogroup")' in js and "aria-labelledby" in js and "radio.name = id" in js


# --- the focus -------------------------------------------------------------------------------

def test_focus_keeper_sends_only_known_targets(monkeypatch):
    keeper = FocusKeeper()
    sent = _sent(keeper, monkeypatch)
    for target in FOCUS_TARGETS:
        keeper.focus(target)
    assert sent == [{"type": "focus", "target": t} for t in ("next", "finish", "hand", "confirm")]
    with pytest.raises(CardkitError, match="the focus goes to one of next, finish, hand, confirm"):
        keeper.focus("body")


def test_the_table_asks_for_the_focus_at_the_right_moments(monkeypatch):
    table = LeastScoreTable(opponents=1, seed=3, delay=0)
    sent = _sent(table.keeper, monkeypatch)
    assert table.keeper in table.children and "ck-keeper" in table.keeper._dom_classes
    assert "ck-my-hand" in table.hand._dom_classes
    for _ in range(30):
        if table.pending is not None:
            break
        if table.state.observation(0).can_declare:
            table.declare()
        else:
            table.discard(max(table._legal_groups(), key=len))
    assert table.pending is not None
    assert sent[-1] == {"type": "focus", "target": "next"}     # the round is over: Next round
    assert sent.count({"type": "focus", "target": "next"}) == 1
    table.next_round()
    assert sent[-1] == {"type": "focus", "target": "hand"}     # a new round: the hand


def test_the_keys_are_written_where_they_are_used():
    table = TienLenTable(seed=2, delay=0)
    assert "Tab" in table.keys_text.value and table.keys_text in table.play_area.children
    keys = render(KEY_HINT)   # a message: the hand shows its sentence in the learner's language
    assert table.hand.key_hint == keys and "← →" in keys and "Space" in keys
    js = (STATIC / "cards.js").read_text(encoding="utf-8")
    assert 'model.get("key_hint")' in js
