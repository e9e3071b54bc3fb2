"""The words the widgets write themselves: hands and rows of cards, the combo
checkers, the four-colour switch and the radio groups.  (English source;
translations in ``locale/``.)"""

from ..define import plural, text

# --- hands and rows of cards -----------------------------------------------------------------
text("hand.keys", "Keys: ← → move between the cards, Space or Enter chooses one.")
text("hand.title.cards", "Cards")
text("hand.title.yours", "Your hand")
text("hand.title.owner", "{owner}'s hand")
text("hand.no_cards", "no cards")
text("hand.caption", "{title}: {amount}")
text("hand.caption_face_down", "{title}: {amount} face down")
text("hand.chosen", "chosen: {cards}")
text("hand.can_be_played", "can be played")
text("hand.disabled", "You cannot choose cards right now.")
text("hand.face_down_refused", "The cards of a face-down hand cannot be chosen.")
text("hand.at_most_refused", "You can choose at most {n} cards: un-choose one first.")
text("hand.stale_click", "That card is no longer in this hand.")
text("hand.error.page_cards", "chosen cards come from the page as a list of card codes")
text("hand.error.sort_key_failed", "the sort_key could not put these cards in order: {reason}")
text("hand.error.sort_key", "sort_key is a function that takes a card (or None to keep the order given)")
text("hand.error.count", "count is a number of cards, 0 or more, not {n}")
text("hand.error.count_follows",
     "count follows the cards ({n} here); set count on its own only for a face-down hand whose cards are not known")
text("hand.error.card_width", "card_width is a number of pixels from 20 to 400, not {n}")
text("hand.error.max_selected", "max_selected is 1 or more (or None for no limit), not {n}")
text("hand.error.max_below_chosen", "{chosen} cards are chosen already; max_selected cannot be {n}")
text("hand.error.face_down", "the cards of a face-down hand cannot be chosen")
plural("hand.error.not_held", "{cards} is not in this hand", "{cards} are not in this hand")
plural("hand.error.at_most", "at most {n} card can be chosen here", "at most {n} cards can be chosen here")
text("hand.error.highlight", "highlight is a list of cards or groups of cards, not {kind}")
text("hand.error.toggle", "toggle takes a card, such as 'QH', not {kind}")

# --- the four-colour switch, radio groups, the focus keeper ------------------------------------
text("access.four_colour", "Four-colour deck (♦ blue, ♣ green)")
text("access.four_colour_on", "on")
text("access.four_colour_off", "off")
text("access.choice_keys", "Keys: ↑ ↓ choose (Tab reaches the group).")
text("access.nothing_chosen", "nothing chosen")
text("access.error.option_number", "there is no option number {n}")
text("access.error.option_pair", "each option is a (words, value) pair, not {value}")
text("access.error.not_an_option", "{value} is not one of the options ({options})")
text("access.error.no_options", "none")
text("access.error.focus", "the focus goes to one of {targets}; not {value}")

# --- the combo checkers: names of discards and combinations --------------------------------------
text("checkers.discard.single", "single {card}")
text("checkers.discard.pair", "pair of {rank}")
text("checkers.discard.four_of_a_kind", "four of a kind — all four {rank}")
text("checkers.discard.run", "run of {n}")
text("checkers.discard.flush", "flush of five {suit}")
text("checkers.capital.single", "Single {card}")
text("checkers.capital.pair", "Pair of {rank}")
text("checkers.capital.four_of_a_kind", "Four of a kind — all four {rank}")
text("checkers.capital.run", "Run of {n}")
text("checkers.capital.flush", "Flush of five {suit}")

# --- the combo checkers: verdicts ---------------------------------------------------------------
text("checkers.ls.choose", "Choose cards in the hand: this says at once whether they may be discarded together.")
text("checkers.ls.illegal", "Not a legal discard ({cards}): {reason}.")
text("checkers.ls.legal", "{name}: a legal discard, worth {points}.")
text("checkers.ls.legal_shown", "{name} ({cards}): a legal discard, worth {points}.")
text("checkers.tl.choose", "Choose cards in the hand: this says at once which combination they make.")
text("checkers.tl.not_combination", "Not a combination ({cards}): {reason}.")
text("checkers.tl.named", "{what} ({cards})")
text("checkers.tl.lead", "{head}: a combination you may lead with.")
text("checkers.tl.beats", "{head}: it beats the {table} on the table.")
text("checkers.tl.beats_chop", "{head}: it beats the {table} on the table. A chop!")
text("checkers.tl.does_not_beat", "{head} does not beat the {table} on the table: {reason}.")
text("checkers.tl.error.table", "the play on the table ({play}) is no combination: {reason}")
text("checkers.tl.error.table_combination", "the play on the table must be a combination: {reason}")
text("checkers.tl.table_clear", "The table is clear:")
text("checkers.tl.table_clear_rest", "you lead, with any combination.")
text("checkers.tl.on_the_table", "On the table:")
text("checkers.tl.on_the_table_rest", "{play} ({what}).")
text("checkers.error.ls_rules", "rules must be a Least Score Rules(...), not {kind}")
text("checkers.error.tl_rules", "rules must be a Tiến Lên Rules(...), not {kind}")

# --- the combo checkers: the list of every legal group ------------------------------------------
text("checkers.heading.singles", "Singles")
text("checkers.heading.pairs", "Pairs")
text("checkers.heading.triples", "Triples")
text("checkers.heading.four_of_a_kind", "Four of a kind")
text("checkers.heading.four_of_a_kind_bomb", "Four of a kind (a bomb)")
text("checkers.heading.flushes", "Flushes")
text("checkers.heading.runs", "Runs of {n}")
text("checkers.heading.sequences", "Sequences of {n}")
text("checkers.heading.double_sequences", "Double sequences of {n} pairs (bombs)")
text("checkers.heading_count", "{heading} ({n}):")
text("checkers.house_rule", "House rule in use:")
text("checkers.house_rules_list", "{rules}.")
text("checkers.part_of.discard", "part of a legal discard")
text("checkers.part_of.play", "part of a legal play")
text("checkers.show.discard", "Show me every legal discard")
text("checkers.show.play", "Show me every legal play")
text("checkers.show_tip.discard", "Point out every legal discard in this hand and list them")
text("checkers.show_tip.play", "Point out every legal play in this hand and list them")
text("checkers.hide.discard", "Hide the legal discards")
text("checkers.hide.play", "Hide the legal plays")
text("checkers.none.discard", "There is no legal discard here.")
text("checkers.none.play", "There is no legal play here.")

# Ranks counted in a discard's name ("pair of kings", "all four sixes").
for _n, _word in enumerate(["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
                            "jacks", "queens", "kings"], start=1):
    text(f"checkers.ranks.r{_n}", _word)
text("widgets.plain_error", "That did not work. Please try again, or reload the page.")
# The word screen readers say before a table's or an exercise's message (never shown: the icon is).
text("widgets.status_word.info", "Note: ")
text("widgets.status_word.success", "Done: ")
text("widgets.status_word.warning", "Warning: ")
text("widgets.status_word.error", "Problem: ")

# --- settings of the widgets a lesson builds (cardkit/widgets/messages.py, pacer.py) -------------------
text("widgets.bad_kind", "a message kind is one of {choices}; not {given}")
text("widgets.bad_max_lines", "max_lines is 1 or more, not {n}")
text("widgets.bad_delay", "a Pacer's delay is a number of seconds from 0 to 60, not {given}")
