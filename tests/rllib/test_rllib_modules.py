"""RLlib modules and the league, in-process (no Ray node): masked PPO never favours an illegal
action, the random and bot modules play legal actions (the bots exactly as `agents.bots` does
on the same seat view), and the league mapping follows the opponent pool's semantics."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402

from agents.bots import make_bot  # noqa: E402
from agents.bots.base import SeatView  # noqa: E402
from agents.rllib.league import LeagueMapping, bot_module_id  # noqa: E402
from agents.rllib.modules import (  # noqa: E402
    SEAT_STATE,
    BotRLModule,
    MaskedPPOTorchRLModule,
    MaskedRandomRLModule,
)
from agents.training.opponent_pool import OpponentPool  # noqa: E402
from tabletop_core.rllib import TabletopMultiAgentEnv  # noqa: E402

pytestmark = pytest.mark.frameworks


def _positions(game: str, players: int, count: int, seat_states: bool = False):
    env = TabletopMultiAgentEnv({"game": game, "num_players": players,
                                 "seat_states": seat_states})
    rng = np.random.default_rng(0)
    obs, infos = env.reset(seed=1)
    out = []
    while len(out) < count:
        for agent, o in obs.items():
            out.append((env, agent, o, infos.get(agent, {})))
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        obs, _, terminateds, _, infos = env.step(actions)
        if terminateds["__all__"]:
            obs, infos = env.reset(seed=int(rng.integers(1000)))
    return env, out[:count]


def _batch(rows):
    return {Columns.OBS: {
        "observations": torch.as_tensor(np.stack([o["observations"] for _, _, o, _ in rows])),
        "action_mask": torch.as_tensor(np.stack([o["action_mask"] for _, _, o, _ in rows]))}}


def test_masked_ppo_puts_illegal_actions_out_of_reach():
    env, rows = _positions("aquilon", 3, 32)
    space = env.get_observation_space(env.possible_agents[0])
    module = MaskedPPOTorchRLModule(observation_space=space, action_space=env.action_spaces[
        env.possible_agents[0]], model_config={"fcnet_hiddens": [16]})
    batch = _batch(rows)
    for forward in (module.forward_exploration, module.forward_inference, module.forward_train):
        logits = forward(dict(batch))[Columns.ACTION_DIST_INPUTS]
        probabilities = torch.softmax(logits, -1)
        illegal = batch[Columns.OBS]["action_mask"] == 0
        assert float(probabilities[illegal].max().detach()) < 1e-12
    values = module.compute_values(dict(batch))
    assert values.shape == (32,)
    with pytest.raises(ValueError, match="'observations' and 'action_mask'"):
        MaskedPPOTorchRLModule(observation_space=space["observations"],
                               action_space=env.action_spaces[env.possible_agents[0]])


def test_random_and_bot_modules_play_legal_actions_from_the_seat_view():
    env, rows = _positions("dragon", 3, 24, seat_states=True)
    spaces = dict(observation_space=env.get_observation_space(env.possible_agents[0]),
                  action_space=env.action_spaces[env.possible_agents[0]])
    random_module = MaskedRandomRLModule(**spaces, model_config={"seed": 3})
    batch = _batch(rows)
    actions = random_module.forward_exploration(dict(batch))[Columns.ACTIONS]
    for (_, _, o, _), action in zip(rows, actions, strict=True):
        assert o["action_mask"][action] == 1
    bot = BotRLModule(**spaces, model_config={"game": "dragon", "num_players": 3,
                                              "bot": "heuristic", "seed": 5})
    states = np.stack([info[SEAT_STATE] for _, _, _, info in rows])
    actions = bot.forward_inference({**batch, SEAT_STATE: torch.as_tensor(states)})[
        Columns.ACTIONS]
    reference = make_bot("heuristic", seed=5)
    for (_, agent, o, info), action in zip(rows, actions, strict=True):
        seat = int(info[SEAT_STATE][-1])
        assert env.possible_agents[seat] == agent and o["action_mask"][action] == 1
        view = SeatView(env.game, 3, seat, o["observations"], o["action_mask"].astype(np.uint8),
                        info[SEAT_STATE][:-1].copy())
        assert action == reference.act(view)
    with pytest.raises(ValueError, match="seat_states=True"):
        bot.forward_inference(dict(batch))


class _Episode:
    def __init__(self, id_):
        self.id_ = id_


def test_league_mapping_follows_the_pool():
    agents = ["lord_0", "lord_1", "lord_2"]

    def draws(seed, worker=None):
        mapping = LeagueMapping(agents, OpponentPool(bots=("random", "ismcts:50"), seed=seed))
        if worker is not None:
            mapping.reseed(worker)
        out = []
        for k in range(40):
            if k == 20:
                mapping.add_snapshot("snapshot_0")
            episode = _Episode(f"e{k}")
            out.append(tuple(mapping(a, episode) for a in agents))
        return out

    games = draws(seed=4)
    assert games == draws(seed=4) and games != draws(seed=4, worker=2)
    for k, modules in enumerate(games):
        assert modules.index("learner") == k % 3 and modules.count("learner") == 1
        opponents = {m for m in modules if m != "learner"}
        assert len(opponents) == 1  # one opponent kind per episode, as in the SB3 path
        assert opponents <= ({"random", "ismcts_50"} | ({"snapshot_0"} if k >= 20 else set()))
    assert any("snapshot_0" in g for g in games[20:])
    assert bot_module_id("ismcts:0.5s") == "ismcts_0.5s"
