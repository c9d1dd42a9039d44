"""Learned baseline agents: the recipe that trains them (`recipe`: imitation of the heuristic,
then PPO), the policies as plain arrays (`policy`), and the `baseline` bot (`bot`) that plays
the policies shipped in `weights/`."""
