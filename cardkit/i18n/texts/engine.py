"""The engine's shared words: cards, deal codes, the game protocol, bots, tournaments,
statistics, pictures and the OpenSpiel / PettingZoo adapters.  (English source;
translations in ``locale/``.)"""

from ..define import plural, text

text("policy.not_a_policy", "a PolicyBot plays a {game} Policy(...), not {given}")

# --- cardkit/cards.py ---
text('cards.not_rank_use_rank_or', '{rank} is not a rank: use a Rank, or a number from 1 (ace) to 13 (king)')
text('cards.not_suit_use_suit_or', '{suit} is not a suit: use a Suit, or S, C, D, H')
text('cards.empty_string_not_card', 'an empty string is not a card')
text('cards.not_card_not_suit', "'{token}' is not a card: '{token2}' is not a suit ({suit_help})")
text('cards.has_no_rank_put_one', "'{token}' has no rank: put one before the suit, as in 'Q{token}' ({rank_help})")
text('cards.not_card_not_rank', "'{token}' is not a card: '{token2}' is not a rank ({rank_help})")
text('cards.not_card_not_rank_hint', "'{token}' is not a card: '{token2}' is not a rank ({rank_help}; {hint})")
text("cards.rank_letter.r1", "the ace is A")
text("cards.rank_letter.r11", "the jack is J")
text("cards.rank_letter.r12", "the queen is Q")
text("cards.rank_letter.r13", "the king is K")
text("cards.suit_help", "suits are S, C, D, H or ♠ ♣ ♦ ♥")
text("cards.rank_help", "ranks are A, 2 to 10, T, J, Q, K")
text('cards.parse_cards_reads_text_such', "parse_cards reads text, such as 'AS 10H QD'; it was given {name}")
text('cards.deal_code_exists_for_seeds', 'a deal code exists for seeds 0 to {v}; {seed} is not one')
text('cards.deal_code_text_such_as', "a deal code is text such as 'K7Q-29X', not {name}")
text('cards.not_deal_code', "'{v}' is not a deal code: {reason}")
text('cards.deal_code_length', "a deal code has {code_length} letters or digits, such as 'K7Q-29X'")
text('cards.deal_code_char', "'{ch}' is not used in deal codes")
text('cards.seed_whole_number_from_0', "a seed is a whole number from 0 to {v}, or a deal code such as 'K7Q-29X'; not {seed}")
text('cards.not_rank', "'{rank}' is not a rank: {rank_help}")
text('cards.not_suit', "'{suit}' is not a suit: {suit_help}")
text('cards.has_no_suit_add_one', "'{token}' has no suit: add one, as in '{token}S' ({suit_help})")
text('cards.given_twice_can_in_hand', "'{token}' is given twice: {card} can be in a hand only once")
text('cards.expected_cards_string_such_as', "expected cards (a string such as 'AS 2D' or a list of cards), not {name}")
text('cards.given_twice_can_in_hand_2', "'{v}' is given twice: {card} can be in a hand only once")
text('cards.not_card', '{item} is not a card')

# --- cardkit/game.py ---
text('game.not_bot_give_bot_name', "{bot} is not a bot: give a bot's name (such as 'greedy') or a function bot(observation, rng)")
text('game.match_did_not_end_within', 'the match did not end within {max_steps} actions')
text('game.unknown_game_choose_one', 'unknown game {game}: choose one of {join}')
text('game.was_asked_act_for_player', '{bot} was asked to act for Player {player}, who has no legal action now (it is not their turn)')
text('game.unknown_setting_settings_are', 'unknown setting(s) {join}: the settings are {join2}')
text('game.this_game_has_players_but', 'this game has {num_players} players but {len} bots were given')
text('game.there_no_bot_called_it', 'there is no bot called {bot} (it is not a {game_name} bot level): choose one of {join}, or give a bot function bot(observation, rng)')
text('game.bot_failed', 'the bot {name} at seat {player} (match seed {seed}) failed: {error}: {err}')
text('game.bot_chose_illegal', 'the bot {name} at seat {player} (match seed {seed}) chose {action}, which is not legal: {reason}')

# --- cardkit/stats.py ---
text('stats.seed_whole_number_0_or', 'a seed is a whole number 0 or more (or a numpy Generator), not {seed}')
text('stats.must_whole_number_1_or', '{name} must be a whole number, 1 or more; not {trials}')

# --- cardkit/svg.py ---
text('svg.card_width_positive_number_pixels', "a card's width is a positive number of pixels, not {width}")
text('svg.card_svg_draws_card_or', "card_svg draws a Card or a card string such as 'QH', not {name}")
text('svg.spacing_positive_number_card_widths', 'spacing is a positive number (of card widths), not {spacing}')
text('svg.count_number_cards_0_or', 'count is a number of cards (0 or more), not {count}')
text('svg.count_differs_from_number_cards', 'count ({count}) differs from the number of cards given ({len})')

# --- cardkit/tournament.py ---
text('tournament.no_bot_called_played_in', 'no bot called {bot} played in this tournament')
text('tournament.matches_must_whole_number_at', 'matches must be a whole number of at least 1, not {matches}')
text('tournament.search_bot_needs_openspiel_pip', 'the search bot {name} needs OpenSpiel: pip install cardkit[openspiel]')
text('tournament.rules_say_players_but_bots', 'the rules say {players} players but {n} bots were given')

# --- cardkit/adapters/least_score_round.py ---
text('adapters.ls.not_least_score_action_give', '{action} is not a Least Score action: give a Discard or DECLARE')
text('adapters.ls.does_not_spell_least_score', '{list} does not spell a Least Score turn')
text('adapters.ls.max_turns_must_whole_number', 'max_turns must be a whole number of at least the number of players ({n}), not {max_turns}')
text('adapters.ls.round_needs_at_least_two', 'a round needs at least two seats from 0 to {v}, and the first player must be one of them (seats {list}, first player {first_player})')
text('adapters.ls.chance_outcomes_asked_at_chance', 'chance_outcomes() is asked at a chance node only: no card is being dealt or drawn now')
text('adapters.ls.determinize_needs_round_that_dealt', 'determinize() needs a round that is dealt and not over')

# --- cardkit/adapters/tienlen_deal.py ---
text('adapters.tl.not_ti_n_l_n', '{action} is not a Tiến Lên action: give a Combo or PASS')
text('adapters.tl.leader_must_player_from_0', 'the leader must be a player from 0 to {v}, not {leader}')
text('adapters.tl.chance_outcomes_asked_while_dealing', 'chance_outcomes() is asked while dealing only')
text('adapters.tl.determinize_needs_dealt_game', 'determinize() needs a dealt game')

# --- cardkit/adapters/openspiel.py ---
text('adapters.openspiel.not_least_score_or_ti', '{name} is not a Least Score or Tiến Lên observation')
text('adapters.openspiel.unknown_parameter_parameters_are', 'unknown parameter {unknown}: the parameters are {join}')
text('adapters.openspiel.unknown_game_choose_least_score', "unknown game {game}: choose 'least_score' or 'tienlen'")
text('adapters.openspiel.there_no_player_players_are', 'there is no player {player}: the players are 0 to {v}')
text('adapters.openspiel.max_turns_must_at_least', 'max_turns must be at least the number of players ({players})')
text('adapters.openspiel.observation_parameters_are_not_supported', 'observation parameters are not supported; got {params}')

# --- cardkit/adapters/pettingzoo.py ---
text('adapters.pettingzoo.render_mode_must_one_or', 'render_mode must be one of {metadata} or None, not {render_mode}')
text('adapters.pettingzoo.cannot_play_now_legal_actions', "{agent} cannot play {action} now: the legal actions are {legal} (see observation['action_mask'])")

# --- cardkit/adapters/search.py ---
text('adapters.search.there_no_bot_called_search', "there is no bot called {name}: the search bot is 'ismcts' or 'ismcts-N' for N simulations, such as 'ismcts-500' (or 'ismcts-greedy-500' with greedy playouts)")
text('adapters.search.unknown_game_choose_least_score', "unknown game {game}: choose 'least_score' or 'tienlen'")
text('adapters.search.simulations_must_whole_number_at', 'simulations must be a whole number of at least 1, not {simulations}')
text('adapters.search.rollouts_must_whole_number_at', 'rollouts must be a whole number of at least 1, not {rollouts}')
text('adapters.search.playout_must_random_or_greedy', "playout must be 'random' or 'greedy', not {playout}")
text('adapters.search.was_asked_act_for_player', '{name} was asked to act for Player {player}, who has no legal action now (it is not their turn)')
text("stats.estimate", "{value} (95% interval {low} to {high}; {trials} hands)")
text("stats.estimate_of", "{value} (95% interval {low} to {high}; {successes} of {trials} hands)")
plural("svg.face_down", "{n} card face down", "{n} cards face down", count="n")
text("svg.no_cards", "No cards")

# --- tournament tables (cardkit/tournament.py) ------------------------------------------------
text("tournament.meaning.least_score", "mean score: penalty points per match — lower is better")
text("tournament.meaning.tienlen", "mean score: points won per match — higher is better")
text("tournament.heading.bot", "Bot")
text("tournament.heading.seats_played", "Seats played")
text("tournament.heading.wins", "Wins")
text("tournament.heading.win_rate", "Win rate")
text("tournament.heading.interval", "95% interval")
text("tournament.heading.mean_score", "Mean score")
text("tournament.column.bot", "bot")
text("tournament.column.seats", "seats")
text("tournament.column.wins", "wins")
text("tournament.column.win_rate_ci", "win rate (95% CI)")
text("tournament.column.mean_score_ci", "mean score (95% CI)")
text("tournament.column.seats_played", "seats played")
text("tournament.column.win_rate", "win rate")
text("tournament.column.ci", "95% CI")
text("tournament.column.mean_score", "mean score")
plural("tournament.title", "{game}: {n} match", "{game}: {n} matches", count="n")
text("bots.the_greedy_bot", "the greedy bot")
text("bots.the_policy_bot", "the policy bot")
text("bots.the_strong_bot", "the strong bot")

# --- the adapters' sub-moves in words (OpenSpiel action strings, PettingZoo) ------------------
text("adapters.select", "select {card}")
text("adapters.tl.deal", "deal {card} to {player}")
text("adapters.tl.pass", "pass")
text("adapters.tl.play_selection", "play the selection")
text("adapters.tl.play", "play {cards}")
text("adapters.tl.play_kind", "play {cards} ({kind})")
text("adapters.ls.turn_up", "turn up {card}")
text("adapters.ls.deal", "deal {card} to {player}")
text("adapters.ls.draws", "{player} draws {card}")
text("adapters.ls.card", "card {card}")
text("adapters.ls.declare", "declare")
text("adapters.ls.draw", "draw from the deck")
text("adapters.ls.take", "take {card}")
text("adapters.ls.discard_draw", "discard {cards}, draw from the deck")
text("adapters.ls.discard_take", "discard {cards}, take {card}")
text("adapters.ls.discard_kind_draw", "discard {cards} ({kind}), draw from the deck")
text("adapters.ls.discard_kind_take", "discard {cards} ({kind}), take {card}")

# --- cardkit/odds.py ---------------------------------------------------------------------------
text("odds.rules_without_option", "these rules ({name}) have no 'runs_one_suit' option; pass Least Score rules, or "
     "None for the standard rules")
text("odds.runs_one_suit_bool", "runs_one_suit is True or False, not {value}")
text("odds.hands_shape", "hands are given as an (N, 5) array of card indices or as a list of hands")
text("odds.hand_size_array", "each hand must have exactly {size} cards; got an array of shape {shape}")
text("odds.card_indices", "card indices run from 0 to 51")
text("odds.how.exact", "exact")
text("odds.how.simulated", "simulated, {trials} deals")
text("odds.lowest_summary", "total {total} against {opponents} opponent(s): strictly lowest {strict}, lowest or "
     "tied {tied} ({how})")
text("odds.opponents_1_to_7", "Least Score has 1 to 7 opponents; not {given}")
text("odds.hand_has_cards", "a Least Score hand has {size} cards")
text("odds.no_hand_with_total", "no five-card hand has a total of {total}")
text("odds.players_2_to_8", "Least Score has 2 to 8 players, so 1 to 7 opponents; not {given}")
text("odds.hand_has_cards_not", "a Least Score hand has {size} cards; this one has {n}")
text("odds.hand_total_not", "the hand's total is {hand_total}, not {total}")
text("odds.total_whole_number", "give your total as a whole number (or your hand), not {given}")
text("odds.no_hand_with_total_range", "no five-card hand has a total of {total}: totals run from {low} to {high}")
text("odds.exact_not_offered", "the exact count is offered for one opponent, or two when your hand is given; use "
     "exact=None to get a simulation")
text("odds.from.other_47", "the other 47 cards")
text("odds.from.deck_any_hand", "the deck, your hand being any hand with that total")
text("odds.from.deck_every_hand", "the deck, over every hand with your total")
text("odds.method.simulated", "simulated: {trials} deals (seed {seed}) of {opponents} opponent hands from {where}")
text("odds.method.exact", "exact count over every deal of {opponents} opponent hand(s) from {where}")

# --- cardkit/simulate.py -----------------------------------------------------------------------
text("simulate.bad_deal", "deal is 'least_score' (5 cards) or 'tienlen' (13 cards), not {given}")
text("simulate.not_a_quantity", "{given} is not a quantity for a {deal} hand; choose one of {choices}, or pass a "
     "function of a hand")
text("simulate.not_an_event_or_function", "{given} is not an event for a {deal} hand; choose one of {choices}, or "
     "pass a function of a hand")
text("simulate.rules_least_score_only", "rules apply to Least Score hands only")
text("simulate.not_an_event", "{given} is not an event for a {deal} hand; choose one of {choices}")
text("simulate.points_at_least_1", "points must be 1 or more, not {points}")
text("simulate.checkpoints_range", "every checkpoint must lie between 1 and max_trials ({max_trials})")
text("svg.selected", "{card}, selected")   # a card's label for a screen reader, when it is picked
text("svg.back_label", "Face-down card")
