"""``--limit`` and ``--limit-per-setting``: a stratified sample of a problem file.

The first N lines of a ``--paper`` file are all base and single-tree problems, so a plain
head leaves the several-trees tables empty. Instead problems are grouped into cells
(setting, overlap, query kind, control: what the report stratifies by) and taken in rounds:
round r takes the r-th problem (in file order) of every cell, and within a round the cells
take turns so that settings alternate fastest, then overlaps, then query kinds, then
controls. ``--limit 40`` of a paper file thus holds every setting, and for the several-trees
setting every overlap and both query kinds. The order is fixed, so taking more is a
superset of taking fewer: raising ``--limit`` on a resumed run only adds problems.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

CELL_FIELDS = ("setting", "overlap", "query_kind", "control")

Cell = tuple[Any, ...]


def cell_of(problem: dict[str, Any]) -> Cell:
    return tuple(problem.get(field) for field in CELL_FIELDS)


def _turns(problems: Sequence[dict[str, Any]]) -> list[tuple[int, ...]]:
    """Each problem's place in the order of taking: (its rank in its cell, then the rank of
    each of its cell's values among the values met after the same earlier fields, the last
    field first): sorting by it alternates settings fastest."""
    seen: dict[tuple[Any, ...], dict[Any, int]] = {}
    in_cell: Counter[Cell] = Counter()
    turns = []
    for problem in problems:
        cell = cell_of(problem)
        ranks = []
        for level, value in enumerate(cell):
            siblings = seen.setdefault(cell[:level], {})
            ranks.append(siblings.setdefault(value, len(siblings)))
        turns.append((in_cell[cell], *reversed(ranks)))
        in_cell[cell] += 1
    return turns


def stratified(problems: Sequence[dict[str, Any]], limit: int | None = None,
               per_cell: int | None = None) -> list[dict[str, Any]]:
    """At most ``per_cell`` problems of every cell, then the first ``limit`` in the order
    of taking; returned in file order."""
    turns = _turns(problems)
    order = sorted((index for index in range(len(problems))
                    if per_cell is None or turns[index][0] < per_cell),
                   key=lambda index: turns[index])
    chosen = order if limit is None else order[:limit]
    return [problems[index] for index in sorted(chosen)]


def describe_selection(selected: Sequence[dict[str, Any]], available: int) -> str:
    """What was taken: how many of how many, over how many cells, per setting."""
    cells = {cell_of(problem) for problem in selected}
    settings = Counter(str(problem.get("setting", "?")) for problem in selected)
    counts = ", ".join(f"{name} {count}" for name, count in sorted(settings.items()))
    return (f"took {len(selected)} of {available} problems, the first ones of "
            f"{len(cells)} cells (setting x overlap x query kind x control): {counts}")
