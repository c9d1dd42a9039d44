"""The RLlib module ids the backend's parts share (a leaf module: no Ray, no other import), so
that loading the bot `rllib:<checkpoint>` does not pull in the league's callbacks."""

LEARNER = "learner"  # the module id of the learner among opponent modules
DEFAULT_MODULE = "default_policy"  # ray.rllib.core.DEFAULT_MODULE_ID, without importing Ray
