"""Expert iteration (`tabletop train --recipe az`): self-play games of the `az` search train a
policy-value network, which the next round's search uses.

- `network`: `PolicyValueNet` (torch), its start (the shipped network, another file, or scratch) and
  its export to the `.npz` that `az` plays with numpy/numba.
- `selfplay`: one self-play game, every seat searching from its own view, as training samples.
- `targets`: the policy targets made from each searched root (visit shares, completed Q).
- `workers`: a round's games on this machine's cores or on a Ray cluster, the same samples for
  the same seeds whatever the number of workers.
- `recipe`: `AZRecipe`, the rounds (self-play, training, evaluation, curve), resumable.

The networks shipped for `az` live in `weights/<game>.npz`, each beside `<game>.json` (the
command that trained it and its results).
"""

from pathlib import Path

WEIGHTS = Path(__file__).parent / "weights"


def shipped_network_path(game: str) -> Path:
    """Where the network shipped for `az` in `game` lives (it may not exist)."""
    return WEIGHTS / f"{game}.npz"
