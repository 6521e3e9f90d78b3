"""Arithmetic and multiplier words as real transcripts write them, read with the program
(for ``verify._read_steps``): dozens of the one thing the program counts in dozens, a
multiplier word inside one of the program's names, and the rule instances an expression
cannot choose between (a sum no rule instance adds that states a union: ``union_sums``)."""

from __future__ import annotations

import re
from typing import Any, Protocol

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.guards import DOZENS, OTHER_MULTIPLIERS
from vlp.kernel import Atom, Claim

from .align import ProgramIndex
from .transcript_reading import ReadSentence, read_transcript


class ProgramInstances(Protocol):
    """What these readings ask of a prepared problem (``vlp.checker.prepared``): its index,
    and the rule instances with arithmetic, with the conclusions an expression is preferred for."""

    index: ProgramIndex

    def builtins(self) -> list[tuple[Arithmetic, Any]]: ...

    def favoured_conclusions(self) -> frozenset[Atom]: ...


MULTIPLIER_RE = re.compile(DOZENS, re.IGNORECASE)
_OTHER_MULTIPLIERS_RE = re.compile(OTHER_MULTIPLIERS, re.IGNORECASE)


def named_multipliers(prepared: ProgramInstances) -> re.Pattern[str] | None:
    """The program's names (agents, entities) of more than one word that hold a word the
    guards read as a multiplier ("first half", "double room"), as one pattern: within such
    a name the word multiplies nothing."""
    index = prepared.index
    names = [n for n in (*index.agent_names, *index.entities)
             if " " in n and _OTHER_MULTIPLIERS_RE.search(n)]
    if not names:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len,
                                                                        reverse=True))
                      + r")\b", re.IGNORECASE)


def dozens_read(sentence: ReadSentence, counted: set[str]) -> tuple[ReadSentence, str | None]:
    """Where the program counts dozens (12 of one thing each: ``rate(_, 12, golf balls,
    dozens)``), "13 dozen golf balls" is 13 dozens and "There are 12 balls in a dozen" the
    rate: the sentence is read again so, and guarded again with "dozen" as any other word.
    The words after "dozen" must name the thing the dozens hold; else it stays unread."""
    from vlp.grammar.guards import unsafe_reason

    text = sentence.text
    if _OTHER_MULTIPLIERS_RE.search(text):
        return sentence, unsafe_reason(text)
    entity = next(iter(counted))
    names = "|".join(re.escape(n) for n in {entity, entity.split()[-1]})
    rewritten = re.sub(rf"\b(\d+) dozens?(?:(?: of)? (?:{names})\b|(?=\s*(?:[.,;!?]|$)))",
                       r"\1 dozens", text, flags=re.IGNORECASE)
    rewritten = re.sub(rf"\b(?:there are |there is )?(\d+) ({names}) (?:are )?in (?:a|one|each|"
                       r"every) dozen\b", r"each dozen has \1 \2", rewritten, flags=re.IGNORECASE)
    if re.search(r"\bdozen\b(?! has)", rewritten, re.IGNORECASE):
        return sentence, unsafe_reason(text)  # "dozen" of something else, or alone
    unsafe = unsafe_reason(MULTIPLIER_RE.sub("crates", rewritten))
    read = read_transcript(rewritten)
    if unsafe is not None or len(read) != 1:
        return sentence, unsafe_reason(text)
    return read[0], None


def rival_claims(prepared: ProgramInstances, expression: Arithmetic, match: Any
                  ) -> list[Claim]:
    """The other claims that rule instances as favoured as ``match`` (on the shortest
    proof, or off it like it) conclude by writing ``expression``: the expression alone does
    not choose between them."""
    from .align import same_expression

    favoured = prepared.favoured_conclusions()
    side = match.conclusion in favoured
    chosen = match.conclusion.claim()
    rivals: list[Claim] = []
    for builtin, edge in prepared.builtins():
        claim = edge.conclusion.claim()
        if (edge.conclusion in favoured) == side and claim != chosen and \
                claim not in rivals and same_expression(expression, builtin):
            rivals.append(claim)
    return rivals


__all__ = ["MULTIPLIER_RE", "dozens_read", "named_multipliers", "rival_claims"]
