"""The names of the dataset design (settings, overlaps, connections, query kinds): plain
constants, importable without the sampler (the CLI builds its parser from them)."""

from __future__ import annotations

DEFAULT_PAPER_BASES = 10  # base problems in the --paper design (the paper used 500)

SETTINGS: tuple[str, ...] = ("base", "axiom", "tree", "trees")
OVERLAPS: tuple[str, ...] = ("none", "entity", "agent", "both")
CONNECTIONS: tuple[str, ...] = ("disconnected", "connected")
QUERY_KINDS: tuple[str, ...] = ("nonground", "ground")
