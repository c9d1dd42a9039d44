"""The search core: one batched tree search for every search bot (`ismcts`, `az`) and for
expert iteration's self-play, shaped like DeepMind's mctx.

- `tree`: the trees of a batch of searches (one row each; node 0 the root);
- `rules`: the selection rules, the only per-algorithm part (`uct`, `puct`, `gumbel`);
- `core`: the loop (simulate with one sampled world per simulation from the searching seat's
  information, expand, evaluate the waiting leaves together, backward) and `run_searches`;
- `network`: the network evaluated at the leaves, inside the kernel;
- `playout`: leaves valued by playing on with a policy;
- `profile`: the cycle counter behind `benchmarks/search_profile.py`.

It imports no other part of `agents`: the bots (`agents.bots.ismcts`, `agents.bots.az`) are
thin adapters that pick the settings, the network and the rollout policy.
"""

from agents.search.core import SearchResult, run_searches
from agents.search.network import AZNetwork
from agents.search.rules import RULES
from agents.search.tree import Forest, SearchTree

__all__ = ["RULES", "AZNetwork", "Forest", "SearchResult", "SearchTree", "run_searches"]
