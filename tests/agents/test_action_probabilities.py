"""Bots' action probabilities (what the search best response models a bot by): a distribution
over the seat's legal actions that `act` plays from, the same in a seat's view and its twins
(hidden parts resampled); the bots that do not know theirs say so."""

import numpy as np
import pytest

from agents.bots import HeuristicBot, ISMCTSBot, RandomBot, make_bot
from agents.bots.base import CallableBot, SeatView, seat_view
from agents.bots.baseline import BaselineBot, load_policy
from agents.games import load_game
from agents.profiles import game_profile
from tabletop_core.games import game_names

GAMES = game_names()


def _views(game: str, num_players: int, options: dict, seed: int = 4):
    """(view, twin) at every decision of a random game: the twin's state is resampled from
    the seat's information."""
    env = load_game(game).raw_env(num_players=num_players, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        view = seat_view(env, seat)
        yield view, SeatView(env.game, num_players, seat, view.observation, view.action_mask,
                             view.sample_state(seed + len(env.legal_actions())))
        env.step(int(rng.choice(env.legal_actions())))


def _bots_and_table(game: str) -> tuple[list, int]:
    """The bots that know their probabilities in `game`, and a table size they all play."""
    profile = game_profile(game)
    bots = [RandomBot(3)]
    if profile.pure_heuristic:
        bots.append(HeuristicBot(3))
    players = load_game(game).SPEC.default_players
    if profile.baseline_network is not None:
        bots.append(BaselineBot())
        players = load_policy(None, load_game(game).SPEC, None).players[0]
    return bots, players


@pytest.mark.parametrize("game", GAMES)
def test_probabilities_are_the_policy_act_plays_from_the_seats_information(game):
    bots, players = _bots_and_table(game)
    options = {"imp_info": True} if game == "goofspiel" else {}
    checked = 0
    for view, twin in _views(game, players, options):
        for bot in bots:
            assert bot.knows_probabilities(game)
            p = bot.action_probabilities(view)
            assert p.shape == view.action_mask.shape and (p >= 0).all()
            assert not p[view.action_mask == 0].any() and abs(p.sum() - 1) < 1e-9
            assert np.array_equal(p, bot.action_probabilities(twin))
            action = bot.act(view)
            assert p[action] > 0
            if p.max() == 1.0:
                assert action == int(p.argmax())
        checked += 1
    assert checked >= 20


def test_goofspiels_fixed_bot_is_certain_of_the_card_of_the_prizes_value():
    view, _ = next(_views("goofspiel", 2, {"points_order": "descending"}))
    p = HeuristicBot(7).action_probabilities(view)
    assert p[12] == 1.0  # the 13, the first prize in descending order


@pytest.mark.parametrize("bot", [ISMCTSBot(iterations=5), HeuristicBot(0),
                                 CallableBot(lambda obs, mask: int(mask.argmax()), "first")])
def test_bots_that_do_not_know_their_probabilities_say_so(bot):
    view, _ = next(_views("aquilon", 2, {}))
    assert not bot.knows_probabilities("aquilon")
    with pytest.raises(NotImplementedError, match="does not give its action probabilities"):
        bot.action_probabilities(view)
    assert make_bot("random").knows_probabilities("aquilon")
