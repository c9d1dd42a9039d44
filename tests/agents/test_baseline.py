"""The learned `baseline` bots and their recipe: the shipped policies load and play legal
moves only, from their seat's observation alone; the exported arrays play exactly as the
SB3 policy they come from; a short run of the recipe completes, resumes, and its policy plays
a tournament and serves as a training opponent."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from agents.baseline.recipe import BaselineRecipe, run_recipe
from agents.bots import check_bots_fit, make_bot
from agents.bots.base import SeatView
from agents.bots.baseline import BaselineBot, BatchBaseline, load_policy, shipped_policy_path
from agents.bots.mlp import MaskedMLP
from agents.games import load_game
from agents.play.tournament import run_tournament
from agents.profiles import game_profile
from agents.training.opponent_pool import OpponentPool
from tabletop_core.games import game_names
from tests.agents.command_line import assert_one_line_error, tabletop
from tests.agents.user_policies import one_size_policy

# the games that ship a `baseline` policy (every game of this library but Goofspiel, whose
# profile ships none)
GAMES = sorted(g for g in game_names() if game_profile(g).baseline_network is not None)


def _blind_view(game, num_players, seat, obs, mask) -> SeatView:
    """A view without a state: a bot that asked for one would fail."""
    return SeatView(game, num_players, seat, obs, mask, None)


@pytest.mark.parametrize("game", GAMES)
def test_shipped_baseline_plays_legal_moves_in_a_tournament(game):
    assert GAMES == sorted(set(game_names()) - {"goofspiel"})
    recipe = BaselineRecipe.for_game(game)
    assert shipped_policy_path(game) == game_profile(game).baseline_network
    assert shipped_policy_path(game).is_file()
    record = json.loads(shipped_policy_path(game).with_suffix(".json").read_text())
    # the policy of the game's az network, made by the az recipe for every table size
    assert shipped_policy_path(game) == game_profile(game).az_network
    assert record["command"].startswith(f"tabletop train az --game {game}")
    spec = load_game(game).SPEC
    every_size = range(spec.min_players, spec.max_players + 1)
    assert MaskedMLP.load(shipped_policy_path(game)).table_sizes == every_size
    assert [n for n, _ in record["recipe"]["table_mix"]] == list(every_size)
    results, records = run_tournament(game, recipe.num_players, ["baseline", "heuristic"], 2,
                                      seed=3, workers=1, progress=False)
    assert len(records) == 2 and all(not r.truncated for r in records)
    assert {r.bot for r in results} == {"baseline", "heuristic"}


# Every table size each game's shipped baseline serves.
TABLES = [(game, n) for game in GAMES
          for n in MaskedMLP.load(shipped_policy_path(game)).table_sizes]


@pytest.mark.parametrize("game, players", TABLES)
def test_baseline_decides_from_its_seat_observation_alone(game, players):
    """Along random games, the bot's choice needs no state (the view has none) and is the
    same in every `determinize` twin of the true state, whose observation it shares."""
    module = load_game(game)
    spec = module.SPEC
    bot = BaselineBot()
    env = module.raw_env(num_players=players)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    checked = 0
    for _ in range(120):
        if all(env.terminations.values()):  # a short game: the next one goes on
            env.reset(seed=int(rng.integers(2**31)))
        seat = env.possible_agents.index(env.agent_selection)
        state = env.engine_state.copy()
        obs = np.zeros(spec.obs_size, np.float32)
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.observe(state, seat, obs)
        spec.legal_mask(state, mask)
        action = bot.act(_blind_view(spec, players, seat, obs, mask))
        assert mask[action]
        twin = state.copy()
        spec.determinize(twin, seat, int(rng.integers(2**31)))
        twin_obs = np.zeros_like(obs)
        twin_mask = np.zeros_like(mask)
        spec.observe(twin, seat, twin_obs)
        spec.legal_mask(twin, twin_mask)
        assert bot.act(_blind_view(spec, players, seat, twin_obs, twin_mask)) == action
        checked += 1
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.integers(len(legal))]))
    assert checked >= 50


def test_exported_policy_plays_exactly_as_the_sb3_policy(tmp_path):
    torch = pytest.importorskip("torch")
    from sb3_contrib import MaskablePPO

    from agents.training.selfplay import SelfPlayVecEnv

    env = SelfPlayVecEnv("dragon", 4, 3, OpponentPool(bots=("random",)), seed=0)
    model = MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [32, 16]}, device="cpu",
                        n_steps=8, batch_size=8, seed=1)
    spec = load_game("dragon").SPEC
    exported = MaskedMLP.from_sb3(model.policy, spec, 3)
    exported.save(tmp_path / "p.npz")
    loaded = MaskedMLP.load(tmp_path / "p.npz")
    obs = env.reset()
    masks = env.action_masks()
    with torch.no_grad():
        probs = model.policy.get_distribution(
            torch.as_tensor(obs), action_masks=masks).distribution.probs.numpy()
    ours = loaded.logits(obs, masks)
    ours = np.exp(ours - ours.max(-1, keepdims=True))
    ours /= ours.sum(-1, keepdims=True)
    assert np.allclose(ours, probs, atol=1e-6)
    assert np.array_equal(loaded.act(obs, masks), probs.argmax(-1))
    drawn = loaded.act(obs, masks, np.random.default_rng(0))
    assert masks[np.arange(len(drawn)), drawn].all()


def test_policy_files_are_checked_before_use(tmp_path):
    spec = load_game("aquilon").SPEC
    policy = MaskedMLP([np.zeros((8, spec.obs_size), np.float32),
                        np.zeros((spec.num_actions, 8), np.float32)],
                       [np.zeros(8, np.float32), np.zeros(spec.num_actions, np.float32)],
                       spec.env_id, (2, 2))
    policy.save(tmp_path / "good.npz")
    assert load_policy(str(tmp_path / "good.npz"), spec, 2).num_actions == spec.num_actions
    with pytest.raises(ValueError, match="not 3"):
        load_policy(str(tmp_path / "good.npz"), spec, 3)
    with pytest.raises(ValueError, match="not tabletop/dragon"):
        load_policy(str(tmp_path / "good.npz"), load_game("dragon").SPEC, 2)
    (tmp_path / "junk.npz").write_bytes(b"not a policy")
    with pytest.raises(ValueError, match="not a policy file"):
        load_policy(str(tmp_path / "junk.npz"), spec, 2)
    misfit = MaskedMLP([np.zeros((8, spec.obs_size), np.float32),
                        np.zeros((spec.num_actions, 9), np.float32)],
                       [np.zeros(8, np.float32), np.zeros(spec.num_actions, np.float32)],
                       spec.env_id, (2, 2))
    misfit.save(tmp_path / "misfit.npz")
    with pytest.raises(ValueError, match="do not fit"):
        load_policy(str(tmp_path / "misfit.npz"), spec, 2)
    with pytest.raises(ValueError, match="not found"):
        make_bot(f"baseline:{tmp_path / 'missing.npz'}")
    with pytest.raises(ValueError, match="trained for 2 players of tabletop/aquilon-v4, not 4"):
        check_bots_fit(["heuristic", f"baseline:{tmp_path / 'good.npz'}"], "aquilon", 4)


def test_a_policy_file_serves_the_table_sizes_it_records(tmp_path):
    """`players` (fewest, most) in a file; a file of one count written before it (with
    `num_players`) still loads and serves that count."""
    spec = load_game("aquilon").SPEC
    layers = {"weight_0": np.zeros((spec.num_actions, spec.obs_size), np.float32),
              "bias_0": np.zeros(spec.num_actions, np.float32)}
    np.savez(tmp_path / "old.npz", env_id=np.array(spec.env_id), num_players=np.array(2),
             **layers)
    assert load_policy(str(tmp_path / "old.npz"), spec, 2).players == (2, 2)
    with pytest.raises(ValueError, match="trained for 2 players of tabletop/aquilon-v4, not 3"):
        load_policy(str(tmp_path / "old.npz"), spec, 3)
    np.savez(tmp_path / "new.npz", env_id=np.array(spec.env_id), players=np.array([3, 5]),
             **layers)
    for n in (3, 4, 5):
        assert load_policy(str(tmp_path / "new.npz"), spec, n).players == (3, 5)
    with pytest.raises(ValueError, match="trained for 3-5 players of tabletop/aquilon-v4, not 2"):
        check_bots_fit([f"baseline:{tmp_path / 'new.npz'}", "random"], "aquilon", 2)
    np.savez(tmp_path / "bad.npz", env_id=np.array(spec.env_id), players=np.array([4, 3]),
             **layers)
    with pytest.raises(ValueError, match=r"players must be \[fewest, most\], got \[4, 3\]"):
        load_policy(str(tmp_path / "bad.npz"), spec, 3)


def test_recipe_options_are_checked():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        BaselineRecipe.for_game("chess")
    with pytest.raises(ValueError, match="baseline recipe: unknown fields speed"):
        BaselineRecipe.for_game("aquilon", speed=3)
    with pytest.raises(ValueError, match="steps must be at least 1"):
        BaselineRecipe.for_game("aquilon", steps=0)
    # the per-game defaults come from the game's profile
    aquilon = BaselineRecipe.for_game("aquilon")
    assert (aquilon.steps, aquilon.search_games, aquilon.num_players) == (1_500_000, 10, 2)
    assert aquilon.out == "runs/baseline-aquilon"
    simurgh = BaselineRecipe.for_game("simurgh")
    assert (simurgh.steps, simurgh.chunk, simurgh.eval_games, simurgh.search_games) == \
        (3_000_000, 250_000, 40, 0)
    assert BaselineRecipe.for_game("dragon").num_players == \
        game_profile("dragon").train_players


def test_short_recipe_run_completes_resumes_and_plays(tmp_path):
    out = tmp_path / "run"
    recipe = BaselineRecipe.for_game("aquilon", demonstrations=2_000, pretrain_epochs=1,
                                     steps=1_024, chunk=1_024, num_envs=8, n_steps=64,
                                     batch_size=256, eval_games=2, search_games=1,
                                     final_games=4, out=str(out))
    lines = []
    policy = run_recipe(recipe, command="test", log=lines.append)
    record = json.loads((out / "baseline.json").read_text())
    assert [row["steps"] for row in record["curve"]] == [0, 1_024]
    assert "ismcts:200_win" in record["curve"][0]
    assert record["final"]["games"] == 4 and record["imitation"][0]["agreement"] > 0.2
    assert (out / "learning_curve.png").is_file() and (out / "pretrained.zip").is_file()
    # resumed with more steps: PPO goes on from the checkpoint, imitation is not redone
    run_recipe(replace(recipe, steps=2_048), command="test", log=lines.append)
    record = json.loads((out / "baseline.json").read_text())
    assert [row["steps"] for row in record["curve"]] == [0, 1_024, 2_048]
    assert sum(line.startswith("demonstrations") for line in lines) == 1
    with pytest.raises(ValueError, match="another recipe"):
        run_recipe(replace(recipe, steps=2_048, epsilon=0.5))
    with pytest.raises(ValueError, match="more than"):
        run_recipe(recipe)
    _, records = run_tournament("aquilon", 2, [f"baseline:{policy}", "random"], 2, seed=5,
                                workers=1, progress=False)
    assert len(records) == 2


def test_baseline_is_a_batched_training_opponent():
    from agents.training.selfplay import SelfPlayVecEnv

    env = SelfPlayVecEnv("aquilon", 6, 2, OpponentPool(bots=("baseline",)), seed=2)
    assert isinstance(env._bots["baseline"], BatchBaseline)
    obs = env.reset()
    for _ in range(150):
        masks = env.action_masks()
        actions = [int(np.flatnonzero(m)[0]) for m in masks]
        env.step_async(np.array(actions))
        obs, rewards, dones, infos = env.step_wait()
    assert obs.shape == (6, load_game("aquilon").SPEC.obs_size)


def test_the_shipped_baseline_plays_at_the_default_table_and_a_misfit_is_refused(tmp_path):
    done = tabletop("tournament", "--game", "aquilon", "--bots", "baseline,heuristic",
                    "--games", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    two = one_size_policy(tmp_path, "aquilon", 2)
    done = tabletop("tournament", "--game", "aquilon", "--players", "4", "--bots",
                    f"baseline:{two},heuristic", "--games", "1", cwd=tmp_path)
    assert_one_line_error(done, "2 players", "not 4")
    # the baseline recipe runs on SB3 only: an option of the RLlib recipe is refused
    done = tabletop("train", "baseline", "--game", "aquilon", "--num-env-runners", "2",
                    cwd=tmp_path)
    assert_one_line_error(done, "--num-env-runners is not an option of `tabletop train "
                          "baseline`", "belongs to rllib")


def test_sb3_training_takes_the_baseline_as_an_opponent(tmp_path):
    done = tabletop("train", "ppo", "--game", "aquilon", "--steps", "512", "--envs", "4",
                    "--opponents", "heuristic,baseline", "--eval-games", "2", "--quiet",
                    "--out", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "run" / "model.zip").is_file()
    done = tabletop("train", "ppo", "--game", "aquilon", "--opponents", "ismcts",
                    cwd=tmp_path)
    assert_one_line_error(done, "training opponents")
    two = one_size_policy(tmp_path, "aquilon", 2)
    done = tabletop("train", "ppo", "--game", "aquilon", "--players", "3", "--opponents",
                    f"baseline:{two}", cwd=tmp_path)
    assert_one_line_error(done, "not 3")
