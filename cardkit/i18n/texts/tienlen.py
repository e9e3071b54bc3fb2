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
