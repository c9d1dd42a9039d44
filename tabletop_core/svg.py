"""SVG pieces shared by the games' table drawings, and the rasteriser behind `rgb_array`.

A drawing is built with `Drawing` (rectangles, text, chips, titled panels) and returned as an
SVG string. Every game draws for a viewer: a seat, or `PUBLIC` (-1), the spectator who sees
only what every seat sees. `rasterise` turns an SVG into an H x W x 3 uint8 array with resvg
(the `render` extra, `pip install "tabletop-rl[render]"`), using the DejaVu Sans fonts that
matplotlib ships, so text renders the same on every machine whatever fonts it has installed.
"""

from __future__ import annotations

import io
import os
import textwrap
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from tabletop_core.text import PUBLIC

FONT_FAMILY = "DejaVu Sans"
SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98")
INK = "#222222"
MUTED = "#777777"
PAPER = "#fbf8f1"
HIDDEN_FILL = "#d5d8dc"


def seat_colour(seat: int) -> str:
    """The colour that marks a seat everywhere (grey for no seat)."""
    return SEAT_COLOURS[seat] if 0 <= seat < len(SEAT_COLOURS) else MUTED


def viewer_label(viewer: int) -> str:
    """Whose view a drawing shows, e.g. 'public view' or 'seat 2's view'."""
    return "public view" if viewer == PUBLIC else f"seat {viewer}'s view"


def clip(text: str, chars: int) -> str:
    """`text` cut to at most `chars` characters (with an ellipsis when cut)."""
    return text if len(text) <= chars else text[: max(chars - 1, 0)] + "\u2026"


def wrap(lines: list[str], chars: int) -> list[str]:
    """Text lines wrapped to at most `chars` characters each."""
    return [part for line in lines for part in (textwrap.wrap(line, chars) or [""])]


def _attrs(attrs: dict) -> str:
    return "".join(
        f" {k.replace('_', '-')}={quoteattr(str(round(v, 1) if isinstance(v, float) else v))}"
        for k, v in attrs.items() if v is not None
    )


class Drawing:
    """An SVG canvas of fixed size; elements are appended in painting order."""

    def __init__(self, width: int, height: int, title: str):
        self.width = int(width)
        self.height = int(height)
        self.title = title
        self._parts: list[str] = []

    def _element(self, tag: str, attrs: dict, body: str | None = None) -> None:
        if body is None:
            self._parts.append(f"<{tag}{_attrs(attrs)}/>")
        else:
            self._parts.append(f"<{tag}{_attrs(attrs)}>{body}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none",
             stroke: str | None = None, rx: float = 0, **attrs) -> None:
        """A rectangle (rounded by `rx`)."""
        self._element("rect", dict(x=x, y=y, width=w, height=h, rx=rx or None, fill=fill,
                                   stroke=stroke, **attrs))

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str | None = None,
               **attrs) -> None:
        """A circle."""
        self._element("circle", dict(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **attrs))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK,
             **attrs) -> None:
        """A straight line."""
        self._element("line", dict(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **attrs))

    def polyline(self, points: list[tuple[float, float]], stroke: str, **attrs) -> None:
        """An open line through `points`."""
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self._element("polyline", dict(points=coords, fill="none", stroke=stroke, **attrs))

    def text(self, x: float, y: float, text: str, size: float = 12, fill: str = INK,
             weight: str | None = None, anchor: str | None = None, **attrs) -> None:
        """One line of text with its baseline at y."""
        self._element("text", dict(x=x, y=y, font_size=size, fill=fill, font_weight=weight,
                                   text_anchor=anchor, **attrs), escape(text))

    def chip(self, x: float, y: float, w: float, h: float, label: str, fill: str,
             ink: str = INK, size: float = 11, stroke: str | None = "#555555") -> None:
        """A small rounded box with a centred label (a card, a talion, a token)."""
        self.rect(x, y, w, h, fill=fill, stroke=stroke, rx=3)
        self.text(x + w / 2, y + h / 2 + size * 0.36, label, size=size, fill=ink,
                  anchor="middle")

    def panel(self, x: float, y: float, w: float, h: float, title: str,
              colour: str = MUTED, highlight: bool = False) -> None:
        """A titled box; a highlighted one (the seat to act) gets a thick border."""
        self.rect(x, y, w, h, fill="#ffffff", stroke=colour, rx=6,
                  stroke_width=3 if highlight else 1.2)
        self.rect(x, y, w, 20, fill=colour, rx=6)
        self.rect(x, y + 12, w, 8, fill=colour)
        self.text(x + 8, y + 15, title, size=12, fill="#ffffff", weight="bold")

    def header(self, lines: list[str]) -> None:
        """The title bar: one bold line, then smaller ones."""
        self.rect(0, 0, self.width, 18 + 16 * len(lines), fill="#2c3e50")
        for i, line in enumerate(lines):
            self.text(10, 20 + 16 * i, line, size=15 if i == 0 else 12, fill="#ffffff",
                      weight="bold" if i == 0 else None)

    def to_svg(self) -> str:
        """The drawing as a standalone SVG document (no external resources)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" '
            f'font-family={quoteattr(FONT_FAMILY + ", sans-serif")}>'
            f"<title>{escape(self.title)}</title>"
            f'<rect width="{self.width}" height="{self.height}" fill="{PAPER}"/>'
        )
        return head + "".join(self._parts) + "</svg>"


def _font_files() -> list[str]:
    import matplotlib

    folder = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    return [os.path.join(folder, f) for f in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]


def png_bytes(svg: str) -> bytes:
    """The SVG rendered to PNG by resvg, with matplotlib's DejaVu Sans fonts only."""
    try:
        import resvg_py
    except ImportError as err:
        raise ImportError(
            'rendering pictures needs resvg-py: pip install "tabletop-rl[render]"') from err
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True,
                                       font_files=_font_files(), font_family=FONT_FAMILY,
                                       sans_serif_family=FONT_FAMILY))


def rasterise(svg: str) -> np.ndarray:
    """The SVG as an H x W x 3 uint8 RGB frame (the drawing's own size)."""
    from PIL import Image

    with Image.open(io.BytesIO(png_bytes(svg))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
