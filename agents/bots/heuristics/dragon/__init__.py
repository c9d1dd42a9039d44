"""A sensible Dragon's Interest player.

Every decision compares the values of the positions its options lead to. A position's value,
for one seat, is in points:
- its board: 1 per type owned and 1 per strict majority (D55), with small extras for a tie, a
  safe lead and a second Building while rounds remain, less half the strongest opponent's;
- its money. Gold is weighed against the interest still to come: the Dragon's position, the
  Calendars still face down and every tucked Contract are public, so the due of this round's
  Phase 4 is known in distribution, and so are the expected passes of each stack later. The
  chance of going bankrupt costs heavily, an expected shortfall over the game less so, and
  each Gold left over a little. Knights are worth much more: they pay the Invasions still face
  down, buy Buildings in Castle and Temple chests and break ties (D56).

Contracts are bid by the expected value of the tile each one is likely to win (the others'
hands are public; their choice is modelled as uniform over their hands), net of the interest
it will cost under that tile's type; the Jester counts only as likely as a 13 or 14 is. A
Treasure-Chest offer is priced so that the offerer gains whether the target sells or buys,
or just above what the target can hold, which forces the sale (C9). The target sells or buys,
whichever it values more; a bid is a share of what the stake is worth to the bidder, capped
at one more than the others can hold. Invasions take the cheaper of 2 Knights and a Building.

Only the seat's own holdings and public information are read; another seat's Gold and Knights
only as the seat knows them (the ledger's tally, floor and group totals, M15). The weights
were tuned in self-play (heuristic against variants of itself).

The code is split by the phase each part decides, as the engine is (dragon_env/engine):
`outlook` (what the seat knows, the interest to come), `values` (a position's value),
`amounts`, `contracts` (Phase 1), `chest`, `auctions` and `activation` (Phase 2), `refresh`
(Phase 3) and `policy`, which hands each step to its phase.
"""

from agents.bots.heuristics.dragon.activation import activation_value
from agents.bots.heuristics.dragon.amounts import enter_digit
from agents.bots.heuristics.dragon.chest import plan_chest
from agents.bots.heuristics.dragon.contracts import pick_value
from agents.bots.heuristics.dragon.outlook import WEIGHTS, max_holding, outlook
from agents.bots.heuristics.dragon.policy import choose, decide
from agents.bots.heuristics.dragon.values import (
    add_debt,
    boards,
    current_value,
    debts,
    money,
    position_value,
    relative_board,
)

__all__ = [
    "WEIGHTS",
    "activation_value",
    "add_debt",
    "boards",
    "choose",
    "current_value",
    "debts",
    "decide",
    "enter_digit",
    "max_holding",
    "money",
    "outlook",
    "pick_value",
    "plan_chest",
    "position_value",
    "relative_board",
]
