"""Expert iteration: `tabletop train az --game <game>`.

One network serves every table size of `table_mix` (the sizes and the share of each round's
games played at each; empty: `num_players` alone): it reads the table's size in the
observation, and its value head writes a value per seat of the game's largest table, the
seats past a sample's table left out of the loss. Round k of a run in `out` (default
runs/az-<game>):

1. **Self-play**: `games` games split over the table sizes by their shares, every seat's
   decisions searched by `az` with the network of round k (`networks/net_<k>.npz`) at
   `iterations` per decision, the moves played by the search, with root noise, or by the
   network's policy (`played_by`; see `agents.az.selfplay`); on this machine's cores or on a
   Ray cluster (`address`), game g dealt from its own seed, so a round's samples are the same
   whatever the workers. Samples kept in `samples/round_<k>.npz`.
2. **Training**: the policy-value network (torch) on the samples of the last `window` rounds,
   `epochs` passes: cross-entropy of the policy against the searched roots' policy targets
   (`policy_target`, `agents.az.targets`: the visit shares, or the prior raised by the
   search's Q values), plus `value_weight` times the squared error of the value head against
   the game's outcome, a share `value_mix` of the deciding seat's replaced by the root's
   searched reward (`agents.az.targets.value_targets`).
   The result is `networks/net_<k+1>.npz`, the next round's network.
3. **Evaluation** (every `eval_every` rounds and after the last), at every table size:
   `az` with the new network against `heuristic`, `baseline` (each where the game's profile
   has it, and the shipped `baseline` plays that size) and `ismcts` at the same iterations,
   and the network alone (`baseline:<net>`) against `heuristic` (`random` in a game without
   one); one seat against the opponent in all others, seats rotated (parity 1 / players), a
   game cut at `max_moves` a draw, as in self-play; the curve has a row per round and table
   size (its samples, losses and matches), drawn in `learning_curve.csv/png` for
   `num_players` and `learning_curve_<n>p.csv/png` for each other size.
4. **Distillation** (after the last round): a copy of the network whose policy is trained
   `distill_epochs` more passes over the samples of every round (the search's choices through
   the whole run, where a round's training sees only its window), its value head as it is;
   this is `network.npz`, and its policy alone is evaluated at every size once more.

The network starts from the shipped `baseline` (this library's: the game's `az` network,
its policy and value head; a policy file without a value head gets a new one;
`from_scratch`, or a game with no `baseline` shipped: both new; `start`: the policy and value
head of a network file, e.g. another run's, to go on training it, whatever table sizes it
served: a value head of fewer seats gets new outputs for the others); the first
`playout_rounds` rounds search with playouts at the leaves (the value head is still
untrained; none when the start has a trained head), the later ones with the value head.
Everything resumes: a run started again with the same `out` goes on after its last finished
round (the optimizer's state, the sample window and the curve restored), a run given more
`rounds` continues.
The iteration itself (`state.pt`, `networks/`) never sees the distilled copy, so a run given
more rounds goes on from the last round and distils again at its end.
The result is `network.npz` (playable as `az:<budget>:<file>`; its policy alone as
`baseline:<file>`) and `az.json` (the command, the recipe, wall times and the curve).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import time
from dataclasses import MISSING, asdict, dataclass, fields, replace
from pathlib import Path
from typing import ClassVar

import numpy as np

from agents.az.selfplay import PLAYED_BY, Samples, SelfPlaySettings
from agents.az.targets import POLICY_TARGETS, policy_targets, seat_mask, value_targets
from agents.bots.baseline import shipped_policy_path
from agents.games import load_game
from agents.play.evaluate import evaluate_bot
from agents.play.records import game_seed
from agents.profiles import game_profile
from agents.training.config import RecipeConfig
from agents.training.curve import write_curve
from agents.training.runs import (
    COUNT,
    NUMBER,
    OBJECT,
    TEXT,
    TIMES,
    RunProgress,
    read_record,
    rows_of,
)


@dataclass(frozen=True, kw_only=True)
class AZRecipe(RecipeConfig):
    """Everything that defines an expert-iteration run (written to recipe.json). The game's
    profile sets its defaults (`agents.profiles`; the reasons in docs/training.md, "Why these
    defaults"): the player count of its shipped network, games per round sized to the game's
    length, and a self-play move limit no game of random or heuristic play reaches."""

    recipe: ClassVar[str] = "az"
    budget: ClassVar[str] = "rounds"
    positive: ClassVar[tuple[str, ...]] = (
        "rounds", "games", "iterations", "window", "epochs", "batch_size", "eval_games",
        "eval_every")

    rounds: int = 20
    games: int = 100
    iterations: int = 200
    c_puct: float = 2.0
    noise_alpha: float = 0.3
    noise_fraction: float = 0.25
    sample_moves: int = 30
    max_moves: int = 2_000
    played_by: str = "search"
    from_scratch: bool = False
    start: str = ""
    playout_rounds: int = 1
    table_mix: tuple[tuple[int, float], ...] = ()  # (table size, share of the games)
    value_hidden: tuple[int, ...] = (256, 256)
    scratch_hidden: tuple[int, ...] = (256, 256)
    window: int = 4
    epochs: int = 2
    batch_size: int = 256
    learning_rate: float = 3e-4
    value_weight: float = 1.0
    value_mix: float = 0.0
    policy_target: str = "visits"
    distill_epochs: int = 30
    eval_games: int = 40
    eval_every: int = 1

    @property
    def settings(self) -> SelfPlaySettings:
        """The search and move choice of the self-play games."""
        return SelfPlaySettings(self.iterations, self.c_puct, self.noise_alpha,
                                self.noise_fraction, self.sample_moves, self.max_moves,
                                self.played_by, dict(self.options))

    @property
    def tables(self) -> tuple[tuple[int, float], ...]:
        """(table size, share of each round's games), smallest table first."""
        return tuple(sorted((int(n), float(s)) for n, s in self.table_mix)) or (
            (self.num_players, 1.0),)

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players the network serves."""
        return self.tables[0][0], self.tables[-1][0]

    def table_games(self) -> dict[int, int]:
        """Each table size's share of a round's `games` (largest remainders; every size at
        least one game)."""
        exact = [self.games * share for _, share in self.tables]
        counts = [max(1, int(x)) for x in exact]
        by_remainder = sorted(range(len(exact)), key=lambda i: counts[i] - exact[i])
        for i in by_remainder[:max(0, self.games - sum(counts))]:
            counts[i] += 1
        return {n: c for (n, _), c in zip(self.tables, counts, strict=True)}

    def _check_tables(self, spec) -> None:
        if not all(isinstance(pair, tuple | list) and len(pair) == 2
                   for pair in self.table_mix):
            raise ValueError(f"table_mix must be (table size, share) pairs, got "
                             f"{self.table_mix!r}")
        sizes = [n for n, _ in self.tables]
        shares = [s for _, s in self.tables]
        for n in sizes:
            spec.check_num_players(n)
        if sizes != list(range(sizes[0], sizes[-1] + 1)):
            raise ValueError(f"table_mix must give every size from its fewest to its most "
                             f"players once, got sizes {sizes}")
        if min(shares) <= 0 or abs(sum(shares) - 1.0) > 1e-6:
            raise ValueError(f"table_mix's shares must be above 0 and sum to 1, got {shares}")
        if self.num_players not in sizes:
            raise ValueError(f"num_players {self.num_players} is not a size of table_mix "
                             f"{sizes}")
        if self.games < len(sizes):
            raise ValueError(f"games must be at least one per table size ({len(sizes)})")

    def check(self) -> None:
        """`RecipeConfig.check`, and the ranges of the search's and training's settings and of
        the table mix; a `start` network must fit the game."""
        super().check()
        spec = load_game(self.game).SPEC
        self._check_tables(spec)
        if min(self.playout_rounds, self.sample_moves, self.distill_epochs) < 0:
            raise ValueError("playout_rounds, sample_moves and distill_epochs must be at "
                             "least 0")
        if self.max_moves < 10:
            raise ValueError(f"max_moves must be at least 10, got {self.max_moves}")
        if not (0.0 <= self.noise_fraction <= 1.0 and self.noise_alpha > 0
                and self.c_puct > 0 and self.learning_rate > 0 and self.value_weight >= 0
                and 0.0 <= self.value_mix <= 1.0):
            raise ValueError("noise_fraction and value_mix must be within [0, 1]; "
                             "noise_alpha, c_puct and learning_rate above 0; value_weight at "
                             "least 0")
        if self.played_by not in PLAYED_BY:
            raise ValueError(f"played_by must be one of {', '.join(PLAYED_BY)}, got "
                             f"{self.played_by!r}")
        if self.policy_target not in POLICY_TARGETS:
            raise ValueError(f"policy_target must be one of {', '.join(POLICY_TARGETS)}, got "
                             f"{self.policy_target!r}")
        if not all(h >= 1 for h in (*self.value_hidden, *self.scratch_hidden)):
            raise ValueError("hidden layer sizes must be at least 1")
        if self.start:
            if self.from_scratch:
                raise ValueError("start from a network or from scratch, not both")
            from agents.bots.az import load_network

            load_network(self.start, spec, None)

    @property
    def starts_from_scratch(self) -> bool:
        """Whether round 0's network is all new: asked for, or no baseline is shipped."""
        return self.from_scratch or (not self.start
                                     and shipped_policy_path(self.game) is None)


_DEFAULTS = json.loads(json.dumps({
    f.name: f.default if f.default is not MISSING else f.default_factory()
    for f in fields(AZRecipe) if MISSING not in (f.default, f.default_factory)
    or f.default is not MISSING or f.default_factory is not MISSING}))


class _Run(RunProgress):
    """The files of one run in `out`, and how far it got."""

    FIELDS = {"command": TEXT, "rounds_done": COUNT, "wall_time_s": TIMES,
              "curve": rows_of(NUMBER, round=COUNT)}
    OPTIONAL = {"start_sha256": TEXT, "distilled": OBJECT}

    def __init__(self, recipe: AZRecipe, out: Path, command: str):
        self.recipe = recipe
        saved = out / "recipe.json"
        if saved.exists():
            # (a field newer than the run reads as its default, which the run then used)
            before = {**_DEFAULTS, **read_record(saved)}
            mine = json.loads(json.dumps(asdict(recipe)))
            changed = sorted(k for k in set(before) | set(mine) - {"out"}
                             if before.get(k) != mine.get(k))
            if set(changed) - {"rounds", "eval_games", "eval_every", "distill_epochs"}:
                raise ValueError(f"{out} holds a run of another recipe (differs in "
                                 f"{', '.join(changed)}); use another --out")
        super().__init__(out, {"command": command, "rounds_done": 0, "wall_time_s": {},
                               "curve": []})
        if self.progress["rounds_done"] > recipe.rounds:
            raise ValueError(f"{out} already holds {self.progress['rounds_done']} rounds, more "
                             f"than the {recipe.rounds} asked; ask for at least as many")
        # Every round's samples are read again (the window, the distillation): refused now,
        # not after a round of self-play, if they cannot be.
        for k in range(self.progress["rounds_done"]):
            Samples.check_file(self.samples(k))
        self.progress["command"] = command or self.progress["command"]
        for folder in ("networks", "samples"):
            (out / folder).mkdir(parents=True, exist_ok=True)
        saved.write_text(json.dumps(asdict(recipe), indent=2))

    def network(self, k: int) -> Path:
        return self.out / "networks" / f"net_{k}.npz"

    def samples(self, k: int) -> Path:
        return self.out / "samples" / f"round_{k}.npz"


def start_network(recipe: AZRecipe, game):
    """The network before round 0 and whether its value head is trained: the layers of
    `start` or else of the shipped baseline (a new value head if it has none), or (from
    scratch) all new."""
    from agents.az.network import PolicyValueNet
    from agents.bots.az import load_network

    if recipe.starts_from_scratch:
        return PolicyValueNet.for_game(game, recipe.players, recipe.scratch_hidden,
                                       recipe.value_hidden), False
    start = load_network(recipe.start or str(shipped_policy_path(game.name)), game, None)
    return (PolicyValueNet.from_network(start, game, recipe.players, recipe.value_hidden),
            start.value_layers > 0)


def new_optimizer(net, recipe: AZRecipe):
    """The Adam optimizer of a run's rounds, over the whole network (policy and value)."""
    import torch

    return torch.optim.Adam(net.parameters(), lr=recipe.learning_rate, weight_decay=1e-5)


def round_seeds(recipe: AZRecipe, k: int) -> list[int]:
    """The seeds of round k's self-play games (dealt from the recipe's seed and k)."""
    return [game_seed(recipe.seed * 1_000_003 + k, g) for g in range(recipe.games)]


def train_round(net, optimizer, data: Samples, recipe: AZRecipe,
                k: int) -> dict[int, dict[str, float]]:
    """`recipe.epochs` passes over `data` (shuffled from the recipe's seed and k); the last
    pass's mean losses at each table size of the data. A row's value loss is the mean
    squared error over the seats at its table."""
    import torch

    from agents.az.network import masked_log_softmax

    obs = torch.from_numpy(data.observations)
    masks = torch.from_numpy(data.masks)
    targets = torch.from_numpy(policy_targets(data, recipe.policy_target))
    values = torch.from_numpy(value_targets(data, recipe.value_mix))
    seats = torch.from_numpy(seat_mask(data))
    generator = torch.Generator().manual_seed(recipe.seed * 1_000_003 + k)
    net.train()
    for _ in range(recipe.epochs):
        order = torch.randperm(len(data), generator=generator)
        losses = np.zeros((len(data), 2))
        for start in range(0, len(data), recipe.batch_size):
            batch = order[start:start + recipe.batch_size]
            logits, predicted = net(obs[batch])
            log_probs = masked_log_softmax(logits, masks[batch])
            policy_loss = -(targets[batch] * log_probs.masked_fill(~masks[batch], 0.0)).sum(-1)
            errors = ((predicted - values[batch]) ** 2).masked_fill(~seats[batch], 0.0)
            value_loss = errors.sum(-1) / seats[batch].sum(-1)
            loss = policy_loss.mean() + recipe.value_weight * value_loss.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses[batch.numpy()] = torch.stack([policy_loss, value_loss], 1).detach().numpy()
    net.eval()
    return {int(n): {"policy_loss": float(losses[data.players == n, 0].mean()),
                     "value_loss": float(losses[data.players == n, 1].mean())}
            for n in np.unique(data.players)}


def distill(net, data: Samples, recipe: AZRecipe):
    """A copy of `net` whose policy is trained `recipe.distill_epochs` passes over `data`
    (its value head untouched); and the last pass's losses at each table size."""
    import torch

    student = copy.deepcopy(net)
    optimizer = torch.optim.Adam(student.policy.parameters(), lr=recipe.learning_rate,
                                 weight_decay=1e-5)
    passes = replace(recipe, epochs=recipe.distill_epochs, value_weight=0.0)
    return student, train_round(student, optimizer, data, passes, recipe.rounds)


def network_opponent(game: str) -> str:
    """Whom the network alone is measured against: `heuristic`, or `random` in a game
    without one."""
    return "heuristic" if game_profile(game).heuristic else "random"


def baseline_plays(game: str, num_players: int) -> bool:
    """Whether the shipped `baseline` plays `game` at `num_players` players."""
    from agents.bots.baseline import load_policy

    try:
        load_policy(None, load_game(game).SPEC, num_players)
    except ValueError:
        return False
    return True


def evaluate_round(recipe: AZRecipe, network: Path, k: int, workers: int | None,
                   num_players: int) -> dict:
    """One point of the curve at one table size: `az` with `network` against `heuristic`
    and `baseline` (where the game has them and they play this size) and `ismcts` at the
    same iterations, and the network alone against `network_opponent` (one seat against the
    opponent in all others; a game cut at the recipe's move limit is a draw)."""
    row: dict = {}
    budget = recipe.iterations
    searched = f"az:{budget}:{network}"
    pairs = [(searched, "heuristic", "heuristic") if game_profile(recipe.game).heuristic
             else None,
             (searched, "baseline", "baseline") if baseline_plays(recipe.game, num_players)
             else None,
             (searched, f"ismcts:{budget}", "ismcts"),
             (f"baseline:{network}", network_opponent(recipe.game), "network_alone")]
    for bot, opponent, name in filter(None, pairs):
        rate, low, high = evaluate_bot(recipe.game, num_players, bot, opponent,
                                       recipe.eval_games, seed=recipe.seed + 10_000 + k,
                                       one_seat=True, workers=workers,
                                       max_moves=recipe.max_moves, options=recipe.options)
        row.update({f"{name}_win": rate, f"{name}_low": low, f"{name}_high": high})
    return row


def curve_labels(game: str) -> dict[str, str]:
    """The legend of each line of the learning curve."""
    return {"heuristic": "az vs heuristic", "baseline": "az vs baseline",
            "ismcts": "az vs ismcts (same iterations)",
            "network_alone": f"network alone vs {network_opponent(game)}"}


def run_az_recipe(recipe: AZRecipe, command: str = "", workers: int | None = None,
                  address: str | None = None, log=print) -> Path:
    """Run (or resume) expert iteration in the recipe's `out`; return the path of
    `network.npz`.
    `workers`: self-play processes (default all cores), or with `address` (a Ray cluster)
    the tasks at once; the training itself runs here."""
    import torch

    from agents.az.workers import generate_games
    from agents.bots.az import load_network

    if address is not None:
        from agents.cluster import import_ray

        import_ray("self-play on a Ray cluster")
    torch.set_num_threads(os.cpu_count() or 1)
    out = Path(recipe.out)
    run = _Run(recipe, out, command)
    game = load_game(recipe.game).SPEC
    torch.manual_seed(recipe.seed)
    net, trained_value = start_network(recipe, game)
    playout_rounds = 0 if trained_value else recipe.playout_rounds
    optimizer = new_optimizer(net, recipe)
    done = run.progress["rounds_done"]
    state_file = out / "state.pt"
    if done:
        state = torch.load(state_file, weights_only=True)
        net.load_state_dict(state["net"])
        optimizer.load_state_dict(state["optimizer"])
    else:
        net.export(run.network(0), game, with_value=playout_rounds == 0)
        if recipe.start:
            run.progress["start_sha256"] = hashlib.sha256(Path(recipe.start).read_bytes()
                                                          ).hexdigest()
    labels = curve_labels(recipe.game)
    for k in range(done, recipe.rounds):
        start = time.perf_counter()
        parts, seeds = [], iter(round_seeds(recipe, k))
        network = load_network(str(run.network(k)), game, None)  # (it serves every size)
        for n, count in recipe.table_games().items():
            parts.append(generate_games(recipe.game, n, network,
                                        [next(seeds) for _ in range(count)], recipe.settings,
                                        workers, address)[0])
        samples = Samples.join(parts)
        samples.save(run.samples(k))
        run.add_time("self-play", time.perf_counter() - start)
        start = time.perf_counter()
        window = Samples.join([Samples.load(run.samples(j))
                               for j in range(max(0, k + 1 - recipe.window), k + 1)])
        losses = train_round(net, optimizer, window, recipe, k)
        net.export(run.network(k + 1), game, with_value=k + 1 >= playout_rounds)
        run.add_time("training", time.perf_counter() - start)
        evaluated = (k + 1) % recipe.eval_every == 0 or k + 1 == recipe.rounds
        for n, _ in recipe.tables:
            row = {"round": k + 1, "players": n,
                   "samples": int((samples.players == n).sum()), **losses[n]}
            if evaluated:
                start = time.perf_counter()
                row.update(evaluate_round(recipe, run.network(k + 1), k + 1, workers, n))
                run.add_time("evaluation", time.perf_counter() - start)
            run.progress["curve"].append(row)
            shown = ", ".join(f"{labels[o]} {row[f'{o}_win']:.0%}" for o in labels
                              if f"{o}_win" in row)
            log(f"round {k + 1}/{recipe.rounds}, {n} players: {row['samples']:,} samples, "
                f"policy loss {row['policy_loss']:.3f}, value loss {row['value_loss']:.3f}"
                + (f"; {shown}" if shown else ""))
        # the state is saved with the round's record: a run stopped in its evaluation plays
        # the round again from the state it started from, not trained twice
        torch.save({"net": net.state_dict(), "optimizer": optimizer.state_dict()}, state_file)
        run.progress["rounds_done"] = k + 1
        run.save()
        _draw(run)
    result = out / "network.npz"
    if recipe.distill_epochs:
        start = time.perf_counter()
        every_round = Samples.join([Samples.load(run.samples(j)) for j in range(recipe.rounds)])
        student, losses = distill(net, every_round, recipe)
        student.export(result, game)
        opponent = network_opponent(recipe.game)
        by_size = {}
        for n, _ in recipe.tables:
            rate, low, high = evaluate_bot(recipe.game, n, f"baseline:{result}", opponent,
                                           recipe.eval_games, seed=recipe.seed + 20_000,
                                           one_seat=True, workers=workers,
                                           max_moves=recipe.max_moves, options=recipe.options)
            by_size[str(n)] = {"policy_loss": losses[n]["policy_loss"],
                               "network_alone_win": rate, "network_alone_low": low,
                               "network_alone_high": high}
            log(f"distilled, {n} players: policy loss {losses[n]['policy_loss']:.3f}; network "
                f"alone vs {opponent} {rate:.0%} ({low:.0%}-{high:.0%})")
        run.progress["distilled"] = {"epochs": recipe.distill_epochs,
                                     "samples": len(every_round), "opponent": opponent,
                                     "players": by_size}
        run.add_time("distillation", time.perf_counter() - start)
        run.save()
    else:
        net.export(result, game)
        run.progress.pop("distilled", None)
    (out / "az.json").write_text(json.dumps({"recipe": asdict(recipe), **run.progress},
                                            indent=2))
    return result


def _draw(run: _Run) -> None:
    """The learning curve of each table size (`num_players`'s `learning_curve`, each
    other's `learning_curve_<n>p`)."""
    recipe = run.recipe
    for n, _ in recipe.tables:
        rows = [{("steps" if key == "round" else key): value for key, value in row.items()}
                for row in run.progress["curve"] if "ismcts_win" in row and row["players"] == n]
        if rows:
            write_curve(run.out, rows, title=f"{recipe.game}, {n} players: one seat against "
                        "the opponent in all others", parity=1 / n,
                        labels=curve_labels(recipe.game), xlabel="round of expert iteration",
                        x_range=(0.5, recipe.rounds + 0.5),
                        stem="learning_curve" if n == recipe.num_players
                        else f"learning_curve_{n}p")
