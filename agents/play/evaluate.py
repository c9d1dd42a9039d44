"""The match harness: how strong is an agent against each opponent, at a table size.

`evaluate(agent, game, opponents)` plays, for each opponent, a match of seeded games with the
seats rotated and returns a `MatchResult` per opponent: the agent's share of wins with its 95%
Wilson interval, the share equal players would have (parity), its mean reward and both sides'
OpenSkill ratings. The agent and the opponents are bot specs (`random`, `ismcts:200`,
`<module>:<callable>`...), `Bot`s or functions `(observation, action_mask) -> action` of one
seat's observation and mask (`agents.bots.as_bot`). Tournaments, the recipes' evaluations and
the benchmarks all play through `run_tournament` beneath it.

    import agents

    def greedy(observation, action_mask):
        return int(action_mask.nonzero()[0][0])

    for result in agents.evaluate(greedy, "aquilon", ["random", "heuristic"], games=40):
        print(result.opponent, f"{result.win_rate:.0%}", result.win_low, result.win_high)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from agents.bots import Seat, bot_name, check_bots_fit
from agents.games import load_game
from agents.play.tournament import run_tournament, truncation_note, wilson_interval
from agents.profiles import game_profile


@dataclass
class MatchResult:
    """One match of an agent against one opponent."""

    agent: str
    opponent: str
    game: str
    num_players: int
    games: int
    one_seat: bool
    wins: float  # games won by the agent's seats (a shared win counts its share)
    win_rate: float
    win_low: float
    win_high: float
    parity: float  # the win rate of equal players: 1 / num_players with one seat, else 1/2
    mean_reward: float  # per agent seat
    agent_rating_mu: float
    agent_rating_sigma: float
    opponent_rating_mu: float
    opponent_rating_sigma: float
    truncated: int  # games cut at the move limit (draws)
    truncation_note: str | None  # the sentence on them (`truncation_note`), or None


def play_match(game: str, agent: Seat, opponent: Seat, games: int,
               num_players: int | None = None, seed: int = 10_000, one_seat: bool = True,
               workers: int | None = 1, options: dict | None = None,
               max_moves: int | None = -1, progress: bool = False) -> MatchResult:
    """`games` games of `agent` against `opponent`, seats rotated. With `one_seat` the agent
    plays one seat against the opponent in all the others (parity 1 / num_players); else the
    two fill the table alternately (parity 1/2). A game cut at `max_moves` (default: the
    game's play limit) is a draw. ValueError if the two cannot be told apart (the same name:
    name one by its file, e.g. `baseline:<policy.npz>`)."""
    players = game_profile(game).play_players if num_players is None else num_players
    load_game(game).SPEC.check_num_players(players)
    if games < 1:
        raise ValueError(f"a match needs at least 1 game, got {games}")
    name, other = bot_name(agent), bot_name(opponent)
    if name == other:
        raise ValueError(f"bot and opponent are both {name!r}: their seats cannot be told "
                         "apart (name one by its file)")
    table = [agent] + [opponent] * (players - 1) if one_seat else [agent, opponent]
    results, records = run_tournament(game, players, table, games, seed=seed, workers=workers,
                                      progress=progress, options=options, max_moves=max_moves)
    by_bot = {r.bot: r for r in results}
    won = 0.0
    rewards = []
    for record in records:
        best = max(record.rewards)
        winners = [s for s, x in enumerate(record.rewards) if x == best]
        won += sum(record.bots[s] == name for s in winners) / len(winners)
        rewards += [x for s, x in enumerate(record.rewards) if record.bots[s] == name]
    low, high = wilson_interval(won, len(records))
    return MatchResult(
        name, other, game, players, len(records), one_seat, won, won / len(records), low, high,
        1 / players if one_seat else 0.5, sum(rewards) / len(rewards),
        by_bot[name].rating_mu, by_bot[name].rating_sigma, by_bot[other].rating_mu,
        by_bot[other].rating_sigma, sum(r.truncated for r in records),
        truncation_note(records))


def evaluate(agent: Seat, game: str, opponents: list[Seat] | None = None,
             num_players: int | None = None, games: int = 100, seed: int = 0,
             one_seat: bool = True, workers: int | None = None, options: dict | None = None,
             max_moves: int | None = -1, progress: bool = False) -> list[MatchResult]:
    """A match of `agent` against each of `opponents` (default: `random` and the game's
    `heuristic`, where it has one) at `num_players` (default: the game's table of play),
    `games` games each, game g of every match dealt from (seed, g); see `play_match`. Every
    bot is checked against the game before any game is played."""
    profile = game_profile(game)
    players = profile.play_players if num_players is None else num_players
    load_game(game).SPEC.check_num_players(players)
    if opponents is None:
        opponents = ["random", *(["heuristic"] if profile.heuristic else [])]
    if not opponents:
        raise ValueError("evaluate needs at least one opponent")
    check_bots_fit([agent, *opponents], game, players)
    return [play_match(game, agent, opponent, games, players, seed, one_seat, workers,
                       options, max_moves, progress) for opponent in opponents]


def evaluate_bot(game: str, num_players: int, bot: Seat, opponent: Seat, games: int,
                 seed: int = 10_000, one_seat: bool = False, workers: int | None = 1,
                 max_moves: int | None = -1,
                 options: dict | None = None) -> tuple[float, float, float]:
    """(win rate, low, high) of `play_match` (the recipes' evaluations), with a line on
    stderr for games cut at the move limit."""
    result = play_match(game, bot, opponent, games, num_players, seed, one_seat, workers,
                        options, max_moves)
    if result.truncation_note:
        print(f"evaluation of {result.agent} against {result.opponent}: "
              f"{result.truncation_note}", file=sys.stderr)
    return result.win_rate, result.win_low, result.win_high


def format_matches(results: list[MatchResult]) -> str:
    """The results of `evaluate` as a Markdown table."""
    lines = ["| opponent | players | games | win rate (95% CI) | parity | mean reward | "
             "rating (agent / opponent) |", "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(
            f"| {r.opponent} | {r.num_players} | {r.games} | {r.win_rate:.1%} "
            f"({r.win_low:.1%}-{r.win_high:.1%}) | {r.parity:.1%} | {r.mean_reward:+.3f} | "
            f"{r.agent_rating_mu:.1f} / {r.opponent_rating_mu:.1f} |")
    return "\n".join(lines)


def plot_matches(path: str, title: str, results: list[MatchResult]) -> None:
    """A PNG of `evaluate`'s results: the agent's win share against each opponent with its 95%
    interval, and a dashed line at parity (what an equal player would win)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from agents.play.tournament import bot_label

    fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(results) + 2.0), 3.8))
    for x, r in enumerate(results):
        ax.bar(x, r.win_rate, yerr=[[r.win_rate - r.win_low], [r.win_high - r.win_rate]],
               capsize=5, color="#4a7fb0", width=0.6)
        ax.hlines(r.parity, x - 0.42, x + 0.42, colors="#888888", linestyles="--",
                  linewidth=1.2, label="parity (an equal player)" if x == 0 else None)
        ax.annotate(f"{r.win_rate:.0%}", (x, r.win_high), textcoords="offset points",
                    xytext=(0, 4), ha="center", fontsize=8)
    ax.set_xticks(range(len(results)), [f"vs {bot_label(r.opponent)}" for r in results],
                  fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win share (95% CI)")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
