"""The per-game exercises and explorers of the classroom toolkit
(``cardkit/classroom/least_score.py`` and ``cardkit/classroom/tienlen.py``):
questions, feedback, button labels, table headings, captions and chart words.
(English source; translations in ``locale/``.)

Values are named in braces: ``{cards}`` a group of cards, ``{card}`` one card,
``{n}`` a number, ``{why}`` the engine's reason (itself a sentence part),
``{kind}`` / ``{name}`` a kind of play in words, ``{button}`` a button's label.
"""

from ..define import plural, text

# --- shared by both games ---------------------------------------------------------------
text("classroom_games.exercise_kicker", "Exercise")
text("classroom_games.semicolon_join", "{first}; {rest}")   # items of a list, joined with semicolons
text("classroom_games.comma_join", "{first}, {rest}")       # items of a list, joined with commas
text("classroom_games.bar_join", "{first} | {rest}")        # cells of a plain-text table row
text("classroom_games.no_why", "No: {why}")

# --- Least Score: cards and values -------------------------------------------------------
for _n, _word in enumerate(["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
                            "Jack", "Queen", "King"], start=1):
    text(f"classroom_ls.rank_title.r{_n}", _word)           # a rank, as the first cell of a table row
text("classroom_ls.values.caption", "What each card is worth (any suit)")
text("classroom_ls.values.head_card", "Card")
text("classroom_ls.values.head_shown", "Shown as")
text("classroom_ls.values.head_points", "Points")
text("classroom_ls.worked_total.no_cards", "give some cards, such as 'AC 2D 3S 9H 9C'")

# the step a wrong hand total went wrong at
plural("classroom_ls.mistake.picture_by_rank",
       "you counted {cards} by its rank (jack 11, queen 12, king 13); in Least Score every picture card is worth 10",
       "you counted {cards} by their rank (jack 11, queen 12, king 13); in Least Score every picture card is "
       "worth 10", count="n")
text("classroom_ls.mistake.ace_as_eleven", "you counted an ace as 11; in Least Score an ace is worth just 1")
text("classroom_ls.mistake.card_left_out",
     "one card is missing from your sum: add all five cards (did you leave out {card}?)")
text("classroom_ls.total.hint", "ace 1, a 2 to a 10 its number, jack, queen and king 10 each")

# the quick-fire drill
text("classroom_ls.drill.bad_count", "hands is how many questions, 1 to 50; not {given}")
text("classroom_ls.drill.question", "Hand {i}: {cards}. What is it worth?")
text("classroom_ls.drill.placeholder", "a whole number, e.g. 27")
text("classroom_ls.drill.row_title", "Hand")
text("classroom_ls.drill.row_title_of", "Hand {i} of {n}")
text("classroom_ls.drill.next", "Next hand")
text("classroom_ls.drill.next_tip", "Go on to the next hand")
plural("classroom_ls.drill.deal_new", "Deal {n} new hand", "Deal {n} new hands", count="n")
text("classroom_ls.drill.deal_new_tip", "Start the quick-fire again with fresh hands")
text("classroom_ls.drill.previous", "Previous")
text("classroom_ls.drill.previous_tip", "Go back to the previous hand")
plural("classroom_ls.drill.no_such_hand", "there is {n} hand: choose 0 to {last}",
       "there are {n} hands: choose 0 to {last}", count="n")
text("classroom_ls.drill.last_hand", "That was the last hand: {solved} of {n} right. Press {button} to go again.")
text("classroom_ls.drill.progress_kicker", "Quick-fire:")
text("classroom_ls.drill.progress", "hand {i} of {n} · {done} right so far")
# what a notebook shows of an exercise as text, inside "ClassName(…)"
plural("classroom_ls.drill.repr", "{n} hand, seed {seed}; now hand {i}: {cards}; {solved} right",
       "{n} hands, seed {seed}; now hand {i}: {cards}; {solved} right", count="n")

# --- Least Score: legal discards ----------------------------------------------------------
text("classroom_ls.discards.caption", "Legal or not? The engine's verdict")
text("classroom_ls.discards.head_cards", "Cards")
text("classroom_ls.discards.head_verdict", "Verdict")
text("classroom_ls.discards.head_why", "Kind, or why not")
text("classroom_ls.discards.legal", "legal")
text("classroom_ls.discards.not_legal", "not legal")

text("classroom_ls.spot.question", "Find every legal discard of two or more cards in this hand.")
text("classroom_ls.spot.hand_title", "Choose cards, then press {button}")
text("classroom_ls.spot.highlight", "part of a legal discard")
text("classroom_ls.spot.no_group", "this hand has no legal discard of two or more cards: choose another hand")
text("classroom_ls.spot.check", "Check these cards")
text("classroom_ls.spot.check_tip", "Is the group you chose a legal discard?")
text("classroom_ls.spot.reveal", "Show me every legal discard")
text("classroom_ls.spot.found_of", "Found {found} of {n}")
text("classroom_ls.spot.item", "{name}: {cards}")
text("classroom_ls.spot.too_few", "Choose two or more cards (singles are always legal), then press {button}.")
text("classroom_ls.spot.again", "You found {cards} already. Look for another group.")
text("classroom_ls.spot.more", "{n} more to find.")
text("classroom_ls.spot.all_found", "That is every one!")
text("classroom_ls.spot.yes", "✔ Yes: {cards} is a legal discard ({name}). {more}")
text("classroom_ls.spot.no", "✖ Not a legal discard: {why}. Try another group.")
text("classroom_ls.spot.every", "Every legal discard of two or more cards: {items}.")
text("classroom_ls.spot.explain", "every legal group of two or more cards, as the engine lists them")
text("classroom_ls.spot.repr", "{cards}: found {found} of {n}")
text("classroom_ls.spot.repr_solved", "{cards}: found {found} of {n}; solved")

text("classroom_ls.best.question", "Select the legal discard that gets rid of the most points, then press Check.")
text("classroom_ls.not_legal", "not a legal discard: {why}")
text("classroom_ls.best.not_legal_holds_several",
     "not a legal discard: {why}. {groups} are each a best discard by themselves: choose just one of them")
plural("classroom_ls.best.right", "the {name} gets rid of {n} point, as much as any discard in this hand",
       "the {name} gets rid of {n} points, as much as any discard in this hand", count="n")
plural("classroom_ls.best.less_single",
       "the {name} is legal, but it gets rid of only {n} point; another legal group gets rid of more",
       "the {name} is legal, but it gets rid of only {n} points; another legal group gets rid of more", count="n")
plural("classroom_ls.best.less_group",
       "the {name} ({cards}) is legal, but it gets rid of only {n} point; another legal group gets rid of more",
       "the {name} ({cards}) is legal, but it gets rid of only {n} points; another legal group gets rid of more",
       count="n")
plural("classroom_ls.best.explain", "{groups}: {n} point.", "{groups}: {n} points.", count="n")

text("classroom_ls.value.none", "no card in this hand is worth {value}")
text("classroom_ls.value.wrong_card", "{card} is worth {worth}, not {value}")
plural("classroom_ls.value.missing", "every card you chose is worth {value}, but {n} more card is worth {value} too",
       "every card you chose is worth {value}, but {n} more cards are worth {value} too", count="n")
text("classroom_ls.value.right", "{cards} are the cards worth {value}")
text("classroom_ls.value.question", "Select every card in this hand that is worth {value} points, then press Check.")
text("classroom_ls.value.explain",
     "10s, jacks, queens and kings are all worth {value}; every other card its number (an ace 1).")

text("classroom_ls.find.kind_of_size", "{kind} of {size}")   # 'a run of three' / 'run of three'
text("classroom_ls.find.none", "this hand holds no {what}")
text("classroom_ls.find.right", "{cards} is {what}")
text("classroom_ls.find.other_kind", "{cards} is a legal discard, but it is a {name}, not {what}")
text("classroom_ls.find.question", "Select {what} in this hand, then press Check.")
plural("classroom_ls.find.explain", "This hand holds {n} such group: {groups}.",
       "This hand holds {n} such groups: {groups}.", count="n")

# --- Least Score: a turn -------------------------------------------------------------------
text("classroom_ls.move.draw", "draw from the deck")
text("classroom_ls.move.take", "take {card}")
text("classroom_ls.move.discard", "discard {cards}, {where}")
text("classroom_ls.turn.expected", "≈ {x} (expected, a deck draw)")
text("classroom_ls.turn.caption",
     "Hand {hand} (total {total}), open cards {opens}: the {best} best of {n} moves")
text("classroom_ls.turn.caption_seen",
     "Hand {hand} (total {total}), open cards {opens}, also seen {seen}: the {best} best of {n} moves")
text("classroom_ls.turn.head_move", "Move")
text("classroom_ls.turn.head_total", "Total after the turn")

text("classroom_ls.take.not_in_hand", "{cards} is not in the hand")
text("classroom_ls.take.not_legal", "{cards} is not a legal discard: {why}")
text("classroom_ls.take.average", "{x} points")
text("classroom_ls.take.take_choice", "Take the {card} (worth {worth})")
text("classroom_ls.take.draw_choice", "Draw the top card of the deck")
text("classroom_ls.take.why_not_take",
     "The {card} is worth {worth} for sure, but a card from the deck is worth only {average} on average: "
     "drawing leaves a lower total, on average")
text("classroom_ls.take.why_not_draw",
     "A card from the deck is worth {average} on average, more than the {worth} of the {card}, which you can see "
     "and take for sure")
text("classroom_ls.take.explain_take",
     "An unseen card is worth on average {fraction} ≈ {decimal} ({unseen} cards not seen). The {card} is worth "
     "{worth} for sure, so taking it is better")
text("classroom_ls.take.explain_draw",
     "An unseen card is worth on average {fraction} ≈ {decimal} ({unseen} cards not seen). The {card} is worth "
     "{worth} for sure, so drawing is better on average")
text("classroom_ls.take.question",
     "Your hand is {hand}. You discard {group}; the open cards are {opens}. Which card should you take?")
text("classroom_ls.take.question_seen",
     "Your hand is {hand}. You discard {group}; the open cards are {opens}, and you have also seen {seen}. "
     "Which card should you take?")

text("classroom_ls.explorer.your_hand", "Your hand")
text("classroom_ls.explorer.open_cards", "Open cards")
text("classroom_ls.explorer.deal", "Deal another position")
text("classroom_ls.explorer.hand_title", "Your hand (total {total}) — position {k}")
text("classroom_ls.explorer.repr", "position {k}, seed {seed}:\n{table}")

# --- Least Score: declaring and scoring ------------------------------------------------------
text("classroom_ls.scoring.declares_with", "{name} declares with")
text("classroom_ls.scoring.holds", "{name} holds")
text("classroom_ls.scoring.tie_fails", "House rule: a tie is a failure")
text("classroom_ls.scoring.declares_cell", "{name} (declares)")
text("classroom_ls.scoring.caption", "Totals {totals}; {name} declares")
text("classroom_ls.scoring.caption_house", "Totals {totals}; {name} declares (house rule: {rules})")
text("classroom_ls.scoring.head_player", "Player")
text("classroom_ls.scoring.head_total", "Total")
text("classroom_ls.scoring.head_score", "Round score")

text("classroom_ls.match.head_round", "Round")
text("classroom_ls.match.head_declarer", "Declarer")
text("classroom_ls.match.head_d", "D")
text("classroom_ls.match.head_l", "L")
text("classroom_ls.match.head_result", "Result")
text("classroom_ls.match.success", "success")
text("classroom_ls.match.failure", "failure")
text("classroom_ls.match.knocked_out", "{result}; knocked out: {players}")
text("classroom_ls.match.over", "Match over after {rounds}: winner {winners} with {points}.")
text("classroom_ls.match.going_on", "The match is still going on.")
text("classroom_ls.match.caption",
     "A match of {n} players to the threshold {threshold} (deal code {deal_code}); each player's cell is "
     "'round score → running score'")

# --- Least Score: when to declare (the study's chart) ------------------------------------------
text("classroom_ls.study.by_total", "By your total")
text("classroom_ls.study.total_axis", "Your hand total (points)")
text("classroom_ls.study.rate_axis", "Declaring would succeed (%)")
text("classroom_ls.study.by_round", "By round of turns (all totals)")
text("classroom_ls.study.round_axis", "Round of turns (1 = everyone's first turn)")
text("classroom_ls.study.title", "How often would declaring succeed?")
text("classroom_ls.study.suptitle", "How often would declaring succeed? ({moments} moments, {matches} seeded matches)")
text("classroom_ls.study.caption",
     "Bots ({bots}), {players} players, seed {seed}. At every turn where a player could declare, we check whether "
     "declaring would win against the actual hands. The lower your total, the safer: declaring succeeds at least "
     "half the time up to a total of {cut}. By round of turns: {first} in round {r_first}, {last} in round "
     "{r_last}.")
text("classroom_ls.study.alt",
     "How often would declaring succeed? Two charts: by your total, declaring succeeds at least half the time up "
     "to a total of {cut}; by round of turns, {first} in round {r_first} and {last} in round {r_last}.")
text("classroom_ls.study.no_cut", "none")
text("classroom_ls.study.head_total", "Your total")
text("classroom_ls.study.head_moments", "Moments")
text("classroom_ls.study.head_rate", "Would succeed")
text("classroom_ls.study.repr",
     "{moments} moments from {matches} matches, seed {seed}; declaring would succeed {rate} of the time overall")
text("classroom_ls.study.bad_matches", "matches must be a whole number, 1 or more; not {given}")
text("classroom_ls.study.progress", "Matches")

# --- Tiến Lên -------------------------------------------------------------------------------
text("classroom_tl.not_a_combination", "not a combination")
text("classroom_tl.yes_beats", "Yes, it beats it")
text("classroom_tl.no_beats", "No, it does not")
text("classroom_tl.order_title", "From lowest to highest")

text("classroom_tl.higher.two_cards", "higher_card_quiz compares two different single cards")
text("classroom_tl.higher.suit_decides",
     "Both are {ranks}, so the suit decides: {high} is higher than {low} (♠ < ♣ < ♦ < ♥).")
text("classroom_tl.higher.suit_wrong",
     "{card} is the lower one: both cards are {ranks}, so the suit decides, and {low} comes before {high} in "
     "♠ < ♣ < ♦ < ♥")
text("classroom_tl.higher.rank_decides",
     "The rank decides first: {high} is higher than {low} (3 4 5 6 7 8 9 10 J Q K A 2); the suit only matters "
     "between cards of the same rank.")
text("classroom_tl.higher.rank_wrong",
     "{card} is the lower one: the rank decides first, and {low} comes before {high} in "
     "3 4 5 6 7 8 9 10 J Q K A 2 (the 2 is the highest rank)")
text("classroom_tl.higher.question", "Which card is higher: {a} or {b}?")
text("classroom_tl.higher.new_cards", "Two new cards")
text("classroom_tl.higher.repr", "question {k}, seed {seed}: {quiz}")

text("classroom_tl.combo.not_explain", "Not a combination ({cards}): {why}.")
text("classroom_tl.combo.explain", "{combo} is a {what}; its key card is {key}.")
text("classroom_tl.combo.is_one",
     "No: these cards do make one of the six combinations — count the cards and look at their ranks again")
text("classroom_tl.combo.question", "What is {cards}?")

text("classroom_tl.table_not_combo", "the play on the table must be a combination: {why}")
text("classroom_tl.beats.does", "It does beat it: {why}")
text("classroom_tl.beats.does_not", "It does not: {why}")
text("classroom_tl.beats.question", "On the table: {table} ({what}). Can {play} beat it?")

text("classroom_tl.key.no_combo", "{cards} is no combination: {why}")
text("classroom_tl.key.one_card", "the key card is one card: choose just one")
text("classroom_tl.key.right", "{card} is the highest card of the {name}")
text("classroom_tl.key.question", "Select the key card of this {name}, then press Check.")
text("classroom_tl.key.explain", "The key card is the highest card by rank, then suit: {key}.")
text("classroom_tl.where.this_combo", "this {name}")
text("classroom_tl.where.this_hand", "this hand")

text("classroom_tl.extreme.suit.highest",
     "{card} is not the highest card of {where}: another {rank} has a higher suit (♠ < ♣ < ♦ < ♥)")
text("classroom_tl.extreme.suit.lowest",
     "{card} is not the lowest card of {where}: another {rank} has a lower suit (♠ < ♣ < ♦ < ♥)")
plural("classroom_tl.extreme.count.highest",
       "{card} is not the highest card of {where}: {n} card is higher (rank first — 3 lowest, 2 highest — then suit)",
       "{card} is not the highest card of {where}: {n} cards are higher (rank first — 3 lowest, 2 highest — then "
       "suit)", count="n")
plural("classroom_tl.extreme.count.lowest",
       "{card} is not the lowest card of {where}: {n} card is lower (rank first — 3 lowest, 2 highest — then suit)",
       "{card} is not the lowest card of {where}: {n} cards are lower (rank first — 3 lowest, 2 highest — then "
       "suit)", count="n")
text("classroom_tl.extreme.bad_which", "which is 'highest' or 'lowest', not {given}")
text("classroom_tl.extreme.one_card.highest", "the highest card is one card: choose just one")
text("classroom_tl.extreme.one_card.lowest", "the lowest card is one card: choose just one")
text("classroom_tl.extreme.right.highest", "{card} is the highest card of the hand")
text("classroom_tl.extreme.right.lowest", "{card} is the lowest card of the hand")
text("classroom_tl.extreme.question.highest", "Select the highest card in this hand, then press Check.")
text("classroom_tl.extreme.question.lowest", "Select the lowest card in this hand, then press Check.")
text("classroom_tl.extreme.explain.highest",
     "The highest card is the one furthest right: the highest rank, and among equal ranks the highest suit — "
     "here {card}.")
text("classroom_tl.extreme.explain.lowest",
     "The lowest card is the one furthest left: the lowest rank, and among equal ranks the lowest suit — "
     "here {card}.")

text("classroom_tl.beating.caption", "Can the play beat the cards on the table?")
text("classroom_tl.beating.same_shape", "both are a {name}, and key card {key} is higher than {other}")
text("classroom_tl.beating.twos1", "a single 2")
text("classroom_tl.beating.twos2", "a pair of 2s")
text("classroom_tl.beating.twos3", "three 2s")
text("classroom_tl.beating.chops", "a {name} is a bomb: it chops {twos}")
text("classroom_tl.beating.beats", "a {name} beats a {other}")
text("classroom_tl.beating.yes", "✔ yes")
text("classroom_tl.beating.no", "✖ no")
text("classroom_tl.head_play", "Play")
text("classroom_tl.beating.head_table", "On the table")
text("classroom_tl.beating.head_beats", "Beats it?")
text("classroom_tl.beating.head_why", "Why")

for _kind, _words in {"single": "singles", "pair": "pairs", "triple": "triples", "four_of_a_kind": "fours of a kind",
                      "sequence": "sequences", "double_sequence": "double sequences"}.items():
    text(f"classroom_tl.kinds.{_kind}", _words)            # a kind of play, as a plural noun
text("classroom_tl.find.bad_kind", "kind is one of {kinds}; not {given}")
text("classroom_tl.find.of_size", "{kind} of {size} cards")
text("classroom_tl.find.none", "this hand holds no {shape}")
text("classroom_tl.find.not_combo", "not a combination ({cards}): {why}")
text("classroom_tl.find.right", "{combo} is a {what}")
text("classroom_tl.find.other", "{combo} is a {what}, not a {shape}")
text("classroom_tl.find.question", "Select a {shape} in this hand, then press Check.")
plural("classroom_tl.find.explain", "This hand holds {n} different {shape}.", "This hand holds {n} different {shapes}.",
       count="n")

text("classroom_tl.beat_it.nothing", "nothing in this hand beats {table}")
text("classroom_tl.beat_it.question",
     "On the table: {table} ({what}). Select cards from your hand that beat it, then press Check.")
plural("classroom_tl.beat_it.explain", "This hand has {n} different play that beats it: {plays}.",
       "This hand has {n} different plays that beat it: {plays}.", count="n")

text("classroom_tl.grid.not_combos", "every play and every table entry must be a combination")
text("classroom_tl.grid.beats", "✔ beats")
text("classroom_tl.grid.no", "✖ no")
text("classroom_tl.grid.corner", "Play ↓ · on the table →")
text("classroom_tl.grid.column", "{combo} ({what})")

text("classroom_tl.classify.caption", "What the engine says")
text("classroom_tl.classify.no_combo", "no combination: {why}")

text("classroom_tl.options.no_play", "this hand has no legal play here")
text("classroom_tl.options.answers_to", "Your answers to {table}")
text("classroom_tl.options.leads", "Your leads")
text("classroom_tl.options.head_left", "Cards left")
text("classroom_tl.options.head_fewest", "Fewest plays to empty them")
