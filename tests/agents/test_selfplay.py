"""Self-play VecEnv: reward attribution, masks, own-seat observations, reproducible pools, and
a short training run whose model plays a tournament."""

import numpy as np
import pytest

from agents.games import load_game
from agents.profiles import game_profile
from agents.training.selfplay import OpponentPool, SelfPlayVecEnv
from tabletop_core.games import game_names
from tabletop_core.rng import derive_seed

GAMES = game_names()
# Learner steps long enough for games of each kind to end on both kinds of move.
REWARD_CHECK_STEPS = {"aquilon": 700, "dragon": 900, "goofspiel": 100, "simurgh": 2500}
# Decisions of a whole game at the table of training, at least: more than 40 but in Goofspiel
# (12 turns of 2 bids, its 13th played at once).
WHOLE_GAME = {"goofspiel": 24}


def _recording(env):
    """Record every action applied to each game of the env's batch."""
    log = [[] for _ in range(env.num_envs)]
    step = env.batch.step

    def recorded(actions, skip_negative=False):
        for i, a in enumerate(np.asarray(actions)):
            if a >= 0:
                log[i].append(int(a))
        return step(actions, skip_negative)

    env.batch.step = recorded
    return log


@pytest.mark.parametrize("game", GAMES)
def test_learner_gets_its_true_final_reward_whoever_ends_the_game(game):
    players = game_profile(game).train_players
    env = SelfPlayVecEnv(game, 3, players, OpponentPool(bots=("random",), seed=1), seed=5)
    log = _recording(env)
    env.reset()
    rng = np.random.default_rng(0)
    episode = [0, 0, 0]
    checked = {"learner": 0, "opponent": 0}
    for _ in range(REWARD_CHECK_STEPS[game]):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        seats_before = env.learner_seat.copy()
        _, rewards, dones, _ = env.step(actions)
        for i in range(3):
            if not dones[i]:
                assert rewards[i] == 0.0
                continue
            # Replay the finished game in a plain environment from its seed.
            raw = load_game(game).raw_env(num_players=players)
            raw.reset(seed=int(derive_seed(5, i, episode[i])))
            actions_i = log[i]
            n_actions = _game_length(actions_i, raw)
            learner = int(seats_before[i])
            expected = raw._cumulative_rewards[raw.possible_agents[learner]]
            assert rewards[i] == pytest.approx(expected)
            last_actor = raw._last_actor
            checked["learner" if last_actor == learner else "opponent"] += 1
            log[i] = actions_i[n_actions:]
            episode[i] += 1
    assert checked["learner"] > 0 and checked["opponent"] > 0


def _game_length(actions, raw):
    """Play actions into a raw env until its game ends; return how many were used."""
    for k, a in enumerate(actions):
        raw._last_actor = raw.possible_agents.index(raw.agent_selection)
        raw.step(a)
        if all(raw.terminations.values()):
            return k + 1
    raise AssertionError("the recorded game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_learner_acts_only_at_its_seat_and_sees_its_own_observation(game):
    E = load_game(game).engine
    pool = OpponentPool(bots=("heuristic", "random"), seed=2)
    env = SelfPlayVecEnv(game, 4, 3, pool, seed=8)
    obs = env.reset()
    rng = np.random.default_rng(1)
    own = np.zeros(E.OBS_SIZE, np.float32)
    for _ in range(150):
        for i in range(4):
            assert env.batch._players[i] == env.learner_seat[i]
            E.observe(env.batch.states[i], int(env.learner_seat[i]), own)
            np.testing.assert_array_equal(obs[i], own)
            mask = np.zeros(E.NUM_ACTIONS, np.uint8)
            E.legal_mask(env.batch.states[i], mask)
            np.testing.assert_array_equal(env.action_masks()[i], mask.astype(bool))
        masks = env.action_masks()
        obs, _, _, _ = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
    assert set(env.learner_seat.tolist()) <= {0, 1, 2}


def test_opponent_sampling_is_reproducible():
    def draws(seed):
        pool = OpponentPool(bots=("random", "heuristic"), snapshot_share=0.5, seed=seed)
        pool.snapshots = ["s0", "s1", "s2"]  # stand-ins: only their indices are drawn
        return [pool.sample() for _ in range(200)]

    assert draws(3) == draws(3)
    assert draws(3) != draws(4)
    d = draws(3)
    assert {"random", "heuristic"} <= set(d) and {0, 1, 2} <= set(d)
    assert 0.35 < sum(isinstance(x, int) for x in d) / len(d) < 0.65


@pytest.mark.parametrize("game", GAMES)
def test_short_training_run_produces_a_model_that_plays_a_tournament(game, tmp_path):
    from sb3_contrib import MaskablePPO

    from agents.play.tournament import run_tournament
    from agents.ppo.recipe import PPOConfig, train

    players = game_profile(game).train_players
    config = PPOConfig.for_game(game, num_players=players, steps=1000, num_envs=16, n_steps=32,
                                batch_size=256, snapshot_every=1, eval_every=2, eval_games=2,
                                out=str(tmp_path / "run"))
    assert config.total_steps == 1024  # whole rollouts of 16 x 32: the progress bar's total
    path = train(config, progress=False)
    assert MaskablePPO.load(path).num_timesteps == config.total_steps
    assert (tmp_path / "run" / "learning_curve.png").exists()
    assert list((tmp_path / "run" / "tensorboard").iterdir())
    # started again with the same config and out, the run resumes from its last checkpoint:
    # nothing more to train
    assert train(config, progress=False) == path
    assert MaskablePPO.load(path).num_timesteps == config.total_steps
    results, records = run_tournament(game, players, [f"ppo:{path}", "random"], 2,
                                      workers=1, progress=False)
    assert {r.bot for r in results} == {f"ppo:{path}", "random"}
    assert all(len(r.actions) >= WHOLE_GAME.get(game, 41) for r in records)
