"""Random numbers whose whole state lives in four int32 slots of a game's state array.

The generator is xoshiro128** (Blackman and Vigna), computed in int64 arithmetic masked to
32 bits so that it behaves identically in numba and in plain Python. Keeping the generator inside
the state array means a copy of the array is a full snapshot: same array, same future.
"""

from numba import njit

RNG_WORDS = 4
_MASK32 = 0xFFFFFFFF


@njit(cache=True)
def _rotl32(x, k):
    return ((x << k) | (x >> (32 - k))) & _MASK32


@njit(cache=True)
def _mix32(x):
    """Murmur3's finaliser: a bijective scrambler of a 32-bit word."""
    x &= _MASK32
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & _MASK32
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & _MASK32
    x ^= x >> 16
    return x


@njit(cache=True)
def _store32(state, index, value):
    # int32 slots hold the low 32 bits as a signed number.
    if value >= 0x80000000:
        value -= 0x100000000
    state[index] = value


@njit(cache=True)
def rng_seed(state, offset, seed):
    """Seed the generator at state[offset:offset+4] from a non-negative integer seed."""
    low = seed & _MASK32
    high = (seed >> 32) & _MASK32
    for k in range(RNG_WORDS):
        word = _mix32(low + 0x9E3779B9 * (k + 1)) ^ _mix32(high + 0x7F4A7C15 * (k + 3))
        if word == 0:
            word = 0x6A09E667 + k
        _store32(state, offset + k, word)


@njit(cache=True)
def rng_next(state, offset):
    """Advance the generator and return a uniformly random integer in [0, 2**32)."""
    s0 = state[offset] & _MASK32
    s1 = state[offset + 1] & _MASK32
    s2 = state[offset + 2] & _MASK32
    s3 = state[offset + 3] & _MASK32
    result = (_rotl32((s1 * 5) & _MASK32, 7) * 9) & _MASK32
    t = (s1 << 9) & _MASK32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl32(s3, 11)
    _store32(state, offset, s0)
    _store32(state, offset + 1, s1)
    _store32(state, offset + 2, s2)
    _store32(state, offset + 3, s3)
    return result


@njit(cache=True)
def rng_below(state, offset, bound):
    """Return a uniformly random integer in [0, bound) for 0 < bound <= 2**16 (Lemire's method)."""
    return (rng_next(state, offset) * bound) >> 32


@njit(cache=True)
def shuffle_slice(state, offset, start, count):
    """Shuffle state[start:start+count] in place (Fisher-Yates) with the generator at offset."""
    for i in range(count - 1, 0, -1):
        j = rng_below(state, offset, i + 1)
        tmp = state[start + i]
        state[start + i] = state[start + j]
        state[start + j] = tmp


@njit(cache=True)
def derive_seed(base_seed, stream, counter):
    """A 63-bit seed for game `counter` of stream `stream` under `base_seed` (for batch resets)."""
    a = _mix32(base_seed ^ _mix32(stream + 0x632BE5AB))
    b = _mix32((base_seed >> 32) ^ _mix32(counter + 0x1B873593) ^ a)
    return ((a & 0x7FFFFFFF) << 32) | b


@njit(cache=True)
def sort_slice(state, start, count):
    """Sort state[start:start+count] ascending in place (insertion sort: short slices)."""
    for i in range(1, count):
        j = i
        while j > 0 and state[start + j - 1] > state[start + j]:
            tmp = state[start + j]
            state[start + j] = state[start + j - 1]
            state[start + j - 1] = tmp
            j -= 1


@njit(cache=True)
def reshuffle_slice(state, offset, start, count):
    """Shuffle state[start:start+count] from a canonical (sorted) order, so that the result
    depends only on the slice's contents and the generator, not on its previous order."""
    sort_slice(state, start, count)
    shuffle_slice(state, offset, start, count)
