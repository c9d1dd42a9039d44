"""Expert iteration (`agents.az`): self-play samples, the round's games on several workers, the
policy-value network's export, a short run of the recipe that resumes and whose network plays
a tournament, and the command line's one-line refusals."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from agents.az import WEIGHTS  # noqa: E402
from agents.az.network import PolicyValueNet  # noqa: E402
from agents.az.recipe import (  # noqa: E402
    AZRecipe,
    curve_labels,
    evaluate_round,
    round_seeds,
    run_az_recipe,
    train_round,
)
from agents.az.selfplay import Samples, SelfPlaySettings, outcome, play_selfplay_game  # noqa: E402
from agents.az.targets import (  # noqa: E402
    POLICY_TARGETS,
    completed_q,
    policy_targets,
    value_targets,
)
from agents.az.workers import generate_games  # noqa: E402
from agents.bots.az import default_network_path, load_network  # noqa: E402
from agents.bots.base import seat_view  # noqa: E402
from agents.bots.baseline import BaselineBot, load_policy, shipped_policy_path  # noqa: E402
from agents.cli import main  # noqa: E402
from agents.games import load_game  # noqa: E402
from agents.play.records import game_over  # noqa: E402
from agents.play.tournament import run_tournament  # noqa: E402
from agents.profiles import game_profile  # noqa: E402
from agents.search import AZNetwork  # noqa: E402
from tabletop_core.games import game_names  # noqa: E402
from tests.agents.user_policies import one_size_policy  # noqa: E402

SETTINGS = SelfPlaySettings(iterations=12, sample_moves=4)
# (Simurgh under so small a search may stall: docs/rules/simurgh.md, "Game length"; seed 5 does)


def _samples_equal(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a.arrays().values(), b.arrays().values(),
                                                     strict=True))


@pytest.mark.parametrize("name", game_names())
def test_a_selfplay_game_gives_one_sample_per_searched_decision(name):
    spec = load_game(name).SPEC
    players = spec.train_players
    network = load_network(None, spec, players)
    samples = play_selfplay_game(name, players, network, seed=6, settings=SETTINGS)
    assert len(samples) > 5
    assert samples.observations.shape == (len(samples), spec.obs_size)
    # What the policy targets are made of: the root's visits (every searched iteration but the
    # root's own first) and Q values on legal actions only, and the prior's logits.
    assert np.allclose(samples.visits.sum(1), SETTINGS.iterations - 1)
    assert not samples.visits[~samples.masks].any()
    assert not samples.q_values[samples.visits == 0].any()
    assert (np.abs(samples.q_values) <= 2.0).all()
    for kind in POLICY_TARGETS:
        targets = policy_targets(samples, kind)
        assert np.allclose(targets.sum(1), 1.0, atol=1e-5)
        assert not targets[~samples.masks].any()
    assert (samples.masks.sum(1) > 1).all()  # forced moves are not searched
    # The value target: one outcome per game, seen from the deciding seat on, as wide as
    # the game's largest table, 0 past this one.
    assert samples.values.shape == (len(samples), spec.max_players)
    assert (samples.players == players).all() and not samples.values[:, players:].any()
    sums = samples.values.sum(1)
    assert np.allclose(sums, sums[0], atol=1e-5)
    again = play_selfplay_game(name, players, network, seed=6, settings=SETTINGS)
    assert _samples_equal(samples, again)


def test_value_targets_are_the_outcome_rotated_to_the_deciding_seat():
    """A two-player game: the seat to act's value comes first, so consecutive samples by the
    two seats hold the same outcome in opposite order."""
    spec = load_game("aquilon").SPEC
    network = load_network(None, spec, 2)
    samples = play_selfplay_game("aquilon", 2, network, seed=8, settings=SETTINGS)
    rows = {tuple(np.round(v[:2], 5)) for v in samples.values}
    assert len(rows) == 2
    first, second = rows
    assert first == second[::-1]


def test_a_game_cut_at_the_move_limit_counts_as_a_draw():
    spec = load_game("simurgh").SPEC
    network = load_network(None, spec, 2)
    settings = SelfPlaySettings(iterations=4, sample_moves=2, max_moves=40)
    samples = play_selfplay_game("simurgh", 2, network, seed=3, settings=settings)
    assert 0 < len(samples) <= 40 and not samples.values.any()


def test_outcome_ranks_the_final_scores():
    module = load_game("aquilon")
    env = module.raw_env(num_players=2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while not all(env.terminations.values()):
        env.step(int(rng.choice(env.legal_actions())))
    scores = env.final_scores()
    rewards = outcome(module.SPEC, env.clone_state(), 2)
    if scores[0] != scores[1]:
        assert (rewards[0] > rewards[1]) == (scores[0] > scores[1])


def test_a_game_played_by_the_policy_is_the_network_alones_game():
    """played_by="policy" (sample_moves 0): the moves are the policy's most probable ones, so
    the searched decisions are those of the network playing alone (`baseline:<network>` in
    every seat), each labelled by the search."""
    module = load_game("aquilon")
    network_path = default_network_path("aquilon")
    network = load_network(str(network_path), module.SPEC, 2)
    settings = SelfPlaySettings(iterations=12, sample_moves=0, played_by="policy")
    samples = play_selfplay_game("aquilon", 2, network, seed=6, settings=settings)
    env = module.raw_env(num_players=2)
    env.reset(seed=6)
    alone = BaselineBot(str(network_path))
    observations = []
    while not game_over(env):
        view = seat_view(env, env.possible_agents.index(env.agent_selection))
        if len(view.legal_actions()) > 1:
            observations.append(view.observation)
        env.step(alone.act(view))
    assert np.array_equal(samples.observations, np.array(observations, np.float32))
    assert np.allclose(samples.visits.sum(1), settings.iterations - 1)
    searched = play_selfplay_game("aquilon", 2, network, seed=6, settings=SETTINGS)
    assert not np.array_equal(searched.observations[:len(samples)],
                              samples.observations[:len(searched)])


def _root(visits, q_values, prior_logits, legal) -> Samples:
    row = [np.array([x], np.float32) for x in (visits, q_values, prior_logits)]
    return Samples(np.zeros((1, 3), np.float32), np.array([legal]), *row,
                   np.zeros((1, 2), np.float32), np.array([2], np.int8))


def test_completed_q_raises_the_prior_of_the_actions_the_search_valued_higher():
    """Legal actions 0, 1, 2 of 4. A prior of 1:2:1 (logits log 1, log 2, log 1); the search
    visited 0 and 1 (10 visits each; Q 1.0 and 0.0), not 2. Unvisited 2 takes the visited
    ones' mean under the prior, (1 * 1.0 + 2 * 0.0) / 3; rescaled between 0 (action 1) and 1
    (action 0), the logits rise by (50 + 10) * 0.1 = 6 times that."""
    legal = [True, True, True, False]
    samples = _root([10, 10, 0, 0], [1.0, 0.0, 0.0, 0.0], np.log([1.0, 2.0, 1.0, 7.0]), legal)
    logits = np.log([1.0, 2.0, 1.0]) + 6.0 * np.array([1.0, 0.0, 1 / 3])
    expected = np.exp(logits) / np.exp(logits).sum()
    assert np.allclose(completed_q(samples)[0], [*expected, 0.0], atol=1e-6)
    # Equal values change nothing: the target is the prior.
    flat = _root([10, 10, 0, 0], [0.5, 0.5, 0.0, 0.0], np.log([1.0, 2.0, 1.0, 7.0]), legal)
    assert np.allclose(completed_q(flat)[0], [0.25, 0.5, 0.25, 0.0], atol=1e-6)
    assert np.allclose(policy_targets(samples, "visits")[0], [0.5, 0.5, 0.0, 0.0])


def _searched(values, visits, q_values, players=None) -> Samples:
    """Samples of these values (each row's table as wide as its values, or `players`)."""
    rows = len(values)
    players = [len(values[0])] * rows if players is None else players
    return Samples(np.zeros((rows, 3), np.float32), np.ones((rows, 4), bool),
                   np.array(visits, np.float32), np.array(q_values, np.float32),
                   np.zeros((rows, 4), np.float32), np.array(values, np.float32),
                   np.array(players, np.int8))


def test_value_targets_mix_the_outcome_with_the_searched_reward():
    """Visits 10 and 30 on actions of Q 1.0 and -0.2: the root's searched reward is
    (10 * 1.0 - 30 * 0.2) / 40 = 0.1 for the seat that searched."""
    two = _searched([[1.0, -1.0]], [[10, 30, 0, 0]], [[1.0, -0.2, 0, 0]])
    assert np.allclose(value_targets(two, 0.0), [[1.0, -1.0]])
    assert np.allclose(value_targets(two, 1.0), [[0.1, -0.1]])  # zero-sum: the other's is -0.1
    assert np.allclose(value_targets(two, 0.5), [[0.55, -0.55]])
    # With three seats the search values only its own: the others keep the outcome.
    three = _searched([[1.0, 0.0, -1.0]], [[10, 30, 0, 0]], [[1.0, -0.2, 0, 0]])
    assert np.allclose(value_targets(three, 0.5), [[0.55, 0.0, -1.0]])
    # Rows of several table sizes side by side: each by its own table's rule.
    mixed = _searched([[1.0, -1.0, 0.0], [1.0, 0.0, -1.0]], [[10, 30, 0, 0]] * 2,
                      [[1.0, -0.2, 0, 0]] * 2, players=[2, 3])
    assert np.allclose(value_targets(mixed, 0.5), [[0.55, -0.55, 0.0], [0.55, 0.0, -1.0]])


def test_samples_saved_are_the_samples_loaded_and_a_missing_file_is_refused(tmp_path):
    samples = _searched([[1.0, -1.0], [-1.0, 1.0]], [[3, 1, 0, 0], [0, 2, 2, 0]],
                        [[0.5, -0.5, 0, 0], [0, 0.1, 0.2, 0]])
    samples.save(tmp_path / "round_0.npz")
    assert _samples_equal(Samples.load(tmp_path / "round_0.npz"), samples)
    with pytest.raises(ValueError, match="round_1.npz is missing"):
        Samples.load(tmp_path / "round_1.npz")


def test_a_rounds_value_head_learns_the_mixed_target():
    """Every sample's outcome is a win (+1) and its searched reward -0.5: trained on the
    outcome alone the head predicts about +1, on the searched reward alone about -0.5."""
    data = _searched([[1.0, -1.0]] * 64, [[5, 5, 0, 0]] * 64, [[-0.5, -0.5, 0, 0]] * 64)
    data.observations[:] = np.random.default_rng(0).normal(size=data.observations.shape)
    predictions = []
    for mix in (0.0, 1.0):
        torch.manual_seed(0)
        net = PolicyValueNet(3, 4, (2, 2), 2, (8,), (8,))
        recipe = replace(AZRecipe(game="aquilon", num_players=2), epochs=200, batch_size=64,
                         value_mix=mix)
        train_round(net, torch.optim.Adam(net.parameters(), lr=1e-2), data, recipe, 0)
        with torch.no_grad():
            predictions.append(net.value(torch.from_numpy(data.observations)).mean(0).numpy())
    assert np.allclose(predictions, [[1.0, -1.0], [-0.5, 0.5]], atol=0.05)


def test_the_value_head_learns_only_the_seats_at_each_rows_table():
    """Rows of 2 and 3 players in one round, the value head 4 seats wide: each row's seats
    are learnt, the seats past its table are not (a 3-seat row's third value is learnt; no
    row's fourth, which keeps its initial 0)."""
    data = _searched([[1.0, -1.0, 9.0, 9.0]] * 32 + [[0.5, 0.0, -0.5, 9.0]] * 32,
                     [[5, 5, 0, 0]] * 64, [[0.0] * 4] * 64, players=[2] * 32 + [3] * 32)
    data.observations[:32, 0] = 1.0
    data.observations[32:, 1] = 1.0
    torch.manual_seed(0)
    net = PolicyValueNet(3, 4, (2, 3), 4, (8,), (8,))
    recipe = replace(AZRecipe(game="aquilon", num_players=2), epochs=300, batch_size=64)
    losses = train_round(net, torch.optim.Adam(net.parameters(), lr=1e-2), data, recipe, 0)
    assert set(losses) == {2, 3} and all(v["value_loss"] < 0.01 for v in losses.values())
    with torch.no_grad():
        two, three = net.value(torch.from_numpy(data.observations[[0, 32]])).numpy()
    assert np.allclose(two[:2], [1.0, -1.0], atol=0.05)
    assert np.allclose(three[:3], [0.5, 0.0, -0.5], atol=0.05)
    assert two[3] == three[3] == 0.0


def test_a_rounds_games_are_the_same_on_one_worker_or_two():
    spec = load_game("aquilon").SPEC
    network = load_network(None, spec, 2)
    seeds = [11, 12, 13]
    one, _ = generate_games("aquilon", 2, network, seeds, SETTINGS, workers=1)
    two, _ = generate_games("aquilon", 2, network, seeds, SETTINGS, workers=2)
    assert _samples_equal(one, two)


def test_the_exported_network_is_what_az_and_baseline_read(tmp_path):
    spec = load_game("dragon").SPEC
    policy_only = one_size_policy(tmp_path, "dragon", 3)  # without the shipped value head
    net = PolicyValueNet.from_network(load_network(policy_only, spec, 3), spec, (3, 3),
                                      value_hidden=(16,))
    with torch.no_grad():
        net.value[-1].weight.normal_()
    path = net.export(tmp_path / "net.npz", spec)
    network = load_network(str(path), spec, 3)
    assert isinstance(network, AZNetwork) and network.value_layers == 2
    obs = np.random.default_rng(0).random(spec.obs_size).astype(np.float32)
    logits, values = net(torch.from_numpy(obs[None]))
    assert np.allclose(network.policy_logits(obs), logits[0].detach().numpy(), atol=1e-4)
    assert np.allclose(network.values(obs), values[0].detach().numpy(), atol=1e-4)
    # The policy layers are the shipped baseline's, and a baseline reads the file.
    shipped = load_policy(None, spec, 3)
    alone = load_policy(str(path), spec, 3)
    assert all(np.array_equal(a, b) for a, b in zip(alone.weights, shipped.weights, strict=True))
    no_value = load_network(str(net.export(tmp_path / "policy.npz", spec, with_value=False)),
                            spec, 3)
    assert no_value.value_layers == 0
    # Read back, the file is the same network, value head included.
    again = PolicyValueNet.from_network(network, spec, (3, 3))
    again_values = again(torch.from_numpy(obs[None]))[1][0].detach().numpy()
    assert np.allclose(again_values, values[0].detach().numpy(), atol=1e-5)


TINY = dict(rounds=2, games=3, iterations=8, sample_moves=3, value_hidden=(16,), epochs=1,
            eval_games=2, distill_epochs=2, table_mix=())


def tiny(out=None, **overrides) -> AZRecipe:
    """A tiny Aquilon run (in `out`, if given)."""
    return AZRecipe.for_game("aquilon", **{**TINY, **overrides},
                             **({"out": str(out)} if out is not None else {}))


def test_a_rounds_evaluation_cuts_its_games_at_the_recipes_move_limit():
    """Aquilon's games run past 10 moves: cut there, every match is all draws, half a win."""
    recipe = tiny(max_moves=10)
    row = evaluate_round(recipe, default_network_path("aquilon"), 1, workers=1, num_players=2)
    labels = curve_labels("aquilon")
    assert list(labels) == ["heuristic", "baseline", "ismcts", "network_alone"]
    assert labels["network_alone"] == "network alone vs heuristic"
    assert [row[f"{name}_win"] for name in labels] == [0.5] * len(labels)


def test_a_short_run_trains_resumes_and_its_network_plays_a_tournament(tmp_path):
    out = tmp_path / "run"
    policy = one_size_policy(tmp_path, "aquilon", 2)  # a start without a value head

    def tiny_from_policy(out, **overrides) -> AZRecipe:
        return tiny(out, start=policy, **overrides)

    recipe = tiny_from_policy(out)
    logs: list[str] = []
    path = run_az_recipe(recipe, command="test", workers=1, log=logs.append)
    record = json.loads((out / "az.json").read_text())
    assert record["rounds_done"] == 2 and len(record["curve"]) == 2
    for row in record["curve"]:
        for name in ("heuristic", "baseline", "ismcts", "network_alone"):
            assert 0.0 <= row[f"{name}_low"] <= row[f"{name}_win"] <= row[f"{name}_high"] <= 1
    assert (out / "learning_curve.png").stat().st_size > 0
    assert [p.name for p in sorted((out / "networks").glob("*.npz"))] == [
        "net_0.npz", "net_1.npz", "net_2.npz"]
    # Round 0 searched with playouts (a policy without a value head); later rounds with
    # the trained value head.
    spec = load_game("aquilon").SPEC
    assert load_network(str(out / "networks" / "net_0.npz"), spec, 2).value_layers == 0
    assert load_network(str(path), spec, 2).value_layers == 2
    weights = np.load(path)["weight_0"]
    assert not np.array_equal(weights, np.load(out / "networks" / "net_0.npz")["weight_0"])
    # network.npz is the last round's network with its policy distilled over both rounds'
    # samples, its value head as it was.
    last, shipped = np.load(out / "networks" / "net_2.npz"), np.load(path)
    assert sorted(last.files) == sorted(shipped.files)
    for name in last.files:
        assert np.array_equal(last[name], shipped[name]) == name.startswith("value_") or \
            name in ("env_id", "players"), name
    distilled = record["distilled"]
    assert distilled["epochs"] == 2 and distilled["samples"] == sum(
        row["samples"] for row in record["curve"])
    alone = distilled["players"]["2"]
    assert 0.0 <= alone["network_alone_low"] <= alone["network_alone_win"] \
        <= alone["network_alone_high"] <= 1
    assert distilled["opponent"] == "heuristic"
    assert logs[-1].startswith("distilled, 2 players") and len(logs) == 3
    # The round's samples are those of its seeds.
    assert len(round_seeds(recipe, 0)) == 3 and round_seeds(recipe, 0) != round_seeds(recipe, 1)
    # Resumed with one more round: it goes on from round 2 only.
    # Resumed with one more round and no distillation: it goes on from round 2 only, from the
    # iteration's own network, and ships that.
    logs.clear()
    run_az_recipe(tiny_from_policy(out, rounds=3, distill_epochs=0), workers=1, log=logs.append)
    assert len(logs) == 1 and logs[0].startswith("round 3/3, 2 players")
    record = json.loads((out / "az.json").read_text())
    assert record["rounds_done"] == 3 and "distilled" not in record
    last, shipped = np.load(out / "networks" / "net_3.npz"), np.load(path)
    assert all(np.array_equal(last[name], shipped[name]) for name in last.files)
    with pytest.raises(ValueError, match="already holds 3 rounds"):
        run_az_recipe(recipe, workers=1)
    with pytest.raises(ValueError, match="another recipe"):
        run_az_recipe(tiny_from_policy(out, iterations=9), workers=1)
    # A run recorded before a recipe field existed reads it as its default (what the run
    # used): it resumes, and refuses another value of it.
    saved = json.loads((out / "recipe.json").read_text())
    del saved["value_mix"]
    (out / "recipe.json").write_text(json.dumps(saved))
    resumed = tiny_from_policy(out, rounds=3, distill_epochs=0)
    with pytest.raises(ValueError, match="differs in value_mix"):
        run_az_recipe(replace(resumed, value_mix=0.5), workers=1)
    run_az_recipe(resumed, workers=1, log=logs.append)
    assert json.loads((out / "recipe.json").read_text())["value_mix"] == 0.0
    # Samples of an older format (the visit shares saved as `policies`) are refused before
    # any self-play.
    with np.load(out / "samples" / "round_0.npz") as data:
        old = {("policies" if k == "visits" else k): data[k]
               for k in ("observations", "masks", "visits", "values")}
    np.savez_compressed(out / "samples" / "round_0.npz", **old)
    with pytest.raises(ValueError, match="round_0.npz holds samples of another format"):
        run_az_recipe(replace(resumed, rounds=4), workers=1)
    assert not (out / "samples" / "round_3.npz").exists()
    results, records = run_tournament("aquilon", 2, [f"az:8:{path}", f"baseline:{path}"], 2,
                                      workers=1, progress=False)
    assert len(records) == 2 and {r.bot for r in results} == {f"az:8:{path}",
                                                               f"baseline:{path}"}


def test_a_round_at_two_table_sizes_trains_one_network_that_plays_both(tmp_path):
    recipe = tiny(tmp_path, rounds=1, games=4, table_mix=((3, 0.5), (2, 0.5)),
                  distill_epochs=1)
    assert recipe.table_games() == {2: 2, 3: 2} and recipe.players == (2, 3)
    logs: list[str] = []
    path = run_az_recipe(recipe, workers=1, log=logs.append)
    record = json.loads((tmp_path / "az.json").read_text())
    assert [(row["round"], row["players"]) for row in record["curve"]] == [(1, 2), (1, 3)]
    samples = Samples.load(tmp_path / "samples" / "round_0.npz")
    assert sorted(set(samples.players.tolist())) == [2, 3]
    assert [row["samples"] for row in record["curve"]] == [
        int((samples.players == n).sum()) for n in (2, 3)]
    for row in record["curve"]:
        assert 0.0 <= row["ismcts_low"] <= row["ismcts_win"] <= row["ismcts_high"] <= 1
    assert all("baseline_win" in row for row in record["curve"])  # baseline plays both
    assert set(record["distilled"]["players"]) == {"2", "3"}
    assert (tmp_path / "learning_curve.png").is_file()
    assert (tmp_path / "learning_curve_3p.png").is_file()
    # One file for both sizes, its value head as wide as the game's largest table.
    spec = load_game("aquilon").SPEC
    assert np.load(path)["players"].tolist() == [2, 3]
    for n in (2, 3):
        assert load_network(str(path), spec, n).value_width == spec.max_players
        assert load_policy(str(path), spec, n).players == (2, 3)
    for bot in (f"az:4:{path}", f"baseline:{path}"):
        results, _ = run_tournament("aquilon", 3, [bot, "random", "random"], 1, workers=1,
                                    progress=False)
        assert {r.bot for r in results} == {bot, "random"}
        with pytest.raises(ValueError, match="trained for 2-3 players of tabletop/aquilon"):
            run_tournament("aquilon", 4, [bot, "random"], 1, workers=1, progress=False)


class Stop(Exception):
    """The run stopped (as by a kill) at a given line of its log."""


def test_a_run_stopped_in_a_rounds_evaluation_plays_that_round_again_from_its_start(tmp_path):
    """Stopped after round 2's training, in its evaluation (its log line comes after it), the
    resumed run trains round 2 once: its networks are those of a run never stopped."""
    lines: list[str] = []

    def stop_at_round_2(line: str) -> None:
        lines.append(line)
        if line.startswith("round 2/"):
            raise Stop

    recipe = tiny(tmp_path / "stopped", distill_epochs=0)
    with pytest.raises(Stop):
        run_az_recipe(recipe, workers=1, log=stop_at_round_2)
    assert json.loads((tmp_path / "stopped" / "progress.json").read_text())["rounds_done"] == 1
    stopped = run_az_recipe(recipe, workers=1, log=lines.append)
    whole = run_az_recipe(tiny(tmp_path / "whole", distill_epochs=0), workers=1,
                          log=lines.append)
    for name in ("net_2.npz", "network.npz"):
        first = np.load(stopped if name == "network.npz" else stopped.parent / "networks" / name)
        second = np.load(whole if name == "network.npz" else whole.parent / "networks" / name)
        assert all(np.array_equal(first[key], second[key]) for key in first.files), name


def test_the_run_from_scratch_starts_from_a_new_network(tmp_path):
    recipe = tiny(tmp_path, rounds=1, from_scratch=True, playout_rounds=0,
                  scratch_hidden=(32,))
    run_az_recipe(recipe, workers=1, log=lambda _: None)
    start = np.load(tmp_path / "networks" / "net_0.npz")
    assert start["weight_0"].shape == (32, load_game("aquilon").SPEC.obs_size)
    assert "value_weight_0" in start.files  # searched with its (untrained) value head


def test_a_run_can_start_from_a_trained_network_and_searches_with_its_value_head(tmp_path):
    first = run_az_recipe(tiny(tmp_path / "a", rounds=1), workers=1, log=lambda _: None)
    recipe = tiny(tmp_path / "b", rounds=1, start=str(first))
    run_az_recipe(recipe, workers=1, log=lambda _: None)
    start, trained = np.load(first), np.load(tmp_path / "b" / "networks" / "net_0.npz")
    assert sorted(start.files) == sorted(trained.files) and "value_weight_0" in trained.files
    assert all(np.array_equal(start[name], trained[name]) for name in start.files)
    record = json.loads((tmp_path / "b" / "az.json").read_text())
    assert record["start_sha256"] == hashlib.sha256(first.read_bytes()).hexdigest()
    assert record["recipe"]["start"] == str(first)


@pytest.mark.parametrize("overrides, message", [
    ({"start": "missing.npz"}, "network not found: missing.npz"),
    ({"start": str(shipped_policy_path("dragon"))}, "dragon"),
    ({"from_scratch": True, "start": str(shipped_policy_path("aquilon"))}, "not both"),
    ({"rounds": 0}, "rounds must be at least 1"),
    ({"distill_epochs": -1}, "distill_epochs must be at least 0"),
    ({"noise_fraction": 1.5}, "noise_fraction"),
    ({"value_mix": -0.1}, "value_mix must be within"),
    ({"policy_target": "argmax"}, "policy_target must be one of visits, completed_q"),
    ({"played_by": "human"}, "played_by must be one of search, policy"),
    ({"num_players": 9}, "players"),
    ({"table_mix": ((2, 0.5), (4, 0.5))}, "every size from its fewest to its most"),
    ({"table_mix": ((2, 0.7), (3, 0.7))}, "sum to 1"),
    ({"table_mix": ((2, 1.0), (3, 0.0))}, "above 0"),
    ({"table_mix": ((3, 1.0),)}, "num_players 2 is not a size of table_mix"),
    ({"table_mix": ((2, 0.5), (6, 0.5))}, "num_players must be between 2 and 5, got 6"),
    ({"table_mix": ((2, 0.5), (3, 0.5)), "games": 1}, "one per table size"),
    ({"windows": 3}, "az recipe: unknown fields windows"),
])
def test_bad_recipes_are_refused(overrides, message):
    with pytest.raises(ValueError, match=message):
        AZRecipe.for_game("aquilon", **overrides)
    assert isinstance(AZRecipe.for_game("dragon"), AZRecipe)
    assert AZRecipe.for_game("dragon").out == "runs/az-dragon"


def test_a_recipe_is_built_by_keywords_only():
    with pytest.raises(TypeError):
        AZRecipe("aquilon", 2)
    assert AZRecipe(game="aquilon", num_players=2).rounds == AZRecipe.rounds


def _not_ours(flag: str, recipe: str, owners: str) -> str:
    return f"{flag} is not an option of `tabletop train {recipe}` ({flag} belongs to {owners})"


@pytest.mark.parametrize("recipe, argv, message", [
    ("ppo", ["--rounds", "3"], _not_ours("--rounds", "ppo", "az")),
    ("baseline", ["--from-scratch"], _not_ours("--from-scratch", "baseline", "az")),
    ("rllib", ["--start", "net.zip"], _not_ours("--start", "rllib", "ppo, az")),
    ("ppo", ["--start", "net.npz"], "start must be a saved PPO model"),
    ("ppo", ["--policy-target", "completed_q"], _not_ours("--policy-target", "ppo", "az")),
    ("az", ["--policy-target", "argmax"], "invalid choice: 'argmax'"),
    ("ppo", ["--played-by", "policy"], _not_ours("--played-by", "ppo", "az")),
    ("ppo", ["--value-mix", "0.5"], _not_ours("--value-mix", "ppo", "az")),
    ("az", ["--value-mix", "2"], "must be between 0 and 1"),
    ("baseline", ["--distill-epochs", "3"], _not_ours("--distill-epochs", "baseline", "az")),
    ("az", ["--start", "net.npz"], "network not found: net.npz"),
    ("az", ["--steps", "100"], _not_ours("--steps", "az", "ppo, rllib, baseline")),
    # az runs its own loop: RLlib's options are not its own
    ("az", ["--num-env-runners", "2"], _not_ours("--num-env-runners", "az", "rllib")),
    ("az", ["--players", "7"], "players"),
    # refused before any Ray node is reached (none runs here)
    ("az", ["--address", "auto", "--players", "7"], "players"),
])
def test_the_command_line_refuses_bad_options_in_one_line(recipe, argv, message, capsys,
                                                          tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        main(["train", recipe, "--game", "aquilon", "--out", str(tmp_path / "x"), *argv])
    assert exit_info.value.code != 0
    err = capsys.readouterr().err.strip()
    assert message in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_the_command_line_runs_a_round_and_names_its_network(capsys, tmp_path):
    out = tmp_path / "az"
    main(["train", "az", "--game", "aquilon", "--rounds", "2", "--games", "2",
          "--iterations", "4", "--eval-games", "2", "--eval-every", "2", "--workers", "1",
          "--max-moves", "300", "--table-mix", "2:1", "--out", str(out)])
    printed = capsys.readouterr().out
    assert f"az:4:{out / 'network.npz'}" in printed and "round 2/2" in printed
    record = json.loads((out / "az.json").read_text())
    assert record["command"].startswith("tabletop train az --game aquilon --rounds 2")
    assert record["recipe"]["games"] == 2 and record["recipe"]["iterations"] == 4
    assert record["recipe"]["max_moves"] == 300  # the recipe's own 500 replaced
    # --eval-every 2: round 1 only trained, round 2 evaluated as well.
    assert record["recipe"]["eval_every"] == 2
    assert ["baseline_win" in row for row in record["curve"]] == [False, True]


@pytest.mark.parametrize("name", game_names())
def test_az_plays_the_network_shipped_for_its_game_else_the_baseline(name):
    spec = load_game(name).SPEC
    shipped = game_profile(name).az_network
    if shipped is None or not shipped.is_file():
        assert default_network_path(name) == shipped_policy_path(name)
        if shipped_policy_path(name) is not None:
            assert load_network(None, spec, spec.train_players).value_layers == 0
        return
    assert shipped == WEIGHTS / f"{name}.npz"  # this library's networks live in agents/az
    assert default_network_path(name) == shipped
    record = json.loads(shipped.with_suffix(".json").read_text())
    players = record["recipe"]["num_players"]
    network = load_network(None, spec, players)
    assert network is load_network(str(shipped), spec, players)
    assert network.value_layers > 0 and network.env_id == spec.env_id
    # made by the az recipe (recorded as typed: today's command line, or the one before
    # `tabletop train <recipe>`)
    command = record["command"]
    assert command.startswith("tabletop train az ") or (
        command.startswith("tabletop train") and "--recipe az" in command), command
    assert record["rounds_done"] == record["recipe"]["rounds"] and record["curve"]
