"""Sentences of the plain-Python paths behind the static site (issue 20): odds and
simulations without numpy, seeds, hands given as card indices."""

from ..define import text

text("static.seed_not_whole", "a seed is a whole number 0 or more (or a numpy Generator), not {seed}")
text("static.generator_in_plain_python",
     "a numpy Generator cannot continue a plain-Python simulation; pass a whole-number seed")
text("static.hands_as_rows", "hands are given as rows of card indices or as a list of hands")
text("static.hand_size", "each hand must have exactly {size} cards; got one of {got}")
text("static.card_index_range", "card indices run from 0 to 51")
text("static.least_score_hand_size", "a Least Score hand has {size} cards")
text("static.no_hand_with_total", "no five-card hand has a total of {total}")
text("static.twice_the_same_card", "a hand cannot hold the same card twice")
text("static.rules_least_score_only", "rules apply to Least Score hands only")
