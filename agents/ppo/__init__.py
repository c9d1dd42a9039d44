"""Self-play PPO (`tabletop train ppo`): sb3-contrib's MaskablePPO on a game's batch engine
against an opponent pool of bots and past selves (`recipe`: `PPOConfig` and `train`)."""
