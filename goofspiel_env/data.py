"""Goofspiel's numbers and option names, as OpenSpiel's `goofspiel` has them."""

MIN_PLAYERS = 2
# OpenSpiel takes up to 10 players; the library's doors (seat colours, rank rewards) are
# made for up to 5.
MAX_PLAYERS = 5
# Cards per suit: OpenSpiel's default is 13; the state and observation are sized for this many.
MAX_CARDS = 16
POINTS_ORDERS = ("random", "descending", "ascending")
RETURNS_TYPES = ("win_loss", "point_difference", "total_points")
# OpenSpiel's defaults (num_turns -1: as many turns as cards).
DEFAULT_OPTIONS = (
    ("num_cards", 13),
    ("points_order", "random"),
    ("imp_info", False),
    ("egocentric", False),
    ("num_turns", -1),
    ("returns_type", "win_loss"),
)
