"""Training with Stable-Baselines3 (self-play on the batch engine) and the pieces every
backend shares: the opponent pool, evaluation and learning curves, the single-agent env and
the Tianshou recipe."""
