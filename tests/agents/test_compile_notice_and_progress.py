"""The line that says a game's engine is compiling (once per process, only with a cold numba
cache), and progress that prints lines in a log, where a bar would show only its last state."""

import io
import os
import subprocess
import sys
from pathlib import Path

from agents.play.progress import LogProgress, progress_bar
from agents.play.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[2]
FIRST_USE = """
import aquilon_env

env = aquilon_env.raw_env(num_players=2)
env.reset(seed=0)
env.step(int(env.legal_actions()[0]))
batch = aquilon_env.BatchEnv(num_envs=2, num_players=2, seed=0)
batch.reset()
batch.step(batch.sample_random_actions())
"""


def first_use(cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "TABLETOP_COMPILE_NOTICE": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get(
               "PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-c", FIRST_USE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1800)


def test_a_cold_cache_says_once_that_it_compiles_and_a_warm_one_says_nothing(tmp_path):
    cold = first_use(tmp_path / "numba")
    assert cold.returncode == 0, cold.stderr
    notices = [line for line in cold.stderr.splitlines() if "compiling" in line]
    assert len(notices) == 1, cold.stderr
    assert notices[0].startswith("aquilon: compiling") and "minute" in notices[0]
    warm = first_use(tmp_path / "numba")
    assert warm.returncode == 0, warm.stderr
    assert "compiling" not in warm.stderr


def test_progress_in_a_log_prints_a_line_per_tenth():
    out = io.StringIO()
    bar = progress_bar(40, "games", unit="games", stream=out)
    assert isinstance(bar, LogProgress)
    for _ in range(40):
        bar.update()
    bar.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 11 and lines[0] == "games: 0/40 games (0%)"
    assert lines[-1].startswith("games: 40/40 games (100%)") and "left" not in lines[-1]
    assert "left" in lines[5]


def test_a_tournament_away_from_a_terminal_prints_several_progress_lines(capsys):
    run_tournament("aquilon", 2, ["random", "heuristic"], 10, workers=1, progress=True)
    err = capsys.readouterr().err.splitlines()
    progress = [line for line in err if line.startswith("aquilon 2p: ")]
    assert len(progress) >= 5 and progress[-1].startswith("aquilon 2p: 10/10 games")


def test_a_command_imports_no_game_it_does_not_play_but_its_help_lists_their_options():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
        os.environ.get("PYTHONPATH")])])}
    code = ("import sys\nfrom agents.cli import _parser\nparser, _ = _parser()\n"
            "parser.parse_known_args(['tournament', '--game', 'aquilon'])\n"
            "from tabletop_core.games import game_names, game_package\n"
            "packages = {game_package(name) for name in game_names()}\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in packages))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"  # a game's first import compiles its engine
    shown = subprocess.run([sys.executable, "-m", "agents", "tournament", "--help"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=1800)
    assert shown.returncode == 0, shown.stderr
    assert "simurgh: mode (default" in " ".join(shown.stdout.split())
