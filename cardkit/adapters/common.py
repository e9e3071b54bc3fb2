"""What both adapters' cores share: cards as bit masks and their text, written once
per mask, and the layout of an observation tensor.

Both cores (:mod:`~cardkit.adapters.least_score_round`, :mod:`~cardkit.adapters.tienlen_deal`)
hold hands and piles as bit masks over their own numbering of the 52 cards (a Least
Score core by ``Card.index``, a Tiến Lên core by ``card_key``); :class:`MaskText`
writes such cards out for the observation strings that search reads again and again.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..cards import set_bits

__all__ = ["MaskText", "tensor_views"]


class MaskText:
    """The text of cards numbered by a core: ``texts[i]`` is card ``i``'s text.
    ``of(numbers)`` writes some cards (``'-'`` for none); calling it with a mask
    writes the mask's cards, cached, since search meets the same hands again and again."""

    __slots__ = ("texts", "_cache")

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = tuple(texts)
        self._cache: dict[int, str] = {}

    def of(self, numbers: Sequence[int]) -> str:
        """The cards numbered ``numbers``, in that order."""
        texts = self.texts
        return " ".join(texts[i] for i in numbers) if numbers else "-"

    def __call__(self, mask: int) -> str:
        cache = self._cache
        text = cache.get(mask)
        if text is None:
            if len(cache) > 100_000:
                cache.clear()
            text = cache[mask] = self.of(set_bits(mask))
        return text


def tensor_views(pieces: Sequence[tuple[str, int, tuple[int, ...]]]) -> tuple[Any, dict[str, Any]]:
    """One flat float32 tensor of zeros holding every piece ``(name, size, shape)`` in
    turn, and a dict of each piece's shaped view into it (numpy is imported here)."""
    import numpy as np

    tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
    views = {}
    i = 0
    for name, size, shape in pieces:
        views[name] = tensor[i:i + size].reshape(shape)
        i += size
    return tensor, views
