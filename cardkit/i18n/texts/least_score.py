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

# --- why cards are no legal discard (cardkit/least_score/rules.py, discard_problem) --------
text("ls.discard.no_cards", "no cards are chosen: a discard is at least one card")
text("ls.discard.too_many", "{n} cards can't go together: the biggest groups are a run or a flush of exactly 5 cards")
text("ls.discard.not_a_pair", "{cards} is not a pair: a pair is two cards of the same rank")
text("ls.discard.three_of_a_kind", "three of a kind can't be discarded — discard two of them, or all four")
text("ls.discard.three_of_a_kind_and",
     "three of a kind can't be discarded — discard two of them, or all four (and {extra} can't go with them)")
text("ls.discard.two_pairs", "2 + 2 of different ranks is not a group: four cards go together only when all four "
     "have the same rank")
text("ls.discard.run_of_four", "runs are exactly 3 or exactly 5 cards; 4 cards in a row can't go together")
text("ls.discard.flush_of_four", "a flush is exactly 5 cards of one suit; 4 are not enough")
text("ls.discard.four_not_same_rank", "four cards go together only when all four have the same rank")
text("ls.discard.pair_plus_card", "a pair plus another card is not a group: discard the two {rank} on their own, "
     "or the other card on its own")
text("ls.discard.four_plus_card", "four of a kind is discarded on its own: {extra} can't go with them")
text("ls.discard.five_with_a_pair", "{cards} is neither a run (5 cards of consecutive ranks, so no two of the same "
     "rank) nor a flush (5 cards of one suit)")
text("ls.discard.run_mixes_suits", "{cards} is not a run under the house rule that a run must be all one suit: "
     "these cards mix {suits}")
text("ls.discard.wraps", "{ranks} is not a run: a run never wraps round from king to ace to two")
text("ls.discard.wraps_five", "{ranks} is not a run: a run never wraps round from king to ace to two (and the "
     "cards are not all one suit, so they are not a flush either)")
text("ls.discard.three_not_a_run", "{ranks} is not a run: three cards go together only as a run of consecutive "
     "ranks, such as 2-3-4 or Q-K-A")
text("ls.discard.five_no_run_no_flush", "{cards} is neither a run (5 cards of consecutive ranks) nor a flush "
     "(5 cards of one suit)")
text("ls.rank_plural.r1", "aces")
text("ls.rank_plural.r2", "twos")
text("ls.rank_plural.r3", "threes")
text("ls.rank_plural.r4", "fours")
text("ls.rank_plural.r5", "fives")
text("ls.rank_plural.r6", "sixes")
text("ls.rank_plural.r7", "sevens")
text("ls.rank_plural.r8", "eights")
text("ls.rank_plural.r9", "nines")
text("ls.rank_plural.r10", "tens")
text("ls.rank_plural.r11", "jacks")
text("ls.rank_plural.r12", "queens")
text("ls.rank_plural.r13", "kings")

# --- why an action may not be played now (cardkit/least_score/game.py, action_problem) -----
text("ls.action.match_over", "the match is over: no more actions can be played")
text("ls.action.no_such_player", "there is no {given} at this table: the players are 0 to {last}")
text("ls.action.not_your_turn", "it is {current}'s turn, not {player}'s")
text("ls.action.not_held", "{player} does not hold {cards}")
text("ls.action.nothing_to_draw", "the deck and the discard pile are both empty, so there is no card to draw: "
     "take one of the open cards ({opened})")
text("ls.action.not_open_none_open", "{card} is not an open card: there are no open cards now, so take the top "
     "card of the deck")
text("ls.action.not_open", "{card} is not an open card: take one of {opened}, or the top card of the deck")
plural("ls.action.declare_too_soon",
       "nobody may declare until every player has had a turn in this round: {waiting} has not had one yet",
       "nobody may declare until every player has had a turn in this round: {waiting} have not had one yet",
       count="n")
text("ls.action.not_an_action", "{given} is not a Least Score action: play Discard(cards, take) or DECLARE")

# --- actions, turns, results, the match log (cardkit/least_score/game.py) -------------------
text("ls.action.discard_draw", "discard {cards}, take the top card of the deck")
text("ls.action.discard_take", "discard {cards}, take {card} from the open cards")
text("ls.turn.drew", "{player} discarded {cards} and took the top card of the deck")
text("ls.turn.took", "{player} discarded {cards} and took {card}")
text("ls.result.succeeds", "Round {round}: {player} declares and succeeds. {explanation}")
text("ls.result.fails", "Round {round}: {player} declares and fails. {explanation}")
text("ls.event.deal", "Round {round}: {dealer} deals {n} cards to each player; {first} plays first.")
text("ls.event.turned_up", "The top card of the deck, {card}, is turned up as the first open card.")
text("ls.event.none_turned_up", "No card is turned up: the first player draws from the deck.")
text("ls.event.from_hands", "Round {round} starts from the given hands; {player} is to play.")
text("ls.event.open_cards_are", "The open cards are {opened}.")
text("ls.event.discard_draw", "{player} discards {cards} and takes the top card of the deck.")
text("ls.event.discard_take", "{player} discards {cards} and takes {card} from the open cards.")
text("ls.event.discard_kind_draw", "{player} discards {cards} ({kind}) and takes the top card of the deck.")
text("ls.event.discard_kind_take", "{player} discards {cards} ({kind}) and takes {card} from the open cards.")
plural("ls.event.reshuffle",
       "The deck is empty: the {n} card of the discard pile is shuffled into a new deck.",
       "The deck is empty: the {n} cards of the discard pile are shuffled into a new deck.", count="n")
text("ls.event.declare", "{player} declares with a total of {total}.")
text("ls.event.reveal", "{player} shows {cards}: total {total}.")
# the explanation names the declarer and says whether the declaration succeeds
text("ls.event.score_succeeds", "{explanation}")
text("ls.event.score_fails", "{explanation}")
text("ls.event.knockout", "{player} has {points} points, over the threshold of {threshold}, and is knocked out.")
text("ls.event.over_threshold", "{player} has {points} points, over the threshold of {threshold}: the match ends.")
plural("ls.event.match_end_winner", "The match is over after {n} round: {winner} wins with {points} points.",
       "The match is over after {n} rounds: {winner} wins with {points} points.", count="n")
plural("ls.event.match_end_shared",
       "The match is over after {n} round: {winners} share the win with {points} points each.",
       "The match is over after {n} rounds: {winners} share the win with {points} points each.", count="n")
text("ls.place.hand", "{player}'s hand")
text("ls.place.pile", "the discard pile")
text("ls.place.open", "the open cards")
text("ls.place.deck", "the deck")
text("ls.game.hand_size", "{player}'s hand must hold 1 to {most} cards, not {n}")
text("ls.game.hand_empty", "{player}'s hand must hold 1 to {most} cards, not {n} (a seat leaves the match only "
     "under match_end='last_standing')")

# --- house rules and the scoring of a round (cardkit/least_score/rules.py) -------------------
text("ls.house.penalty", "a failed declaration costs {penalty} + (D − L) instead of 20 + (D − L)")
text("ls.house.tie_is_failure", "a tie is a failure: the declarer must be strictly the lowest")
text("ls.house.runs_one_suit", "a run must be all one suit")
text("ls.house.last_standing", "knocked-out players leave and the others play on until one is left")
text("ls.house.no_first_open_card", "no card is turned up at the start: the first player must draw from the deck")
text("ls.score.other", "{player} {total} − {d} = {score}")
text("ls.score.succeeds", "D = {d}, L = {low}: {d} < {low}, so the declaration succeeds: the declarer scores 0, "
     "everyone else their total − {d}: {others}.")
text("ls.score.tie_succeeds", "D = {d}, L = {low}: {d} = {low}, and a tie counts as a success, so the declaration "
     "succeeds: the declarer scores 0, everyone else their total − {d}: {others}.")
text("ls.score.fails", "D = {d}, L = {low}: {d} > {low}, so the declaration fails: the declarer scores "
     "{penalty} + ({d} − {low}) = {score}, everyone else 0.")
text("ls.score.tie_fails", "D = {d}, L = {low}: {d} = {low}, and under the house rule that a tie is a failure, the "
     "declaration fails: the declarer scores {penalty} + ({d} − {low}) = {score}, everyone else 0.")
# the same in words, without D and L, for a game table (the declarer is named: {declarer})
text("ls.score.words.succeeds", "{declarer} declared with {d}, and the lowest other total is {low}: {d} < {low}, so "
     "the declaration succeeds: the declarer scores 0, everyone else their total − {d}: {others}.")
text("ls.score.words.tie_succeeds", "{declarer} declared with {d}, and the lowest other total is also {low}: a tie "
     "counts as a success, so the declaration succeeds: the declarer scores 0, everyone else their total − {d}: "
     "{others}.")
text("ls.score.words.fails", "{declarer} declared with {d}, but the lowest other total is {low}: {d} > {low}, so the "
     "declaration fails: the declarer scores {penalty} + ({d} − {low}) = {score}, everyone else 0.")
text("ls.score.words.tie_fails", "{declarer} declared with {d}, and the lowest other total is also {low}: under the "
     "house rule that a tie is a failure, the declaration fails: the declarer scores {penalty} + ({d} − {low}) = "
     "{score}, everyone else 0.")
text("ls.rules.names_given_for_totals", "{n} names were given for {totals} totals")
text("ls.rules.players_range", "Least Score is for {low} to {high} players")
text("ls.rules.threshold_positive", "the threshold must be a positive whole number (usually 25, 50 or 100)")
text("ls.rules.penalty_not_negative", "the penalty for a failed declaration cannot be negative (the usual one is 20)")
