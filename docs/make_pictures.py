"""Make the README's pictures of each game's board: `python3 docs/make_pictures.py`.

Each is a game between heuristic bots stopped part-way, drawn for seat 0 with the library's
own drawing (`env.render_svg`), rasterised by resvg and shrunk to a small palette PNG.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from agents.bots import make_bot
from agents.bots.base import seat_view
from agents.games import installed_games, load_game
from agents.profiles import game_profile
from tabletop_core.svg import png_bytes

OUT = Path(__file__).parent / "images"


def picture(game: str, players: int, options: dict, decisions: int) -> Image.Image:
    """The board of a heuristic game after `decisions` decisions, as seat 0 sees it."""
    env = load_game(game).raw_env(num_players=players, **options)
    env.reset(seed=11)
    bots = [make_bot("heuristic", seed=s) for s in range(players)]
    for _ in range(decisions):
        seat = env.possible_agents.index(env.agent_selection)
        env.step(bots[seat].act(seat_view(env, seat)))
    image = Image.open(io.BytesIO(png_bytes(env.render_svg(0)))).convert("RGB")
    image = image.resize((900, round(image.height * 900 / image.width)), Image.LANCZOS)
    return image.quantize(colors=96, method=Image.Quantize.MEDIANCUT)


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name in installed_games():
        # players, options, decisions played before the picture (the profile's "picture")
        players, options, decisions = game_profile(name).benchmark(
            "picture", (game_profile(name).play_players, {}, 60))
        path = OUT / f"{name}-board.png"
        picture(name, players, options, decisions).save(path, optimize=True)
        print(f"{path}: {path.stat().st_size // 1024} KiB")
