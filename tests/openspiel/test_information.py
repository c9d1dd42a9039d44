"""What each seat sees through the OpenSpiel door: perfect-recall information states,
resampling from a seat's information, and sealed choices that stay hidden."""

import itertools

import numpy as np
import pytest

from tests.core.random_play import random_states

from .common import SMALL, Sampler, config_id, dealt, play, pyspiel

pytestmark = pytest.mark.frameworks

make_observation = pytest.importorskip("open_spiel.python.observation").make_observation


def views(state, seat):
    """Everything the door shows one seat."""
    return (state.observation_string(seat), tuple(state.observation_tensor(seat)),
            state.information_state_string(seat), tuple(state.information_state_tensor(seat)))


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_information_state_has_perfect_recall(config):
    """Each seat's string only grows, holds its own moves in its own words and the others'
    in public words, and never the deal's number."""
    game = pyspiel.load_game(*config)
    n, spec = game.num_players(), game.definition.spec
    rng = np.random.default_rng(1)
    state = dealt(game, 31337)
    before = [state.information_state_string(s) for s in range(n)]
    assert all(b.startswith(f"Player {s} of {n}: the deal") for s, b in enumerate(before))
    moves = 0
    while not state.is_terminal():
        mover = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        own = state.action_to_string(mover, action).split(" (action ")[0]
        public = spec.public_action_to_string(state.engine_state(), action)
        play(state, action, rng)  # with the chance nodes it may wait for
        moves += 1
        after = [state.information_state_string(s) for s in range(n)]
        for seat in range(n):
            assert after[seat].startswith(before[seat] + "\n")
            entry = after[seat][len(before[seat]) + 1:]
            words = own if seat == mover else public
            you = " (you)" if seat == mover else ""
            assert entry.startswith(f"{moves} P{mover}{you}: {words}\n")
        before = after
    assert all("31337" not in b for b in before)


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_deals_that_look_different_give_different_information_states(config):
    """At the deal, a seat's string tells two deals apart exactly when its view does."""
    game = pyspiel.load_game(*config)
    states = [dealt(game, deal) for deal in range(20)]
    strings = [s.information_state_string(0) for s in states]
    looks = [(s.observation_string(0), tuple(s.observation_tensor(0))) for s in states]
    for i in range(20):
        for j in range(i):
            assert (strings[i] == strings[j]) == (looks[i] == looks[j])
    assert len(set(strings)) > 1


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_resampling_keeps_the_seat_view_and_depends_only_on_it(config):
    """A resampled state shows the seat exactly what the true one shows; resampling the
    true state and a twin the seat cannot tell from it (itself a resampled state) with the
    same sampler gives the same state; and a resampled state plays on."""
    game = pyspiel.load_game(*config)
    n = game.num_players()
    changed = twins = 0
    for i, state in enumerate(random_states(game, games=2, seed=5, every=11, final=True)):
        for seat in range(n):
            other = state.resample_from_infostate(seat, Sampler(i))
            assert views(other, seat) == views(state, seat)
            assert other.history() == [] and other.is_terminal() == state.is_terminal()
            changed += not np.array_equal(other.engine_state(), state.engine_state())
            twin = other.resample_from_infostate(seat, Sampler(1000 + i))
            a = state.resample_from_infostate(seat, Sampler(7))
            b = twin.resample_from_infostate(seat, Sampler(7))
            np.testing.assert_array_equal(a.engine_state(), b.engine_state())
            assert [views(a, s) for s in range(n)] == [views(b, s) for s in range(n)]
            twins += 1
            if not other.is_terminal():
                before = other.information_state_string(seat)
                other.apply_action(other.legal_actions()[0])
                assert other.information_state_string(seat).startswith(before + "\n")
    assert changed > 0 and twins > 0


def test_resampled_states_do_not_carry_the_other_seats_past():
    """The other seats' information states in a resampled state start at the resampling
    point: their earlier private observations were never the resampling seat's to know."""
    game = pyspiel.load_game("python_aquilon", {"players": 3})
    state = dealt(game, 8)
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])
    other = state.resample_from_infostate(0, Sampler(0))
    text = other.information_state_string(1)
    assert text.startswith("Player 1 of 3: a state resampled after move 10 from player 0's")
    assert text.count("\n") < state.information_state_string(1).count("\n")
    tensor = other.information_state_tensor(1)
    counts = tensor[game.observation_tensor_size() + game.get_type().max_num_players:-1]
    assert not any(counts)



@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_information_state_tensor_names_its_seat(config):
    """After the observation, the information-state tensor holds the observing seat, one-hot
    over the game's largest table (Dragon's observation does not tell its seat: at the first
    Contract choice two start players saw the same tensor, issue 51), as do the perfect-recall
    observer's `dict` pieces, in the tensor's order."""
    game = pyspiel.load_game(*config)
    size, most = game.observation_tensor_size(), game.get_type().max_num_players
    state = dealt(game, 4)
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert list(observer.dict) == ["observation", "seat", "own_action_counts", "progress"]
    for seat in range(game.num_players()):
        tensor = np.array(state.information_state_tensor(seat), np.float32)
        assert tensor[size:size + most].tolist() == [float(s == seat) for s in range(most)]
        assert tensor[:size].tolist() == state.observation_tensor(seat)
        observer.set_from(state, seat)
        assert observer.tensor.tobytes() == tensor.tobytes()
        assert observer.dict["seat"].tolist() == tensor[size:size + most].tolist()

# The choices the rulebooks make simultaneous (asked here one seat at a time), by the game's
# public description (what the other seats learn of them when played): Aquilon's bids;
# Dragon's Interest's Contracts (D12), sealed bids (D34), chest amounts (entered digit by
# digit) and Invasion choices (D42); Simurgh's dragon pick (C38); Goofspiel's bids.
# (Simurgh's power draft is a pass-on draft by the rules: the receiver sees what it gets.)
SEALED = {
    "python_aquilon": {"places a bid"},
    "python_dragon": {"chooses a Contract face down", "makes a sealed bid",
                      "puts an amount into the chest", "chooses what to lose to the Invasion"},
    "python_simurgh": {"chooses a dragon (revealed when all have chosen)"},
    "python_goofspiel": {"seals a bid"},
}
def sealed_kind(state):
    """The public description shared by all the mover's legal actions, if it has a choice
    and the others cannot read which (a sealed choice); else None."""
    if state.is_terminal() or state.is_chance_node():
        return None
    describe = state.get_game().definition.spec.public_action_to_string
    engine = state.engine_state()
    legal = state.legal_actions()
    public = {describe(engine, a) for a in legal}
    return public.pop() if len(legal) > 1 and len(public) == 1 else None


def hidden_choice_points(game, games, seed, kinds=None):
    """Sealed choices made while their round goes on: the round is a run of sealed moves of
    one kind by seats that have not yet chosen in it (a seat may take several moves, as digit
    by digit), and it goes on after the choice, whatever it is, when the next mover makes a
    sealed choice of that kind and is the same seat or one that has not chosen in the run.
    Yields (mover, the states after each of its choices, the kind)."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = dealt(game, seed * 100 + g)
        run_kind, run = None, []
        while not state.is_terminal():
            mover = state.current_player()
            kind = sealed_kind(state)
            if kind is None or kind != run_kind or (mover in run and mover != run[-1]):
                run = []
            run_kind = kind
            run.append(mover)
            if kind is not None and (kinds is None or kind in kinds):
                children = [state.child(a) for a in state.legal_actions()]
                if all(sealed_kind(c) == kind and (c.current_player() == mover
                                                   or c.current_player() not in run)
                       for c in children):
                    yield mover, children, kind
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_no_seat_sees_another_seats_uncommitted_choice(config):
    game = pyspiel.load_game(*config)
    checked = set()
    for mover, children, kind in hidden_choice_points(game, 3, seed=2, kinds=SEALED[config[0]]):
        for seat in range(game.num_players()):
            if seat != mover:
                first = views(children[0], seat)
                assert all(views(c, seat) == first for c in children[1:]), (kind, mover, seat)
                checked.add(kind)
    assert checked



@pytest.mark.parametrize("config", SMALL, ids=config_id)
def test_another_seats_action_strings_show_nothing_it_may_not_know(config):
    """What a seat that is not the mover reads of every action id, legal now or not, is the
    same in a twin that differs only in what that seat may not know (the mover's options: a
    hidden hand, the cards Svara looks at, the digits a hidden holding allows); it never
    raises."""
    game = pyspiel.load_game(*config)
    n = game.num_players()
    options_differ = 0
    states = random_states(game, games=3, seed=9, every=1, final=True)
    for i, state in enumerate(itertools.islice(states, 250)):
        mover = state.current_player()
        if state.is_terminal():
            continue
        for seat in set(range(n)) - {mover}:
            twin = state.resample_from_infostate(seat, Sampler(i))
            options_differ += options(twin, mover) != options(state, mover)
            for action in range(game.num_distinct_actions()):
                assert twin.action_to_string(seat, action) == state.action_to_string(
                    seat, action), (i, seat, action)
    assert options_differ > 0


def options(state, mover):
    """The mover's legal actions as it reads them."""
    return [(a, state.action_to_string(mover, a)) for a in state.legal_actions()]
