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
  a negated premise (:func:`stratify`).

The paper's formulas were lost in extraction; the conditions above are the reading of
DESIGN §3 and App. C.1 that the tests in ``test_rule_properties.py`` check.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs
import networkx as nx

from vlp.kernel import RULES, KernelError, Rule
from vlp.kernel.readers.roles import (
    ELIMINATION,
    INTRODUCTION,
    UNION,
    Role,
    TermFunction,
    agent_terms,
    conclusion_terms,
    elimination_premise,
    entity_terms,
    introduction_predicate,
    is_union_rule,
    premise_terms,
)
from vlp.kernel.rules import NoTransferTouching, Pattern, Var

UNUSED = "unused"
PRESERVING = "preserving"

TERM_FUNCTIONS: dict[str, TermFunction] = {"agents": agent_terms, "entities": entity_terms}


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


def stratify(rules: Sequence[Rule] = RULES) -> dict[str, int]:
    """A stratum per predicate (negated predicates in strictly lower strata).

    Raises :class:`KernelError` if the rules are not stratified (a cycle through negation).
    """
    graph = nx.DiGraph()
    for r in rules:
        head = r.conclusion.predicate
        graph.add_node(head)
        for premise in r.premises:
            graph.add_edge(premise.predicate, head, negative=graph.get_edge_data(
                premise.predicate, head, {}).get("negative", False))
        if r.negation is not None:
            graph.add_edge("transfer", head, negative=True)
    for component in nx.strongly_connected_components(graph):
        for u, v, data in graph.subgraph(component).edges(data=True):
            if data["negative"]:
                raise KernelError(f"not stratified: {v} depends negatively on {u} inside a cycle")
    condensed = nx.condensation(graph)
    stratum: dict[int, int] = {}
    for node in nx.topological_sort(condensed):
        preds = list(condensed.predecessors(node))
        level = 0
        for p in preds:
            members_p = condensed.nodes[p]["members"]
            members_n = condensed.nodes[node]["members"]
            negative = any(graph.get_edge_data(u, v, {}).get("negative")
                           for u in members_p for v in members_n)
            level = max(level, stratum[p] + (1 if negative else 0))
        stratum[node] = level
    return {pred: stratum[condensed.graph["mapping"][pred]] for pred in graph.nodes}


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
