"""docs/rules/aquilon.md's count of the Dwarf cards by ranks, and its table of the cards with
more than one rank, agree with the data table (aquilon_env/data.py; issue 51)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from aquilon_env.data import DWARVES, ORDER_NAMES

ROOT = Path(__file__).resolve().parent.parent.parent
NUMBERS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def test_the_rules_doc_counts_the_dwarf_cards_by_ranks_as_the_data_table_has_them():
    text = (ROOT / "docs" / "rules" / "aquilon.md").read_text(encoding="utf-8")
    found = re.search(r"(\w+) cards have one rank, (\w+) two and (\w+) three", text)
    assert found, "the count of Dwarf cards by ranks is gone from docs/rules/aquilon.md"
    told = dict(zip((1, 2, 3), (_number(w) for w in found.groups()), strict=True))
    counted = Counter(d.ranks for d in DWARVES)
    assert told == {r: counted[r] for r in (1, 2, 3)} and sum(told.values()) == len(DWARVES)
    rows = {line.split("|")[1].strip(): line for line in text.splitlines()
            if line.startswith("| ") and line.split("|")[1].strip() in ORDER_NAMES}
    for order, name in enumerate(ORDER_NAMES):
        several = [d for d in DWARVES if d.order == order and d.ranks > 1]
        assert len(several) == 1 and several[0].era == 2, name
        assert f"one {several[0].ranks}-rank card" in rows[name], rows[name]
        assert "in Era 2" in rows[name], rows[name]
