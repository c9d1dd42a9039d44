"""MkDocs hook: the ladder's tables (docs/results/ladder.md), built from the results file
docs/results/ladder.json that `benchmarks/ladder.py` merges its ladders into.

A page's placeholder line `<!-- ladder-tables -->` is replaced by a section per (game, table
size) (`agents.play.ladder_markdown.ladder_sections`); a results file that cannot be read
fails the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
# The pages describe the code and results beside them (not another installed copy).
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
PLACEHOLDER = "<!-- ladder-tables -->"
RESULTS = ROOT / "docs" / "results" / "ladder.json"


def on_page_markdown(markdown: str, page, config, files) -> str:
    if PLACEHOLDER not in markdown:
        return markdown
    from agents.play.ladder import load_ladders
    from agents.play.ladder_markdown import ladder_sections

    try:
        ladders = load_ladders(RESULTS)
    except ValueError as error:
        raise PluginError(str(error)) from None
    return markdown.replace(PLACEHOLDER, ladder_sections(ladders))
