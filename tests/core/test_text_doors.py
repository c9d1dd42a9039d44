"""The text doors of every game (issue 10): `render()` is the public view unless the env is
built for a seat (`render_seat`), bad viewers are refused, replays are written for a viewer."""


import numpy as np
import pytest

from agents.play.records import play_game, replay
from tabletop_core.games import game_module, game_names, game_spec
from tabletop_core.text import PUBLIC, check_viewer, require_legal

GAMES = {name: game_spec(name).default_players for name in game_names()}


def _env(game, **kwargs):
    return game_module(game).raw_env(num_players=GAMES[game], **kwargs)


@pytest.mark.parametrize("game", GAMES)
def test_render_is_public_unless_built_for_a_seat(game):
    public = _env(game, render_mode="ansi")
    seat = _env(game, render_mode="ansi", render_seat=1)
    for env in (public, seat):
        env.reset(seed=3)
    assert public.render() == public.game.render_text(public.clone_state(), PUBLIC)
    assert "(you)" not in public.render()
    assert seat.render() == seat.game.render_text(seat.clone_state(), 1)
    assert "1 (you)" in seat.render()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [-1, 7, True, "1", 1.0])
def test_a_bad_render_seat_is_refused_at_construction(game, bad):
    with pytest.raises(ValueError, match="render_seat must be None"):
        _env(game, render_seat=bad)


@pytest.mark.parametrize("game", GAMES)
def test_render_text_refuses_a_viewer_that_is_not_a_seat(game):
    env = _env(game)
    env.reset(seed=1)
    for bad in (GAMES[game], -2, True, 0.5):
        with pytest.raises(ValueError, match="viewer"):
            env.game.render_text(env.clone_state(), bad)


def test_shared_checks():
    assert check_viewer(np.int64(2), 3) == 2
    mask_of = lambda state, mask: mask.__setitem__(slice(2, 5), 1)  # noqa: E731
    assert require_legal(mask_of, 8, None, np.int32(3)) == 3
    with pytest.raises(ValueError, match="not legal now; legal: 2-4"):
        require_legal(mask_of, 8, None, 6)


@pytest.mark.parametrize("game", GAMES)
def test_every_illegal_id_is_refused(game):
    env = _env(game)
    env.reset(seed=2)
    legal = set(env.legal_actions())
    for action in range(env.game.num_actions):
        if action not in legal:
            with pytest.raises(ValueError, match="not legal now"):
                env.action_to_string(action)
            with pytest.raises(ValueError, match="not legal now"):
                env.game.public_action_to_string(env.clone_state(), action)


def test_a_replay_for_a_seat_shows_the_others_sealed_choices_only_by_name():
    record = play_game("aquilon", 3, ["random", "random", "random"], seed=5)
    everything, seat1 = [], []
    replay(record, show=everything.append)
    replay(record, show=seat1.append, viewer=1)
    assert "finished game, every seat's hidden choices shown" in everything[0]
    assert "as seat 1 saw it" in seat1[0]
    own = [line for line in seat1[1:-1] if " lord_1 " in line]
    others = [line for line in seat1[1:-1] if " lord_1 " not in line]
    assert any(": bid " in line for line in own)
    assert not any(": bid " in line for line in others)
    assert any("places a bid" in line for line in others)
    assert sum(": bid " in line for line in everything) > sum(": bid " in line for line in own)
    spectator = []
    replay(record, show=spectator.append, viewer=-1)
    assert "as a spectator saw it" in spectator[0]
    assert not any(": bid " in line for line in spectator)


@pytest.mark.parametrize("game", GAMES)
def test_a_person_reads_only_its_seat_in_every_game(game):
    """A whole game through `tabletop human` (scripted answers): the screens are the seat's
    view, the other seats' moves are their public descriptions, the last screen the final
    count."""
    from agents.play.human import play_human

    shown = []
    record = play_human(game, GAMES[game], seat=1, bots=["random"], seed=2,
                        read=lambda prompt: "0", write=shown.append)
    assert record.bots[1] == "you" and "Game over" in shown[-1]
    screens = [text for text in shown if text.startswith("\n") and "[0]" in text]
    assert screens and all("1 (you)" in text for text in screens)
    others = [line for line in shown if line.startswith("seat ")]
    assert others and not any("so far" in line or ": bid " in line for line in others)
    assert "every holding shown" in shown[-2]
