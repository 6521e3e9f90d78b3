"""The structural properties of a rule table (paper App. C.1, App. A.1), computed from data.

Everything here reads the patterns of :data:`vlp.kernel.RULES` (or any other table built
from the same classes), never a hand-written list of roles. For a term function ``phi``
(agents or entities of a pattern, as rule variables):

* **Def. 1 (phi-conserving).** Every rule's conclusion takes its phi-terms from its
  premises, and the rule is one of
  - an *introduction* rule for P: the conclusion is a P atom, no premise is, the
    conclusion's phi-terms are exactly the premises' and the premises' phi-terms are
    pairwise disjoint (at most one introduction rule per predicate);
  - an *elimination* rule for P: exactly one premise (the distinguished one) is a P atom,
    the conclusion is not, the distinguished premise's phi-terms contain those of every
    other premise and of the conclusion, and the other premises' phi-terms are pairwise
    disjoint. Two elimination rules for the same P must be distinct: once their
    distinguished premises are unified, their conclusions still differ (quantities aside,
    since those are computed by the built-ins);
  - the *union* rule: a built-in sets the conclusion's phi-term to the union of the
    premises' (unique in the table);
  - an *unused* rule: one of its premise literals (the negated ones included) unifies
    with no rule's conclusion, so the generator can never produce it.
* **Def. 2 (phi-monotonic).** Every rule is an introduction or elimination rule, or
  preserves phi-terms (conclusion's = premises').
* **Harmony.** For each elimination rule, grow the local-reducibility hypergraph from its
  distinguished premise by expanding every vertex that mixes phi-terms of the conclusion
  (X) and of the other premises (Y) with every introduction rule for its predicate. The
  rule is locally reducible if the hypergraph has no edge or a vertex identifies
  (unifies, fresh variables only) with the conclusion.
* **Stratification (App. A.1).** No cycle of the predicate dependency graph goes through
  a negated premise (:func:`vlp.kernel.stratify`).

The paper's formulas were lost in extraction; the conditions above are the reading of
DESIGN §3 and App. C.1 that the tests in ``test_rule_properties.py`` check.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import attrs

from vlp.kernel import KernelError, Rule, stratify
from vlp.kernel.rules import Equal, NoTransferTouching, Pattern, UnionOf, Var

INTRODUCTION = "introduction"
ELIMINATION = "elimination"
UNION = "union"
UNUSED = "unused"
PRESERVING = "preserving"

TermFunction = Callable[[Pattern], frozenset[Var]]


def agent_terms(pattern: Pattern) -> frozenset[Var]:
    return frozenset(v for v in pattern.args if v.kind == "agents")


def entity_terms(pattern: Pattern) -> frozenset[Var]:
    return frozenset(v for v in pattern.args if v.kind == "entity")


TERM_FUNCTIONS: dict[str, TermFunction] = {"agents": agent_terms, "entities": entity_terms}


@attrs.frozen
class Role:
    """How one rule satisfies Def. 1 / Def. 2; ``predicate`` is the introduced or
    eliminated predicate, ``distinguished`` the index of an elimination rule's P premise."""

    rule_id: str
    role: str | None
    predicate: str | None = None
    distinguished: int | None = None


# --- phi-terms of rules -------------------------------------------------------------


def _union_definitions(rule: Rule) -> dict[Var, Var]:
    """Variables that a built-in defines as the union of a repeated premise variable."""
    return {b.var: b.expr.var for b in rule.builtins
            if isinstance(b, Equal) and isinstance(b.expr, UnionOf)}


def premise_terms(rule: Rule, phi: TermFunction) -> frozenset[Var]:
    """phi(r): the union of the phi-terms of the premises."""
    return frozenset().union(*(phi(p) for p in rule.premises))


def conclusion_terms(rule: Rule, phi: TermFunction) -> frozenset[Var]:
    """phi of the conclusion, reading a union-defined variable as the variables it unites."""
    unions = _union_definitions(rule)
    return frozenset(unions.get(v, v) for v in phi(rule.conclusion))


def negated_predicates(rule: Rule) -> tuple[str, ...]:
    # the only negative literal the rule classes can express is "no transfer touching A"
    return ("transfer",) if isinstance(rule.negation, NoTransferTouching) else ()


# --- unification over rule variables ------------------------------------------------


Substitution = dict[Var, Var]


def _walk(var: Var, subst: Substitution) -> Var:
    while var in subst:
        var = subst[var]
    return var


def unify(first: Pattern, second: Pattern, flexible: frozenset[Var],
          subst: Substitution | None = None) -> Substitution | None:
    """Most general unifier in which only ``flexible`` variables may be bound."""
    if first.predicate != second.predicate or len(first.args) != len(second.args):
        return None
    subst = dict(subst or {})
    for left, right in zip(first.args, second.args, strict=True):
        left, right = _walk(left, subst), _walk(right, subst)
        if left == right:
            continue
        if left.kind != right.kind:
            return None
        if left in flexible:
            subst[left] = right
        elif right in flexible:
            subst[right] = left
        else:
            return None
    return subst


def substitute(pattern: Pattern, subst: Substitution) -> Pattern:
    return Pattern(pattern.predicate, tuple(_walk(v, subst) for v in pattern.args))


def rename(rule: Rule, suffix: str) -> tuple[list[Pattern], Pattern, frozenset[Var]]:
    """The rule's premises and conclusion with every variable renamed apart."""
    fresh: dict[Var, Var] = {}

    def var(v: Var) -> Var:
        return fresh.setdefault(v, Var(f"{v.name}'{suffix}", v.kind))

    premises = [Pattern(p.predicate, tuple(map(var, p.args))) for p in rule.premises]
    conclusion = Pattern(rule.conclusion.predicate, tuple(map(var, rule.conclusion.args)))
    return premises, conclusion, frozenset(fresh.values())


# --- Def. 1 / Def. 2 -----------------------------------------------------------------


def _pairwise_disjoint(sets: Sequence[frozenset[Var]]) -> bool:
    return all(a.isdisjoint(b) for a, b in itertools.combinations(sets, 2))


def introduction_predicate(rule: Rule, phi: TermFunction) -> str | None:
    if rule.repeated or not rule.premises:
        return None
    head = rule.conclusion.predicate
    if any(p.predicate == head for p in rule.premises):
        return None
    if conclusion_terms(rule, phi) != premise_terms(rule, phi):
        return None
    if not _pairwise_disjoint([phi(p) for p in rule.premises]):
        return None
    return head


def elimination_premise(rule: Rule, phi: TermFunction) -> int | None:
    """Index of the distinguished premise if ``rule`` is an elimination rule."""
    if rule.repeated:
        return None
    found = []
    for index, premise in enumerate(rule.premises):
        eliminated = premise.predicate
        others = [p for i, p in enumerate(rule.premises) if i != index]
        if rule.conclusion.predicate == eliminated or any(
                p.predicate == eliminated for p in others):
            continue
        covered = phi(premise)
        if not conclusion_terms(rule, phi) <= covered:
            continue
        if not all(phi(p) <= covered for p in others):
            continue
        if not _pairwise_disjoint([phi(p) for p in others]):
            continue
        found.append(index)
    return found[0] if len(found) == 1 else None


def is_union_rule(rule: Rule, phi: TermFunction) -> bool:
    unions = _union_definitions(rule)
    head_terms = phi(rule.conclusion)
    return bool(head_terms) and all(
        v in unions and unions[v] in premise_terms(rule, phi) for v in head_terms)


def is_unused_rule(rule: Rule) -> bool:
    """Some premise literal unifies with no rule's conclusion and cannot be an axiom either.

    Positive premises can always be axioms (that is how elimination rules get their
    distinguished premise), so only a negated literal qualifies: no rule concludes a
    negated atom and a program states only positive ones.
    """
    return bool(negated_predicates(rule))


def classify(rules: Sequence[Rule], phi: TermFunction, *,
             monotonic: bool = False) -> dict[str, Role]:
    """The role of every rule under Def. 1 (or Def. 2 with ``monotonic``); None if none fits."""
    roles: dict[str, Role] = {}
    for rule in rules:
        if not conclusion_terms(rule, phi) <= premise_terms(rule, phi):
            roles[rule.id] = Role(rule.id, None)
            continue
        introduced = introduction_predicate(rule, phi)
        distinguished = elimination_premise(rule, phi)
        if monotonic and conclusion_terms(rule, phi) == premise_terms(rule, phi):
            # Def. 2: a rule that keeps all its terms needs no other justification, so
            # only the rules that really drop a term count as eliminations there
            roles[rule.id] = Role(rule.id, PRESERVING)
        elif introduced is not None:
            roles[rule.id] = Role(rule.id, INTRODUCTION, introduced)
        elif distinguished is not None:
            roles[rule.id] = Role(rule.id, ELIMINATION, rule.premises[distinguished].predicate,
                                  distinguished)
        elif monotonic:
            roles[rule.id] = Role(rule.id, None)
        elif is_union_rule(rule, phi):
            roles[rule.id] = Role(rule.id, UNION)
        elif is_unused_rule(rule):
            roles[rule.id] = Role(rule.id, UNUSED)
        else:
            roles[rule.id] = Role(rule.id, None)
    return roles


def _quantity_blind(pattern: Pattern) -> Pattern:
    return Pattern(pattern.predicate, tuple(
        Var("_quantity", "quantity") if v.kind == "quantity" else v for v in pattern.args))


def eliminations_distinct(first: Rule, first_premise: int, second: Rule,
                          second_premise: int) -> bool:
    """After unifying the distinguished premises, the two conclusions still differ."""
    p1, c1, v1 = rename(first, "1")
    p2, c2, v2 = rename(second, "2")
    subst = unify(p1[first_premise], p2[second_premise], v1 | v2)
    if subst is None:
        return True
    left, right = _quantity_blind(substitute(c1, subst)), _quantity_blind(substitute(c2, subst))
    return left != right


def conserving_violations(rules: Sequence[Rule], phi: TermFunction) -> list[str]:
    """Why ``rules`` is not phi-conserving (Def. 1); empty if it is."""
    roles = classify(rules, phi)
    problems = [f"rule {r.id} is no introduction, elimination, union or unused rule: {r!r}"
                for r in rules if roles[r.id].role is None]
    problems += _uniqueness_violations(rules, roles)
    by_id = {r.id: r for r in rules}
    eliminations = [roles[r.id] for r in rules if roles[r.id].role == ELIMINATION]
    for a, b in itertools.combinations(eliminations, 2):
        if a.predicate == b.predicate and not eliminations_distinct(
                by_id[a.rule_id], a.distinguished, by_id[b.rule_id], b.distinguished):  # type: ignore[arg-type]
            problems.append(f"elimination rules {a.rule_id} and {b.rule_id} for {a.predicate} "
                            f"draw the same conclusion from the same {a.predicate} premise")
    if sum(roles[r.id].role == UNION for r in rules) > 1:
        problems.append("more than one union rule")
    return problems


def _uniqueness_violations(rules: Sequence[Rule], roles: dict[str, Role]) -> list[str]:
    problems = []
    introductions: dict[str, list[str]] = {}
    for r in rules:
        if roles[r.id].role == INTRODUCTION:
            introductions.setdefault(roles[r.id].predicate, []).append(r.id)  # type: ignore[arg-type]
    for predicate, ids in introductions.items():
        if len(ids) > 1:
            problems.append(f"{predicate} has several introduction rules: {', '.join(ids)}")
    return problems


def monotonic_violations(rules: Sequence[Rule], phi: TermFunction) -> list[str]:
    """Why ``rules`` is not phi-monotonic (Def. 2); empty if it is."""
    roles = classify(rules, phi, monotonic=True)
    problems = [f"rule {r.id} neither introduces, eliminates nor preserves its terms: {r!r}"
                for r in rules if roles[r.id].role is None]
    return problems + _uniqueness_violations(rules, roles)


# --- harmony -------------------------------------------------------------------------


@attrs.frozen
class Reduction:
    """The local-reducibility hypergraph of one elimination rule."""

    rule_id: str
    vertices: tuple[Pattern, ...]
    edges: tuple[tuple[str, tuple[Pattern, ...], Pattern], ...]  # (rule id, tails, head)
    identified: Pattern | None  # the vertex that identifies with the conclusion

    @property
    def reducible(self) -> bool:
        return not self.edges or self.identified is not None


def local_reduction(rule: Rule, distinguished: int, rules: Sequence[Rule], phi: TermFunction,
                    *, max_vertices: int = 64) -> Reduction:
    roles = classify(rules, phi)
    introductions = [r for r in rules if roles[r.id].role == INTRODUCTION]
    rule_vars = frozenset(itertools.chain(rule.conclusion.args,
                                          *(p.args for p in rule.premises)))
    conclusion_side = conclusion_terms(rule, phi)
    premise_side = frozenset().union(
        *(phi(p) for i, p in enumerate(rule.premises) if i != distinguished))
    root = rule.premises[distinguished]
    vertices: list[Pattern] = [root]
    edges: list[tuple[str, tuple[Pattern, ...], Pattern]] = []
    agenda = [root]
    counter = itertools.count()
    while agenda and len(vertices) < max_vertices:
        vertex = agenda.pop(0)
        terms = phi(vertex)
        if terms.isdisjoint(conclusion_side) or terms.isdisjoint(premise_side):
            continue
        for intro in introductions:
            premises, head, fresh = rename(intro, str(next(counter)))
            subst = unify(head, vertex, fresh)
            if subst is None:
                continue
            tails = tuple(substitute(p, subst) for p in premises)
            edges.append((intro.id, tails, vertex))
            for tail in tails:
                vertices.append(tail)
                agenda.append(tail)
    identified = None
    for vertex in vertices[1:]:
        fresh = frozenset(vertex.args) - rule_vars
        if unify(vertex, rule.conclusion, fresh) is not None:
            identified = vertex
            break
    return Reduction(rule.id, tuple(vertices), tuple(edges), identified)


def reductions(rules: Sequence[Rule], phi: TermFunction, *,
               monotonic: bool = False) -> dict[str, Reduction]:
    """Hypergraphs of the elimination rules under Def. 1 (or Def. 2 with ``monotonic``)."""
    roles = classify(rules, phi, monotonic=monotonic)
    return {r.id: local_reduction(r, roles[r.id].distinguished, rules, phi)  # type: ignore[arg-type]
            for r in rules if roles[r.id].role == ELIMINATION}


def harmony_violations(rules: Sequence[Rule], phi: TermFunction, *,
                       monotonic: bool = False) -> list[str]:
    return [f"elimination rule {rid} is not locally reducible: no vertex of "
            f"{', '.join(map(repr, red.vertices))} identifies with its conclusion"
            for rid, red in reductions(rules, phi, monotonic=monotonic).items()
            if not red.reducible]


def stratification_violations(rules: Sequence[Rule]) -> list[str]:
    try:
        strata = stratify(rules)
    except KernelError as error:
        return [str(error)]
    problems = []
    for r in rules:
        for negated in negated_predicates(r):
            if strata.get(negated, 0) >= strata[r.conclusion.predicate]:
                problems.append(f"rule {r.id} negates {negated} in its own stratum")
    return problems
