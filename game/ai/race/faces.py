"""Cards as the races' search models hold them, and what may go on what, as tables by face.

A face is ``suit * 16 + rank`` (``Card.key``; suits S H D C = 0 1 2 3, ranks 1-13): which pack
a card comes from never matters to the rules. Every table is indexed by face (64 entries, the
codes of no card holding () or 0), so a model looks a rule up instead of working it out.
"""

from __future__ import annotations

from collections.abc import Callable

_RED = (False, True, True, False)  # by suit

HIDDEN = -1  # a card the player whose model it is can't see


def _by_face(rule: Callable[[int, int], tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """``rule(suit, rank)`` for every face; () for the codes of no card."""
    return tuple(rule(k >> 4, k & 15) if 1 <= k & 15 <= 13 else () for k in range(64))


#: every face of a pack
FACES = tuple(s * 16 + r for s in range(4) for r in range(1, 14))
#: the faces of the four Aces
ACES = tuple(s * 16 + 1 for s in range(4))
#: face -> the faces that build on it: one rank lower in the other colour (a race's house, a
#: Chinese Patience column)
BUILD_ON = _by_face(
    lambda s, r: tuple(o * 16 + r - 1 for o in range(4) if _RED[o] != _RED[s]) if r > 1 else ()
)
#: face -> the faces of its suit one rank lower or higher (what may be loaded onto it)
NEIGHBOURS = _by_face(lambda s, r: tuple(s * 16 + q for q in (r - 1, r + 1) if 1 <= q <= 13))
#: face -> the face that goes on it on a foundation (0: none, a King)
NEXT_UP = tuple(k + 1 if 1 <= k & 15 < 13 else 0 for k in range(64))

__all__ = ["ACES", "BUILD_ON", "FACES", "HIDDEN", "NEIGHBOURS", "NEXT_UP"]
