"""The coach's words (cardkit/least_score/coach.py, cardkit/tienlen/coach.py), in English.

A reason (``coach.*.why.*``) is a clause a learner can reuse; the pick messages put
the move and its reason in one sentence.
"""

from ..define import plural, text

# --- Tiến Lên: the kinds of combination --------------------------------------------------
text("coach.tl.kind.single", "single")
text("coach.tl.kind.pair", "pair")
text("coach.tl.kind.triple", "triple")
text("coach.tl.kind.four_of_a_kind", "four of a kind")
plural("coach.tl.kind.sequence", "sequence of {n} card", "sequence of {n} cards", count="n")
plural("coach.tl.kind.double_sequence", "double sequence of {n} pair", "double sequence of {n} pairs", count="n")

# --- Tiến Lên: before the learner's turn ---------------------------------------------------
text("coach.tl.to_beat", "To beat: {cards}. Play a higher {kind}, or pass.")
text("coach.tl.to_beat_two", "To beat: {cards}. Play a higher {kind}, a bomb, or pass.")
text("coach.tl.to_beat_top_two", "To beat: {cards}. Nothing of its kind is higher: only a bomb beats it, or pass.")
plural("coach.tl.nearly_out", "Careful: {who} has {n} card left.", "Careful: {who} has {n} cards left.", count="n")
# the _many forms: two or more players with the same fewest cards, {who} a list of them
plural("coach.tl.nearly_out_many", "Careful: {who} each have {n} card left.", "Careful: {who} each have {n} cards left.",
       count="n")
text("coach.tl.pick_play", "Play {cards}. Why: {reason}.")
text("coach.tl.pick_pass", "Pass. Why: {reason}.")
# the same reason as at an earlier turn of the match: the learner has read it, it is not said again
text("coach.tl.pick_play_again", "Play {cards} (same reason as before).")
text("coach.tl.pick_pass_again", "Pass (same reason as before).")
text("coach.tl.nothing_beats", "Nothing you hold beats this — press Pass.")

text("coach.tl.why.go_out", "it is all you hold: you go out")
text("coach.tl.why.first_play", "the first play must hold the {card}; this one keeps the rest of your hand in "
                                "combinations")
text("coach.tl.why.sure_winner", "nobody can beat it; play your sure winners, then your last combination")
text("coach.tl.why.one_card_multi", "{who} holds one card, and a single card cannot beat two or more")
text("coach.tl.why.one_card_high", "{who} holds one card: lead your highest single, so they cannot beat it")
text("coach.tl.why.one_card_multi_many", "{who} each hold one card, and a single card cannot beat two or more")
text("coach.tl.why.one_card_high_many", "{who} each hold one card: lead your highest single, so they cannot beat it")
text("coach.tl.why.lead_longest", "lead your longest combination, low cards first: more cards at once empty your "
                                  "hand sooner")
text("coach.tl.why.lead_low", "lead your lowest cards while you have the lead: low cards are the hardest to get "
                              "rid of later")
plural("coach.tl.why.spend_now_danger", "{who} has {n} card left: spend a 2 or a bomb now",
       "{who} has {n} cards left: spend a 2 or a bomb now", count="n")
plural("coach.tl.why.spend_now_danger_many", "{who} each have {n} card left: spend a 2 or a bomb now",
       "{who} each have {n} cards left: spend a 2 or a bomb now", count="n")
text("coach.tl.why.spend_now_winner", "nobody can beat it, and the rest of your hand is nearly played out")
plural("coach.tl.why.stop_them", "{who} has {n} card left: beat the table so they do not lead",
       "{who} has {n} cards left: beat the table so they do not lead", count="n")
plural("coach.tl.why.stop_them_many", "{who} each have {n} card left: beat the table so they do not lead",
       "{who} each have {n} cards left: beat the table so they do not lead", count="n")
text("coach.tl.why.spare", "it beats the table and keeps your other combinations whole")
text("coach.tl.why.cheapest", "it beats the table and breaks up the least of your hand")
text("coach.tl.why.nothing_beats", "nothing you hold beats it")
text("coach.tl.why.keep_twos", "only a 2 or a bomb beats it: keep those until someone is nearly out")
text("coach.tl.why.keep_bomb", "keep {cards} together: it is a bomb")
text("coach.tl.why.keep_together", "beating it would break your {kind} {cards}: keep it together")
text("coach.tl.why.save_for_lead", "beating it gains little: keep your cards for when you lead")

# --- Tiến Lên: what a move meant ------------------------------------------------------------
text("coach.tl.did_pass", "{who} passed.")
text("coach.tl.did_lead", "{who} led {cards} ({kind}).")
text("coach.tl.did_beat", "{who} played {cards}: key card {key} beats {old}.")
text("coach.tl.did_beat_single", "{who} played {cards} on {old}.")
text("coach.tl.did_chop", "{who} chopped {old} with the bomb {cards} ({kind}).")
text("coach.tl.did_play", "{who} played {cards}: {why}.")
text("coach.tl.went_out", "That was their last card: {who} goes out {place}.")
text("coach.tl.went_out_you", "That was your last card: you go out {place}.")
text("coach.tl.clears", "Everyone else passed: {who} leads.")
text("coach.tl.clears_you", "Everyone else passed: you lead.")
text("coach.tl.clears_gone", "Everyone else passed on {who}'s last play; {who} is out, so {leader}, next with "
                             "cards, leads.")
text("coach.tl.clears_gone_you", "Everyone else passed on your last play; you are out, so {leader}, next with "
                                 "cards, leads.")
text("coach.tl.clears_gone_to_you", "Everyone else passed on {who}'s last play; {who} is out, so you lead, next "
                                    "with cards.")

# --- Least Score ------------------------------------------------------------------------------
text("coach.ls.group.single", "{cards}")   # a single card's points are its value: not said again
text("coach.ls.group.pair", "the pair {cards} ({points} points)")
text("coach.ls.group.four_of_a_kind", "the four of a kind {cards} ({points} points)")
text("coach.ls.group.run", "the run {cards} ({points} points)")
text("coach.ls.group.flush", "the flush {cards} ({points} points)")

text("coach.ls.pick_declare", "Declare. Why: {reason}.")
text("coach.ls.pick_discard", "Discard {cards}. Why: {reason}.")
text("coach.ls.pick_take", "Then take {card}: {reason}.")
text("coach.ls.pick_draw", "Then draw from the deck: {reason}.")
# the same reason as at an earlier turn of the match: the learner has read it, it is not said again
text("coach.ls.pick_discard_again", "Discard {cards} (same reason as before).")
text("coach.ls.pick_take_again", "Then take {card} (same reason as before).")
text("coach.ls.pick_draw_again", "Then draw from the deck (same reason as before).")

text("coach.ls.why.declare_odds", "with {total} you hold the lowest total about {chance} of the time")
text("coach.ls.why.declare_late", "the round has gone on long; with {total} the odds are fair enough")
text("coach.ls.why.most_points", "your most valuable group ({points} points)")
text("coach.ls.why.highest_card", "no two of your cards make a group: drop your highest")
text("coach.ls.why.keep_group", "it keeps {cards} for your next turn: they go in one discard then")
text("coach.ls.why.lower_total", "it leaves you the lowest total")
plural("coach.ls.why.draw", "its cards average {average}, less than the open card",
       "its cards average {average}, less than the open cards", count="n")
text("coach.ls.why.draw_only", "there are no open cards to take")
text("coach.ls.why.must_take", "the deck is empty, so you must take an open card")
text("coach.ls.why.take_group", "with it, {cards} go together next turn")
text("coach.ls.why.take_low", "it is worth {value}; a deck card averages {average}")
text("coach.ls.why.not_declare", "Not declaring yet: you would be lowest only about {chance} of the time, and a "
                                 "failed declaration costs {penalty} points or more.")

text("coach.ls.did_declare", "{who} declared.")   # the hands and the scoring are shown just below
text("coach.ls.did_draw", "{who} discarded {group} and drew.")
text("coach.ls.did_take", "{who} discarded {group} and took {card} ({value}).")
text("coach.ls.did_and", "{move} {then}")
text("coach.ls.getting_low", "A small card: they are getting low.")
plural("coach.ls.may_declare_soon", "{n} card left: they may declare soon.", "{n} cards left: they may declare soon.",
       count="n")
text("coach.ls.round_opening", "Round {round}: {who} has the first turn.")
text("coach.ls.round_opening_you", "Round {round}: you have the first turn.")
