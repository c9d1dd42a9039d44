"""The shared pieces: the in-state generator, reward schemes, the numba cache refresh."""

import itertools
import math

import numpy as np
import pytest

from tabletop_core.cache import STAMP_NAME, refresh_numba_cache
from tabletop_core.rewards import margin_rewards, rank_rewards
from tabletop_core.rng import derive_seed, rng_below, rng_next, rng_seed, shuffle_slice


def test_generator_is_a_pure_function_of_its_slots():
    a = np.zeros(6, np.int32)
    rng_seed(a, 1, 12345)
    b = a.copy()
    seq_a = [rng_next(a, 1) for _ in range(100)]
    seq_b = [rng_next(b, 1) for _ in range(100)]
    assert seq_a == seq_b
    assert a[0] == 0 and a[5] == 0  # only its four words are touched
    assert len(set(seq_a)) == 100 and all(0 <= x < 2**32 for x in seq_a)


def test_generator_is_close_to_uniform():
    s = np.zeros(4, np.int32)
    rng_seed(s, 0, 7)
    counts = np.bincount([rng_below(s, 0, 6) for _ in range(60000)], minlength=6)
    assert counts.min() > 9500 and counts.max() < 10500


def test_shuffle_is_a_permutation_and_covers_all_orders():
    seen = set()
    for seed in range(400):
        s = np.zeros(10, np.int32)
        s[4:7] = [1, 2, 3]
        rng_seed(s, 0, seed)
        shuffle_slice(s, 0, 4, 3)
        assert sorted(s[4:7]) == [1, 2, 3]
        seen.add(tuple(s[4:7]))
    assert len(seen) == 6


def test_derived_seeds_differ_by_stream_and_counter():
    seeds = {derive_seed(3, i, k) for i in range(50) for k in range(50)}
    assert len(seeds) == 2500
    assert all(0 <= x < 2**63 for x in seeds)


@pytest.mark.parametrize(
    "keys, expected",
    [
        ([10, 5], [1.0, -1.0]),
        ([5, 5], [0.0, 0.0]),
        ([3, 9, 6], [-1.0, 1.0, 0.0]),
        ([9, 9, 1], [0.5, 0.5, -1.0]),
        ([4, 4, 4, 4], [0.0, 0.0, 0.0, 0.0]),
        ([1, 2, 3, 4, 5], [-1.0, -0.5, 0.0, 0.5, 1.0]),
    ],
)
def test_rank_rewards_share_tied_places(keys, expected):
    out = np.zeros(len(keys))
    rank_rewards(np.array(keys, np.int64), len(keys), out)
    np.testing.assert_allclose(out, expected)
    assert sum(out.tolist()) == 0.0


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_rank_rewards_sum_to_exactly_zero(num_players):
    """Every ranking of the seats (issue 51: 4 seats placed 1-2-3-4 summed to 1e-16): the
    seat-order sum is exactly 0.0, tied seats keep one value, and every reward is its place's
    value to within two units in the last place, in [-1, 1]."""
    n = num_players
    out = np.zeros(n)
    for keys in itertools.product(range(n), repeat=n):
        rank_rewards(np.array(keys, np.int64), n, out)
        rewards = out.tolist()
        assert sum(rewards) == 0.0 and out.sum() == 0.0, (keys, rewards)
        for i in range(n):
            better = sum(k > keys[i] for k in keys)
            equal = keys.count(keys[i])
            place = better + (equal - 1) / 2
            exact = 1 - 2 * place / (n - 1)
            assert abs(rewards[i] - exact) <= 2 * math.ulp(exact or 1.0) and -1 <= rewards[i] <= 1
            assert rewards.count(rewards[i]) == equal  # the tied seats, and only they


def test_margin_rewards_against_the_others_mean():
    out = np.zeros(3)
    margin_rewards(np.array([10.0, 4.0, 1.0]), np.array([10, 4, 1], np.int64), 3, out)
    np.testing.assert_allclose(out, [7.5, -1.5, -6.0])


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_margin_rewards_follow_the_placement_keys(num_players):
    """Seats tied on score are ordered by their keys (the tie-breaks); the margin order is the
    key order over many random tables, ties on keys stay equal, and the sum stays zero."""
    rng = np.random.default_rng(num_players)
    out = np.zeros(num_players)
    for _ in range(2000):
        scores = rng.integers(0, 4, num_players)
        keys = scores * 8 + rng.integers(0, 3, num_players)
        margin_rewards(scores.astype(np.float64), keys.astype(np.int64), num_players, out)
        for i in range(num_players):
            for j in range(num_players):
                assert (out[i] > out[j]) == (keys[i] > keys[j])
                assert (out[i] == out[j]) == (keys[i] == keys[j])
        assert abs(out.sum()) < 1e-9
    margin_rewards(np.array([5.0, 5.0]), np.array([11, 10], np.int64), 2, out[:2])
    np.testing.assert_allclose(out[:2], [0.25, -0.25])


def test_cache_refresh_deletes_stale_numba_files(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    package = tmp_path / "pkg"
    (package / "__pycache__").mkdir(parents=True)
    (package / "mod.py").write_text("X = 1\n")
    refresh_numba_cache(package)
    cached = package / "__pycache__" / "mod.f-1.py311.nbi"
    cached.write_text("index")
    refresh_numba_cache(package)
    assert cached.exists()  # sources unchanged: kept
    (package / "mod.py").write_text("X = 2\n")
    refresh_numba_cache(package)
    assert not cached.exists()  # a source changed: gone
    assert (package / "__pycache__" / STAMP_NAME).exists()
