"""MkDocs hook: the tables of the game pages (docs/games/<game>.md), generated from the code.

A game page names its game in its front matter (`game: aquilon`) and holds four placeholder
lines, each replaced at build time by a table (`on_page_markdown`):

    <!-- spec-table -->         env ids and names of every door, players, options, spaces
    <!-- action-table -->       the action id ranges (the engine's A_* constants)
    <!-- observation-table -->  the observation's named pieces (SPEC.observation_layout)
    <!-- version-table -->      the version history (the table of docs/rules/<game>.md)

The ids, sizes, defaults and observation pieces come from the code; the words of the action
table come from the page's front matter (`actions:` one meaning per A_* constant). The build
fails (strict or not) when the page and the code disagree: an A_* constant without a meaning or
a meaning without a constant, a version table whose last row is not the current env id, a
placeholder missing or unknown.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
# The pages describe the code beside them (not another installed copy).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TOKENS = ("spec-table", "action-table", "observation-table", "version-table")
PLACEHOLDER = re.compile(r"^<!-- ([a-z-]+-table) -->$", re.MULTILINE)
# The options every environment takes (tabletop_core.aec.TurnBasedEnv), with their values.
COMMON_OPTIONS = {
    "render_mode": "\"human\", \"ansi\", \"rgb_array\"",
    "render_seat": "the public view, or a seat 0..n-1",
    "reward_mode": None,  # filled from tabletop_core.rewards.REWARD_MODES
    "illegal_action": None,  # filled from tabletop_core.options.ILLEGAL_ACTION_MODES
    "max_moves": "no limit, or N: truncate after N moves of all seats",
}


# -- reading the code ----------------------------------------------------------------------
def game_options(package) -> list[tuple[str, Any, str]]:
    """(name, default, allowed values) of each option of the game's make_config; the allowed
    values are the module's tuple named after the option (mode: MODES), when there is one."""
    env_module = importlib.import_module(f"{package.__name__}.env")
    rows = []
    for name, param in inspect.signature(package.SPEC.make_config).parameters.items():
        if name == "num_players" or param.kind is param.VAR_KEYWORD:
            continue
        allowed = getattr(env_module, name.upper() + "S", None) or getattr(
            env_module, name.upper(), None)
        words = ", ".join(f'"{v}"' for v in allowed) if isinstance(allowed, tuple) else ""
        rows.append((name, param.default, words))
    return rows


def _py(value: Any) -> str:
    """A default as Python source with double quotes, as the pages write strings."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


# -- the tables ----------------------------------------------------------------------------
def table(header: tuple[str, ...], rows: list[tuple]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def spec_table(package, meta: dict) -> str:
    from tabletop_core.aec import TurnBasedEnv
    from tabletop_core.options import ILLEGAL_ACTION_MODES
    from tabletop_core.rewards import REWARD_MODES

    spec = package.SPEC
    mod = package.__name__
    aec_default = inspect.signature(package.raw_env.__init__).parameters["num_players"].default
    multi, single = spec.rllib_env_name, spec.rllib_single_agent_env_name
    spiel = spec.openspiel_params
    no_op = spec.num_actions
    prefix = spec.agent_prefix
    common = dict(COMMON_OPTIONS, reward_mode=", ".join(f'"{m}"' for m in REWARD_MODES),
                  illegal_action=", ".join(f'"{m}"' for m in ILLEGAL_ACTION_MODES))
    defaults = inspect.signature(TurnBasedEnv.__init__).parameters
    options = [f"`{name}={_py(defaults[name].default)}` ({values})"
               for name, values in common.items()]
    own = [f"`{name}={_py(default)}`" + (f" ({words})" if words else "")
           for name, default, words in game_options(package)]
    drawing = importlib.import_module(f"{mod}.drawing")
    frames = [(n, drawing.size(n)) for n in range(spec.min_players, spec.max_players + 1)]
    play_limit = f"{spec.play_max_moves:,}"
    rows = [
        ("PettingZoo AEC", f"`{mod}.env()` (`raw_env()` unwrapped); id `{spec.env_id}` "
                           f"(`pettingzoo.make(\"aec\", \"{spec.env_id}\")`), "
                           f"`metadata[\"name\"]` `{package.raw_env.metadata['name']}`"),
        ("PettingZoo Parallel", f"`{mod}.parallel_env()`; id `{spec.env_id}` "
                                f"(`pettingzoo.make(\"parallel\", ...)`), `metadata[\"name\"]` "
                                f"`{package.raw_parallel_env.metadata['name']}`"),
        ("Batch", f"`{mod}.BatchEnv(num_envs, num_players, seed)`"),
        ("RLlib", f"`{multi}` (`TabletopMultiAgentEnv`), `{single}` "
                  f"(`TabletopSingleAgentEnv`), after `tabletop_core.rllib.register_envs()`"),
        ("OpenSpiel", f"`pyspiel.load_game(\"python_{spec.name}\")` after importing "
                      "`tabletop_core.openspiel`; parameters "
                      + ", ".join(f"`{k}={_py(v)}`" for k, v in spiel.items())),
        ("Agents", f"`{prefix}_0` … `{prefix}_{{n-1}}` (seat order)"),
        ("Players", f"{spec.min_players}–{spec.max_players}; `num_players` default "
                    f"{aec_default}"),
        ("Game options", ", ".join(own) if own else "none"),
        ("Options of every env", "; ".join(options)),
        ("Action space", f"`Discrete({spec.num_actions})` (AEC, batch, RLlib, OpenSpiel); "
                         f"Parallel `Discrete({no_op + 1})`: the no-op is id {no_op}"),
        ("Observation", f"`Dict(observation=Box(-1, 1, ({spec.obs_size},), float32), "
                        f"action_mask=Box(0, 1, ({spec.num_actions},), int8))`; "
                        f"`state()`: `Box(-1, 1, ({spec.obs_size},), float32)`, the full state"),
        ("Rewards", "at the end of the game only; `reward_mode` "
                    + " or ".join(f'"{m}"' for m in REWARD_MODES)
                    + " (rank and margin zero-sum; score: the game's final scores as they are)"),
        ("Move limit", f"none unless `max_moves`; tournaments, evaluation, human play and "
                       f"replays use {play_limit} (`GameSpec.play_max_moves`)"),
        ("Drawing", "`render_mode=\"rgb_array\"` frames `uint8[H, W, 3]`: " + ", ".join(
            f"{n} players {h} × {w}" for n, (w, h) in frames)),
        ("Engine state", f"`int32[{spec.state_size}]` (generator included: a copy is a "
                         "snapshot)"),
    ]
    return table(("", spec.name + " v" + str(spec.version)), rows)


def action_table(package, meta: dict) -> str:
    spec = package.SPEC
    layout = importlib.import_module(f"{package.__name__}.engine.layout")
    starts = sorted((value, name) for name, value in vars(layout).items()
                    if name.startswith("A_") and isinstance(value, int))
    meanings = dict(meta.get("actions") or {})
    names = [name for _, name in starts]
    missing = [n for n in names if n not in meanings]
    unknown = [n for n in meanings if n not in names]
    if missing or unknown:
        raise PluginError(f"docs/games/{spec.name}.md actions: no meaning for {missing}, "
                          f"no constant {unknown} in {layout.__name__}")
    if not starts or starts[0][0] != 0 or len({v for v, _ in starts}) != len(starts):
        raise PluginError(f"{layout.__name__}: the A_* constants do not tile 0..NUM_ACTIONS")
    ends = [v for v, _ in starts[1:]] + [spec.num_actions]
    rows = []
    for (first, name), end in zip(starts, ends, strict=True):
        ids = str(first) if end - first == 1 else f"{first}–{end - 1}"
        rows.append((ids, end - first, f"`{name}`", meanings[name]))
    rows.append((str(spec.num_actions), 1, "`no_op`",
                 "Parallel view only: the one legal action of a seat that does not decide now "
                 "(`env.no_op`)"))
    return table(("ids", "count", "constant", "meaning"), rows)


def observation_table(package, meta: dict) -> str:
    """The observation's named pieces, as the code declares them
    (`SPEC.observation_layout`, tabletop_core.observation)."""
    return package.SPEC.observation_layout.markdown().rstrip("\n")


def version_table(package, meta: dict) -> str:
    """The "Versions" table of docs/rules/<game>.md, whose last row must be the current id."""
    spec = package.SPEC
    text = (ROOT / "docs" / "rules" / f"{spec.name}.md").read_text(encoding="utf-8")
    found = re.search(r"^#+ (?:\d+\. )?Versions\n+((?:\|.*\n?)+)", text, re.MULTILINE)
    if not found:
        raise PluginError(f"docs/rules/{spec.name}.md has no Versions table")
    lines = found.group(1).strip().splitlines()
    if f"`{spec.env_id}`" not in lines[-1]:
        raise PluginError(f"docs/rules/{spec.name}.md: the last version is not {spec.env_id}")
    return "\n".join(lines)


BUILDERS = {"spec-table": spec_table, "action-table": action_table,
            "observation-table": observation_table, "version-table": version_table}


def game_tables(game: str, meta: dict) -> dict[str, str]:
    """Every table of a game page, by placeholder name."""
    from tabletop_core.games import game_module

    package = game_module(game)
    return {token: build(package, meta) for token, build in BUILDERS.items()}


# -- the hook ------------------------------------------------------------------------------
def on_page_markdown(markdown: str, page, config, files) -> str:
    game = page.meta.get("game")
    found = PLACEHOLDER.findall(markdown)
    if game is None:
        if found:
            raise PluginError(f"{page.file.src_uri}: table placeholders need `game:` in the "
                              "front matter")
        return markdown
    missing = [t for t in TOKENS if t not in found]
    unknown = [t for t in found if t not in TOKENS]
    if missing or unknown:
        raise PluginError(f"{page.file.src_uri}: placeholders missing {missing}, unknown "
                          f"{unknown}")
    tables = game_tables(game, page.meta)
    return PLACEHOLDER.sub(lambda m: tables[m.group(1)], markdown)
