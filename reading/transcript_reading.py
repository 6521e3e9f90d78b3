"""A transcript read through the language layer (``vlp.grammar.transcript``): its
sentences, each with the claims the template grammar read (partial ones kept partial, to be
resolved against the chart by :meth:`~vlp.reading.align.ProgramIndex.align`), the expressions
it holds and, when it reads none, why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from vlp.grammar.arithmetic import Arithmetic

from .align import ClaimPattern


@attrs.frozen
class ReadClaim:
    """One claim read from a sentence, with the expression that computed it (if any)."""

    pattern: ClaimPattern
    arithmetic: Arithmetic | None
    template: str | None = None  # the id of the template that read it


@attrs.frozen
class ReadSentence:
    text: str
    claims: tuple[ReadClaim, ...]
    arithmetic: tuple[Arithmetic, ...]
    reason: str | None  # why no claim could be read
    answer: int | None = None  # a claim-less closing sentence ("Therefore, the answer is 26.")


def _claim_arithmetic(item: Any, pattern: ClaimPattern,
                      sentence_expressions: Sequence[Arithmetic], claims_count: int
                      ) -> Arithmetic | None:
    own = getattr(item, "arithmetic", None)
    if own is not None and own.rule_shaped:
        return own
    if not sentence_expressions:
        return None
    if claims_count == 1:
        return sentence_expressions[-1]
    # several claims in one sentence: the expression whose result is this claim's quantity
    position = pattern.kinds.index("quantity") if "quantity" in pattern.kinds else None
    quantity = None if position is None else pattern.args[position]
    return next((e for e in sentence_expressions if e.result == quantity), None)


# One pattern object per distinct claim read: the per-problem memos it keys (alignment, name
# checks) then meet the very object again and compare nothing. Bounded like the parse cache.
_PATTERNS: dict[tuple[str, tuple[Any, ...]], ClaimPattern] = {}
_PATTERNS_KEPT = 65536


def _pattern(predicate: str, args: tuple[Any, ...]) -> ClaimPattern:
    key = (predicate, args)
    pattern = _PATTERNS.get(key)
    if pattern is None:
        if len(_PATTERNS) >= _PATTERNS_KEPT:
            _PATTERNS.clear()
        pattern = _PATTERNS[key] = ClaimPattern(predicate, args)
    return pattern


def _reading(text: str, parsed: Any, raw_expressions: Sequence[Any]) -> ReadSentence:
    raw_claims = getattr(parsed, "claims", None) or ()
    # most sentences hold no expression, or one (a generator per sentence showed up)
    expressions = tuple([e for e in raw_expressions if e.rule_shaped]) if raw_expressions \
        else ()
    # the grammar's claims (partial ones have None where the sentence left a word out)
    claims = tuple([ReadClaim(pattern, _claim_arithmetic(item, pattern, expressions,
                                                         len(raw_claims)), item.template)
                    for item in raw_claims
                    for pattern in (_pattern(item.claim.predicate, item.claim.args),)])
    reason = None
    answer = None
    if not claims:
        kind = getattr(parsed, "kind", None)
        answer = getattr(parsed, "answer", None) if kind == "answer" else None
        reason = getattr(parsed, "reason", None)
        if kind in ("question", "ground"):
            reason = "a question, not a claim"
        reason = reason if isinstance(reason, str) and reason else "no claim found"
    return ReadSentence(text, claims, expressions, reason, answer)


def read_transcript(transcript: str, *, claims: bool = True) -> list[ReadSentence]:
    """Split a transcript into sentences (``vlp.grammar.split_transcript``: numbering,
    markdown, ``<think>`` blocks and closing answers handled there) and read each one.

    Claims with omitted words are kept partial here: they are resolved against the chart
    by :meth:`ProgramIndex.align`, which knows the program's theorems. ``claims=False``
    (arithmetic mode) reads no claims: the grammar is not run.
    """
    from vlp.grammar.transcript import read_sentences

    return [_reading(parsed.text, parsed, arithmetic)
            for _line, _label, _think, parsed, arithmetic in read_sentences(transcript,
                                                                          grammar=claims)
            if parsed.text.strip()]
