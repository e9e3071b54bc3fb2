"""Tiến Lên: the engine's words — rules, the match, its log, policies.  (English source;
translations in ``locale/``.)"""

from ..define import plural, text

# --- policies (cardkit/tienlen/policy.py): the settings a control shows --------------------
text("tl.policy.spend.early", "like any other card, as soon as it is the lowest that works")
text("tl.policy.spend.when_needed", "only when an opponent has 3 cards or fewer, or your own hand 4 or fewer")
text("tl.policy.spend.last", "only to go out (or to lead, when nothing else is left)")
text("tl.policy.spend_short.early", "early")
text("tl.policy.spend_short.when_needed", "when needed")
text("tl.policy.spend_short.last", "last")
text("tl.policy.lead.low", "the lowest single or combination")
text("tl.policy.lead.most_cards", "the combination with the most cards (lowest among them)")
text("tl.policy.lead.high", "the highest combination that is not a 2 or a bomb")
text("tl.policy.lead_short.low", "low")
text("tl.policy.lead_short.most_cards", "most cards")
text("tl.policy.lead_short.high", "high")
text("tl.policy.sequences_short.keep", "keep")
text("tl.policy.sequences_short.break", "break")
text("tl.policy.label", "2s {twos}, bombs {bombs}, {sequences} sequences, lead {lead}")
text("tl.policy.describe_keeps",
     "Spends its 2s {twos}; its bombs {bombs}; keeps its sequences when answering; leads {lead}.")
text("tl.policy.describe_breaks",
     "Spends its 2s {twos}; its bombs {bombs}; breaks up its sequences when answering; leads {lead}.")
text("tl.policy.bad_choice", "{setting} is one of {choices}; not {given}")
text("tl.policy.bad_break_sequences", "break_sequences is True or False, not {given}")

# --- cardkit/tienlen/game.py ---
text('tl.game.rules_are_for_players_but', 'the rules are for {players} players but {len} hands were given')
text('tl.game.leader_must_player_from_0', 'the leader must be a player from 0 to {v}, not {leader}')
text('tl.game.there_no_player_players_are', 'there is no Player {player}: players are 0 to {v}')
text('tl.game.rules_must_tienlen_rules_not', 'rules must be a tienlen.Rules, not {name}')
text('tl.game.ti_n_l_n_played', 'Tiến Lên is played by 2, 3 or 4 players; {len} hands were given')
text('tl.game.hand_must_hold_1_13', "{player}'s hand must hold 1 to 13 cards, not {len}")
text('tl.game.cannot_in_two_hands', '{twice} cannot be in two hands')
text('tl.game.place_range', 'a place is a whole number from 1 (first out) to {players}, not {place}')

# --- cardkit/tienlen/rules.py ---
text('tl.rules.previous_play_not_combination', 'the previous play {shown} is not a combination: {why_illegal}')
text('tl.rules.previous_play_empty', 'the previous play has no cards, and a play needs at least one card')
text('tl.rules.kind_one_not', 'kind is one of {join}; not {kind}')
text('tl.rules.ti_n_l_n_hand', 'a Tiến Lên hand holds at most {max_hand} cards; {len} were given')
text('tl.rules.players_must_whole_number_2', 'players must be a whole number (2, 3 or 4), not {players}')
text('tl.rules.ti_n_l_n_played', 'Tiến Lên is played by 2, 3 or 4 players, not {players}')
text('tl.rules.target_must_whole_number_points', 'target must be a whole number of points, not {target}')
text('tl.rules.target_must_at_least_1', 'the target must be at least 1 point, not {target}')
text('tl.rules.not_combination', '{shown} is not a combination: {why_illegal}')
text('tl.rules.switched_on_or_off_with', '{name} is switched on or off with True or False, not {value}')

# --- cardkit/tienlen/game.py ---
text('tl.action.match_over_won_it_start', 'the match is over ({player} won it); start a new one with new_game()')
text('tl.action.it_turn_not', "it is {player}'s turn, not {player2}'s")
text('tl.action.action_combination_play_combo_such', "an action is a combination to play (a Combo, such as one from legal_actions() or classify('3S 4S 5S')) or PASS, not {action}")
text('tl.action.does_not_hold', '{player} does not hold {missing}')
text('tl.action.you_cannot_pass_when_you', 'you cannot pass when you lead: the table is clear, so play any combination')
text("tl.action.must_contain_lowest_dealt", "the first play of the match must contain {card} (it is the lowest card dealt)")
text("tl.action.must_contain_lowest", "the first play of the match must contain {card} (it is the lowest card)")

# --- why a play does not beat the table (cardkit/tienlen/rules.py, beat_problem) --------------
text("tl.beat.no_combination", "these cards are no combination: {why}")
text("tl.beat.lower_key", "{key} is lower than {table_key}: the key card decides, and the key card of the {table} "
     "on the table is {table_key}")
text("tl.beat.twos_1", "a single 2")
text("tl.beat.twos_2", "a pair of 2s")
text("tl.beat.twos_3", "three 2s")
text("tl.beat.allowed_1", "a higher 2, a four of a kind, or a double sequence of 3 or more pairs")
text("tl.beat.allowed_2_quad", "a higher pair of 2s, a four of a kind, or a double sequence of 4 or more pairs")
text("tl.beat.allowed_2", "a higher pair of 2s, or a double sequence of 4 or more pairs")
text("tl.beat.allowed_3", "a higher triple of 2s, or a double sequence of 5 or more pairs")
text("tl.beat.lower_only", "{lower}; only {allowed} can beat {what}")
text("tl.beat.bomb_too_small", "this {bomb} is not big enough to chop {what}: only {allowed} can")
text("tl.beat.only", "only {allowed} can beat {what}")
text("tl.beat.higher_four", "a higher four of a kind")
text("tl.beat.higher_four_ladder", "a higher four of a kind, or a double sequence of 4 or more pairs")
text("tl.beat.higher_bomb", "a higher {name}")
text("tl.beat.higher_bomb_bigger", "a higher {name}, or a bigger bomb")
text("tl.beat.higher_bomb_more_pairs", "a higher {name}, or a double sequence of more pairs")
text("tl.beat.bomb", "a bomb can only be beaten by {allowed}")
text("tl.beat.same_shape", "a {table} must be beaten by a higher {table}; this is a {play}")

# --- the match log and game results (cardkit/tienlen/game.py) ---------------------------------
text("tl.event.seat_points", "{player} {points}")
text("tl.result.instant_four_twos", "Game {game}: {player} was dealt all four 2s and wins at once, scoring {points}.")
text("tl.result.instant_dragon", "Game {game}: {player} was dealt a dragon (one card of every rank, 3 to A) and "
     "wins at once, scoring {points}.")
text("tl.result.went_out_first", "Game {game}: {player} went out first. Order out: {order}; points: {points}.")
text("tl.result.with_totals", "{head} Match totals: {totals}.")
text("tl.event.dealt_13", "Game {game}: 13 cards are dealt to each of {n} players.")
text("tl.event.dealt_sizes", "Game {game}: the hands hold {sizes} cards.")
text("tl.event.holds_3s_leads", "{player} holds 3♠ and leads; the first play must contain {card}.")
text("tl.event.holds_lowest_leads", "{player} holds the lowest card dealt, {card}, and leads; the first play must "
     "contain {card}.")
text("tl.event.winner_leads", "{player} won the last game and leads.")
text("tl.event.leads", "{player} leads.")
text("tl.event.instant_four_twos", "{player} was dealt all four 2s — an instant win!")
text("tl.event.instant_dragon", "{player} was dealt a dragon: one card of every rank from 3 to A — an instant win!")
text("tl.event.play", "{player} plays {cards} ({what}).")
text("tl.event.play_single", "{player} plays {cards}.")
text("tl.event.bomb_lead", "Bomb! {player} leads a {bomb}.")
text("tl.event.chopped_twos_1", "{cards}")
text("tl.event.chopped_twos_2", "pair of 2s ({cards})")
text("tl.event.chopped_twos_3", "three 2s ({cards})")
text("tl.event.chopped", "{name} ({cards})")
text("tl.event.chop", "Chop! {player}'s {bomb} chops {owner}'s {what}.")
text("tl.event.pass", "{player} passes.")
text("tl.event.clear", "Everyone else passed: {player} clears the table and leads.")
text("tl.event.clear_gone_out", "Everyone else passed on {owner}'s play; {owner} has gone out, so the table is "
     "cleared and {leader} leads.")
text("tl.event.out", "{player} has played their last card and goes out, {place}.")
text("tl.event.game_over", "Game {game} is over. Points: {points}. Totals: {totals}.")
text("tl.event.match_over", "{player} wins the match with {points} points.")

# --- ranks in Tiến Lên's words (cardkit/tienlen/rules.py, rank_word): a 7, the 7s; a king, the kings ----------
for _n, (_one, _many) in {1: ("ace", "aces"), 11: ("jack", "jacks"), 12: ("queen", "queens"),
                          13: ("king", "kings"), **{n: (str(n), f"{n}s") for n in range(2, 11)}}.items():
    text(f"tl.rank.r{_n}", _one)
    text(f"tl.rank_plural.r{_n}", _many)
text("tl.rank.count_of", "{n} {ranks}")  # "two kings", in the list of ranks a group holds too many of

# --- house rules (cardkit/tienlen/rules.py, Rules.house_rule_messages) ---------------------------------------
text("tl.house.quad_beats_pair_of_twos", "a four of a kind chops a pair of 2s too")
text("tl.house.bigger_bombs", "a bigger bomb beats a smaller bomb of the other kind")
text("tl.house.rejoin", "a player who passed may play again later in the same round of play")

# --- a combination in words (Combo.description, Combo.shape_name) -------------------------------------------
text("tl.describe.single", "single {card}")
text("tl.describe.pair", "pair of {ranks}")
text("tl.describe.triple", "triple of {ranks}")
text("tl.describe.four_of_a_kind", "four of a kind, {ranks} — a bomb")
text("tl.describe.sequence", "sequence of {n}, {low} to {high}")
text("tl.describe.double_sequence", "double sequence of {n} pairs, {low} to {high} — a bomb")
text("tl.shape.sequence", "sequence of {n}")
text("tl.shape.double_sequence", "double sequence of {n} pairs")
text("tl.rules.no_cards", "no cards")

# --- why cards are no combination (cardkit/tienlen/rules.py, illegal_problem) -------------------------------
text("tl.illegal.no_cards", "there are no cards: a play needs at least one card")
text("tl.illegal.too_many", "{n} cards are too many: the longest combination is a sequence of twelve, 3 to A")
text("tl.illegal.two_cards", "two cards must be a pair, of the same rank ({a} and {b} are not); "
     "a sequence needs at least 3 cards")
text("tl.illegal.two_in_sequence", "a 2 can never be part of a sequence")
text("tl.illegal.two_in_double_sequence", "a 2 can never be part of a double sequence")
plural("tl.illegal.cards_gap", "these cards are not consecutive: {ranks} ({gap} is missing)",
       "these cards are not consecutive: {ranks} ({gap} are missing)", count="missing")
plural("tl.illegal.pairs_gap", "these pairs are not consecutive: {ranks} ({gap} is missing)",
       "these pairs are not consecutive: {ranks} ({gap} are missing)", count="missing")
text("tl.illegal.double_too_short", "a double sequence needs at least 3 pairs of consecutive ranks; "
     "this has only {n}")
text("tl.illegal.sequence_too_short", "a sequence needs at least 3 cards")
text("tl.illegal.two_mixed", "a 2 can only be played alone, as a pair or as a triple of 2s: "
     "a 2 can never be part of a sequence")
text("tl.illegal.mixed", "these cards are no combination: there are {shown} among them, but a sequence has "
     "exactly one card of each rank, a double sequence exactly two, and a pair, triple or four of a kind is all "
     "one rank")

# --- why a play beats the table (cardkit/tienlen/rules.py, beat_reason) -------------------------------------
text("tl.why_beats.same_shape", "both are a {name}, and the key card {key} is higher than {other}")
text("tl.why_beats.chops", "a {name} is a bomb: it chops {twos}")
text("tl.why_beats.bigger_bomb", "a {name} is a bigger bomb than a {other}")

# --- what each kind is, and why cards are not of a kind (cardkit/tienlen/rules.py, kind_problem) -----------
text("tl.kind_rule.single", "a single is one card")
text("tl.kind_rule.pair", "a pair is two cards of the same rank")
text("tl.kind_rule.triple", "a triple is three cards of the same rank")
text("tl.kind_rule.four_of_a_kind", "a four of a kind is all four cards of one rank")
text("tl.kind_rule.sequence", "a sequence is three or more cards of ranks in a row, one card of each rank, with no 2")
text("tl.kind_rule.double_sequence", "a double sequence is three or more pairs of ranks in a row, with no 2")
plural("tl.not_kind.size", "{rule}; this is {n} card", "{rule}; these are {n} cards", count="n")
text("tl.not_kind.ranks", "{rule}; these cards are of {n} different ranks")
plural("tl.not_kind.too_few", "{rule}; these are only {n} card", "{rule}; these are only {n} cards", count="n")
text("tl.not_kind.has_two", "{rule}; a 2 can never be part of one")
text("tl.not_kind.repeat", "{rule}; here some rank appears more than once")
text("tl.not_kind.even", "{rule}; that needs an even number of cards, 6 or more, and these are {n}")
text("tl.not_kind.not_twice", "{rule}; here not every rank appears exactly twice")
text("tl.not_kind.gap", "{rule}; these ranks are not in a row ({gap} missing)")
