"""The baseline recipe: imitation of the heuristic, then PPO against it and past selves.

`tabletop train --game <game> --recipe baseline` runs, in `out` (default
runs/baseline-<game>):

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
from dataclasses import asdict, dataclass
from pathlib import Path

from agents.baseline.imitation import collect_demonstrations, pretrain
from agents.baseline.policy import MaskedMLP
from agents.games import load_game
from agents.training.evaluation import evaluate_bot, write_curve
from agents.training.opponent_pool import OpponentPool
from agents.training.runs import RunProgress, read_record, with_overrides

SEARCH_OPPONENT = "ismcts:200"


@dataclass(frozen=True)
class Recipe:
    """Everything that defines a baseline run (written to recipe.json)."""

    game: str
    num_players: int
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
    seed: int = 0


# One recipe per game: the player count of the shipped policy and the budgets that fit about
# two hours of this library's reference machine (2 cores); the runs are in docs/training.md.
RECIPES = {
    "aquilon": Recipe("aquilon", 2, steps=1_500_000, search_games=10),
    "dragon": Recipe("dragon", 3),
    # Simurgh's games are ten times longer: fewer, larger chunks, and no search opponent in
    # the curve (20 games against ismcts:200 would take longer than the whole run)
    "simurgh": Recipe("simurgh", 2, steps=3_000_000, chunk=250_000, eval_games=40,
                      search_games=0),
}


def recipe_for(game: str, **overrides) -> Recipe:
    """The game's recipe with some fields replaced (e.g. steps=5000 for a short run);
    ValueError for an unknown game or field."""
    if game not in RECIPES:
        raise ValueError(f"no baseline recipe for {game!r}: {', '.join(RECIPES)}")
    recipe = with_overrides(RECIPES[game], overrides, "recipe")
    for name in ("demonstrations", "pretrain_epochs", "steps", "chunk", "num_envs", "n_steps",
                 "batch_size", "eval_games", "search_every", "final_games"):
        if getattr(recipe, name) < 1:
            raise ValueError(f"{name} must be at least 1, got {getattr(recipe, name)}")
    if recipe.search_games < 0 or not 0.0 <= recipe.epsilon <= 1.0 or \
            not 0.0 <= recipe.snapshot_share <= 1.0:
        raise ValueError("search_games must be at least 0, epsilon and snapshot_share "
                         "within [0, 1]")
    load_game(game).SPEC.check_num_players(recipe.num_players)
    return recipe


class _Run(RunProgress):
    """The files of one run in `out`, and what is already done there."""

    def __init__(self, recipe: Recipe, out: Path, command: str):
        self.recipe = recipe
        out.mkdir(parents=True, exist_ok=True)
        super().__init__(out, {"command": command, "wall_time_s": {}, "curve": [],
                               "imitation": []})
        saved = out / "recipe.json"
        if saved.exists():
            before = read_record(saved)
            changed = sorted(k for k in before if before[k] != asdict(recipe).get(k))
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


def run_recipe(recipe: Recipe, out: str | Path, command: str = "", progress: bool = True,
               log=print) -> Path:
    """Run (or resume) the recipe in `out`; return the path of `baseline.npz`."""
    import torch
    from sb3_contrib import MaskablePPO

    from agents.training.selfplay import SelfPlayVecEnv, frozen_policy

    torch.set_num_threads(1)
    torch.manual_seed(recipe.seed)
    run = _Run(recipe, Path(out), command)
    game = load_game(recipe.game).SPEC
    pool = OpponentPool(bots=("heuristic",), snapshot_share=recipe.snapshot_share,
                        seed=recipe.seed)
    env = SelfPlayVecEnv(recipe.game, recipe.num_envs, recipe.num_players, pool,
                         seed=recipe.seed)
    ppo_settings = dict(learning_rate=recipe.learning_rate, ent_coef=recipe.ent_coef,
                        gamma=1.0, n_steps=recipe.n_steps, batch_size=recipe.batch_size)
    pretrained = run.out / "pretrained.zip"
    if not pretrained.exists():
        start = time.perf_counter()
        data = collect_demonstrations(recipe.game, recipe.num_players, recipe.demonstrations,
                                      seed=recipe.seed, epsilon=recipe.epsilon)
        run.add_time("demonstrations", time.perf_counter() - start)
        log(f"demonstrations: {len(data):,} decisions of the heuristic")
        start = time.perf_counter()
        model = MaskablePPO("MlpPolicy", env, seed=recipe.seed, verbose=0, device="cpu",
                            policy_kwargs={"net_arch": [256, 256]}, **ppo_settings)
        run.progress["imitation"] = pretrain(model.policy, data, epochs=recipe.pretrain_epochs,
                                             seed=recipe.seed)
        del data
        model.save(pretrained)
        run.add_time("imitation", time.perf_counter() - start)
        last = run.progress["imitation"][-1]
        log(f"imitation: agrees with the heuristic on {last['agreement']:.1%} of held-out "
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
        model.learn(chunk, reset_num_timesteps=False, progress_bar=False)
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
                                       "heuristic", recipe.final_games, seed=recipe.seed + 77,
                                       one_seat=True)
        run.add_time("final evaluation", time.perf_counter() - start)
        run.progress["final"] = {"opponent": "heuristic", "games": recipe.final_games,
                                 "win": rate, "low": low, "high": high}
        run.save()
    final = run.progress["final"]
    log(f"final: {final['win']:.1%} ({final['low']:.1%}-{final['high']:.1%}) of "
        f"{final['games']} games won against the heuristic; policy in {result}")
    (run.out / "baseline.json").write_text(json.dumps(
        {"recipe": asdict(recipe), **run.progress}, indent=2))
    return result


def _evaluate(run: _Run, recipe: Recipe, steps: int, path: Path, log) -> None:
    """One point of the learning curve for the model saved at `path`."""
    start = time.perf_counter()
    bot = f"ppo:{path}"
    row = {"steps": steps}
    opponents = ["random", "heuristic"]
    chunks = steps // recipe.chunk
    if recipe.search_games and chunks % recipe.search_every == 0:
        opponents.append(SEARCH_OPPONENT)
    for opponent in opponents:
        games = recipe.eval_games
        if opponent == SEARCH_OPPONENT:
            games = min(recipe.search_games, recipe.eval_games)
        rate, low, high = evaluate_bot(recipe.game, recipe.num_players, bot, opponent, games,
                                       seed=recipe.seed + 10_000 + steps, one_seat=True)
        row.update({f"{opponent}_win": rate, f"{opponent}_low": low, f"{opponent}_high": high})
    run.progress["curve"].append(row)
    run.add_time("evaluation", time.perf_counter() - start)
    run.save()
    write_curve(run.out, run.progress["curve"],
                title=f"{recipe.game}, {recipe.num_players} players: the policy in one seat",
                parity=1 / recipe.num_players)
    shown = ", ".join(f"{o} {row[f'{o}_win']:.0%}" for o in opponents)
    log(f"{steps:>9,} steps: win rate against {shown}")
