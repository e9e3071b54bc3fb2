"""Least Score: the engine's words — rules, the match, its log, policies.  (English
source; translations in ``locale/``.)"""

from ..define import plural, text

# --- policies (cardkit/least_score/policy.py): the settings a control shows ----------------
text("ls.policy.discard.most_points", "the group worth the most points")
text("ls.policy.discard.most_cards", "the group with the most cards (then the most points)")
text("ls.policy.discard.highest_card", "the single card worth the most")
text("ls.policy.discard_short.most_points", "most points")
text("ls.policy.discard_short.most_cards", "most cards")
text("ls.policy.discard_short.highest_card", "highest card")
text("ls.policy.take.below_deck", "an open card worth less than a deck card on average")
text("ls.policy.take.at_most", "an open card worth at most a set value")
text("ls.policy.take.never", "never: always draw from the deck")
text("ls.policy.take_long.at_most", "an open card worth at most {n}")
text("ls.policy.take_short.below_deck", "take below deck")
text("ls.policy.take_short.at_most", "take ≤{n}")
text("ls.policy.take_short.never", "always draw")
text("ls.policy.label", "declare ≤{declare_at}, {discard}, {take}")
plural("ls.policy.describe",
       "Declares once its total is {declare_at} or less (or after {patience} turn); discards {discard}; "
       "takes {take}.",
       "Declares once its total is {declare_at} or less (or after {patience} turns); discards {discard}; "
       "takes {take}.", count="patience")
text("ls.policy.bad_declare_at", "declare_at is a total from 0 to {most}, not {given}")
text("ls.policy.bad_choice", "{setting} is one of {choices}; not {given}")
text("ls.policy.bad_take_max", "take_max is a card value from 1 to 10, not {given}")
text("ls.policy.bad_patience", "patience is a number of turns, 1 or more; not {given}")

# --- cardkit/least_score/game.py ---
text('ls.game.rules_are_for_players_but', 'the rules are for {n} players but {count} hands were given')
text('ls.game.round_needs_at_least_two', 'a round needs at least two players with cards')
text('ls.game.scores_must_whole_numbers_0', 'scores must be {n} whole numbers of 0 or more (one per seat), not {scores}')
text('ls.game.cannot_still_in_match_with', '{over} cannot be still in the match with a score over the threshold of {threshold}')
text('ls.game.open_cards_come_from_player', 'the open cards come from the player just before the one to move ({mover}), not from {open_from}')
text('ls.game.player_move_would_have_no', 'the player to move would have no card to take: give open cards, a deck or a discard pile')
text('ls.game.set_next_draw_needs_one', 'set_next_draw needs one card, not {card}')
text('ls.game.match_over_no_card_will', 'the match is over: no card will be drawn')
text('ls.game.there_no_player_players_are', 'there is no player {player}: the players are 0 to {v}')
text('ls.game.take_must_one_card_or', 'take must be one card (or None for the top card of the deck), not {take}')
text('ls.game.least_score_played_by_players', 'Least Score is played by {min_players} to {max_players} players; {count} hands were given')
text('ls.game.must_whole_number_at_least', '{name} must be a whole number of at least {least}, not {value}')
text('ls.game.must_seat_with_cards_from', '{name} must be a seat with cards, from 0 to {v}; not {seat}')
text('ls.game.only_one_card_turned_up', 'only one card is turned up from the deck: give open_from, the player who discarded {opened}')
text('ls.game.open_cards_must_legal_discard', 'the open cards ({opened}) must be the legal discard that {open_from} made')
text('ls.game.open_from_names_but_no', 'open_from names {open_from}, but no open cards were given')
plural('ls.game.card_nowhere',
       'every card must be somewhere: {missing} is in no hand, not open, not in the discard pile and not in the deck',
       'every card must be somewhere: {missing} are in no hand, not open, not in the discard pile and not in the deck',
       count="n")
text('ls.game.cannot_drawn_deck_empty_not', '{card} cannot be drawn: the deck is empty and {card} is not in the discard pile that would become the new deck')
text('ls.game.not_in_deck_so_it', '{card} is not in the deck, so it cannot be the next card drawn')
text('ls.game.given_twice_in_in', '{c} is given twice: in {where} and in {name}')

# --- cardkit/least_score/rules.py ---
text('ls.rules.must_whole_number_not', '{name} must be a whole number ({what}), not {value}')
text('ls.rules.not_allowed', '{name} = {value} is not allowed: {what}')
text('ls.rules.must_true_or_false_not', '{name} must be True or False, not {value}')
text('ls.rules.rules_must_least_score_rules', 'rules must be a Least Score Rules(...) object, not {name}')
text('ls.rules.every_card_has_been_seen', 'every card has been seen, so there is no unseen card to draw')
plural('ls.rules.round_needs_two_totals', "a round needs at least 2 players' totals, but {n} was given",
       "a round needs at least 2 players' totals, but {n} were given", count="n")
text('ls.rules.declarer_must_position_declarer_total', "declarer must be the position of the declarer's total in the list (0 to {v}), not {declarer}")
text('ls.rules.match_end_not_option_use', "match_end = {match_end} is not an option: use 'first_knockout' (the match ends at the first knock-out) or 'last_standing' (knocked-out players leave until one is left)")
text('ls.rules.not_card', '{card} is not a card')
text('ls.rules.totals_must_list_hand_totals', 'totals must be a list of hand totals, such as [10, 16, 17], not {totals}')
text('ls.rules.hand_total_whole_number_0', 'a hand total is a whole number of 0 or more, not {t}')
text('ls.rules.names_were_given_for_totals', '{len} names were given for {len2} totals')
