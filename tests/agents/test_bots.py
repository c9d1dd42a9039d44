"""Bots: legal actions only, no hidden information read, search finds the obvious."""

import numpy as np
import pytest

import aquilon_env
from agents.bots import HeuristicBot, ISMCTSBot, RandomBot, make_bot
from agents.bots.base import SeatView, seat_view
from agents.bots.ismcts import run_search
from agents.bots.policies import heuristic_policy
from agents.games import load_game
from agents.play.records import play_game
from tabletop_core.games import game_names

GAMES = game_names()
# Decisions of a whole game at 3 players, at least: more than 50 but in Goofspiel (12 turns of
# 3 bids, its 13th played at once); and the share of the other games' step counts that keeps
# a test inside a Goofspiel game with choices left.
WHOLE_GAME = {"goofspiel": 36}
STEP_SHARE = {"goofspiel": 0.2}


def _steps(game: str, steps: int) -> int:
    return int(steps * STEP_SHARE.get(game, 1))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bots", [["random", "heuristic", "random"],
                                  ["ismcts:10", "heuristic", "random"]])
def test_bots_only_play_legal_actions(game, bots):
    # play_game goes through the AEC env, which raises on any illegal action.
    record = play_game(game, len(bots), bots, seed=3)
    assert len(record.actions) >= WHOLE_GAME.get(game, 51)
    assert len(record.scores) == len(bots)


def _twin_view(env, seat, seed):
    """A view of `seat` whose hidden parts differ from the real game's."""
    view = seat_view(env, seat)
    twin_state = view.sample_state(seed)
    return view, SeatView(env.game, env.num_players, seat, view.observation,
                          view.action_mask, twin_state)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("make", [lambda: RandomBot(5), lambda: HeuristicBot(5)])
def test_decisions_do_not_depend_on_hidden_information(game, make):
    env = load_game(game).raw_env(num_players=3)
    env.reset(seed=12)
    rng = np.random.default_rng(0)
    checked = 0
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        view, twin = _twin_view(env, seat, seed=checked + 100)
        assert make().act(view) == make().act(twin)
        env.step(int(rng.choice(env.legal_actions())))
        checked += 1
    assert checked >= WHOLE_GAME.get(game, 51)  # a whole game


def test_ismcts_reports_its_budget_and_unknown_bots_are_refused():
    bot = make_bot("ismcts:50", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 50
    timed = make_bot("ismcts:0.05s", seed=1)
    assert timed.seconds == 0.05
    env = aquilon_env.raw_env(num_players=2)
    env.reset(seed=1)
    action = timed.act(seat_view(env, 0))
    assert env.engine_mask[action]
    assert timed.iterations_run > 10
    for bad in ("minimax", "random:3"):
        with pytest.raises(ValueError, match="unknown bot"):
            make_bot(bad)
    for bad in ("ismcts:fast", "ismcts:0", "ismcts:-5", "ismcts:-1s", "ismcts:nans"):
        with pytest.raises(ValueError, match="bad ismcts budget"):
            make_bot(bad)


def test_heuristic_takes_the_card_worth_most_to_it():
    env = aquilon_env.raw_env(num_players=2)
    env.reset(seed=2)
    heuristic = HeuristicBot(0)
    # Bid, then at the first pick compare with the best one-step Bravery gain.
    from agents.bots.heuristics.aquilon import card_gain
    from aquilon_env.engine import layout as L

    while env.engine_state[L.PHASE] != L.PICK:
        env.step(heuristic.act(seat_view(env, env.possible_agents.index(env.agent_selection))))
    seat = env.possible_agents.index(env.agent_selection)
    state = env.engine_state.copy()
    tavern = state[L.TAVERN]
    gains = {
        L.A_PICK + s: card_gain(state, seat, state[L.TAVERN_CARDS + tavern * 5 + s])
        for s in range(5) if state[L.TAVERN_CARDS + tavern * 5 + s] >= 0
    }
    choice = heuristic.act(seat_view(env, seat))
    assert gains[choice] == max(gains.values())


def _decision(game, num_players, seed, steps):
    """A raw env of `game` after `steps` random actions, at a decision with a choice."""
    env = load_game(game).raw_env(num_players=num_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        env.step(int(rng.choice(env.legal_actions())))
    while len(env.legal_actions()) < 2:
        env.step(int(env.legal_actions()[0]))
    return env


@pytest.mark.parametrize("game", GAMES)
def test_a_search_limited_to_its_own_moves_has_only_its_own_nodes(game):
    env = _decision(game, 3, seed=4, steps=_steps(game, 30))
    view = seat_view(env, env.possible_agents.index(env.agent_selection))
    _, tree, done = run_search(
        env.game, view.sample_state(1), view.seat, 3, view.action_mask, seed=2, iterations=300,
        rollout_policy=heuristic_policy(env.game), own_moves_only=True,
    )
    assert done == 300
    nodes = tree.node_count
    assert nodes > 20
    assert set(tree.mover[1:nodes].tolist()) == {view.seat}
    _, classic, _ = run_search(
        env.game, view.sample_state(1), view.seat, 3, view.action_mask, seed=2, iterations=300,
        rollout_policy=heuristic_policy(env.game),
    )
    assert len(set(classic.mover[1:classic.node_count].tolist())) > 1


@pytest.mark.parametrize("game", GAMES)
def test_a_strong_progressive_bias_keeps_the_heuristics_choice(game):
    for seed in range(3):
        env = _decision(game, 3, seed=seed, steps=_steps(game, 10 + 15 * seed))
        view = seat_view(env, env.possible_agents.index(env.agent_selection))
        state = view.sample_state(seed)
        rng = np.zeros(4, np.int32)
        hint = heuristic_policy(env.game).dispatcher(
            state.copy(), view.seat, view.action_mask.astype(np.uint8), rng)
        action, tree, _ = run_search(
            env.game, state, view.seat, 3, view.action_mask, seed=seed, iterations=200,
            rollout_policy=heuristic_policy(env.game), epsilon=0.0, bias=1e9,
        )
        assert action == hint
        assert tree.root_visits()[hint] > 100
