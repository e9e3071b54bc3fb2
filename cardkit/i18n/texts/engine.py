"""The engine's shared words: cards, deal codes, the game protocol, bots, tournaments,
statistics, pictures and the OpenSpiel / PettingZoo adapters.  (English source;
translations in ``locale/``.)"""

from ..define import plural, text

text("policy.not_a_policy", "a PolicyBot plays a {game} Policy(...), not {given}")
