"""The words the classroom toolkit writes itself: the exercises' feedback, the
lesson boxes' titles, formulas, numbers a learner types, the simulation
explorers.  (English source; translations in ``locale/``.)

The lesson's own words — questions, choices, reasons, hints, explanations — are
the lesson's; these are the sentences around them."""

from ..define import plural, text

# --- exercises: what a verdict is called (the plain text of an exercise) -------------------------
text("quiz.word.right", "✔ Right")
text("quiz.word.wrong", "✖ Not quite")
text("quiz.word.revealed", "ℹ Answer")
plural("quiz.state.solved", "✔ solved in {n} attempt", "✔ solved in {n} attempts")
text("quiz.state.revealed", "answer shown")
plural("quiz.state.wrong", "{n} wrong attempt", "{n} wrong attempts")
text("quiz.state.new", "not answered yet")

# --- exercises: the panel's own words (sent to the page) -----------------------------------------
text("quiz.kicker", "Exercise")
text("quiz.landmark", "Exercise: {question}")
text("quiz.check", "Check")
text("quiz.show_answer", "Show the answer")
text("quiz.solved_before", "\u2714\ufe0e You solved this one before, in this browser. Answer it again, or press Show the answer.")
text("quiz.keys", "Keys: ↑ ↓ move between the answers (Tab reaches them), Enter checks.")
text("quiz.enter_checks", "Enter checks.")
text("quiz.help_then_enter", "{help} · Enter checks.")
text("quiz.tally", "Attempts: {n}")
text("quiz.tally_solved", "Attempts: {n} · solved \u2714\ufe0e")
text("quiz.choose_from", "Choose from these cards")

# --- exercises: feedback -------------------------------------------------------------------------
text("quiz.right", "Right!")
text("quiz.right_because", "Right! {why}")
text("quiz.not_quite", "Not quite.")
text("quiz.not_quite_because", "Not quite: {why}")
text("quiz.try_again", "Try again.")
text("quiz.hint", "Hint: {hint}")
text("quiz.the_answer_is", "The answer is {answer}.")
text("quiz.quoted", "“{choice}”")
text("quiz.choice.none", "Choose one of the answers first, then press Check.")
text("quiz.choice.wrong", "Not quite: “{choice}” is not right.")
text("quiz.number.examples_hint", "e.g. {examples}")
text("quiz.number.exact", "Right! {typed} is exactly {answer}.")
text("quiz.number.close_enough", "Right! {typed} is close enough to {answer}.")
text("quiz.number.missing_percent",
     "A chance is a number from 0 to 1. Did you mean {typed}%? Add the % sign, or write it as a decimal ({decimal}).")
text("quiz.number.close_too_high", "Close, but {typed} is a little too high; check your working or give more digits.")
text("quiz.number.close_too_low", "Close, but {typed} is a little too low; check your working or give more digits.")
text("quiz.number.too_high", "Not quite: {typed} is too high.")
text("quiz.number.too_low", "Not quite: {typed} is too low.")
text("quiz.cards.none_chosen",
     "Choose one or more cards first (click them, or Tab to a card and press Space), then press Check.")
text("quiz.cards.right", "Right! {cards} is it.")
text("quiz.cards.two_answers",
     "Not quite: you chose {cards}, which holds more than one right answer — {groups} are each right by "
     "themselves. Choose just one.")
plural("quiz.cards.extra_in_right", "{cards} does not belong (the rest of your choice is right)",
       "{cards} do not belong (the rest of your choice is right)")
plural("quiz.cards.part_of_answer", "what you chose is part of the answer, but {n} more card belongs to it",
       "what you chose is part of the answer, but {n} more cards belong to it")
plural("quiz.cards.extra_in_none", "{cards} does not belong to any right answer",
       "{cards} do not belong to any right answer")
text("quiz.cards.none_in_answer", "none of the cards you chose is in the answer")
plural("quiz.cards.missing", "{n} more card belongs to it", "{n} more cards belong to it")
text("quiz.cards.not_together", "these cards are not one right answer together")
text("quiz.cards.two_reasons", "{first}; {second}")
text("quiz.cards.either", "{a} or {b}")
text("quiz.cards.both", "{a} and {b}")
text("quiz.cards.judge_decides", "any choice the judge accepts")
text("quiz.cards.for_example", "for example {choices}")
text("quiz.cards.and_more", "{choices} (and {n} more)")

# --- exercises: the scoreboard -------------------------------------------------------------------
text("quiz.score.none", "No exercises yet.")
text("quiz.score.solved", "Exercises solved: {done} of {n}")
text("quiz.score.solved_first", "Exercises solved: {done} of {n} ({first} at the first try)")

# --- exercises: a lesson that makes one wrongly (told to its author) ----------------------------
text("quiz.error.choice_number", "there is no choice number {n}")
text("quiz.error.answer_too_long", "an answer is at most 200 characters")
text("quiz.error.no_question", "an exercise needs a question (a non-empty string)")
text("quiz.error.reveal_after", "reveal_after is a number of wrong answers, 1 or more (or None); not {value}")
text("quiz.error.no_verdict", "the exercise's judge gave no verdict")
text("quiz.error.on_answer", "on_answer takes a function callback(exercise, feedback)")
text("quiz.error.choices_list", "choices are a list of answers (or a dict answer → why)")
text("quiz.error.two_choices", "a multiple-choice question needs at least two choices")
text("quiz.error.same_choices", "two choices have the same words; make every choice different")
text("quiz.error.what.answer", "the answer")
text("quiz.error.what.yours", "your answer")
text("quiz.error.choice_not_bool", "{what} is a choice's words or its number, not {value}")
text("quiz.error.choice_range", "{what} is choice number 0 to {last}, not {value}")
text("quiz.error.not_a_choice", "{what} must be one of the choices: {value} is not")
text("quiz.error.answer_number", "the answer must be a number: {reason}")
text("quiz.error.tolerance", "tolerance is a number 0 or more (or None), not {value}")
text("quiz.error.mistake_number", "a mistake must be a number: {reason}")
text("quiz.error.judge_returns", "the judge must return True or False, or a pair (True or False, why) — not {kind}")
text("quiz.error.answer_or_judge", "give a CardQuiz either answer= (the right cards) or judge= (a function), not both")
text("quiz.error.judge_function", "judge is a function of the chosen cards")
text("quiz.error.answer_not_held", "the answer holds {cards}, which the hand does not")
text("quiz.error.solutions_judge", "solutions= goes with judge=; with answer= the answer is the solution")
text("quiz.error.answer_groups", "the answer is some cards, or a list of groups of cards")
text("quiz.error.scoreboard", "a Scoreboard counts exercises (Quiz, NumberQuiz, CardQuiz), not {kind}")

# --- numbers a learner types ---------------------------------------------------------------------
text("numbers.examples", "0.25, 1/4, 25% or 1 in 4")
text("numbers.word_in", "in")
text("numbers.word_out_of", "out of")
text("numbers.unreadable", "I could not read “{typed}” as a number. Type a number such as {examples}.")
text("numbers.not_bool", "Type a number, not True or False.")
text("numbers.not_finite", "Type an ordinary number (not infinity or NaN).")
text("numbers.type_a_number", "Type a number such as {examples}.")
text("numbers.empty", "Type a number first, such as {examples}.")
text("numbers.bare_percent", "Put a number before the % sign, such as 25%.")
text("numbers.two_bars", "“{typed}” has more than one fraction bar; type one fraction such as 1/4.")
text("numbers.zero_below", "A fraction cannot have 0 below the line.")

# --- lesson boxes --------------------------------------------------------------------------------
text("boxes.objectives", "What you will learn")
text("boxes.summary", "Summary")
text("boxes.note", "Good to know")
text("boxes.code_of", "The code of {name}")
text("boxes.this_function", "this function")
text("boxes.error.list", "{kind} takes a list of sentences")
text("boxes.error.empty", "{kind} needs at least one sentence")
text("boxes.error.not_function", "code_listing shows a function's code; {value} is not a function")
text("boxes.error.no_source", "the code of {name} cannot be found: define it in a file or a notebook cell")

# --- formulas ------------------------------------------------------------------------------------
text("formula.choose", "{n} choose {k}")
text("formula.divided_by", "divided by")
text("formula.counted_how", "Checked by counting every hand one by one")
text("formula.same", "✔ the same")
text("formula.not_same", "✖ NOT the same")
text("formula.error.name", "a formula needs a name, such as 'P(flush)'")
text("formula.error.fraction", "a fraction is given as (numerator, denominator)")
text("formula.error.whole", "give a count over a count as whole numbers (or Fractions)")
text("formula.error.zero", "the denominator cannot be 0")

# --- explorers: dealing many hands ---------------------------------------------------------------
text("explorer.error.deals", "deals is one of {steps}; not {value}")
text("explorer.error.deals_step", "deals is one of the slider's steps, such as 1,000 or 10,000; not {value}")
text("explorer.hands_to_deal", "Hands to deal")
text("explorer.deal_again", "Deal again")
text("explorer.deal_again_tip", "Deal a fresh set of hands (the next seed)")
text("explorer.dealing", "Dealing")
text("explorer.simulate_heading", "Simulate: how often is a hand dealt with {event}?")
text("explorer.inside", "✔ inside the interval")
text("explorer.outside_most",
     "✖ outside the interval — this happens about 1 time in 20, just by chance; press Deal again for a fresh "
     "set of hands")
text("explorer.outside",
     "✖ outside the interval — this happens about 1 time in 20, just by chance; try more hands or deal again")
text("explorer.after_deals", "After {deals} hands (seed {seed}): {hits} had {event}.")
text("explorer.estimate", "Estimate {value} (95% interval {low} to {high}).")
text("explorer.exact", "Exact: {fraction} ≈ {value} — {mark}.")
for _deal, _events in {
        "least_score": {"pair": "a pair", "four_of_a_kind": "four of a kind", "run_of_3": "a run of three",
                        "run_of_5": "a five-card run", "flush": "a flush"},
        "tienlen": {"four_twos": "all four 2s", "dragon": "a dragon", "instant_win": "an instant win",
                    "four_of_a_kind": "a four of a kind", "double_sequence_bomb": "three or more pairs in a row",
                    "any_bomb": "a bomb"}}.items():
    for _event, _short in _events.items():
        text(f"explorer.event_short.{_deal}.{_event}", _short)
text("explorer.rare", "A rare event: each hit makes the estimate jump, so it needs many hands to settle.")
text("explorer.simulation_text",
     "{event}: {deals} hands, seed {seed} → {value}, 95% interval {low} to {high}; exact {fraction} ≈ {exact}")

# --- explorers: the lowest total -----------------------------------------------------------------
text("explorer.your_total", "Your total")
text("explorer.opponents", "Opponents")
text("explorer.lowest_heading", "Is your total the lowest at the table?")
text("explorer.lowest_intro",
     "Against freshly dealt hands. During play the opponents' totals get lower, so the real chance is smaller "
     "(see lesson 6).")
text("explorer.counted_exactly", "counted exactly over every deal")
text("explorer.simulated_interval", "simulated, {trials} deals, seed {seed}; 95% interval {low} to {high}")
text("explorer.simulated", "simulated, {trials} deals, seed {seed}")
text("explorer.exact_word", "exact")
text("explorer.independent",
     "If the {k} opponents' hands were independent, the chance would be ({one}){power} ≈ {value} — close, "
     "because they share one deck only a little.")
plural("explorer.lowest_result",
       "With a total of {total} against {k} opponent: lowest or tied {value} ({how}); strictly lowest {strict}.",
       "With a total of {total} against {k} opponents: lowest or tied {value} ({how}); strictly lowest {strict}.",
       count="n")
plural("explorer.lowest_text",
       "total {total} vs {k} opponent: lowest or tied {value}, strictly lowest {strict} ({how})",
       "total {total} vs {k} opponents: lowest or tied {value}, strictly lowest {strict} ({how})", count="n")
text("explorer.lowest_text_more",
     "; 95% interval {low} to {high}; against one opponent {one}, so {independent} if the hands were independent")

# --- explorers: one hand at a time ---------------------------------------------------------------
text("explorer.dealt_hand", "Dealt hand")
text("explorer.deal_new_hand", "Deal a new hand")
text("explorer.hand_title", "Hand {n} (seed {seed})")
text("explorer.yes", "yes ✔")
text("explorer.yes_plain", "yes")
text("explorer.no", "no")
text("explorer.fact", "{label}: {value}")
for _key, _label in {"total": "Total", "pair": "Pair", "run_of_3": "Run of three", "run_of_5": "Five-card run",
                     "flush": "Flush", "four_of_a_kind": "Four of a kind", "twos": "2s held",
                     "double_sequence_bomb": "Three pairs in a row", "dragon": "Dragon",
                     "four_twos": "All four 2s"}.items():
    text(f"explorer.fact.{_key}", _label)
    text(f"explorer.fact_lower.{_key}", _label[0].lower() + _label[1:])
text("explorer.dealer_text", "hand {n}, seed {seed}: {cards} — {facts}")

# --- the strategy builder (cardkit/classroom/strategy.py) -----------------------------------------
text("strategy.opponents.greedy", "three greedy bots")
text("strategy.opponents.greedy_strong", "two greedy bots and a strong one")
text("strategy.opponents.strong", "three strong bots")
text("strategy.opponents.random", "three random bots")
plural("strategy.run", "{slot} ({label}) vs {opponents}, {matches} match: won {rate} (95% interval {low} to {high})",
       "{slot} ({label}) vs {opponents}, {matches} matches: won {rate} (95% interval {low} to {high})",
       count="matches")
text("strategy.ls.declare_at", "Declare at or below")
text("strategy.ls.discard", "Discard")
text("strategy.ls.take", "Take the open card")
text("strategy.ls.take_max", "…worth at most")
text("strategy.tl.twos", "Play 2s")
text("strategy.tl.bombs", "Play bombs")
text("strategy.tl.breaks", "Break up a sequence to answer the table")
text("strategy.tl.lead", "Lead with")
text("strategy.bad_game", "game is 'least_score' or 'tienlen', not {given}")
text("strategy.bad_opponents", "opponents is one of {choices}; not {given}")
text("strategy.bad_matches", "matches is one of {choices}; not {given}")
text("strategy.bad_slot", "slot is 'A' or 'B', not {given}")
text("strategy.against", "Against")
text("strategy.matches", "Matches")
text("strategy.try", "Try {slot}")
text("strategy.compare", "Compare A and B")
text("strategy.compare_tip", "Play both strategies on the same deals")
text("strategy.playing", "Playing")
text("strategy.side_title", "Strategy {slot}")
text("strategy.title", "Build a {game} strategy and test it")
text("strategy.where.above", "clearly above")
text("strategy.where.below", "clearly below")
text("strategy.where.same", "not clearly different from")
text("strategy.verdict_one", "Strategy {run}. A fair share is {fair} (one win in {players}): this strategy is {where} it.")
text("strategy.overlap", "The intervals overlap, so these matches cannot tell which is better: choose more matches, "
     "or change a setting further.")
text("strategy.no_overlap", "The intervals do not overlap: strategy {slot} is better against {opponents}.")
text("strategy.verdict_two", "{a}. {b}. {tail}")
text("strategy.col.run", "Run")
text("strategy.col.strategy", "Strategy")
text("strategy.col.against", "Against")
text("strategy.col.matches", "Matches")
text("strategy.col.win_rate", "Win rate")
text("strategy.col.interval", "95% interval")
text("strategy.interval", "{low} – {high}")
text("strategy.runs_caption", "Runs so far (newest last)")
text("strategy.plot.fair_share", "fair share: {fair}")
text("strategy.plot.tick", "{slot} · run {n}")
text("strategy.plot.ylabel", "Matches won (%)")
text("strategy.plot.xlabel", "Runs, oldest on the left (bars: win rate; lines: 95% interval)")
text("strategy.plot.title", "Win rate of each strategy you tried")
text("strategy.plot.alt", "Bar chart: {runs}")
text("strategy.plot.alt_run", "run {n}, strategy {slot}: {rate} won")
text("strategy.no_run", "no run yet")
text("strategy.repr", "StrategyBuilder({game}: {runs})")

# --- the events a simulation counts, and the odds table (cardkit/classroom/chances.py) ---------------------
# Each event in full (a table's row); its short name (in a plot's title) is explorer.event_short.<deal>.<event>.
text("chances.event.least_score.pair", "a pair (two or more cards of one rank)")
text("chances.event.least_score.four_of_a_kind", "four of a kind")
text("chances.event.least_score.run_of_3", "a run of three (three cards of consecutive ranks, such as 4-5-6)")
text("chances.event.least_score.run_of_5", "a five-card run (such as 10-J-Q-K-A)")
text("chances.event.least_score.flush", "a flush (all five cards of one suit)")
text("chances.event.tienlen.four_twos", "all four 2s")
text("chances.event.tienlen.dragon", "a dragon (one card of every rank from 3 to A)")
text("chances.event.tienlen.instant_win", "an instant win (four 2s or a dragon)")
text("chances.event.tienlen.four_of_a_kind", "a four of a kind")
text("chances.event.tienlen.double_sequence_bomb", "three or more pairs in a row (a double-sequence bomb)")
text("chances.event.tienlen.any_bomb", "a bomb (a four of a kind, or three or more pairs in a row)")
text("chances.not_an_event", "{event} is not an event for a {deal} hand; choose one of {choices}")
text("chances.col.event", "Event")
text("chances.col.exact", "Exact chance")
text("chances.col.percent", "Percent")
text("chances.col.one_in", "About 1 in")
text("chances.col.simulated", "Simulated ({deals} deals)")
text("chances.col.interval", "95% interval")
text("chances.never", "never")
text("chances.interval_mark", "{low} to {high} {mark}")
text("chances.caption", "Chances for one {size}-card hand, counted exactly over all {hands} hands.")
text("chances.caption_simulated", "Chances for one {size}-card hand, counted exactly over all {hands} hands; "
     "simulated with {deals} seeded deals (seed {seed}).")
text("chances.dealing", "Dealing")
text("chances.deals_unit", "×{n} deals")

# --- captioned plots (cardkit/classroom/plots.py) ---------------------------------------------------------
text("plot.alt", "Plot: {text}")
text("plot.alt_from_caption", "{title} {first}.")
text("plot.show_numbers", "Show the numbers behind the plot")
text("plot.numbers_heading", "The numbers behind the plot:")
text("plot.with_title", "{title} {caption}")
text("plot.interval", "95% interval")
text("plot.simulated_estimate", "simulated estimate")
text("plot.exact", "exact: {value}")
text("plot.hands_dealt_log", "Hands dealt (log scale)")
text("plot.chance_pct", "Chance (%)")
text("plot.simulated_chance_of", "Simulated chance of {event}")
text("plot.convergence.inside", "inside")
text("plot.convergence.outside", "outside")
text("plot.convergence.caption", "After {deals} hands (seed {seed}) the estimate is {value} (95% interval {low} to "
     "{high}); the exact chance is {exact}, {where} the interval. The shaded band narrows as more hands are dealt: "
     "its width shrinks like 1/√n.")
text("plot.convergence.rare", "{caption} For a rare event the first hit makes the estimate leap far above the exact "
     "value, and it needs many hands to settle; so that the leap, the band and the exact line all fit, the chance "
     "axis has even steps from 0 up to the dashed exact line and grows tenfold per step above it.")
text("plot.convergence.alt", "{title}: a line chart of the estimate as hands are dealt. After {deals} hands "
     "(seed {seed}) it is {value}, 95% interval {low} to {high}, beside the exact {exact} drawn as a dashed line.")
text("plot.no_positive", "a distribution needs some positive counts or chances")
text("plot.exact_chance", "exact chance")
text("plot.no_values", "the simulation has no values")
text("plot.simulated_label", "simulated, {n} {what}")
text("plot.sim_text", " The dots show {n} simulated {what}; their mean is {mean}.")
text("plot.sim_text_seed", " The dots show {n} simulated {what}, seed {seed}; their mean is {mean}.")
text("plot.exact_mean", "exact mean: {mean}")
text("plot.about", "{exact} ≈ {approx}")
text("plot.col.exact", "Exact chance")
text("plot.col.simulated", "Simulated share")
text("plot.distribution.caption", "The bars show the exact chance of each value. The most likely value is {mode} "
     "({chance}); the exact mean is {mean}.{sim}")
text("plot.distribution.sim_alt", "; dots show {n} simulated {what}, mean {mean}")
text("plot.sentence", "{title}.")
text("plot.distribution.alt", "{title} A bar chart of the exact chance of each {what}: the most likely {what} is "
     "{mode} ({chance}) and the exact mean is {mean}{sim}.")
text("plot.lowest.bad_opponents", "Least Score has 1 to 7 opponents")
text("plot.lowest.your_total", "your total {t}")
text("plot.lowest.total", "total {t}")
text("plot.lowest.xlabel", "Number of opponents")
text("plot.lowest.ylabel", "Chance yours is lowest or tied (%)")
text("plot.lowest.title", "The more opponents, the less likely your total is the lowest")
plural("plot.lowest.opponents", "{n} opponent", "{n} opponents", count="n")
text("plot.lowest.caption", "One line per total. With one opponent the chance is counted exactly; with more it is "
     "simulated ({trials} deals each, seed {seed}). A total of {lo} stays lowest {lo_last} of the time even against "
     "{k}; a total of {hi} drops from {hi_first} against one opponent to {hi_last} against {k}. All against freshly "
     "dealt hands: during play the opponents' totals get lower (see lesson 6).")
text("plot.lowest.your_total_head", "Your total")
text("plot.lowest.alt", "{title}: a line chart, one line per total ({totals}), of the chance that your total is the "
     "lowest or tied against 1 to {k} opponents. A total of {hi}: {hi_first} against one opponent, {hi_last} against "
     "{k}; a total of {lo}: {lo_first} and {lo_last}.")
text("plot.hands", "hands")

# --- a tournament's table in a lesson (cardkit/classroom/tables.py) ---------------------------------------
text("classroom.tournament.meaning.least_score", "Score = penalty points per match (lower is better); a shared win "
     "counts as a fraction")
text("classroom.tournament.meaning.tienlen", "Score = points won per match (higher is better)")
plural("classroom.tournament.caption", "{n} match of {game}; seats rotate each match. {meaning}",
       "{n} matches of {game}; seats rotate each match. {meaning}", count="n")
text("classroom.range", "{low} – {high}")
