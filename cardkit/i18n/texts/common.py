"""Words both games and every page share: seats, cards, games, kinds of play,
numbers as words, ordinals.  (English source; translations in ``locale/``.)"""

from ..define import plural, text

# Seats at a table.
text("seat.player", "Player {n}")
text("seat.you", "You")
text("seat.you_object", "you")

# Games.
text("game.least_score", "Least Score")
text("game.tienlen", "Tiến Lên")

# Card ranks as printed on a card (short) and as a word in a sentence.
for _n, _short in {1: "A", 11: "J", 12: "Q", 13: "K", **{n: str(n) for n in range(2, 11)}}.items():
    text(f"card.rank_short.r{_n}", _short)
text("card.rank.r1", "ace")
text("card.rank.r2", "two")
text("card.rank.r3", "three")
text("card.rank.r4", "four")
text("card.rank.r5", "five")
text("card.rank.r6", "six")
text("card.rank.r7", "seven")
text("card.rank.r8", "eight")
text("card.rank.r9", "nine")
text("card.rank.r10", "ten")
text("card.rank.r11", "jack")
text("card.rank.r12", "queen")
text("card.rank.r13", "king")
text("card.suit.spades", "spades")
text("card.suit.clubs", "clubs")
text("card.suit.diamonds", "diamonds")
text("card.suit.hearts", "hearts")
text("card.name", "{rank} of {suit}")

# Kinds of play: a bare noun, and as named in a sentence.
text("kind.single", "single")
text("kind.pair", "pair")
text("kind.triple", "triple")
text("kind.four_of_a_kind", "four of a kind")
text("kind.run", "run")
text("kind.flush", "flush")
text("kind.sequence", "sequence")
text("kind.double_sequence", "double sequence")
text("kind_a.least_score.single", "a single")
text("kind_a.least_score.pair", "a pair")
text("kind_a.least_score.four_of_a_kind", "four of a kind")
text("kind_a.least_score.run", "a run")
text("kind_a.least_score.flush", "a flush")
text("kind_a.tienlen.single", "a single")
text("kind_a.tienlen.pair", "a pair")
text("kind_a.tienlen.triple", "a triple")
text("kind_a.tienlen.four_of_a_kind", "a four of a kind")
text("kind_a.tienlen.sequence", "a sequence")
text("kind_a.tienlen.double_sequence", "a double sequence")

# Small numbers written as words ("a run of three").
for _n, _word in enumerate(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                            "eleven", "twelve"], start=1):
    text(f"number.n{_n}", _word)

# Ordinals, by CLDR's ordinal plural category of the number.
text("ordinal.one", "{n}st")
text("ordinal.two", "{n}nd")
text("ordinal.few", "{n}rd")
text("ordinal.other", "{n}th")

# Counting things.
plural("count.cards", "{n} card", "{n} cards")
plural("count.rounds", "{n} round", "{n} rounds")
plural("count.games", "{n} game", "{n} games")
plural("count.points", "{n} point", "{n} points")
plural("count.players", "{n} player", "{n} players")
text("ordinal.any", "{n}th")  # chosen by CLDR's ordinal category: see ordinal.one/two/few/other

# Items written one after another with a comma (ranks in a row: "5, 7, 8"), not as a sentence's list.
text("list.comma", "{first}, {rest}")

# A card named for a screen reader: "Queen of hearts" (the rank capitalised, as a label starts).
for _n, _label in enumerate(["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
                             "Queen", "King"], start=1):
    text(f"card.rank_label.r{_n}", _label)
text("card.label", "{rank} of {suit}")
