"""The reinforcements a player receives at the start of a turn (op `reinforcements`), by the printed
rules."""
from dataclasses import dataclass

from ..checks.turn_request import read_reinforcements
from ..facts import board


@dataclass(frozen=True)
class Reinforcements:
    """Armies a player receives at the start of a turn (the printed rules): max(3, territories // 3)
    plus the bonus of every continent it holds whole, plus a card set's armies. Only territories in
    the position count: a position that lists part of the board gives part of the count."""
    player: str
    territories: int
    from_territories: int
    continents: tuple          # ((continent, bonus), ...) held whole
    cards: int
    total: int


def reinforcements(position, player, cards=0):
    """The Reinforcements of `player` in `position` ({"<territory>": {"owner", "armies"}}), with a
    traded card set worth `cards` armies (describe()["board"]["card_sets"] lists the usual values).

    >>> r = reinforcements({t: {"owner": "you", "armies": 1} for t in board.MEMBERS["Australia"]}, "you")
    >>> r.from_territories, r.continents, r.total
    (3, (('Australia', 2),), 5)
    """
    held, player, cards = read_reinforcements(position, player, cards)
    mine = {t for t, (who, _, _) in held.items() if who == player}
    base = max(board.MIN_REINFORCEMENTS, len(mine) // board.TERRITORIES_PER_ARMY)
    whole = tuple((c, board.BONUS[c]) for c, members in board.MEMBERS.items() if set(members) <= mine)
    return Reinforcements(player, len(mine), base, whole, cards, base + sum(b for _, b in whole) + cards)
