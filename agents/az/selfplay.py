"""One self-play game of expert iteration: every seat searches with `az` from its own view.

Each decision with more than one legal action is searched from a state that `determinize`
draws from the deciding seat's information (the `SeatView` a bot gets; the search samples its
own worlds from that seat again). Who plays the move is `played_by`:

- `search` (AlphaZero): the search, with Dirichlet noise on the root's prior; the move is drawn
  in proportion to the root's visits for the game's first `sample_moves` decisions, then the
  most visited.
- `policy` (the apprentice of Expert Iteration, Anthony et al. 2017; DAgger's rule): the
  network's policy alone, drawn from its softmax for the first `sample_moves` decisions, then
  its most probable action; the search, without noise, only labels the decision. The samples
  are then the states the policy itself reaches, the ones it will meet when it plays alone.

Every searched decision becomes a training sample: the seat's observation and mask, the root's
visits, the mean reward (Q) of each visited root action and the network's prior logits there
(from which `agents.az.targets` makes the policy target) and, once the game is over, its
outcome from that seat on (the value target: seat (seat + k) % num_players in place k, on the
scale of the search's rewards, rank reward plus score margin; as wide as the game's largest
table, zero past this one) and the table's size. A game cut at `max_moves`
(Simurgh's rules let players who never lay or clear a tile play forever:
docs/rules/simurgh.md, "Game length") counts as a draw, every value target 0, as tournaments
count it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np

from agents.bots.az import run_az_batch
from agents.bots.base import seat_view
from agents.games import load_game
from agents.play.records import game_over
from agents.profiles import game_profile
from agents.search import AZNetwork
from agents.search.playout import rollout_rewards

PLAYED_BY = ("search", "policy")


@dataclass(frozen=True)
class SelfPlaySettings:
    """How the self-play games are searched and played."""

    iterations: int = 200
    c_puct: float = 2.0
    noise_alpha: float = 0.3
    noise_fraction: float = 0.25
    sample_moves: int = 30
    max_moves: int = 2_000  # moves of all seats; a longer game is cut and counts as a draw
    played_by: str = "search"  # or "policy": see the module's docstring
    options: dict = field(default_factory=dict)  # the game's own options


@dataclass
class Samples:
    """Training samples, one row per searched decision."""

    observations: np.ndarray  # float32 [T, obs_size]
    masks: np.ndarray  # bool [T, num_actions]
    visits: np.ndarray  # float32 [T, num_actions]: root visits (legal actions only)
    q_values: np.ndarray  # float32 [T, num_actions]: root actions' mean rewards (0 unvisited)
    prior_logits: np.ndarray  # float32 [T, num_actions]: the network's logits at the root
    values: np.ndarray  # float32 [T, max_players]: outcome from the deciding seat on
    players: np.ndarray  # int8 [T]: the table's size (values past it are 0 and not learnt)

    def __len__(self) -> int:
        return len(self.observations)

    @classmethod
    def join(cls, parts: list[Samples]) -> Samples:
        """All rows of `parts`, in order."""
        return cls(*(np.concatenate([getattr(p, f.name) for p in parts]) for f in fields(cls)))

    def arrays(self) -> dict[str, np.ndarray]:
        """The fields by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def save(self, path: Path) -> None:
        """Write the samples to `path` (a compressed `.npz`; `Samples.load` reads it back)."""
        np.savez_compressed(path, **self.arrays())

    @classmethod
    def load(cls, path: Path) -> Samples:
        """The samples saved at `path`; ValueError (one line) as `check_file` says."""
        with cls._open(path) as data:
            return cls(**{f.name: data[f.name] for f in fields(cls)})

    @classmethod
    def check_file(cls, path: Path) -> None:
        """ValueError (one line) if `path` is missing or holds samples written by another
        version (other fields)."""
        with cls._open(path):
            pass

    @classmethod
    def _open(cls, path: Path):
        if not path.is_file():
            raise ValueError(f"{path} is missing: the run cannot go on without its samples")
        data = np.load(path, allow_pickle=False)
        wanted = [f.name for f in fields(cls)]
        if set(data.files) != set(wanted):
            data.close()
            raise ValueError(f"{path} holds samples of another format "
                             f"({', '.join(sorted(data.files))}; this version writes "
                             f"{', '.join(wanted)}): start the run in a new --out")
        return data


def outcome(game, state: np.ndarray, num_players: int) -> np.ndarray:
    """Every seat's reward on the search's scale at `state` (the end of the game, or its move
    limit): rank reward plus the score-margin term."""
    scores = np.zeros(num_players)
    keys = np.zeros(num_players, np.int64)
    game.final_scores(state, scores, keys)
    rewards = np.zeros(num_players)
    rollout_rewards(scores, keys, num_players, rewards)
    return rewards


def play_selfplay_game(game_name: str, num_players: int, network: AZNetwork, seed: int,
                       settings: SelfPlaySettings) -> Samples:
    """Play one game dealt from `seed`, every seat searching with `network`; its samples.
    The same arguments give the same samples."""
    return play_selfplay_games(game_name, num_players, network, [seed], settings)[0]


def play_selfplay_games(game_name: str, num_players: int, network: AZNetwork,
                        seeds: list[int], settings: SelfPlaySettings) -> list[Samples]:
    """Play one game per seed side by side, their searches run as one batch (the network
    evaluates their leaves together); each game's samples are those it gives alone."""
    module = load_game(game_name)
    game = module.SPEC
    search_settings = game_profile(game_name).az
    by_search = settings.played_by == "search"
    envs, rngs, rows = [], [], []
    for seed in seeds:
        env = module.raw_env(num_players=num_players, max_moves=settings.max_moves,
                             **settings.options)
        env.reset(seed=seed)
        envs.append(env)
        rngs.append(np.random.default_rng(seed))
        rows.append([])
    while True:
        waiting, views, roots, search_seeds = [], [], [], []
        for g, env in enumerate(envs):
            while not game_over(env):
                view = seat_view(env, env.possible_agents.index(env.agent_selection))
                legal = view.legal_actions()
                if len(legal) > 1:
                    waiting.append(g)
                    views.append(view)
                    roots.append(view.sample_state(int(rngs[g].integers(2**62))))
                    search_seeds.append(int(rngs[g].integers(2**62)))
                    break
                env.step(int(legal[0]))
        if not waiting:
            break
        result = run_az_batch(
            game, network, np.array(roots), [v.seat for v in views],
            [num_players] * len(views), np.array([v.action_mask for v in views]),
            search_seeds, iterations=settings.iterations, c_puct=settings.c_puct,
            noise_alpha=settings.noise_alpha,
            noise_fraction=settings.noise_fraction if by_search else 0.0, **search_settings)
        for b, (g, view) in enumerate(zip(waiting, views, strict=True)):
            tree = result.forest.row(b)
            legal = view.legal_actions()
            visits = tree.root_visits()
            visits[~view.action_mask.astype(bool)] = 0.0
            if visits.sum() == 0:  # (no iteration reached the root's children)
                visits[legal] = 1.0
            if by_search:
                chances = visits / visits.sum()
            else:  # the root's logits are the policy's on this seat's observation
                logits = tree.logits[0][legal].astype(np.float64)
                weights = np.exp(logits - logits.max())
                chances = np.zeros(len(visits))
                chances[legal] = weights / weights.sum()
            if len(rows[g]) < settings.sample_moves:
                action = int(rngs[g].choice(len(chances), p=chances))
            else:
                action = int(np.argmax(chances))
            rows[g].append((view.observation, view.action_mask.astype(bool), visits,
                            tree.root_values(), tree.logits[0], view.seat))
            envs[g].step(action)
    return [_samples(game, env, game_rows, num_players)
            for env, game_rows in zip(envs, rows, strict=True)]


def _samples(game, env, rows: list[tuple], num_players: int) -> Samples:
    """A finished game's rows as samples, each with the outcome from its seat on."""
    cut = all(env.truncations.values())
    rewards = np.zeros(num_players) if cut else outcome(game, env.clone_state(), num_players)
    order = np.arange(num_players)
    values = np.zeros((len(rows), game.max_players), np.float32)
    for i, (*_, seat) in enumerate(rows):
        values[i, :num_players] = rewards[(seat + order) % num_players]
    kinds = ((np.float32, game.obs_size), (bool, game.num_actions),
             *[(np.float32, game.num_actions)] * 3)
    columns = [np.array([r[k] for r in rows], dtype).reshape(len(rows), width)
               for k, (dtype, width) in enumerate(kinds)]
    return Samples(*columns, values, np.full(len(rows), num_players, np.int8))
