"""Self-play in RLlib with the opponent-pool semantics of the SB3 path.

`LeagueMapping` is the `policy_mapping_fn`: at each new episode the learner takes the next seat
in turn (episode k of an env runner: seat k mod players) and one opponent is drawn for all the
other seats from an `agents.training.opponent_pool.OpponentPool` (a bot or a snapshot module).
Each env runner keeps its own copy, seeded from the pool's seed and the runner's index.

`LeagueCallback` copies the learner's weights into a snapshot module every `snapshot_every`
training iterations (the oldest slot is reused beyond `max_snapshots`) and adds it to every
runner's pool. With the opponents inside the env (`agents.rllib.opponents.PoolOpponents` in a
`TabletopSingleAgentEnv`, the learner being RLlib's single module), it adds each snapshot, as
a numpy copy of the learner's policy network, to the pool of every env of every runner
instead, and counts the games played against each opponent (`league_opponents` in the env
runners' results).
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.env.multi_agent_episode import MultiAgentEpisode

from agents.bots.rllib import LEARNER
from agents.rllib.opponents import snapshot_policy
from agents.training.opponent_pool import OpponentPool
from tabletop_core.rllib import TabletopMultiAgentEnv, TabletopSingleAgentEnv

OPPONENT_GAMES = "league_opponents"


def bot_module_id(bot: str) -> str:
    """RLlib module id of a bot of `agents.bots` (no ":" allowed: ismcts:500 -> ismcts_500)."""
    return bot.replace(":", "_")


def snapshot_id(slot: int) -> str:
    """Module id of snapshot slot `slot`."""
    return f"snapshot_{slot}"


class LeagueMapping:
    """Agent-to-module mapping for self-play against an opponent pool (see the module doc)."""

    def __init__(self, agents: list[str], pool: OpponentPool):
        self.agents = list(agents)
        self.pool = pool
        self.base_seed = pool.seed
        self.episodes = 0
        self._assigned: OrderedDict[str, tuple[int, str]] = OrderedDict()

    def reseed(self, worker_index: int) -> None:
        """Give this env runner's copy its own generator (same pool, other draws)."""
        self.pool.rng = np.random.default_rng([self.base_seed, worker_index])

    def add_snapshot(self, module_id: str) -> None:
        """A snapshot module is ready: put it in the pool (replacing the slot it reuses)."""
        if module_id in self.pool.snapshots:
            self.pool.snapshots.remove(module_id)
        self.pool.add_snapshot(module_id)

    def assignment(self, episode_id: str) -> tuple[int, str]:
        """(learner seat, opponent module id) of an episode, drawn at its first call."""
        if episode_id not in self._assigned:
            opponent = self.pool.sample()
            if isinstance(opponent, int):
                opponent = self.pool.snapshots[opponent]
            else:
                opponent = bot_module_id(opponent)
            self._assigned[episode_id] = (self.episodes % len(self.agents), opponent)
            self.episodes += 1
            while len(self._assigned) > 10_000:
                self._assigned.popitem(last=False)
        return self._assigned[episode_id]

    def __call__(self, agent_id: str, episode, **kwargs) -> str:
        learner_seat, opponent = self.assignment(episode.id_)
        return LEARNER if self.agents.index(agent_id) == learner_seat else opponent


def tabletop_envs(env_runner) -> list[TabletopMultiAgentEnv]:
    """The `TabletopMultiAgentEnv`s an env runner steps, alone or inside a
    `TabletopSingleAgentEnv` (none on a runner without envs)."""
    vector = getattr(env_runner, "env", None)
    vector = getattr(vector, "unwrapped", vector)
    envs = [getattr(env, "unwrapped", env) for env in getattr(vector, "envs", [])]
    envs = [env.multi_agent_env if isinstance(env, TabletopSingleAgentEnv) else env
            for env in envs]
    return [env for env in envs if isinstance(env, TabletopMultiAgentEnv)]


class LeagueCallback(RLlibCallback):
    """Snapshots of the learner into the pool every `snapshot_every` iterations (as modules,
    or into the envs' opponents when `opponents_in_env`)."""

    def __init__(self, snapshot_every: int = 5, max_snapshots: int = 10,
                 opponents_in_env: bool = False, learner: str = LEARNER):
        super().__init__()
        self.snapshot_every = snapshot_every
        self.max_snapshots = max_snapshots
        self.opponents_in_env = opponents_in_env
        self.learner = learner
        self.snapshots_taken = 0

    def on_environment_created(self, *, env_runner, env, env_context, **kwargs) -> None:
        mapping = env_runner.config.policy_mapping_fn
        if isinstance(mapping, LeagueMapping):
            mapping.reseed(env_runner.worker_index)

    def on_episode_end(self, *, episode, metrics_logger=None, **kwargs) -> None:
        if metrics_logger is None:
            return
        last = episode.get_infos(-1)
        for info in last.values() if isinstance(episode, MultiAgentEpisode) else [last]:
            if "opponent" in info:
                metrics_logger.log_value((OPPONENT_GAMES, info["opponent"]), 1,
                                         reduce="lifetime_sum")

    def on_train_result(self, *, algorithm, result, **kwargs) -> None:
        if algorithm.iteration % self.snapshot_every == 0:
            self.snapshot(algorithm)
        result["league_snapshots"] = min(self.snapshots_taken, self.max_snapshots)

    def snapshot(self, algorithm) -> str:
        """Copy the learner into the next snapshot slot, on the learners and every runner (or
        into every env's opponents)."""
        weights = algorithm.learner_group.get_weights(module_ids=[self.learner])[self.learner]
        if self.opponents_in_env:
            name = snapshot_id(self.snapshots_taken)
            self.snapshots_taken += 1

            def add(env_runner):
                for env in tabletop_envs(env_runner):
                    players = env.opponents
                    players.add_snapshot(name, snapshot_policy(weights, env.game.env_id,
                                                               env.num_players))

            algorithm.env_runner_group.foreach_env_runner(add, local_env_runner=True)
            return name
        module_id = snapshot_id(self.snapshots_taken % self.max_snapshots)
        self.snapshots_taken += 1
        algorithm.learner_group.set_weights({module_id: weights})

        def install(env_runner):
            module = getattr(env_runner, "module", None)
            if module is not None and module_id in module:
                module[module_id].set_state(weights)
            mapping = env_runner.config.policy_mapping_fn
            if isinstance(mapping, LeagueMapping):
                mapping.add_snapshot(module_id)

        algorithm.env_runner_group.foreach_env_runner(install, local_env_runner=True)
        return module_id
