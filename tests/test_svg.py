"""Card pictures: valid SVG, readable labels, both colourings, backs, rows."""

import re
import xml.etree.ElementTree as ET

import pytest

from cardkit import Card, CardParseError, full_deck, parse_cards
from cardkit.cards import Suit
from cardkit.svg import (
    BACK_LABEL,
    FOUR_COLOUR,
    TWO_COLOUR,
    _SUIT_PATHS,
    back_svg,
    card_svg,
    hand_svg,
    suit_colour,
)

NS = "{http://www.w3.org/2000/svg}"
RED, BLACK = "#c8102e", "#1a1a1a"
# the four-colour deck: ♥ red, ♦ blue, ♣ teal green (chosen to stay distinct under colour-vision deficiencies)
RED4, BLUE, GREEN = "#ac280c", "#1328b4", "#00846f"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(NS + "text")]


@pytest.mark.parametrize("four", [False, True])
def test_every_card_is_valid_svg_with_its_label(four):
    for card in full_deck():
        root = parse(card_svg(card, four_colour=four))
        assert root.get("role") == "img"
        assert root.get("aria-label") == card.label
        title = root.find(NS + "title")
        assert title is not None and title.text == card.label
        assert list(root)[0] is title  # the title comes first, as screen readers expect
        # the rank is written (twice, once per corner); the suit is drawn, not coloured only
        assert texts(root).count(card.rank.code) >= 2
        suit_paths = [p for p in root.iter(NS + "path") if p.get("d") == _SUIT_PATHS[card.suit]]
        assert len(suit_paths) >= 3  # two corners and the middle


def test_labels_read_like_english():
    assert 'aria-label="Queen of hearts"' in card_svg(Card.parse("QH"))
    assert "<title>Ten of clubs</title>" in card_svg(Card.parse("10C"))
    assert 'aria-label="Ace of spades"' in card_svg("as")  # a card string is read too


def _suit_fills(svg: str, suit: Suit) -> set[str]:
    root = parse(svg)
    return {p.get("fill") for p in root.iter(NS + "path") if p.get("d") == _SUIT_PATHS[suit]}


def test_two_colour_is_classic_red_and_black():
    assert _suit_fills(card_svg("5H"), Suit.HEARTS) == {RED}
    assert _suit_fills(card_svg("5D"), Suit.DIAMONDS) == {RED}
    assert _suit_fills(card_svg("5C"), Suit.CLUBS) == {BLACK}
    assert _suit_fills(card_svg("5S"), Suit.SPADES) == {BLACK}


def test_four_colour_gives_each_suit_its_own_ink():
    assert _suit_fills(card_svg("5H", four_colour=True), Suit.HEARTS) == {RED4}
    assert _suit_fills(card_svg("5D", four_colour=True), Suit.DIAMONDS) == {BLUE}
    assert _suit_fills(card_svg("5C", four_colour=True), Suit.CLUBS) == {GREEN}
    assert _suit_fills(card_svg("5S", four_colour=True), Suit.SPADES) == {BLACK}
    assert len(set(FOUR_COLOUR.values())) == 4
    assert len(set(TWO_COLOUR.values())) == 2
    assert suit_colour(Suit.DIAMONDS, True) == BLUE and suit_colour(Suit.DIAMONDS) == RED
    # the rank is inked in the suit's colour too
    root = parse(card_svg("KD", four_colour=True))
    assert {t.get("fill") for t in root.iter(NS + "text")} == {BLUE}


def test_the_suit_shapes_differ():
    assert len(set(_SUIT_PATHS.values())) == 4


def test_width_sets_size_keeping_the_card_shape():
    root = parse(card_svg("7S", width=50))
    assert float(root.get("width")) == 50 and float(root.get("height")) == 70
    assert root.get("viewBox") == "0 0 100 140"
    for bad in (0, -3, "wide", True):
        with pytest.raises(ValueError):
            card_svg("7S", width=bad)


def test_bad_cards_are_refused():
    with pytest.raises(CardParseError):
        card_svg("1S")
    with pytest.raises(ValueError):
        card_svg(42)


def test_selected_and_dimmed():
    plain = parse(card_svg("QH"))
    chosen = parse(card_svg("QH", selected=True))
    assert chosen.get("aria-label") == "Queen of hearts, selected"
    # the check mark is a shape, not only a colour
    assert len(list(chosen.iter(NS + "circle"))) == len(list(plain.iter(NS + "circle"))) + 1
    dim = card_svg("QH", dimmed=True)
    parse(dim)
    assert 'fill-opacity="0.6"' in dim and 'fill-opacity="0.6"' not in card_svg("QH")


def test_court_cards_and_aces_have_their_own_design():
    queen = parse(card_svg("QS"))
    assert texts(queen).count("Q") == 3  # two corners and the big letter
    seven = parse(card_svg("7S"))
    assert texts(seven).count("7") == 2


def test_back_hides_the_card():
    svg = back_svg(60)
    root = parse(svg)
    assert root.get("aria-label") == str(BACK_LABEL) == "Face-down card"
    assert root.find(NS + "title").text == str(BACK_LABEL)
    assert texts(root) == []
    assert float(root.get("height")) == 84


def test_pictures_fetch_nothing_and_carry_no_ids():
    for svg in [card_svg(c, four_colour=True, selected=True) for c in full_deck()] + [back_svg(), hand_svg("AS 2D")]:
        assert " id=" not in svg
        assert "href" not in svg and "url(" not in svg and "@import" not in svg
        assert re.findall(r"https?://[^\"']+", svg) == ["http://www.w3.org/2000/svg"]


def test_pictures_are_the_same_every_time():
    assert card_svg("JD", 80, True) == card_svg(Card.parse("JD"), 80, True)
    assert hand_svg("AS 2D 3H") == hand_svg(parse_cards("AS 2D 3H"))


def test_card_shows_itself_as_its_picture():
    card = Card.parse("9D")
    assert card._repr_svg_() == card_svg(card)


def test_hand_svg_names_every_card():
    cards = parse_cards("AS 10H QD")
    root = parse(hand_svg(cards, width=50))
    assert root.get("aria-label") == "Ace of spades, Ten of hearts, Queen of diamonds"
    groups = [g for g in root if g.tag == NS + "g"]
    assert [g.find(NS + "title").text for g in groups] == [c.label for c in cards]
    assert float(root.get("height")) == 70
    # spacing 1.08 card widths apart: 3 cards span 1 + 2 * 1.08 widths
    assert float(root.get("width")) == pytest.approx(50 * (1 + 2 * 1.08))


def test_hand_svg_raises_selected_cards():
    root = parse(hand_svg("AS 10H QD", selected="10H", dimmed=["AS"], spacing=0.4))
    groups = [g for g in root if g.tag == NS + "g"]
    moves = [g.get("transform") for g in groups]
    assert moves[1].endswith(" 0)") and not moves[0].endswith(" 0)")
    assert groups[1].find(NS + "title").text == "Ten of hearts, selected"


def test_hand_svg_face_down_and_empty():
    down = hand_svg("AS 10H QD", face_down=True)
    root = parse(down)
    assert root.get("aria-label") == "3 cards face down"
    for card in parse_cards("AS 10H QD"):
        assert card.label not in down
    assert texts(root) == []
    assert parse(hand_svg(count=1, face_down=True)).get("aria-label") == "1 card face down"
    assert parse(hand_svg()).get("aria-label") == "No cards"
    assert parse(hand_svg("AS", label="The open card")).get("aria-label") == "The open card"
    with pytest.raises(ValueError):
        hand_svg("AS 2S", count=3, face_down=True)
    with pytest.raises(ValueError):
        hand_svg("AS", spacing=0)
    with pytest.raises(CardParseError):
        hand_svg("AS AS")


def test_a_card_s_name_for_a_screen_reader_comes_from_the_catalogue():
    from cardkit.i18n import PSEUDO, use_locale

    queen = parse_cards("QH")[0]
    assert queen.label == "Queen of hearts" and str(queen.label_message) == queen.label
    with use_locale(PSEUDO):
        for svg in (card_svg(queen, 60, selected=True), back_svg(60), hand_svg("AS KD", 60)):
            label = ET.fromstring(svg).get("aria-label")
            assert label.startswith("⟦") and not any(w in label for w in ("Queen", "hearts", "selected", "Face",
                                                                           "Ace", "spades", "King"))
