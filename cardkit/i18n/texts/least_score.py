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
