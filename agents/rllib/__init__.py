"""Ray RLlib backend (new API stack): masked modules, the numba bots as frozen modules,
self-play with an opponent pool, training (`tabletop train --backend rllib`) and a trained
policy as the bot `rllib:<checkpoint>`.

- `modules`: `MaskedPPOTorchRLModule` (PPO actor-critic that never picks an illegal action),
  `MaskedRandomRLModule`, `BotRLModule` (`heuristic`, `ismcts:<budget>`: frozen opponents that
  see only their seat's view) and the `SeatStatesToBatch` connector that feeds them.
- `opponents`: `PoolOpponents`, the opponent pool played inside the env (env_config
  "opponents"), so that only the learner's decisions pass through RLlib; `snapshot_policy`
  (a learner module's policy network as numpy arrays).
- `league`: `LeagueMapping` (per-episode opponent sampling with `agents.training.opponent_pool`'s
  semantics, when the opponents are modules), `learner_only` (the mapping when they play in
  the env) and `LeagueCallback` (snapshots of the learner into the pool, either way).
- `train`: `RLlibTrainConfig` and `train_rllib`.
The bot that plays a trained policy, `rllib:<checkpoint>`, is `agents.bots.rllib.RLlibBot`.

Ray is needed only here (`pip install tabletop-rl[rllib]`).
"""
