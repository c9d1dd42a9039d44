"""The baseline recipe: imitation of the heuristic, then PPO against it and past selves.

`tabletop train baseline --game <game>` runs, in `out` (default runs/baseline-<game>), with
the game's reference bot (`agents.profiles.GameProfile.reference_bot`: its heuristic, or
`random` in a game without one) as "the heuristic" below:

1. **Demonstrations**: `demonstrations` decisions of the heuristic in every seat, collected at
   batch speed (`agents.baseline.imitation`; 10% random moves, labels always the heuristic's).
2. **Imitation**: a MaskablePPO policy (256x256 tanh MLP, separate value network) fitted to
   them for `pretrain_epochs` epochs, the value head to the final rewards: `pretrained.zip`.
3. **PPO**: MaskablePPO from that policy on a `SelfPlayVecEnv` whose opponents are the
   heuristic and snapshots of the learner (one every chunk), `steps` learner decisions in
   chunks of `chunk`; after each chunk a checkpoint (`checkpoints/model_<steps>.zip`) and an
   evaluation against `random` and `heuristic` (and every `search_every` chunks against
   `ismcts:200`, in `search_games` games), written to `learning_curve.csv/png`. Every
   evaluation seats the policy in one seat against the opponent in all the others, seats
   rotated (parity 1 / players).
4. **Result**: `final_games` games against the heuristic with rotated seats, and the policy
   network alone as `baseline.npz` (playable as `baseline:<path>`), with `baseline.json`
   (the command, the recipe, wall time per stage, the curve and the final result).

Every stage resumes: a run started again with the same `out` skips what is done and
continues PPO from the latest checkpoint (its opponent pool rebuilt from the latest
checkpoints); a run given more `steps` goes on from where it stopped. Wall times add up across
resumed runs.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import ClassVar

from agents.baseline.imitation import collect_demonstrations, pretrain
from agents.bots.mlp import MaskedMLP
from agents.games import load_game
from agents.play.evaluate import evaluate_bot
from agents.profiles import game_profile
from agents.training.config import RecipeConfig
from agents.training.curve import write_curve
from agents.training.opponent_pool import OpponentPool
from agents.training.runs import (
    COUNT,
    NUMBER,
    TEXT,
    TIMES,
    RunProgress,
    read_record,
    record_of,
    rows_of,
)

SEARCH_OPPONENT = "ismcts:200"


@dataclass(frozen=True, kw_only=True)
class BaselineRecipe(RecipeConfig):
    """Everything that defines a baseline run (written to recipe.json); the game's profile
    sets its defaults (`agents.profiles`; the reasons in docs/training.md, "Why these
    defaults"): by default about two hours of this library's reference machine (2 cores)."""

    recipe: ClassVar[str] = "baseline"
    budget: ClassVar[str] = "steps"
    positive: ClassVar[tuple[str, ...]] = (
        "demonstrations", "pretrain_epochs", "steps", "chunk", "num_envs", "n_steps",
        "batch_size", "eval_games", "search_every", "final_games")

    demonstrations: int = 200_000
    epsilon: float = 0.1
    pretrain_epochs: int = 4
    steps: int = 2_000_000
    chunk: int = 100_000
    learning_rate: float = 1e-4
    ent_coef: float = 0.001
    num_envs: int = 64
    n_steps: int = 128
    batch_size: int = 2048
    snapshot_share: float = 0.25
    eval_games: int = 100
    search_every: int = 5
    search_games: int = 20  # at most eval_games; 0: no search opponent in the curve
    final_games: int = 200

    @classmethod
    def for_game(cls, game: str, **overrides) -> BaselineRecipe:
        """`RecipeConfig.for_game`, PPO's chunks no longer than the whole run."""
        recipe = super().for_game(game, **overrides)
        return recipe if recipe.chunk <= recipe.steps else replace(recipe, chunk=recipe.steps)

    def check(self) -> None:
        """`RecipeConfig.check`, and shares within [0, 1]."""
        super().check()
        if self.search_games < 0 or not 0.0 <= self.epsilon <= 1.0 or \
                not 0.0 <= self.snapshot_share <= 1.0:
            raise ValueError("search_games must be at least 0, epsilon and snapshot_share "
                             "within [0, 1]")


class _Run(RunProgress):
    """The files of one run in `out`, and what is already done there."""

    FIELDS = {"command": TEXT, "wall_time_s": TIMES, "curve": rows_of(NUMBER, steps=COUNT),
              "imitation": rows_of()}
    OPTIONAL = {"final": record_of(opponent=TEXT, games=COUNT, win=NUMBER, low=NUMBER,
                                   high=NUMBER)}

    def __init__(self, recipe: BaselineRecipe, out: Path, command: str):
        self.recipe = recipe
        out.mkdir(parents=True, exist_ok=True)
        super().__init__(out, {"command": command, "wall_time_s": {}, "curve": [],
                               "imitation": []})
        saved = out / "recipe.json"
        if saved.exists():
            before = read_record(saved)
            changed = sorted(k for k in before if k != "out"
                             and before[k] != asdict(recipe).get(k))
            if set(changed) - {"steps", "chunk"}:
                raise ValueError(f"{out} holds a run of another recipe (differs in "
                                 f"{', '.join(changed)}); use another --out")
            if changed:  # a longer (or shorter) run: PPO goes on, the result is measured again
                self.progress.pop("final", None)
                self.progress["command"] = command
        done = self.checkpoints()
        if done and done[-1][0] > recipe.steps:
            raise ValueError(f"{out} already holds {done[-1][0]:,} steps of PPO, more than "
                             f"the {recipe.steps:,} asked; ask for at least as many")
        saved.write_text(json.dumps(asdict(recipe), indent=2))

    def checkpoints(self) -> list[tuple[int, Path]]:
        found = [(int(p.stem.split("_")[1]), p)
                 for p in (self.out / "checkpoints").glob("model_*.zip")]
        return sorted(found)


def run_recipe(recipe: BaselineRecipe, command: str = "", progress: bool = True,
               log=print) -> Path:
    """Run (or resume) the recipe in its `out`; return the path of `baseline.npz`."""
    import torch
    from sb3_contrib import MaskablePPO

    from agents.training.callbacks import FastestThreads, PhaseThreads, update_threads
    from agents.training.selfplay import SelfPlayVecEnv, frozen_policy

    # one torch thread while the engines play; where torch works alone (the imitation, PPO's
    # updates) the count measured fastest as it goes (agents.training.callbacks)
    torch.set_num_threads(1)
    torch.manual_seed(recipe.seed)
    run = _Run(recipe, Path(recipe.out), command)
    game = load_game(recipe.game).SPEC
    teacher = game_profile(recipe.game).reference_bot()
    pool = OpponentPool(bots=(teacher,), snapshot_share=recipe.snapshot_share,
                        seed=recipe.seed)
    env = SelfPlayVecEnv(recipe.game, recipe.num_envs, recipe.num_players, pool,
                         seed=recipe.seed, **recipe.options)
    ppo_settings = dict(learning_rate=recipe.learning_rate, ent_coef=recipe.ent_coef,
                        gamma=1.0, n_steps=recipe.n_steps, batch_size=recipe.batch_size)
    pretrained = run.out / "pretrained.zip"
    if not pretrained.exists():
        start = time.perf_counter()
        data = collect_demonstrations(recipe.game, recipe.num_players, recipe.demonstrations,
                                      seed=recipe.seed, epsilon=recipe.epsilon,
                                      teacher=teacher, options=recipe.options)
        run.add_time("demonstrations", time.perf_counter() - start)
        log(f"demonstrations: {len(data):,} decisions of {teacher}")
        start = time.perf_counter()
        model = MaskablePPO("MlpPolicy", env, seed=recipe.seed, verbose=0, device="cpu",
                            policy_kwargs={"net_arch": [256, 256]}, **ppo_settings)
        run.progress["imitation"] = pretrain(model.policy, data, epochs=recipe.pretrain_epochs,
                                             seed=recipe.seed,
                                             threads=FastestThreads((1, update_threads())))
        torch.set_num_threads(1)
        del data
        model.save(pretrained)
        run.add_time("imitation", time.perf_counter() - start)
        last = run.progress["imitation"][-1]
        log(f"imitation: agrees with {teacher} on {last['agreement']:.1%} of held-out "
            "decisions")
        run.save()
    done = run.checkpoints()
    start_from = done[-1][1] if done else pretrained
    model = MaskablePPO.load(start_from, env=env, device="cpu", **ppo_settings)
    for _, path in done[-pool.max_snapshots:]:
        pool.add_snapshot(frozen_policy(MaskablePPO.load(path, device="cpu").policy))
    steps = done[-1][0] if done else 0
    if not done:
        _evaluate(run, recipe, 0, pretrained, log)
    while steps < recipe.steps:
        start = time.perf_counter()
        chunk = min(recipe.chunk, recipe.steps - steps)
        model.learn(chunk, reset_num_timesteps=False, callback=PhaseThreads())
        steps += chunk
        path = run.out / "checkpoints" / f"model_{steps}.zip"
        path.parent.mkdir(exist_ok=True)
        model.save(path)
        pool.add_snapshot(frozen_policy(model.policy))
        run.add_time("ppo", time.perf_counter() - start)
        _evaluate(run, recipe, steps, path, log)
    result = run.out / "baseline.npz"
    MaskedMLP.from_sb3(model.policy, game, recipe.num_players).save(result)
    if "final" not in run.progress:
        start = time.perf_counter()
        rate, low, high = evaluate_bot(recipe.game, recipe.num_players, f"baseline:{result}",
                                       teacher, recipe.final_games, seed=recipe.seed + 77,
                                       one_seat=True, options=recipe.options)
        run.add_time("final evaluation", time.perf_counter() - start)
        run.progress["final"] = {"opponent": teacher, "games": recipe.final_games,
                                 "win": rate, "low": low, "high": high}
        run.save()
    final = run.progress["final"]
    log(f"final: {final['win']:.1%} ({final['low']:.1%}-{final['high']:.1%}) of "
        f"{final['games']} games won against {final['opponent']}; policy in {result}")
    (run.out / "baseline.json").write_text(json.dumps(
        {"recipe": asdict(recipe), **run.progress}, indent=2))
    return result


def _evaluate(run: _Run, recipe: BaselineRecipe, steps: int, path: Path, log) -> None:
    """One point of the learning curve for the model saved at `path`."""
    start = time.perf_counter()
    bot = f"ppo:{path}"
    row = {"steps": steps}
    opponents = list(dict.fromkeys(["random", game_profile(recipe.game).reference_bot()]))
    chunks = steps // recipe.chunk
    if recipe.search_games and chunks % recipe.search_every == 0:
        opponents.append(SEARCH_OPPONENT)
    for opponent in opponents:
        games = recipe.eval_games
        if opponent == SEARCH_OPPONENT:
            games = min(recipe.search_games, recipe.eval_games)
        rate, low, high = evaluate_bot(recipe.game, recipe.num_players, bot, opponent, games,
                                       seed=recipe.seed + 10_000 + steps, one_seat=True,
                                       options=recipe.options)
        row.update({f"{opponent}_win": rate, f"{opponent}_low": low, f"{opponent}_high": high})
    run.progress["curve"].append(row)
    run.add_time("evaluation", time.perf_counter() - start)
    run.save()
    write_curve(run.out, run.progress["curve"],
                title=f"{recipe.game}, {recipe.num_players} players: the policy in one seat",
                parity=1 / recipe.num_players)
    shown = ", ".join(f"{o} {row[f'{o}_win']:.0%}" for o in opponents)
    log(f"{steps:>9,} steps: win rate against {shown}")
