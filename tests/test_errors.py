"""Every error the engine raises on purpose is a CardkitError subclass that fits (and a
ValueError, so code catching ValueError keeps working); the messages stay plain."""

import ast
import random

import pytest

import cardkit.errors as errors
from cardkit import least_score, tienlen
from cardkit.errors import (BotError, CardkitError, CardParseError, DealCodeError, HandError, OptionError,
                            PlayerError, RulesError, UnknownBotError)
from cardkit.game import play_out

from test_layout import ENGINE, MODULES

IMMUTABLE = {"AttributeError"}  # Card and Combo refuse assignment as every frozen object does


@pytest.mark.parametrize("name", ENGINE)
def test_every_raise_in_the_engine_is_a_cardkit_error(name):
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
            cls = node.exc.func.id
            if cls in IMMUTABLE:
                continue
            if not (isinstance(getattr(errors, cls, None), type) and issubclass(getattr(errors, cls), CardkitError)):
                bad.append(f"line {node.lineno}: raise {cls}")
            elif cls == "CardkitError":
                bad.append(f"line {node.lineno}: the base class, where a subclass fits")
    assert bad == []


def test_every_error_class_is_a_value_error():
    for cls in (CardParseError, DealCodeError, HandError, OptionError, PlayerError, RulesError,
                UnknownBotError, BotError):
        assert issubclass(cls, CardkitError) and issubclass(cls, ValueError), cls


@pytest.mark.parametrize("module", [least_score, tienlen])
def test_the_same_mistakes_raise_the_same_errors_in_both_games(module):
    state = module.new_game(seed=1)
    with pytest.raises(PlayerError, match="players are 0 to 3"):
        state.observation(9)
    with pytest.raises(DealCodeError, match="not a deal code"):
        module.new_game(seed="??????")
    with pytest.raises(PlayerError, match="4 players but 2 bots"):
        play_out(state, [module.BOTS["random"]] * 2)

    def crashes(obs, rng):
        return {}["no such key"]

    with pytest.raises(BotError, match="'crashes' at seat") as caught:
        play_out(module.new_game(seed=2), [crashes] * 4)
    assert isinstance(caught.value, RuntimeError)
    with pytest.raises(PlayerError, match="asked to act for Player 1"):
        module.BOTS["strong"](state.observation(1), random.Random(0))


def test_fitting_errors_with_their_messages():
    from cardkit import odds, simulate, svg
    from cardkit.tournament import tournament

    with pytest.raises(OptionError, match="a card's width is a positive number"):
        svg.card_svg("QH", width=0)
    with pytest.raises(CardParseError, match="card_svg draws a Card"):
        svg.card_svg(42)
    with pytest.raises(OptionError, match="trials must be a whole number"):
        simulate.estimate_probability("pair", 0, seed=1)
    with pytest.raises(HandError, match="no five-card hand has a total of 60"):
        odds.p_lowest_total(60)
    with pytest.raises(HandError, match="cannot be in two hands"):
        tienlen.TienLenState.from_hands(["3S", "3S 4S"])
    with pytest.raises(HandError, match="is not a combination"):
        tienlen.Combo("3S 5H")
    with pytest.raises(HandError, match="hand totals"):
        least_score.round_scores(5, 0)
    with pytest.raises(OptionError, match="unknown setting"):
        least_score.make_strong_bot(courage=3)
    result = tournament("tienlen", ["greedy", "random"], matches=2, seed=1, workers=0, progress=False)
    with pytest.raises(KeyError) as caught:
        result.summary("genius")
    assert isinstance(caught.value, UnknownBotError)
    assert str(caught.value) == "no bot called 'genius' played in this tournament"
