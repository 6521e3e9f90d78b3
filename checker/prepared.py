"""The per-problem work every transcript of one problem shares (:class:`PreparedProblem`):
the chart, the shortest proof, the alignment index, the search-order references and the
arithmetic instances, made once per problem and cached by :func:`prepare`."""

from __future__ import annotations

import functools
from typing import Any

from vlp.kernel import (
    ELIMINATION,
    INTRODUCTION,
    RULES,
    UNION,
    Agents,
    Atom,
    Claim,
    Program,
    Query,
    roles,
)
from vlp.limits import check_program
from vlp.reading.align import ClaimPattern, ProgramIndex, hyperedge_arithmetic, same_expression

from .chaining import Chart, Hyperedge, forward_chain, matches_at_query_time
from .problem_specs import problem_spec
from .saturated import SaturatedOrder
from .search_order import first_occurrences
from .shortest import ShortestProof, goal_of, is_unique_shortest, shortest_proof
from .verdicts import Arithmetic

# Rules whose distinguished premise (comp / transfer / rate / compeq) is eliminated: the
# steps a generator's tree makes from its axioms (for the search-order universe, App. D.4).
# (rule id -> distinguished premise) of the eliminations, and the comparison
# introductions and union rules, computed from the rule table
_ROLES = roles(RULES)
_ELIMINATION_RULES = {r.rule_id: r.distinguished for r in _ROLES.values()
                      if r.role == ELIMINATION}
_COMPARISON_INTRODUCTIONS = frozenset(r.rule_id for r in _ROLES.values()
                                      if r.role == INTRODUCTION and r.predicate == "comp")
_UNION_RULES = frozenset(r.rule_id for r in _ROLES.values() if r.role == UNION)


class PreparedProblem:
    """The per-problem work shared by every transcript of one problem."""

    def __init__(self, program: Program, query: Query, axiom_order: tuple[Atom, ...],
                 certified_proof: tuple[Hyperedge, ...] = (),
                 hidden_axioms: tuple[Atom, ...] = ()):
        self.program = program
        self.query = query
        self.axiom_order = axiom_order
        self.chart: Chart = forward_chain(program, query, strategy="bfs",
                                          axiom_order=axiom_order or None)
        self.goal: Atom = goal_of(self.chart, query)
        self.proof: ShortestProof = (_recorded_proof(self.chart, self.goal, certified_proof)
                                     or shortest_proof(self.chart, self.goal, certify=False))
        self.index = ProgramIndex(program, self.chart, self.proof.atoms, hidden_axioms,
                                  self.chart.demand)
        self.query_pattern = ClaimPattern.of(query)
        self._reference_text: tuple[str, ...] | None = None
        self._orders: dict[str, list[Claim]] = {}
        self._universe: frozenset[Claim] | None = None
        self._builtins: list[tuple[Arithmetic, Any]] | None = None
        self._arithmetic_instances: dict[Arithmetic, Hyperedge | None] = {}
        self._saturated_order: SaturatedOrder | None = None
        self._favoured: frozenset[Atom] | None = None
        self._references: dict[str, tuple[Claim, ...]] = {}
        self.goal_text = str(self.goal)  # every report names it
        # whitespace tokens of a reference proof (per transcript otherwise, always the same)
        self.reference_tokens: dict[tuple[str, ...], int] = {}
        self._name_flags: dict[ClaimPattern, tuple[bool, str | None]] = {}
        self._counts_over_time: dict[tuple[Any, str], dict[int, int]] | None = None
        # each search reference's claims by index id, by its name (the distances compare ids)
        self.reference_ids: dict[str, list[int]] = {}

    def count_at(self, claim: Claim, cue: str | int) -> int | None:
        """The quantity the chart gives ``claim``'s agents and entity at the time ``cue``
        names (``"initial"``: the first time they have a count, ``"final"``: the last, a
        number: that time), or ``None`` when the claim is no count or the chart has none
        for them then."""
        if claim.predicate != "cont":
            return None
        if self._counts_over_time is None:
            counts: dict[tuple[Any, str], dict[int, int]] = {}
            for atom in self.chart.theorems:
                if atom.predicate == "cont":
                    counts.setdefault((atom.args[0], atom.entity), {})[atom.time] = \
                        atom.quantity
            self._counts_over_time = counts
        over_time = self._counts_over_time.get((claim.args[0], claim.entity))
        if not over_time:
            return None
        if isinstance(cue, int):
            return over_time.get(cue)
        return over_time[min(over_time) if cue == "initial" else max(over_time)]

    def name_flags(self, pattern: ClaimPattern) -> tuple[bool, str | None]:
        """Whether the template grammar misread a name or entity in ``pattern``
        (``reader.misread_names``), and the first pronoun it read as an agent: per problem,
        they depend on the pattern and the program's names alone."""
        flags = self._name_flags.get(pattern)
        if flags is None:
            from vlp.reading.reader import PRONOUNS, misread_names

            pronoun = next((name for a in pattern.args if isinstance(a, Agents)
                            and not PRONOUNS.isdisjoint(a.names)
                            for name in a.names if name in PRONOUNS), None)
            flags = self._name_flags[pattern] = (misread_names(pattern, self.index), pronoun)
        return flags

    @property
    def proof_claims_in_order(self) -> list[Claim]:
        proof = self.index.proof_claims  # bookkeeping claims left out
        return [atom.claim() for atom in self.proof.dfs_atoms() if atom.claim() in proof]

    def reference_text(self) -> tuple[str, ...]:
        """The shortest proof verbalized in DFS order (App. D.2), one sentence per claim."""
        if self._reference_text is None:
            from vlp.grammar import render_conclusion, render_statement

            derivation = {edge.conclusion: edge for edge in self.proof.hyperedges}
            sentences = []
            for atom in self.proof.dfs_atoms():
                edge = derivation.get(atom)
                sentences.append(render_statement(atom) if edge is None or atom in
                                 self.program.axioms else render_conclusion(edge))
            self._reference_text = tuple(sentences)
        return self._reference_text

    def pop_order(self, strategy: str) -> list[Claim]:
        """The non-axiom claims a ``strategy`` run stopped at the goal pops, in order."""
        if strategy not in self._orders:
            # chaining without saturation pops what it derives in the saturated model's
            # order and leaves out only comparisons outside the universe (tests/
            # test_chaining_pop_orders.py); the BFS run stopped at the goal is a prefix
            # of the problem's own (BFS) chart
            if strategy == self.chart.strategy and self.chart.complete:
                pops = self._pops_to_goal(self.chart)
            else:
                pops = forward_chain(self.program, self.query, strategy=strategy,
                                     axiom_order=self.axiom_order or None,
                                     stop_at_goal=True, mode="proof").pop_order
            self._orders[strategy] = [a.claim() for a in pops if a not in self.program.axioms]
        return self._orders[strategy]

    def universe(self) -> frozenset[Claim]:
        """The claims the reference orders are restricted to (App. D.4 limitation (i))."""
        if self._universe is None:
            self._universe = self._generator_universe()
        return self._universe

    def _pops_to_goal(self, chart: Chart) -> list[Atom]:
        """The pops of ``chart`` up to the first that answers the query (what a run with
        ``stop_at_goal`` pops)."""
        for position, atom in enumerate(chart.pop_order, 1):
            if matches_at_query_time(self.program, self.query, atom):
                return chart.pop_order[:position]
        return chart.pop_order

    def search_references(self) -> tuple[tuple[Claim, ...], tuple[Claim, ...],
                                          tuple[Claim, ...]]:
        """The DFS and BFS orders restricted to the generator's universe, and the shortest
        proof's non-axiom claims in DFS order (App. D.4)."""
        return (self.search_reference("dfs"), self.search_reference("bfs"),
                self.search_reference("shortest_proof"))

    def search_reference(self, name: str) -> tuple[Claim, ...]:
        """One of :meth:`search_references`: ``"dfs"``, ``"bfs"`` or ``"shortest_proof"``
        (the DFS one costs a chaining run: it is made when first asked for)."""
        if name not in self._references:
            if name == "shortest_proof":
                axioms = self.index.axiom_claims
                found = first_occurrences(self.proof_claims_in_order, lambda c: c not in axioms)
            else:
                found = first_occurrences(self.pop_order(name), self.universe().__contains__)
            self._references[name] = tuple(found)
        return self._references[name]

    def _generator_universe(self) -> frozenset[Claim]:
        """Claims a top-down generator's trees could contain: the shortest proof, and every
        conclusion that eliminates an axiom (plus the comparisons an axiom ``compeq`` names
        and the unions the query names)."""
        axioms = self.program.axioms
        compeq_pairs = {(a.args[2], a.args[3], a.args[4]) for a in axioms
                        if a.predicate == "compeq"}
        universe = set(self.index.proof_claims)
        query_agents = set(self.query.agent_sets)
        axiom_claims = self.index.axiom_claims
        # the index's claim of each atom, where it has one (making a claim per instance
        # was most of this walk over every instance of the chart)
        known = self.index.claim_of_atom
        for edge in self.chart.hyperedges:
            distinguished = _ELIMINATION_RULES.get(edge.rule_id)
            conclusion = edge.conclusion
            if distinguished is not None and \
                    known(edge.premises[distinguished]) in axiom_claims:
                universe.add(known(conclusion))
            elif edge.rule_id in _COMPARISON_INTRODUCTIONS and (conclusion.args[0],
                                                               conclusion.args[1],
                                           conclusion.args[3]) in compeq_pairs:
                universe.add(known(conclusion))
            elif edge.rule_id in _UNION_RULES and conclusion.args[0] in query_agents:
                universe.add(known(conclusion))
        return frozenset(c for c in universe if c not in self.index.axiom_claims
                         and c not in self.index.bookkeeping_claims)

    def builtins(self) -> list[tuple[Arithmetic, Any]]:
        """Every rule instance chaining accepted with arithmetic, shortest-proof ones first
        (those derived on demand are placed by :meth:`arithmetic_instance`)."""
        if self._builtins is None:
            found = []
            for edge in self.chart.hyperedges[:self.chart.demand.chained]:
                arithmetic = hyperedge_arithmetic(edge.rule_id, edge.premises, edge.conclusion)
                if arithmetic is not None:
                    found.append((arithmetic, edge))
            favoured = self.favoured_conclusions()
            found.sort(key=lambda item: item[1].conclusion not in favoured)
            self._builtins = found
        return self._builtins

    def favoured_conclusions(self) -> frozenset[Atom]:
        """The conclusions an expression's rule instance is preferred for: the shortest
        proof's atoms, less those whose claim restates an axiom. An expression that
        computes a stated fact again ("99 - 20 = 79" where 79 is given) concludes nothing
        new, so it does not outrank the instances concluding the proof's derived facts
        (decision 2 of issue 26: refgen traces in arithmetic mode 571 -> 595 of 598 right
        answers)."""
        if self._favoured is None:
            axioms = self.index.axiom_claims
            self._favoured = frozenset(atom for atom in self.proof.atoms
                                       if atom.claim() not in axioms)
        return self._favoured

    def arithmetic_instance(self, expression: Arithmetic) -> Hyperedge | None:
        """The rule instance ``expression`` is matched with: the first whose built-in it
        writes in the saturated model, shortest-proof conclusions first, then in
        saturation's acceptance order (:mod:`vlp.checker.saturated`: the comparisons and
        compeqs nobody stated are derived only for the instance chosen)."""
        if expression in self._arithmetic_instances:
            return self._arithmetic_instances[expression]
        matches = [edge for builtin, edge in self.builtins()
                   if same_expression(expression, builtin)]
        match = self.saturated_order().first_writing(expression, matches,
                                                       self.favoured_conclusions())
        if match is not None and not self.saturated_order().is_chained(match):
            self.index.demand_instance(match)
        self._arithmetic_instances[expression] = match
        return match

    def saturated_order(self) -> SaturatedOrder:
        if self._saturated_order is None:
            self._saturated_order = SaturatedOrder(self.chart, self.chart.demand)
        return self._saturated_order


def _recorded_proof(
    chart: Chart, goal: Atom, edges: tuple[Hyperedge, ...]
) -> ShortestProof | None:
    """A generated record's certified shortest proof (DFS post-order), if every one of its
    rule instances is in the chart (so the kernel accepted it), it proves the goal and Z3
    confirms it is the unique shortest (:func:`is_unique_shortest`: one unsat check, not
    the minimisation); otherwise ``None`` and the proof is recomputed. Nothing of the
    record is trusted: a longer or a different proof than the shortest is not used."""
    if not edges or edges[-1].conclusion != goal:
        return None
    accepted = set(chart.hyperedges)
    if not all(edge in accepted for edge in edges):
        return None
    concluded = {edge.conclusion for edge in edges}
    if not all(p in concluded or p in chart.program.axioms for e in edges for p in e.premises):
        return None
    atoms = frozenset(a for e in edges for a in (*e.premises, e.conclusion))
    claims = frozenset(a.claim() for a in atoms)
    if not is_unique_shortest(chart, goal, claims):
        return None
    return ShortestProof(goal, edges, atoms, claims, len(claims), None, True, False)


@functools.lru_cache(maxsize=256)
def _prepare(program: Program, query: Query, axiom_order: tuple[Atom, ...],
             certified_proof: tuple[Hyperedge, ...],
             hidden_axioms: tuple[Atom, ...]) -> PreparedProblem:
    check_program(program.axioms, None)
    return PreparedProblem(program, query, axiom_order, certified_proof, hidden_axioms)


class _Prepare:
    """:func:`prepare` itself: an LRU cache of 256 problems by value, and before it the
    latest call's very objects. Transcripts of one problem usually come one after another
    with the same spec, and looking the LRU up by value compares equal but distinct
    tuples of atoms and hyperedges element by element (a twentieth of a warm verification)."""

    def __init__(self) -> None:
        self._latest: tuple[tuple[Any, ...], PreparedProblem] | None = None

    def __call__(self, program: Program, query: Query, axiom_order: tuple[Atom, ...] = (),
                 certified_proof: tuple[Hyperedge, ...] = (),
                 hidden_axioms: tuple[Atom, ...] = ()) -> PreparedProblem:
        """Chain, solve and index a problem once (cached: transcripts of one problem share
        it).

        ``certified_proof``: the shortest proof a generated record carries (its uniqueness
        was certified when the problem was made); used instead of re-solving when it checks
        out. A program past the limits is refused here (a program built in Python is read,
        not parsed), once per problem: an error is not cached, so it is raised on every call.
        """
        args = (program, query, axiom_order, certified_proof, hidden_axioms)
        latest = self._latest
        if latest is not None and all(a is b for a, b in zip(args, latest[0], strict=True)):
            return latest[1]
        prepared = _prepare(*args)
        self._latest = (args, prepared)
        return prepared

    def cache_clear(self) -> None:
        self._latest = None
        _prepare.cache_clear()

    def cache_info(self) -> Any:
        return _prepare.cache_info()


prepare = _Prepare()


def prepared_problem(problem: Any) -> PreparedProblem:
    """The cached per-problem work for a problem in any accepted form."""
    spec = problem_spec(problem)
    return prepare(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                   spec.hidden_axioms)
