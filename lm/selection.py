"""``--limit`` and ``--limit-per-setting``: a stratified sample of a problem file.

The first N lines of a ``--paper`` file are all base and single-tree problems, so a plain
head leaves the several-trees tables empty. Instead problems are grouped into cells (setting,
overlap, control, query kind: what the report stratifies by) and taken round-robin, the
first problems of each cell first, in file order within a cell. Taking more is a superset of
taking fewer, so raising ``--limit`` on a resumed run only adds problems.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

CELL_FIELDS = ("setting", "overlap", "control", "query_kind")

Cell = tuple[Any, ...]


def cell_of(problem: dict[str, Any]) -> Cell:
    return tuple(problem.get(field) for field in CELL_FIELDS)


def stratified(problems: Sequence[dict[str, Any]], limit: int | None = None,
               per_cell: int | None = None) -> list[dict[str, Any]]:
    """At most ``per_cell`` problems of every cell, then at most ``limit`` in all (one more
    from each cell in turn, cells in order of first appearance); returned in file order."""
    cells: dict[Cell, list[int]] = {}
    for index, problem in enumerate(problems):
        cells.setdefault(cell_of(problem), []).append(index)
    if per_cell is not None:
        cells = {cell: indices[:per_cell] for cell, indices in cells.items()}
    total = sum(len(indices) for indices in cells.values())
    wanted = total if limit is None else min(limit, total)
    chosen: list[int] = []
    rank = 0
    while len(chosen) < wanted:
        for indices in cells.values():
            if rank < len(indices) and len(chosen) < wanted:
                chosen.append(indices[rank])
        rank += 1
    return [problems[index] for index in sorted(chosen)]


def describe_selection(selected: Sequence[dict[str, Any]], available: int) -> str:
    """What was taken: how many of how many, over how many cells, per setting."""
    cells = {cell_of(problem) for problem in selected}
    settings = Counter(str(problem.get("setting", "?")) for problem in selected)
    counts = ", ".join(f"{name} {count}" for name, count in sorted(settings.items()))
    return (f"took {len(selected)} of {available} problems, the first of each of "
            f"{len(cells)} cells (setting x overlap x control x query kind): {counts}")
