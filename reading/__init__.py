"""vlp.reading: sentences read against a program's world, between the template language
(``vlp.grammar``) and judging (``vlp.checker``). ``encode`` reads a real word problem
(AddSub / SingleEq / MultiArith / SVAMP style) into a program and its query, or refuses it
with the first sentence it cannot read and why; ``reader`` (with ``transcript_reading``,
``claim_guards`` and ``arithmetic_reads``) reads a transcript's sentences into claims, resolved
in the program's index (``align.ProgramIndex``, comparisons derived on ``demand``).
"""

from __future__ import annotations

from vlp.lazy import install

_EXPORTS = {
    "Encoding": ".encode",
    "Refusal": ".encode",
    "encode": ".encode",
}

__all__ = sorted(_EXPORTS)

install(__name__, _EXPORTS)
