"""Table drawings: valid SVG of a fixed size for every game, player count and mode; the same
drawing for a viewer whatever it cannot see (determinize twins); the viewer's own secrets drawn
for it; `render_mode="rgb_array"` frames of a fixed shape that follow the game."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from tabletop_core.games import game_module, game_package, game_spec

from .game_tables import GAMES, full_options, game_tables
from .random_play import random_states

SVG = "{http://www.w3.org/2000/svg}"


def drawn_states(game: str, n: int, options: dict, games: int = 2):
    """The game's spec, its drawing module and states met along random games (at most 60 of
    each, the final one of each game included), every seat's observation of them (and the
    full state view) within [-1, 1]. Every 7th decision: prime to every table size, so that
    the states meet every seat to act (and so sealed choices of the seats before it)."""
    spec = game_spec(game)
    states = list(random_states(game, n, options, games=games, seed=1, every=7, final=True,
                                per_game=60))
    obs = np.zeros(spec.obs_size, np.float32)
    for state in states:
        for viewer in range(-1, n):
            spec.observe(state, viewer, obs)
            assert -1.0 <= obs.min() and obs.max() <= 1.0
    drawing = importlib.import_module(f"{game_package(game)}.drawing")
    return spec, drawing, states


@pytest.mark.parametrize(("game", "n", "options"), game_tables(spread=True))
def test_drawings_are_valid_svg_of_a_fixed_size(game, n, options):
    spec, drawing, states = drawn_states(game, n, options)
    width, height = drawing.size(n)
    seen = set()
    for state in states:
        for viewer in range(-1, n):
            svg = spec.render_svg(state, viewer)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            assert (int(root.get("width")), int(root.get("height"))) == (width, height)
            texts = [t.text or "" for t in root.iter(f"{SVG}text")]
            assert any(("public view" if viewer < 0 else f"seat {viewer}'s view") in t
                       for t in texts)
            seen.add(svg)
    assert len(seen) > len(states)  # states and viewers are told apart


@pytest.mark.parametrize(("game", "n", "options"), game_tables(spread=True))
def test_a_viewer_sees_the_same_drawing_of_its_twins(game, n, options):
    """determinize(state, seat) resamples what the seat cannot see: that seat's drawing and
    the public drawing do not change; another seat's drawing sometimes does (its own
    secrets are drawn for it). Finished games are left out: like their texts, their drawings
    may show everything."""
    spec, _, states = drawn_states(game, n, options)
    states = [s for s in states if spec.current_player(s) >= 0]
    resampled = others_differ = 0
    for i, state in enumerate(states):
        for viewer in range(n):
            twin = state.copy()
            spec.determinize(twin, viewer, 7 + i)
            resampled += not np.array_equal(twin, state)
            assert spec.render_svg(twin, viewer) == spec.render_svg(state, viewer)
            assert spec.render_svg(twin, -1) == spec.render_svg(state, -1)
            others_differ += any(spec.render_svg(twin, other) != spec.render_svg(state, other)
                                 for other in range(n) if other != viewer)
    assert resampled > len(states) // 2
    assert others_differ > 0


@pytest.mark.parametrize("game, n", [("aquilon", 3), ("dragon", 3), ("simurgh", 2),
                                     ("goofspiel", 2)])
def test_own_secrets_are_drawn_for_their_seat_only(game, n):
    spec, _, states = drawn_states(game, n, {}, games=2)
    checked = 0
    for state in (s for s in states if spec.current_player(s) >= 0):  # finals show all
        own, public, other = (spec.render_svg(state, v) for v in (0, -1, 1))
        if game == "aquilon":
            from aquilon_env.engine import layout as L

            if state[L.PHASE] == L.BID:
                if not state[L.BID_DONE]:
                    continue
                # Lord 0's own bid is drawn for it; the others see its talions in hand.
                assert own.count(">in hand</text>") < public.count(">in hand</text>")
            elif all(state[L.TAL_KNOWN + p] for p in range(5)):
                continue
            else:
                assert own.count(">?</text>") < public.count(">?</text>")
        elif game == "dragon":
            from dragon_env.engine import layout as L

            assert f">{int(state[L.HOLD])} Gold</text>" in own
            assert "Gold and Knights hidden" in public and "hidden" not in own
        elif game == "goofspiel":
            from goofspiel_env.engine import layout as L

            if state[L.PENDING] < 0:
                continue
            # Seat 0's sealed bid is outlined in its own drawing only.
            sealed = 'stroke="#000000"'
            assert sealed in own and sealed not in public and sealed not in other
        else:
            from simurgh_env.engine import layout as L
            from simurgh_env.text import tile_name

            mine = [t for t in range(48) if state[L.TLOC + t] == L.LOC_HAND
                    and state[L.TIDX + t] == 0 and not (state[L.TKNOWN + t] >> 1) & 1]
            if not mine:
                continue
            assert all(tile_name(t) in own for t in mine)
            assert not any(tile_name(t) in other for t in mine)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_frames(game):
    pytest.importorskip("resvg_py")
    module = game_module(game)
    n, options = module.SPEC.min_players, full_options(game)
    width, height = importlib.import_module(f"{game_package(game)}.drawing").size(n)
    env = module.env(num_players=n, render_mode="rgb_array", render_seat=0, **options)
    env.reset(seed=5)
    frames = [env.render()]
    rng = np.random.default_rng(0)
    for _ in range(40):  # or to the end of a shorter game
        if any(env.terminations.values()):
            break
        env.step(int(rng.choice(np.flatnonzero(env.last()[0]["action_mask"]))))
    frames.append(env.render())
    for frame in frames:
        assert frame.shape == (height, width, 3) and frame.dtype == np.uint8
        assert frame.std() > 10  # a picture, not a blank canvas
    assert np.abs(frames[0].astype(int) - frames[1]).sum() > 0
    assert "rgb_array" in env.metadata["render_modes"]


def test_render_options_are_checked():
    import aquilon_env

    for bad in (3, -1, True, "0"):
        with pytest.raises(ValueError, match="render_seat|viewer"):
            aquilon_env.raw_env(num_players=3, render_seat=bad)
    env = aquilon_env.raw_env(num_players=3)
    with pytest.raises(ValueError, match="reset"):
        env.render_svg()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="viewer"):
        env.render_svg(3)
    assert "public view" in env.render_svg()
    assert "seat 2's view" in env.render_svg(2)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game):
    """PettingZoo's own render test over every render mode in the metadata."""
    pytest.importorskip("resvg_py")
    from pettingzoo.test import render_test

    module = game_module(game)
    n = module.SPEC.min_players
    render_test(lambda render_mode: module.env(num_players=n, render_mode=render_mode))
