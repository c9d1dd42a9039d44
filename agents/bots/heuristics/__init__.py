"""Rule-based bots, one numba function per game: `choose(state, seat, mask, rng) -> action`
(signature `tabletop_core.signatures.POLICY`, so that search can also use it in playouts).

The state they receive is a sample from the seat's information (`SeatView.sample_state`).
"""
