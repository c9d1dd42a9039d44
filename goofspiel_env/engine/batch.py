"""The batch and joint-step kernels: the shared ones of tabletop_core.batch and
tabletop_core.joint specialised to this engine (compiled once per game and cached on disk).
Each game names its engine functions here because numba's disk cache cannot hold kernels
built by a factory at run time; the logic is shared."""

from numba import njit

from goofspiel_env.engine import actions as moves
from goofspiel_env.engine import observation, scoring, setup
from tabletop_core.batch import reset_games, step_games
from tabletop_core.joint import step_joint, write_views


@njit(cache=True)
def batch_reset(states, config, base_seed, episodes, obs, masks, players):
    """See tabletop_core.batch.reset_games."""
    reset_games(states, config, base_seed, episodes, obs, masks, players,
                setup.init, moves.current_player, moves.legal_mask,
                observation.observe)


@njit(cache=True)
def batch_step(states, config, actions, base_seed, episodes, reward_mode, move_counts, max_moves,
               obs, masks, rewards, done, truncated, players):
    """See tabletop_core.batch.step_games."""
    step_games(states, config, actions, base_seed, episodes, reward_mode, move_counts, max_moves,
               obs, masks, rewards, done, truncated, players, setup.init, moves.play,
               moves.current_player, moves.legal_mask, observation.observe, scoring.final_scores)


@njit(cache=True)
def joint_step(state, actions, queue, queue_len, deciding, count, cut, observations, masks,
               decision_states):
    """See tabletop_core.joint.step_joint."""
    return step_joint(state, actions, queue, queue_len, deciding, count, cut, observations,
                      masks, decision_states, moves.play, moves.current_player,
                      moves.legal_mask, observation.observe, moves.decision_group)


@njit(cache=True)
def joint_views(state, over, queue, queue_len, deciding, observations, masks, decision_states):
    """See tabletop_core.joint.write_views."""
    return write_views(state, over, queue, queue_len, deciding, observations, masks,
                       decision_states, moves.play, moves.current_player, moves.legal_mask,
                       observation.observe, moves.decision_group)
