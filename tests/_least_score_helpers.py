"""Shared by the Least Score test files: a full snapshot of a state, the card
count, and a way to rig a deal (white-box: tests only)."""

import copy
import random

from cardkit import full_deck, parse_cards


def snapshot(state):
    """Everything a state holds, as plain comparable values (the cached list of
    legal actions is left out: it is a cache, not state)."""
    out = {}
    for key, value in vars(state).items():
        if key == "_legal":
            continue
        if isinstance(value, random.Random):
            value = value.getstate()
        else:
            value = copy.deepcopy(value)
        out[key] = value
    return out


def all_cards(state):
    """Every card of the round: hands, deck, open cards and discard pile."""
    cards = [c for h in state._hands for c in h]
    return cards + list(state._deck) + list(state._open) + list(state._dead)


def rig(state, hands, open_cards="", deck_top=""):
    """Give the seats ``hands`` (text, one per seat), make ``open_cards`` the open
    cards and ``deck_top`` the next cards drawn (first drawn first); every other
    card goes to the deck below them.  The discard pile is emptied."""
    hands = [sorted(parse_cards(h), key=lambda c: c.index) for h in hands]
    opened = tuple(parse_cards(open_cards))
    top = parse_cards(deck_top)
    used = [c for h in hands for c in h] + list(opened) + top
    assert len(used) == len(set(used)), "a rigged card is used twice"
    rest = [c for c in full_deck() if c not in set(used)]
    state._hands = hands + [[] for _ in range(state.num_players - len(hands))]
    state._open = opened
    if state._open_from is None:  # no turn played yet: the open card is the turned-up one
        state._turned_up = opened[0] if opened else None
    state._deck = rest + top[::-1]
    state._dead = []
    state._legal = None
    assert sorted(c.index for c in all_cards(state)) == list(range(52))
    return state
