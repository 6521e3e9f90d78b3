"""The role of each rule, computed from the table's patterns (paper App. C.1, Def. 1 over
agents): an *introduction* rule for P concludes a P atom from no P premise, with exactly
the premises' agents, and the premises' agents pairwise disjoint; an *elimination* rule
for P has exactly one P premise (the distinguished one) whose agents cover every other
premise's and the conclusion's; the *union* rule sets the conclusion's agents to the
union of the premises'; a *frame* rule carries a fact across a tick under a negation.

Chaining, the sampler and the transcript checker read roles here instead of listing rule
ids; ``proofs/rule_properties.py`` checks Def. 1 / Def. 2 and harmony on these functions.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs

from ..rules import Equal, Pattern, Rule, UnionOf, Var

INTRODUCTION, ELIMINATION, UNION, FRAME = "introduction", "elimination", "union", "frame"

TermFunction = Callable[[Pattern], frozenset[Var]]


def agent_terms(pattern: Pattern) -> frozenset[Var]:
    return frozenset(v for v in pattern.args if v.kind == "agents")


def entity_terms(pattern: Pattern) -> frozenset[Var]:
    return frozenset(v for v in pattern.args if v.kind == "entity")


@attrs.frozen
class Role:
    """How a rule uses its terms; ``predicate`` is the introduced or eliminated predicate,
    ``distinguished`` the index of an elimination rule's P premise."""

    rule_id: str
    role: str | None
    predicate: str | None = None
    distinguished: int | None = None


def union_definitions(rule: Rule) -> dict[Var, Var]:
    """Variables that a built-in defines as the union of a repeated premise variable."""
    return {b.var: b.expr.var for b in rule.builtins
            if isinstance(b, Equal) and isinstance(b.expr, UnionOf)}


def premise_terms(rule: Rule, phi: TermFunction) -> frozenset[Var]:
    """phi(r): the union of the phi-terms of the premises."""
    return frozenset().union(*(phi(p) for p in rule.premises))


def conclusion_terms(rule: Rule, phi: TermFunction) -> frozenset[Var]:
    """phi of the conclusion, reading a union-defined variable as the variables it unites."""
    unions = union_definitions(rule)
    return frozenset(unions.get(v, v) for v in phi(rule.conclusion))


def pairwise_disjoint(sets: Sequence[frozenset[Var]]) -> bool:
    return all(a.isdisjoint(b) for a, b in itertools.combinations(sets, 2))


def introduction_predicate(rule: Rule, phi: TermFunction) -> str | None:
    if rule.repeated or not rule.premises:
        return None
    head = rule.conclusion.predicate
    if any(p.predicate == head for p in rule.premises):
        return None
    if conclusion_terms(rule, phi) != premise_terms(rule, phi):
        return None
    return head if pairwise_disjoint([phi(p) for p in rule.premises]) else None


def elimination_premise(rule: Rule, phi: TermFunction) -> int | None:
    """Index of the distinguished premise if ``rule`` is an elimination rule."""
    if rule.repeated:
        return None
    found = []
    for index, premise in enumerate(rule.premises):
        others = [p for i, p in enumerate(rule.premises) if i != index]
        if rule.conclusion.predicate == premise.predicate or any(
                p.predicate == premise.predicate for p in others):
            continue
        covered = phi(premise)
        if (conclusion_terms(rule, phi) <= covered and all(phi(p) <= covered for p in others)
                and pairwise_disjoint([phi(p) for p in others])):
            found.append(index)
    return found[0] if len(found) == 1 else None


def is_union_rule(rule: Rule, phi: TermFunction) -> bool:
    unions = union_definitions(rule)
    head_terms = phi(rule.conclusion)
    return bool(head_terms) and all(
        v in unions and unions[v] in premise_terms(rule, phi) for v in head_terms)


def role(rule: Rule) -> Role:
    """The rule's role over agents (None if it has none of the four)."""
    if rule.negation is not None:
        return Role(rule.id, FRAME, rule.conclusion.predicate)
    if is_union_rule(rule, agent_terms):
        return Role(rule.id, UNION, rule.conclusion.predicate)
    introduced = introduction_predicate(rule, agent_terms)
    if introduced is not None:
        return Role(rule.id, INTRODUCTION, introduced)
    distinguished = elimination_premise(rule, agent_terms)
    if distinguished is not None:
        return Role(rule.id, ELIMINATION, rule.premises[distinguished].predicate, distinguished)
    return Role(rule.id, None)


def roles(rules: Sequence[Rule]) -> dict[str, Role]:
    """Every rule's :func:`role`, by rule id, in table order."""
    return {r.id: role(r) for r in rules}
