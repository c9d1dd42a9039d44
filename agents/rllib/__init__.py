"""Ray RLlib backend (new API stack): masked modules, the numba bots as frozen modules,
self-play with an opponent pool, training (`tabletop train --backend rllib`) and a trained
policy as the bot `rllib:<checkpoint>`.

- `modules`: `MaskedPPOTorchRLModule` (PPO actor-critic that never picks an illegal action),
  `MaskedRandomRLModule`, `BotRLModule` (`heuristic`, `ismcts:<budget>`: frozen opponents that
  see only their seat's view) and the `SeatStatesToBatch` connector that feeds them.
- `league`: `LeagueMapping` (per-episode opponent sampling with `agents.training.opponent_pool`'s
  semantics) and `LeagueCallback` (snapshots of the learner into the pool).
- `train`: `RLlibTrainConfig` and `train_rllib`.
- `bot`: `RLlibBot`.

Ray is needed only here (`pip install tabletop-rl[rllib]`).
"""
