"""The game tables' words (cardkit/tables/ and cardkit/widgets/tables/), in English.

Every sentence a table shows has its code here; the controllers and views say codes and
values only (``say("tables.playing", player=seat(2))``).
"""

from ..define import plural, text

# --- whose turn, what to press -------------------------------------------------------------
text("tables.then", "{first} {then}")
text("tables.pair", "{first}, {then}")
text("tables.playing", "{player} is playing…")
text("tables.wait_for_turn", "Wait for your turn: it is {current}'s turn now.")
text("tables.held_click", "Wait for your turn: that click came while the others are playing.")
text("tables.match_over_press_new", "The match is over: press New match to play again.")
text("tables.press_new_match", "Press New match to play again.")
text("tables.cannot_do", "You cannot do that: {reason}.")
text("tables.reason", "{reason}")
text("tables.next_event", "Next: {event}")
text("tables.now_to_play", "▶ to play")


# --- the words of a round (Least Score) and of a game (Tiến Lên) ------------------------------
text("tables.least_score.over_press_next", "This round is over: press Next round to go on.")
text("tables.least_score.press_next", "Press Next round to go on.")
text("tables.least_score.not_over", "This round is still being played: Next round comes when it is over.")
text("tables.least_score.next_button", "Next round")
text("tables.least_score.finish_button", "Finish the round")
text("tables.least_score.finish_tip", "Play the rest of this round at once and show how it ends")
text("tables.least_score.over_short", "This round is over.")
text("tables.least_score.round_n", "round {n}")
text("tables.least_score.turn_between", "between two rounds")
text("tables.tienlen.over_press_next", "This game is over: press Next game to go on.")
text("tables.tienlen.press_next", "Press Next game to go on.")
text("tables.tienlen.not_over", "This game is still being played: Next game comes when it is over.")
text("tables.tienlen.next_button", "Next game")
text("tables.tienlen.finish_button", "Finish the game")
text("tables.tienlen.finish_tip", "Play the rest of this game at once and show how it ends")
text("tables.tienlen.over_short", "This game is over.")
text("tables.tienlen.round_n", "game {n}")
text("tables.tienlen.turn_between", "between two games")

# --- the message areas (cardkit/widgets/messages.py) ----------------------------------------
text("tables.log_empty", "Nothing has happened yet.")
text("tables.not_allowed", "That is not allowed.")
text("tables.went_wrong", "Something went wrong: {detail}")

# --- the bots' settings ----------------------------------------------------------------------
plural("tables.levels_count",
       "{given} bot levels were given for {n} opponent: give one level for all of them, or one per opponent",
       "{given} bot levels were given for {n} opponents: give one level for all of them, or one per opponent",
       count="n")
text("tables.level_kind", "a bot level is a name such as 'greedy' or a bot function, not {given}")
text("tables.ls_rules_kind", "rules must be a Least Score Rules(...), not {given}")
text("tables.tl_rules_kind", "rules must be a Tiến Lên Rules(...), not {given}")
text("tables.ls_opponents",
     "Least Score is for {low_players} to {high_players} players, so {low} to {high} opponents; not {given}")

# --- the seats on the scoreboard --------------------------------------------------------------
text("tables.bot.random", "random")
text("tables.bot.greedy", "greedy")
text("tables.bot.strong", "strong")
text("tables.seat_you_label", "You (Player 0)")
text("tables.seat_bot_label", "{player} ({bot} bot)")
text("tables.scoreboard_player", "Player")
text("tables.scoreboard_now", "Now")
text("tables.ls_cards", "Cards")
text("tables.tl_cards", "Cards left")
text("tables.ls_score", "Score")
text("tables.tl_points", "Points")

# --- where a kept match stands; the offer after a reload --------------------------------------
text("tables.where", "{round}, {turn}")
text("tables.turn_yours", "your turn")
text("tables.turn_others", "the others are playing")
text("tables.turn_over", "the match is over")
text("tables.turn_unknown", "in progress")
text("tables.offer_resume", "Resume your match — {where}.")
text("tables.offer_resume_plain", "Resume your match?")
text("tables.offer_other_deal",
     "You have a match in progress on deal {deal} ({where}). Resume it, or play this page's deal, {mine}?")
text("tables.resume_button", "Resume my match")
text("tables.afresh_button", "Start afresh")
text("tables.play_deal_button", "Play deal {deal}")
text("tables.saved_unreadable", "That saved match cannot be read back, so it was not restored.")
text("tables.saved_unreadable_found",
     "This browser kept a saved match that cannot be read back, so this is a fresh match.")
text("tables.saved_other_settings",
     "That saved match was played with settings this table does not have, so it was not restored.")
text("tables.saved_not_replayed", "Your saved match could not be replayed, so this is a fresh match on the same deal.")
text("tables.welcome_back", "Welcome back: your match is as you left it ({where}).")
text("tables.welcome_back_plain", "Welcome back: your match is as you left it.")

# --- "are you sure?" -------------------------------------------------------------------------
text("tables.ask_new_match", "Start a new match? Your match in progress ({where}) will be lost.")
text("tables.ask_play_deal", "Play that deal? Your match in progress ({where}) will be lost.")
text("tables.yes_new_match", "Yes, start a new match")
text("tables.yes_play_deal", "Yes, play that deal")
text("tables.no_keep_playing", "No, keep playing")

# --- the coach's box -------------------------------------------------------------------------
text("tables.coach_title", "Coach")
text("tables.coach_what_happened", "What just happened:")
text("tables.coach_your_turn", "Your turn:")
text("tables.coach_switch", "Coach: explain every move")
text("tables.coach_pick_chosen", "The coach's pick.")

# --- the controls every table has -------------------------------------------------------------
text("tables.log_title", "What happened (newest last)")
text("tables.deal_box", "Play another deal:")
text("tables.deal_placeholder", "e.g. K7Q-29X")
text("tables.play_deal", "Play this deal")
text("tables.play_deal_tip", "Start a new match from this deal code")
text("tables.settings_show", "Settings")
text("tables.settings_hide", "Hide the settings")
text("tables.settings_tip", "The opponents, the bots, the deck's colours, the coach and the deal code")
text("tables.new_match", "New match")
text("tables.new_match_tip", "Start a new match with the settings above")
text("tables.play_again", "Play again")
text("tables.play_again_tip", "Start a new match with the same settings, on a fresh deal")
text("tables.keys", "Keys: Tab moves between the parts; Enter or Space presses a button.")
text("tables.bots_menu", "Bots:")
text("tables.as_given", "as given")
text("tables.deal_code", "This deal's code: {deal}")
text("tables.deal_code_note", "({settings})")
text("tables.type_code_first", "Type a deal code first, such as K7Q-29X, then press Play this deal.")
text("tables.not_a_code", "That is not a deal code: {reason}")
text("tables.hide_hints", "Hide the hints")
text("tables.opponent_hand", "{player}")
text("tables.opponent_now", "{player} ({now})")
text("tables.your_hand", "Your hand")
text("tables.your_hand_out", "Your hand (you are out)")
text("tables.wait_choose", "You may choose your cards while you wait for your turn.")

# --- Least Score -------------------------------------------------------------------------------
text("tables.ls_intro",
     "<b>Least Score</b> — you are <b>Player 0</b>. The lowest hand total wins a round "
     "(ace 1, jack/queen/king 10). On your turn: choose cards to discard, choose a card to take, "
     "press <b>Discard and take</b> — or <b>Declare</b> if you think your total is the lowest.")
plural("tables.ls_settings", "{n} opponent, threshold {threshold}", "{n} opponents, threshold {threshold}", count="n")
text("tables.ls_your_turn", "Your turn: discard, then take — or declare.")
text("tables.ls_you_drew", "You drew {card}.")
text("tables.ls_out_others_play", "You are out of this match; the others play on: {playing}")
text("tables.ls_choose_first", "Choose the cards to discard first: click them in your hand.")
text("tables.ls_cannot_declare", "You cannot declare now: {reason}.")
text("tables.ls_round_over", "Round {round} is over.")
text("tables.ls_you_win", "The match is over: you win with {points} points.")
text("tables.ls_player_wins", "The match is over: {player} wins with {points} points.")
text("tables.ls_shared_win",
     "The match is over: {players} share the win with {points} points.")
text("tables.ls_scoreboard_title",
     "Round {round} · threshold {threshold}: when a score goes over it, the match ends")
text("tables.ls_scoreboard_title_last_standing",
     "Round {round} · threshold {threshold}: a score over it is out of the match")
text("tables.ls_now_declared", "declared")
text("tables.ls_now_knocked_out", "knocked out")
text("tables.ls_coach_next", "{opening} The first turn moves one seat on each round.")
text("tables.ls_step_explained", "{explanation}")
text("tables.ls_step_running", "Running scores: {sums}.")
text("tables.sum_line", "{player}: {before} + {score} = {total}")
text("tables.ls_step_knocked_out", "Over the threshold of {threshold}: {players} — knocked out.")
text("tables.ls_step_match_ends", "Over the threshold of {threshold}: {players}, so the match ends.")
text("tables.ls_now_over_threshold", "over the threshold")
text("tables.ls_result_title_succeeds", "Round {round} is over: {declarer} declared — the declaration succeeds")
text("tables.ls_result_title_fails", "Round {round} is over: {declarer} declared — the declaration fails")
text("tables.ls_declared_mark", "{player} (declared)")
text("tables.ls_hand_total", "total: {values} = {total}")
text("tables.ls_opponents_menu", "Opponents:")
text("tables.ls_threshold_menu", "Threshold:")
text("tables.ls_open_cards", "Open cards")
text("tables.ls_open_from_deck", "Open cards, from the deck (turned up)")
text("tables.ls_open_from", "Open cards, from {player}")
text("tables.ls_deck", "Deck")
plural("tables.ls_deck_size", "{n} card", "{n} cards", count="n")
text("tables.ls_dead_pile", "discard pile: {n}")
text("tables.ls_hand_title", "Your hand (total {total})")
text("tables.ls_take_label", "Then take:")
text("tables.ls_keys", "Keys: Tab moves between the parts; ↑ ↓ choose what to take; Enter or Space presses a button.")
text("tables.ls_take_open", "{card} ({label})")
text("tables.ls_take_deck", "the top card of the deck")
text("tables.ls_discard", "Discard and take")
text("tables.ls_discard_tip", "Discard the chosen cards and take the card chosen below them")
text("tables.ls_declare", "Declare")
text("tables.ls_declare_tip", "Show every hand and end the round")
text("tables.ls_declare_not_now", "Declare: not now, it is not your turn.")
text("tables.ls_declare_may", "You may declare now: every hand is shown and the round is scored (your total is {total}).")
text("tables.ls_declare_not_yet", "Declare is not allowed yet: {reason}.")
text("tables.ls_declare_not_yet_short", "Declare comes once everyone has had a turn this round.")
text("tables.ls_choose_discard", "Choose the cards to discard: click them in your hand.")
text("tables.ls_then_take", "{verdict} Then press Discard and take.")
text("tables.ls_out_of_match", "You are out of this match: watch the others play on.")
text("tables.ls_hints", "Show my legal discards")
text("tables.ls_hints_tip", "Point out and list every legal discard in your hand")
text("tables.ls_no_discard", "There is no legal discard here.")
text("tables.ls_highlight", "part of a legal discard")

# --- Tiến Lên -----------------------------------------------------------------------------------
text("tables.tl_intro",
     "<b>Tiến Lên</b> — you are <b>Player 0</b>. Cards rank 3 (lowest) … K A 2 (highest); suits "
     "♠ &lt; ♣ &lt; ♦ &lt; ♥. Beat the play on the table with the same kind of combination and a higher "
     "key card (its highest card), or pass. First to play all their cards wins the game.")
text("tables.tl_settings", "{players} players, to {target} points")
text("tables.tl_your_turn_lead", "Your turn: you lead — play any combination.")
text("tables.tl_your_turn_beat", "Your turn: beat {table}, or pass.")
text("tables.tl_your_turn_beat_coached", "Your turn: beat the last play, or pass.")
text("tables.tl_your_own", "your own {combo}")
text("tables.tl_players", "{player}'s {combo}")
text("tables.tl_you_went_out", "You went out {place}! Press Finish the game to see the result now, or watch: {playing}")
text("tables.tl_choose_first", "Choose the cards to play first: click them in your hand (or press Pass).")
text("tables.tl_cannot_play_that", "You cannot play that: {reason}.")
text("tables.tl_cannot_play", "You cannot play {combo}: {reason}.")
text("tables.tl_cannot_pass", "You cannot pass now: {reason}.")
text("tables.tl_game_over_won", "Game {game} is over: {winner} won it.")
text("tables.tl_you_win", "The match is over: you win the match with {points} points.")
text("tables.tl_player_wins",
     "The match is over: {player} wins the match with {points} points.")
text("tables.tl_clear_you_lead", "The table is clear: you lead.")
text("tables.tl_clear_leads", "The table is clear: {player} leads.")
text("tables.tl_to_beat", "To beat: {table}.")
text("tables.tl_cleared_you_lead", "Everyone else has passed: the table is clear and you lead.")
text("tables.tl_cleared_leads", "Everyone else has passed: the table is clear and {player} leads.")
text("tables.tl_must_contain", "The first play of the match must contain {card}.")
text("tables.tl_now_out", "out, {place}")
text("tables.tl_now_passed", "passed")
text("tables.tl_now_played_last", "played last")
text("tables.tl_now_instant", "instant win")
text("tables.tl_scoreboard_title", "Game {game} · the first to {target} points wins the match")
text("tables.tl_coach_you_lead_next", "{winner} won this game, so you lead the next one, with any combination.")
text("tables.tl_coach_they_lead_next", "{winner} won this game, so they lead the next one, with any combination.")
text("tables.tl_instant_four_twos",
     "{player} dealt all four 2s: an instant win, {points} points; everyone else 0.")
text("tables.tl_instant_dragon",
     "{player} dealt a dragon (one card of every rank, 3 to A): an instant win, {points} points; everyone else 0.")
text("tables.tl_order_head", "Finishing order and points:")
plural("tables.tl_order_line", "{place}: {player} — {points} point",
       "{place}: {player} — {points} points", count="points")
plural("tables.tl_order_line_last", "{place}: {player} (still holding cards) — {points} point",
       "{place}: {player} (still holding cards) — {points} points", count="points")
text("tables.tl_match_points", "Match points: {sums}")
text("tables.tl_points_sum", "{player} {before} + {score} = {total}")
text("tables.tl_result_title", "Game {game} is over")
text("tables.tl_target_menu", "Play to:")
text("tables.tl_on_table", "On the table")
text("tables.tl_play", "Play")
text("tables.tl_play_tip", "Play the chosen cards")
text("tables.tl_pass", "Pass")
text("tables.tl_pass_tip", "Pass: you are out of this round of play")
text("tables.tl_choose_lead_first", "Choose the cards to lead with first: click them in your hand.")
text("tables.tl_press_play", "{verdict} Press Play.")
text("tables.tl_not_now", "{verdict} But you cannot play it now: {reason}.")
text("tables.tl_hints", "Show my legal plays")
text("tables.tl_hints_tip", "Point out and list every legal play in your hand")
text("tables.tl_no_play", "You have no legal play here.")
text("tables.tl_nothing_beats", "Nothing you hold beats this — press Pass.")
text("tables.tl_highlight", "part of a legal play")
