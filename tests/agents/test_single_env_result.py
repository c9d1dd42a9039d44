"""The single-agent env's info at the end of a game: the final scores and every seat's rank,
which agree with the AEC env's scores and the learner's reward."""

import numpy as np
import pytest

from agents.training.single_env import SingleAgentEnv


@pytest.mark.parametrize("players", [2, 3])
def test_the_last_step_reports_the_final_scores_and_ranks(players):
    env = SingleAgentEnv("aquilon", players, "random", seed=5)
    rng = np.random.default_rng(1)
    for _ in range(6):
        env.reset()
        done, info = False, None
        while not done:
            action = int(rng.choice(np.flatnonzero(env.action_masks())))
            _, reward, done, _, info = env.step(action)
            if not done:
                assert info == {}
        np.testing.assert_allclose(info["final_scores"], env.env.final_scores())
        ranks = info["ranks"]
        assert len(ranks) == players and min(ranks) == 1 and max(ranks) <= players
        assert info["learner_seat"] == env.learner
        assert info["learner_score"] == info["final_scores"][env.learner]
        assert info["learner_rank"] == ranks[env.learner]
        # the rank reward: first +1, last -1, tied seats sharing the places they span
        mine = info["learner_rank"]
        tied = ranks.count(mine)
        place = (mine - 1) + (tied - 1) / 2
        assert reward == pytest.approx(1 - 2 * place / (players - 1))
        # a better score never ranks worse
        scores = info["final_scores"]
        for i in range(players):
            for j in range(players):
                if scores[i] > scores[j]:
                    assert ranks[i] < ranks[j]


def test_a_game_ended_by_an_illegal_action_says_so():
    env = SingleAgentEnv("aquilon", 2, "random", seed=2, illegal_action="penalize")
    env.reset()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == -1.0
    assert info == {"illegal_action": True, "learner_seat": env.learner}
