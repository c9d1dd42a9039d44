"""A person's game that stops early (input closed) is saved as an unfinished log, which
`replay` shows up to where it stopped, saying so; `--html` refuses it in one line; `replay
--step` with input closed ends cleanly."""


from agents.play.records import GameRecord
from tests.agents.command_line import tabletop


def test_an_abandoned_game_is_saved_and_replayed_up_to_where_it_stopped(tmp_path):
    log = tmp_path / "my-game.json"
    done = tabletop("human", "--game", "aquilon", "--players", "2", "--save", str(log),
                    cwd=tmp_path, stdin="0\n0\n")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        line for line in done.stderr.strip().splitlines() if "end of input" in line]
    assert "game abandoned after" in done.stderr
    assert f"game saved to {log} (unfinished" in done.stdout
    record = GameRecord.load(log)
    assert record.unfinished and record.scores == [] and record.rewards == []
    assert record.bots[0] == "you" and len(record.actions) >= 2

    shown = tabletop("replay", str(log), cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.strip().splitlines()
    assert "unfinished game (it stopped after" in lines[0]
    assert len([line for line in lines if line[:4].strip().isdigit()]) == len(record.actions)
    assert "stopped here" in lines[-1] and "final scores" not in shown.stdout

    page = tabletop("replay", str(log), "--html", str(tmp_path / "replay.html"), cwd=tmp_path)
    assert page.returncode == 2 and "Traceback" not in page.stderr
    assert len(page.stderr.strip().splitlines()) == 1 and "unfinished" in page.stderr
    assert not (tmp_path / "replay.html").exists()

    stepped = tabletop("replay", str(log), "--step", "--seat", "0", cwd=tmp_path)
    assert stepped.returncode == 0 and stepped.stderr == ""
    assert stepped.stdout.strip().splitlines()[-1] == "end of input: replay stopped"


def test_replay_step_with_input_closed_ends_cleanly(tmp_path):
    log = tmp_path / "game.json"
    done = tabletop("tournament", "--game", "aquilon", "--players", "2", "--bots",
                    "random,heuristic", "--games", "1", "--workers", "1", "--quiet",
                    "--save-logs", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (tmp_path / "logs-aquilon-2p" / "game-0.json").rename(log)
    # two Enters, then the input ends
    stepped = tabletop("replay", str(log), "--step", cwd=tmp_path, stdin="\n\n")
    assert stepped.returncode == 0 and stepped.stderr == ""
    lines = stepped.stdout.strip().splitlines()
    assert len(lines) == 4 and lines[-1] == "end of input: replay stopped"


def test_an_unfinished_log_that_says_so_must_stop_before_the_end(tmp_path):
    from agents.play.records import play_game, replay_game

    record = play_game("aquilon", 2, ["random", "random"], seed=3)
    cut = GameRecord(**{**record.__dict__, "scores": [], "rewards": [], "unfinished": True})
    try:
        replay_game(cut)
    except ValueError as error:
        assert "unfinished" in str(error)
    else:
        raise AssertionError("a finished game's log marked unfinished was accepted")
    partial = GameRecord(**{**cut.__dict__, "actions": record.actions[:5]})
    assert len(replay_game(partial).steps) == 5
    saved = tmp_path / "partial.json"
    partial.save(saved)
    assert GameRecord.load(saved) == partial
