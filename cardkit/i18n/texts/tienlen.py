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

# --- cardkit/tienlen/rules.py ---
text('tl.rules.previous_play_not_combination', 'the previous play {shown} is not a combination: {why_illegal}')
text('tl.rules.previous_play_empty', 'the previous play (no cards) is not a combination: there are no cards: a play needs at least one card')
text('tl.rules.kind_one_not', 'kind is one of {join}; not {kind}')
text('tl.rules.ti_n_l_n_hand', 'a Tiến Lên hand holds at most {max_hand} cards; {len} were given')
text('tl.rules.players_must_whole_number_2', 'players must be a whole number (2, 3 or 4), not {players}')
text('tl.rules.ti_n_l_n_played', 'Tiến Lên is played by 2, 3 or 4 players, not {players}')
text('tl.rules.target_must_whole_number_points', 'target must be a whole number of points, not {target}')
text('tl.rules.target_must_at_least_1', 'the target must be at least 1 point, not {target}')
text('tl.rules.not_combination', '{shown} is not a combination: {why_illegal}')
text('tl.rules.switched_on_or_off_with', '{name} is switched on or off with True or False, not {value}')
