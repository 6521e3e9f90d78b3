"""What vlp reads, bounded: programs and transcripts past these sizes are refused before any
work, in one line naming the file (exit code 2), instead of running for hours or until memory
runs out. The README's section *Limits* lists them; each is a few times the largest input
the benches run (bench/scale.py: 10,240 axioms, and 1,282 axioms over 381 ticks).

Chaining copies every count, comparison and rate forward one tick at a time (the frame rules),
so what a program costs is about its facts times the ticks each is carried: ``carried``
below, the copies the axioms alone can need.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from vlp.errors import InputError, shown
from vlp.records import (  # the input layer's file limits, listed here with the others
    MAX_FILE_BYTES,
    MAX_JSONL_BYTES,
    MAX_LINE_BYTES,
    too_long,
)
from vlp.validate import mixed_scripts

MAX_AXIOMS = 20_000
MAX_TIME = 10_000  # the largest time an axiom or a query may name
MAX_CARRIED = 500_000  # sum over the axioms that frame rules carry of (last time - time)
MAX_TRANSCRIPT_BYTES = 1_000_000  # UTF-8; reading costs up to ~10 ms per sentence
# and, checked where the files are read: MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_JSONL_BYTES
# (vlp.records), MAX_NUMBER_DIGITS (vlp.grammar.canonical)
__all__ = ["MAX_AXIOMS", "MAX_CARRIED", "MAX_FILE_BYTES", "MAX_JSONL_BYTES", "MAX_LINE_BYTES",
           "MAX_TIME", "MAX_TRANSCRIPT_BYTES", "check_program", "check_transcript"]


class _Timed(Protocol):
    @property
    def predicate(self) -> str: ...

    @property
    def time(self) -> int | None: ...

    @property
    def args(self) -> tuple[Any, ...]: ...


def _names(axiom: _Timed) -> list[str]:
    """The agent and entity names an axiom writes."""
    names: list[str] = []
    for arg in axiom.args:
        if isinstance(arg, str):
            names.append(arg)
        elif hasattr(arg, "names"):  # an agent set
            names.extend(arg.names)
    return names


def check_program(axioms: Collection[_Timed], location: str | None) -> None:
    """Refuse a program past the limits, or with a name that mixes scripts (``InputError``
    at ``location``)."""
    if len(axioms) > MAX_AXIOMS:
        raise InputError(f"the program has {len(axioms):,} axioms; at most {MAX_AXIOMS:,} "
                         "are read (README: Limits)", location)
    latest = max((a.time for a in axioms if a.time is not None), default=0)
    if latest > MAX_TIME:
        raise InputError(f"time {latest:,} is past the last time read, {MAX_TIME:,} "
                         "(README: Limits)", location)
    last = max((a.time + 1 if a.predicate == "transfer" else a.time
                for a in axioms if a.time is not None), default=0)
    carried = sum(last - a.time for a in axioms
                  if a.time is not None and a.predicate != "transfer")
    for axiom in axioms:
        for name in _names(axiom):
            scripts = mixed_scripts(name)
            if scripts:
                raise InputError(f"the name {shown(name)} mixes the scripts "
                                 f"{', '.join(scripts)}: it may look like another name and "
                                 "be another (README: Input checks)", location)
    if carried > MAX_CARRIED:
        raise InputError(f"the program's facts would be carried over {carried:,} ticks in "
                         f"all (each axiom from its time to the last, {last:,}); at most "
                         f"{MAX_CARRIED:,} are read (README: Limits)", location)


def check_transcript(transcript: str, location: str | None = None) -> None:
    """Refuse a transcript longer than ``MAX_TRANSCRIPT_BYTES`` (in UTF-8)."""
    if len(transcript) * 4 <= MAX_TRANSCRIPT_BYTES:
        return  # no character takes more than four bytes
    size = len(transcript) if len(transcript) > MAX_TRANSCRIPT_BYTES else \
        len(transcript.encode("utf-8", "surrogatepass"))
    if size > MAX_TRANSCRIPT_BYTES:
        raise InputError(too_long("transcript", MAX_TRANSCRIPT_BYTES, size), location)
