"""The names of the dataset design (settings, overlaps, connections, query kinds): plain
constants, importable without the sampler (the CLI builds its parser from them)."""

from __future__ import annotations

# defined with the record schema, which checks every record against them
from vlp.validate import CONNECTIONS, OVERLAPS, QUERY_KINDS, SETTINGS

DEFAULT_PAPER_BASES = 10  # base problems in the --paper design (the paper used 500)

__all__ = ["CONNECTIONS", "DEFAULT_PAPER_BASES", "OVERLAPS", "QUERY_KINDS", "SETTINGS"]
