"""The games as OpenSpiel games: `python_aquilon`, `python_dragon`, `python_simurgh` (every
game of the registry, tabletop_core.games, as `python_<name>`).

    import pyspiel
    import tabletop_core.openspiel  # registers the games (needs the `[openspiel]` extra)
    game = pyspiel.load_game("python_simurgh", {"players": 3, "mode": "dragonlord"})

Parameters: `players` (default: the smallest table of at least two), `max_moves` (the move
limit, see below), and the game's own options (`GameSpec.options`, `openspiel_params`):
Dragon's Interest `start_player` (-1: drawn from the deal), Simurgh `mode` ("spearman",
"dragonlord"), `length` ("short", "medium", "long") and `ties` ("share", "markers").
A bad value is refused by `load_game` with a ValueError.

Dynamics: sequential. Sealed choices (Aquilon's bids, Dragon's Interest's Contracts, sealed
bids and chest amounts, Simurgh's power draft and dragon picks) are asked one seat at a time in
the order of the PettingZoo AEC environment, and no seat's observation, observation string,
information state or action description shows a choice another seat has not yet revealed
(tests/openspiel/test_information.py). Simultaneous nodes would not fit: Dragon's Interest
enters sealed amounts digit by digit, a private choice of several moves whose number depends
on the table, where an OpenSpiel simultaneous node takes one action per player; and OpenSpiel's
ISMCTS, MCTS and most of its algorithms need sequential games.

Chance: explicit. The deal is DEAL_NODES (8) chance nodes of DEAL_OUTCOMES (256) equally
likely outcomes: the bytes, most significant first, of a 64-bit number `k`; the game dealt is
the one the AEC environment deals with `reset(seed=k)` (engine seed `normalize_seed(k)`), and
`deal_actions(seed)` gives the chance actions of any AEC seed's deal (`dealt_state(game,
seed)` plays them). No later draw follows from the deal: before a seat's action is applied, it
is played on a copy, and if that `play` advanced the engine's generator (a shuffle or a draw:
Aquilon's Svara reshuffling the Era 2 deck, Simurgh dragonlord's draft end and dragon pick),
the action waits (it is in `history()`) while 8 more chance nodes of 256 outcomes draw a new
64-bit number, the generator is reseeded with `rng_seed(state, rng_at, normalize_seed(that
number))`, and the action is played. So a state holds no generator from which future draws
follow (OpenSpiel's perfect-information MCTS cannot read them off it), and the seeds are drawn
from far too many values (2**64 outcomes, giving every engine seed below 2**63) for a seat to
try every deal and read the hidden cards off the deals that fit what it saw. The AEC
environment, whose draws all follow from `reset`'s seed, deals the same game and agrees until
the first such event. A state is fully determined by its history, and `history()` replays it.
Sampled-stochastic chance is not used because OpenSpiel cannot serialize a sampled-stochastic
game written in Python (its Game::Serialize asks the game for a generator state, which a
Python game cannot provide), so `random_sim_test(serialize=True)` and pickling would fail; and
a shuffle of dozens of cards has far too many outcomes to list, nor can this package cut the
engines' `play` (which runs chance until the next decision) into finer chance nodes without
editing the games.

Move limit: `max_moves` (defaults in DEFAULT_MAX_MOVES, each game's
`GameSpec.openspiel_max_moves`, several times the longest random game
measured) bounds `max_game_length`; a game still running after that many moves is terminal
with zero returns for everyone. Returns: the rank reward (+1 first to -1 last, ties share),
zero-sum (`sum(returns)` is exactly 0.0: tabletop_core.rewards), paid at the end.

Per seat: `observation_string` is the table as that seat sees it (the game's `render_text`),
`observation_tensor` the engine's observation features; the Python observer's `dict` holds
them as "observation", and its `pieces` the game's named pieces
(`GameSpec.observation_layout`), views into its `tensor` (not in `dict`, from which OpenSpiel
sizes the tensor). `information_state_string` is the seat's whole history, with perfect
recall: a header with what it saw of the deal, then one entry per move: the move number, the
mover, the action (the seat's own description for its
own moves, the public description otherwise), the lines of the seat's table text that the
move changed, and a 64-bit digest of the seat's observation tensor after the move (so that
anything the tensor shows and the text does not still tells histories apart). It never holds
the chance outcomes (two deals of the same game give the same strings).
`information_state_tensor` has fixed size and keeps: the observation tensor, the observing
seat (one-hot over the game's largest table: an observation need not tell which seat sees it,
and seats must not share information states), how often the seat has taken each action, and
the moves played over `max_moves`; it is not perfect recall (the string is). A state answers
`information_state_tensor`, `observation_tensor` and `legal_actions` from Python itself (what
OpenSpiel's `rl_environment` asks at every step), with the values OpenSpiel's C++ side gives,
which C++ callers still get through the observer.

`action_to_string(player, action)`: the acting seat's description for the acting seat; for
another seat only "P<mover>: action <id>", for every id, legal or not (the mover's options
may be hidden from it; once an action is played, the seat's information state says what it
learned of it). `resample_from_infostate(player, sampler)` draws a full state from the
player's information with the engine's `determinize`; the player's information state and
observation are unchanged (a finished game, shown to all, is kept as it is), the other seats'
information states start at the resampled position (their past observations are not known to
the player), and its `history()` is empty (no action sequence leads to a resampled state).
During the deal it draws as many random chance outcomes as were drawn (its history is those).
While an action waits for its chance event, the mover's resampled state keeps it (its own
choice, legal in what it sees) and redraws as many chance outcomes as were drawn; another
seat has not seen that action, so its resampled state is the position before it, the mover
to act.

Serialization: OpenSpiel serializes a Python state by pickling its attributes; here that is
one record of plain values with a checksum, checked on load (sizes, ranges, the checksum, and
every engine snapshot by the game's validator, `GameSpec.check_state`).
`game.deserialize_state(text)` checks the text with an unpickler that accepts nothing but that
record before building the state, so a corrupted or foreign string raises ValueError.
OpenSpiel's own C++ entry points (`pyspiel.deserialize_game_and_state`, `pickle.loads` of a
state) unpickle without that guard (a damaged string still raises, through the record's
checks): use them only on strings you produced.

`str(state)` is the referee's view (public table plus a digest of the full state). OpenSpiel's
`mcts.MCTSBot` is a perfect-information search: it plays on the true state, hidden cards
included (future draws are chance nodes it samples); use ISMCTS for a bot that only knows
its seat.

Where: `game` (first: `game_type` and `game_info`, the OpenSpiel type and information of a
game's spec, then `TabletopGame`), `state` (`TabletopState`), `observer` (the Python
observer), `registration` (`GAME_CLASSES`, `GAME_NAMES`: the games registered at import),
`deal` (`deal_actions`, `dealt_state`), `bots` (`ISMCTSBot`); underneath, `definition` (the
constants and `Definition`, a loaded game), `record` (everything a state holds, and its
round trip through plain values), `lists` (the tensors given out as lists) and
`serialization` (`check_serialized`, the guard of `deserialize_state`). Every public name is
imported here, and pickles name the state's class and the record's loader as attributes of
this package.
"""

from tabletop_core.openspiel.bots import ISMCTSBot
from tabletop_core.openspiel.deal import deal_actions, dealt_state
from tabletop_core.openspiel.definition import (
    CHANCE,
    DEAL_NODES,
    DEAL_OUTCOMES,
    DEFAULT_MAX_MOVES,
    TERMINAL,
    Definition,
)
from tabletop_core.openspiel.game import TabletopGame, game_info, game_type
from tabletop_core.openspiel.record import _load_record  # noqa: F401  (pickles name it here)
from tabletop_core.openspiel.registration import GAME_CLASSES, GAME_NAMES
from tabletop_core.openspiel.serialization import check_serialized
from tabletop_core.openspiel.state import TabletopState

__all__ = [
    "CHANCE",
    "DEAL_NODES",
    "DEAL_OUTCOMES",
    "DEFAULT_MAX_MOVES",
    "GAME_CLASSES",
    "GAME_NAMES",
    "TERMINAL",
    "Definition",
    "ISMCTSBot",
    "TabletopGame",
    "TabletopState",
    "check_serialized",
    "deal_actions",
    "dealt_state",
    "game_info",
    "game_type",
]
