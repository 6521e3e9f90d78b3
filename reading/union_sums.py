"""A sum that no rule instance of the chart adds, read as the union it states.

Chaining derives unions only for the agent sets the query or an axiom names, so "So there
were 5 + 9 = 14 items on the shelf" (the union of two counts), "Total in the morning and
afternoon = 6 + 3 = 9" or "9 + 5 = 14" (that union and a third count) computes nothing the
chart has. The program's union rule makes each of them a theorem all the same: the kernel
derives it on demand (:meth:`vlp.reading.demand.OnDemand.unions`, through
``ProgramIndex.is_theorem``), as comparisons are.

A sum is read so when its operands are counts of pairwise disjoint agent sets in one entity
at one time (each a count the chart has, or a union of single agents' counts derived on
demand) and every such reading gives one and the same union; several unions are named and
the sentence stays unread. Words that may give the total to someone else are respected:
the names of the program's agents in the sentence must be none or exactly the union's, a
singular pronoun must not refer to one of its members, the entity written after the result
must be the union's, a comparison's words ("more", "than", "difference") are not read as a
union, and a sum that rewrites an expression before it ("21 - (-16) = 21 + 16 = 37") is a
step of that computation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from vlp.grammar.arithmetic import Arithmetic
from vlp.kernel import Agents, Atom, Claim

from .align import ProgramIndex
from .claim_guards import entity_after

# the most single agents counted at one time whose groups are tried (2 ** n groups)
MOST_MEMBERS = 8
_COMPARISON_RE = re.compile(r"\b(?:more|fewer|less|difference|than|further|farther|extra|"
                            r"additional|each|per|times)\b", re.IGNORECASE)
# two numbers with an operator between them (a sign or parenthesis may come between)
_NUMBER_EXPRESSION_RE = re.compile(r"\d\s*\)?\s*[-+*/×−–]\s*\(?\s*[-−]?\d")
_SINGULAR_RE = re.compile(r"\b(he|she|him|his|her)\b", re.IGNORECASE)


@dataclass(frozen=True)
class UnionRefusal:
    """Why a sum that unions could state is left unread."""

    reason: str


def union_of_sum(index: ProgramIndex, expression: Arithmetic, text: str,
                 discourse: Any = None) -> Claim | UnionRefusal | None:
    """The union a correct sum ``expression`` states, where no rule instance of the chart
    computes it; a :class:`UnionRefusal` when its words or its operands do not settle one;
    ``None`` when no union of the program's counts fits (the caller's own reason stands).
    ``discourse``: the transcript so far (:class:`vlp.reading.discourse.Discourse`), for
    what a singular pronoun in the sentence refers to."""
    demand = index.demand
    if demand is None or expression.operator != "+" or len(expression.operands) < 2 or \
            not expression.correct or _COMPARISON_RE.search(text):
        return None
    if _continues_an_expression(text, expression):
        return UnionRefusal(f"{expression} goes on from an expression before it: a step of "
                            "that computation, not a union")
    named_entity = entity_after(text.lower(), expression.result, index.entities)
    found: dict[Claim, None] = {}
    for (entity, _time), counts in sorted(demand.by_time.items(),
                                          key=lambda item: (item[0][0], item[0][1])):
        if named_entity is not None and entity != named_entity:
            continue
        for parts in _partitions(counts, expression.operands):
            union = parts[0].union(parts[1:])
            found[Claim("cont", (union, expression.result, entity))] = None
    if not found:
        return None
    if len(found) > 1:  # none is derived: a union nobody read is not added to the chart
        shown = " or ".join(map(str, found))
        return UnionRefusal(f"{len(found)} unions add up to {expression} ({shown}): which "
                            "one, the words do not say")
    claim = next(iter(found))
    why = _words_give_it_elsewhere(index, claim, text, discourse)
    if why is not None:
        return UnionRefusal(why)
    # the kernel derives it by the union rule (the counts are at one time and disjoint)
    return claim if index.is_theorem(claim) else None


def _continues_an_expression(text: str, expression: Arithmetic) -> bool:
    """Is the sum the rewrite of an expression of numbers written right before it ("21 -
    (-16) = 21 + 16 = 37")? A label or letters before it ("Total = A + E = 5 + 4 = 9") are
    no such expression."""
    if expression.span is None:
        return False
    before = text[:expression.span[0]].rstrip()
    if not before.endswith("="):
        return False
    segment = before[:-1].rsplit("=", 1)[-1]
    return _NUMBER_EXPRESSION_RE.search(segment) is not None


def _partitions(counts: dict[Agents, Atom], operands: Sequence[int]
                ) -> Iterator[tuple[Agents, ...]]:
    """Pairwise disjoint agent sets, one per operand, each with that operand for its count
    at this entity and time: the chart's count, or a union of two or more single agents'
    counts (derived on demand when read)."""
    singles = [a for a in counts if len(a) == 1]
    if len(singles) > MOST_MEMBERS:
        return
    options: list[list[Agents]] = []
    for operand in operands:
        fits = [a for a, atom in counts.items() if atom.args[1] == operand]
        for size in range(2, len(singles) + 1):
            for chosen in combinations(singles, size):
                if sum(counts[a].args[1] for a in chosen) == operand:  # type: ignore[misc]
                    group = chosen[0].union(chosen[1:])
                    if group not in fits:
                        fits.append(group)
        if not fits:
            return
        options.append(fits)
    for parts in product(*options):
        if all(a.isdisjoint(b) for a, b in combinations(parts, 2)):
            yield parts


def _words_give_it_elsewhere(index: ProgramIndex, claim: Claim, text: str,
                             discourse: Any) -> str | None:
    """Why the sentence's words may give the sum to someone other than ``claim``'s union:
    a name of the program that is not all of it ("made today is 30 + 72"), or a singular
    pronoun for one of its members ("he has 46 + 47 = 93"); else ``None``."""
    union = claim.agent_sets[0]
    words = set(re.findall(r"[\w']+", text.lower()))
    named = {name for name in index.agent_names if set(name.split()) <= words}
    # a name inside a longer name the sentence holds is that longer one's
    named = {n for n in named if not any(n != m and n in m for m in named)}
    if named and named != set(union.names):
        return (f"the words name {' and '.join(sorted(named))}, but the sum is the union "
                f"{claim}")
    pronoun = _SINGULAR_RE.search(text)
    if pronoun is None or named:
        return None
    if discourse is None:
        return f"{pronoun.group(1)!r} may be one of {' or '.join(union.sorted_names())}"
    saved, ambiguity = discourse.snapshot(), discourse.ambiguity
    discourse.ambiguity = None
    referent = discourse.resolve(pronoun.group(1).lower())
    unresolved = discourse.ambiguity
    discourse.restore(saved)
    discourse.ambiguity = ambiguity
    if unresolved is not None:
        return unresolved
    if referent is not None and not referent.isdisjoint(union) and referent != union:
        return (f"{pronoun.group(1)!r} is {' and '.join(referent.sorted_names())}, one of "
                f"the union {claim}")
    return None


__all__ = ["MOST_MEMBERS", "UnionRefusal", "union_of_sum"]
