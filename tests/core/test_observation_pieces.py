"""Named observation pieces (issue 24): each game declares its observation as a table of pieces
(tabletop_core.observation) from which its engine's offsets are built. Every slot of the vector
belongs to exactly one piece, the named views of an observation round-trip to the flat vector,
the envs and OpenSpiel's observer give the same pieces."""

import numpy as np
import pytest

from tabletop_core.games import game_module, game_names, game_spec
from tabletop_core.observation import Block, Piece, lay_out

from ..common import play_random

GAMES = game_names()


def _observations(game: str, seed: int = 3, games: int = 2) -> np.ndarray:
    """Observations of every seat and the full state along a few random games."""
    module = game_module(game)
    spec = module.SPEC
    rng = np.random.default_rng(seed)
    out = []
    for g in range(games):
        env = module.raw_env(num_players=spec.max_players - g)
        env.reset(seed=seed + g)
        for _ in range(6):
            out.append(env.state())
            out.extend(env.observe(a)["observation"] for a in env.possible_agents)
            if not play_random(env, rng, steps=15):
                break
    return np.array(out)


@pytest.mark.parametrize("game", GAMES)
def test_every_slot_belongs_to_exactly_one_piece(game):
    layout = game_spec(game).observation_layout
    assert layout is not None
    assert layout.size == game_spec(game).obs_size
    owners = np.zeros(layout.size, np.int64)
    for slot in layout.slots.values():
        indices = slot.indices()
        assert len(indices) == int(np.prod(slot.shape))
        np.add.at(owners, indices, 1)
    assert (owners == 1).all(), np.flatnonzero(owners != 1)
    for key, shape, at, holds, whose in layout.describe():
        assert holds and whose, key
        assert 0 <= at < layout.size and all(d > 0 for d in shape)


@pytest.mark.parametrize("game", GAMES)
def test_each_view_holds_its_own_slots(game):
    layout = game_spec(game).observation_layout
    obs = np.arange(layout.size, dtype=np.float32)
    for key, view in layout.views(obs).items():
        assert np.array_equal(np.sort(view.ravel()), layout.slots[key].indices()), key


@pytest.mark.parametrize("game", GAMES)
def test_pieces_round_trip_real_observations(game):
    module = game_module(game)
    env = module.raw_env(num_players=module.SPEC.min_players)
    env.reset(seed=11)
    obs = env.observe(env.agent_selection)
    pieces = env.unwrapped.observation_pieces(obs)
    assert list(pieces) == list(env.game.observation_layout.slots)
    for view in pieces.values():
        assert np.shares_memory(view, obs["observation"])  # views, not copies
    flat = env.game.observation_layout.flatten(pieces)
    assert flat.tobytes() == obs["observation"].tobytes()
    state_pieces = env.observation_pieces(env.state())
    assert state_pieces.keys() == pieces.keys()

    batch = _observations(game)
    layout = module.SPEC.observation_layout
    views = layout.views(batch)
    for key, view in views.items():
        assert view.shape == (len(batch), *layout.slots[key].shape)
        assert np.shares_memory(view, batch)
    assert layout.flatten(views).tobytes() == batch.tobytes()
    for row in batch[:: max(1, len(batch) // 10)]:
        assert layout.flatten(layout.views(row)).tobytes() == row.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_parallel_and_batch_envs_give_the_pieces(game):
    module = game_module(game)
    spec = module.SPEC
    par = module.parallel_env(num_players=spec.min_players)
    observations, _ = par.reset(seed=5)
    agent = par.agents[0]
    pieces = par.observation_pieces(observations[agent])
    assert list(pieces) == list(spec.observation_layout.slots)
    batch = module.BatchEnv(num_envs=3, num_players=spec.min_players, seed=2)
    out = batch.reset()
    views = batch.observation_pieces(out.observation)
    for key, view in views.items():
        assert view.shape == (3, *spec.observation_layout.slots[key].shape)
    assert spec.observation_layout.flatten(views).tobytes() == out.observation.tobytes()


def test_lay_out_blocks_and_errors():
    layout = lay_out((
        Piece("a", (2,), "two"),
        Block("s", 3, (Piece("p", (1,), "one"), Piece("q", (2, 2), "four")), "three blocks"),
        Piece("c", (1,), "last"),
    ))
    assert layout.size == 2 + 3 * 5 + 1
    assert layout.offsets == {"a": 0, "s.p": 0, "s.q": 1, "c": 17}
    assert layout.starts == {"a": 0, "s": 2, "c": 17}
    views = layout.views(np.arange(layout.size, dtype=np.float32))
    assert views["s.q"][1].tolist() == [[8, 9], [10, 11]]
    assert views["s.p"].ravel().tolist() == [2, 7, 12]
    with pytest.raises(ValueError, match="twice"):
        lay_out((Piece("a", (1,), "x"), Piece("a", (1,), "y")))
    with pytest.raises(ValueError, match="shape"):
        layout.views(np.zeros(5, np.float32))
    with pytest.raises(ValueError, match="missing"):
        layout.flatten({"a": np.zeros(2)})


@pytest.mark.frameworks
@pytest.mark.parametrize("game", GAMES)
def test_openspiel_observer_pieces_match(game):
    pyspiel = pytest.importorskip("pyspiel")
    from tabletop_core.openspiel import dealt_state

    spec = game_spec(game)
    layout = spec.observation_layout
    ospiel = pyspiel.load_game(spec.openspiel_name)
    state = dealt_state(ospiel, 4)
    rng = np.random.default_rng(0)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    for recall in (False, True):
        obs_type = pyspiel.IIGObservationType(perfect_recall=recall) if recall else None
        observer = ospiel.make_py_observer(obs_type)
        keys = set(layout.slots)
        assert set(observer.pieces) == keys
        assert "observation" in observer.dict
        for player in range(ospiel.num_players()):
            observer.set_from(state, player)
            tensor = observer.tensor
            assert np.array_equal(tensor[:spec.obs_size], state.observation_tensor(player))
            expected = layout.views(tensor[:spec.obs_size].copy())
            for key in keys:
                view = observer.pieces[key]
                assert view.shape == layout.slots[key].shape
                assert np.shares_memory(view, tensor)
                assert view.tobytes() == expected[key].tobytes()


DOC_BEGIN = "<!-- observation pieces: generated from the game's table -->\n"
DOC_END = "<!-- end of the observation pieces -->\n"


@pytest.mark.parametrize("game", GAMES)
def test_docs_print_the_pieces(game):
    """docs/rules/<game>.md prints the table by name; GOLDEN_UPDATE=1 rewrites it."""
    import os
    from pathlib import Path

    path = Path(__file__).parent.parent.parent / "docs" / "rules" / f"{game}.md"
    text = path.read_text()
    assert DOC_BEGIN in text and DOC_END in text, f"{path.name} has no observation pieces"
    head, rest = text.split(DOC_BEGIN)
    _, tail = rest.split(DOC_END)
    table = game_spec(game).observation_layout.markdown()
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text(head + DOC_BEGIN + table + DOC_END + tail)
        rest = table + DOC_END
    assert rest.split(DOC_END)[0] == table, "run with GOLDEN_UPDATE=1 to print the new table"
