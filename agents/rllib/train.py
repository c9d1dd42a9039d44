"""Self-play PPO with RLlib (new API stack) on `TabletopMultiAgentEnv`.

`train_rllib(config)` joins or starts Ray (refusing a run that asks for more CPUs than Ray has),
trains the module "learner" (`MaskedPPOTorchRLModule`) against an opponent pool (bots and
snapshots of the learner, `agents.rllib.league`) on `num_env_runners` env runners with
`envs_per_runner` games each, saves checkpoints, evaluates the learner against `eval_bots`
(default: `random` and the game's heuristic) through the match harness every `eval_every`
iterations, and draws the learning curve, like the SB3 recipe (`agents.ppo`). A run started
again with the same `out` and config (wherever it runs: `address` and `num_cpus` may change)
goes on from its last checkpoint (`Algorithm.restore_from_path`: the learner's weights and
optimiser, its step counts; its snapshots start again empty); a run given more `steps`
continues.

Two ways to seat the opponents (`opponents_in_env`):
- True (the default): they play inside the env (`agents.rllib.opponents.PoolOpponents` in a
  `TabletopSingleAgentEnv`), so only the learner's decisions pass through RLlib's loop, on its
  single-agent env runners (the learner is RLlib's one module, "default_policy"); snapshots are
  numpy copies of the learner's policy network.
- False: every seat passes through RLlib, the opponents being modules (`BotRLModule`,
  `MaskedRandomRLModule`, snapshot copies of the learner module), mapped per episode by
  `LeagueMapping`: the way to train several RLlib modules against each other.

metrics.jsonl logs each iteration's sampling counts per module and the games played against
each opponent (in the env mode).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import ClassVar

from agents.bots import make_bot
from agents.cluster import init_ray
from agents.games import load_game
from agents.play.evaluate import evaluate_bot
from agents.play.progress import progress_bar
from agents.rllib.league import (
    LEARNER,
    OPPONENT_GAMES,
    LeagueCallback,
    LeagueMapping,
    bot_module_id,
    snapshot_id,
)
from agents.rllib.opponents import RANDOM, PoolOpponents, needs_seat_states
from agents.training.config import RecipeConfig, reference_opponents
from agents.training.curve import write_curve
from agents.training.opponent_pool import OpponentPool
from agents.training.runs import (
    COUNT,
    NUMBER,
    TIMES,
    Kind,
    RunProgress,
    check_same_config,
    rows_of,
    write_config,
)


@dataclass(frozen=True, kw_only=True)
class RLlibConfig(RecipeConfig):
    """Everything that defines an RLlib training run (written to config.json)."""

    recipe: ClassVar[str] = "rllib"
    budget: ClassVar[str] = "steps"
    positive: ClassVar[tuple[str, ...]] = (
        "steps", "num_env_runners", "envs_per_runner", "train_batch_size", "minibatch_size",
        "num_epochs", "snapshot_every", "max_snapshots", "eval_every", "eval_games")

    steps: int = 200_000  # learner decisions
    num_env_runners: int = 1
    envs_per_runner: int = 8
    train_batch_size: int = 4000  # env steps per iteration (all seats' decisions)
    minibatch_size: int = 512
    num_epochs: int = 4
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    hidden: tuple[int, ...] = (256, 256)
    bots: tuple[str, ...] = ()  # the opponent pool's bots (default: random and the heuristic)
    snapshot_share: float = 0.5
    snapshot_every: int = 5  # iterations
    max_snapshots: int = 10
    opponents_in_env: bool = True  # False: every seat through RLlib, opponents as modules
    eval_bots: tuple[str, ...] = ()  # the learner's evaluations (default: random, heuristic)
    eval_every: int = 10  # iterations
    eval_games: int = 40
    max_moves: int | None = None
    illegal_action: str = "raise"
    address: str | None = None  # a running Ray cluster ("auto"), or None for a local Ray
    num_cpus: int | None = None  # CPUs of a local Ray (default: all)

    @classmethod
    def for_game(cls, game: str, **overrides) -> RLlibConfig:
        """`RecipeConfig.for_game`; the pool's bots default to `reference_opponents`."""
        config = super().for_game(game, **overrides)
        return replace(config, bots=tuple(config.bots) or reference_opponents(game),
                       eval_bots=tuple(config.eval_bots) or reference_opponents(game))


def ppo_config(config: RLlibConfig):
    """The RLlib `PPOConfig` of a run: env, modules, league mapping and callback."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from agents.rllib.modules import (
        BotRLModule,
        MaskedPPOTorchRLModule,
        MaskedRandomRLModule,
        seat_states_connector,
    )
    from tabletop_core.rllib import ENV_NAMES, SINGLE_AGENT_ENV_NAMES, register_envs

    register_envs()
    spec = load_game(config.game).SPEC
    spec.check_num_players(config.num_players)
    agents = [f"{spec.agent_prefix}_{i}" for i in range(config.num_players)]
    network = {"fcnet_hiddens": list(config.hidden), "fcnet_activation": "tanh",
               "vf_share_layers": False}
    modules = {LEARNER: RLModuleSpec(module_class=MaskedPPOTorchRLModule, model_config=network)}
    env_config = {"num_players": config.num_players, "max_moves": config.max_moves,
                  "seed": config.seed, "illegal_action": config.illegal_action,
                  **config.options}
    runners = {"num_env_runners": config.num_env_runners,
               "num_envs_per_env_runner": config.envs_per_runner,
               "rollout_fragment_length": "auto",
               # A runner's first sample compiles the numba bots it plays (minutes under load).
               "sample_timeout_s": 900.0}
    ppo = (
        PPOConfig()
        .training(train_batch_size_per_learner=config.train_batch_size,
                  minibatch_size=config.minibatch_size, num_epochs=config.num_epochs,
                  lr=config.learning_rate, entropy_coeff=config.ent_coef, gamma=1.0)
        .callbacks(lambda: LeagueCallback(config.snapshot_every, config.max_snapshots,
                                          config.opponents_in_env, learner_module(config)))
        .fault_tolerance(restart_failed_env_runners=False)
        .debugging(seed=config.seed)
    )
    if config.opponents_in_env:
        env_config["opponents"] = PoolOpponents(
            config.game, config.num_players, tuple(config.bots), config.snapshot_share,
            config.max_snapshots)
        return (ppo.environment(SINGLE_AGENT_ENV_NAMES[config.game], env_config=env_config)
                .env_runners(**runners).rl_module(rl_module_spec=modules[LEARNER]))
    for k, bot in enumerate(config.bots):
        make_bot(bot)  # an unknown name fails here, with the list of names
        if bot == RANDOM:
            modules[bot_module_id(bot)] = RLModuleSpec(module_class=MaskedRandomRLModule,
                                                       model_config={"seed": config.seed + k})
        else:
            modules[bot_module_id(bot)] = RLModuleSpec(module_class=BotRLModule, model_config={
                "game": config.game, "num_players": config.num_players, "bot": bot,
                "seed": config.seed + k})
    if config.snapshot_share > 0:
        for slot in range(config.max_snapshots):
            modules[snapshot_id(slot)] = RLModuleSpec(module_class=MaskedPPOTorchRLModule,
                                                      model_config=network)
    pool = OpponentPool(bots=tuple(config.bots), snapshot_share=config.snapshot_share,
                        max_snapshots=config.max_snapshots, seed=config.seed)
    mapping = LeagueMapping(agents, pool)
    if needs_seat_states(tuple(config.bots)):
        env_config["seat_states"] = True
        runners["env_to_module_connector"] = seat_states_connector
    return (
        ppo.environment(ENV_NAMES[config.game], env_config=env_config)
        .env_runners(**runners)
        .multi_agent(policies=set(modules), policy_mapping_fn=mapping,
                     policies_to_train=[LEARNER])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=modules))
    )


def learner_module(config: RLlibConfig) -> str:
    """The learner's module id: RLlib's single module, or "learner" among the opponents'."""
    from ray.rllib.core import DEFAULT_MODULE_ID

    return DEFAULT_MODULE_ID if config.opponents_in_env else LEARNER


def check_cpus(ppo) -> None:
    """Refuse (a ValueError) a run that asks for more CPUs than the Ray cluster has, which Ray
    would otherwise wait for without a word."""
    import ray

    runners = ppo.num_env_runners * ppo.num_cpus_per_env_runner
    have = ray.cluster_resources().get("CPU", 0)
    if runners > have:
        raise ValueError(
            f"the run asks Ray for {runners:g} CPUs, 0 for the learner (it trains in this "
            f"process) and {ppo.num_cpus_per_env_runner:g} for each of its "
            f"{ppo.num_env_runners} env runners, but the Ray cluster has {have:g} CPUs "
            "(ray.cluster_resources()): use fewer env runners, or add nodes")


def learner_steps(result: dict, module: str = LEARNER) -> int:
    """Lifetime decisions of `module` sampled, from an `algo.train()` result."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_MODULE_STEPS_SAMPLED_LIFETIME

    return int(result[ENV_RUNNER_RESULTS].get(NUM_MODULE_STEPS_SAMPLED_LIFETIME, {})
               .get(module, 0))


def train_step(algo) -> dict:
    """One training iteration; a RuntimeError if the env runners sampled nothing (RLlib then
    still returns normally: an env runner has failed, or its sample timed out)."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED

    result = algo.train()
    if not result.get(ENV_RUNNER_RESULTS, {}).get(NUM_ENV_STEPS_SAMPLED, 0):
        raise RuntimeError("RLlib sampled no env steps this iteration: an env runner failed "
                           "or timed out (see the log above)")
    return result


class _Run(RunProgress):
    """A run's folder: its config, its curve, and the checkpoint it goes on from (relative
    to the folder) with the learner's decisions then."""

    FIELDS = {"curve": rows_of(NUMBER, steps=COUNT)}
    OPTIONAL = {"checkpoint": Kind("a folder name", lambda v: isinstance(v, str)),
                "steps": COUNT, "wall_time_s": TIMES}  # times added up over resumed runs

    def __init__(self, config: RLlibConfig, out: Path):
        out.mkdir(parents=True, exist_ok=True)
        check_same_config(out, _as_json(config), _as_json(RLlibConfig.for_game(config.game)),
                          {"out", "steps", "address", "num_cpus"})
        super().__init__(out, {"curve": []})  # refuses a progress record that is not one
        write_config(out, _as_json(config))

    def checkpointed(self, path: Path, steps: int, row: dict) -> None:
        """Record a checkpoint saved at `path` after `steps` decisions, evaluated as `row`."""
        curve = [r for r in self.progress["curve"] if r["steps"] < steps]
        self.progress.update(curve=[*curve, row], checkpoint=str(path.relative_to(self.out)),
                             steps=steps)
        self.save()


def _as_json(config: RLlibConfig) -> dict:
    return json.loads(json.dumps(asdict(config)))


def train_rllib(config: RLlibConfig, progress: bool = True) -> Path:
    """Run (or resume) a training; return the final checkpoint's folder (out/checkpoint)."""
    import torch

    torch.set_num_threads(1)
    out = Path(config.out).resolve()
    run = _Run(config, out)
    init_ray(config.address, config.num_cpus)
    ppo = ppo_config(config)
    check_cpus(ppo)
    algo = ppo.build_algo()
    begun = steps = run.progress.get("steps", 0)
    bar = progress_bar(max(config.steps, steps), f"rllib {config.game}", enabled=progress,
                       unit="steps")
    bar.update(steps)
    learner = learner_module(config)
    final = out / "checkpoint"
    started = time.perf_counter()
    try:
        if "checkpoint" in run.progress:
            algo.restore_from_path(str(out / run.progress["checkpoint"]))
        while steps < config.steps:
            result = train_step(algo)
            done = learner_steps(result, learner)  # lifetime counts: restored on resuming
            bar.total = max(bar.total, done)  # the last iteration may end past `steps`
            bar.update(done - steps)
            steps = done
            _log(out / "metrics.jsonl", algo.iteration, result)
            if algo.iteration % config.eval_every == 0 and steps < config.steps:
                path = out / "checkpoints" / f"iter_{algo.iteration}"
                run.checkpointed(path, steps, _evaluate(algo, config, path, steps))
        if steps > begun or run.progress.get("checkpoint") != final.name:
            run.checkpointed(final, steps, _evaluate(algo, config, final, steps))
        run.add_time("training", time.perf_counter() - started)
        run.save()
    finally:
        bar.close()
        algo.stop()
    write_curve(out, run.progress["curve"])
    return final


def _log(path: Path, iteration: int, result: dict) -> None:
    """Append one iteration's sampling counts (per module: who played how many decisions)."""
    from ray.rllib.utils.metrics import (
        ENV_RUNNER_RESULTS,
        NUM_ENV_STEPS_SAMPLED_LIFETIME,
        NUM_EPISODES_LIFETIME,
        NUM_MODULE_STEPS_SAMPLED_LIFETIME,
    )

    runners = result[ENV_RUNNER_RESULTS]
    row = {"iteration": iteration,
           "env_steps": int(runners.get(NUM_ENV_STEPS_SAMPLED_LIFETIME, 0)),
           "episodes": int(runners.get(NUM_EPISODES_LIFETIME, 0)),
           "module_steps": {k: int(v) for k, v in
                            runners.get(NUM_MODULE_STEPS_SAMPLED_LIFETIME, {}).items()},
           "opponent_games": {k: int(v) for k, v in runners.get(OPPONENT_GAMES, {}).items()},
           "snapshots": int(result.get("league_snapshots", 0))}
    with open(path, "a") as f:
        f.write(json.dumps(row) + "\n")


def _evaluate(algo, config: RLlibConfig, path: Path, steps: int) -> dict:
    algo.save_to_path(str(path))
    row = {"steps": steps}
    for bot in config.eval_bots or reference_opponents(config.game):
        rate, low, high = evaluate_bot(config.game, config.num_players, f"rllib:{path}", bot,
                                       config.eval_games, options=config.options)
        row.update({f"{bot}_win": rate, f"{bot}_low": low, f"{bot}_high": high})
    return row
