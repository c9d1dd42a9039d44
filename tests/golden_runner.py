"""The golden-playthrough runner every game's test_golden.py calls.

A golden playthrough is a seeded game written out decision by decision under a fixed, RNG-free
policy (at decision k, the ((k * 7919 + 13) mod #legal)-th legal action, unless the game's test
chooses otherwise), with the game's own record of each decision, and then the final scores and
rewards. The test compares it with its file in tests/<game>/golden (tests.common).
"""

from __future__ import annotations

from collections.abc import Callable


def default_choice(env, k: int, legal: list[int]) -> int:
    """The fixed policy: the ((k * 7919 + 13) mod #legal)-th legal action."""
    return legal[(k * 7919 + 13) % len(legal)]


def playthrough(env, header: list[str],
                record: Callable[[object, int, int, int, str], list[str]],
                choose: Callable[[object, int, list[int]], int] = default_choice) -> str:
    """Play the reset AEC `env` to its end: at decision k, `choose(env, k, legal)` picks the
    action; after it, `record(env, k, seat, action, words)` gives its lines (`words`: the action
    as its seat was told it). Returns `header`, those lines and the final line, as text."""
    lines = list(header)
    k = 0
    while not all(env.terminations.values()):
        seat = env.possible_agents.index(env.agent_selection)
        legal = env.legal_actions()
        action = choose(env, k, legal)
        words = env.action_to_string(action)
        env.step(action)
        lines += record(env, k, seat, action, words)
        k += 1
    scores = " ".join(str(int(x)) for x in env.final_scores())
    rewards = " ".join(f"{env._cumulative_rewards[a]:+.3f}" for a in env.possible_agents)
    lines.append(f"final scores {scores} | rewards {rewards}")
    return "\n".join(lines) + "\n"
