"""Exact shortest proofs over the proof forest, with a Z3 uniqueness certificate.

Size is counted in claims (atoms with time erased, DESIGN §4), so frame-rule copies are
free. Minimum-vertex hyperpaths are not additive over sub-proofs (sub-proofs share
vertices), so the minimum is computed exactly with Z3:

- a Bool per atom and per hyperedge among the goal's ancestors; the goal is chosen;
- a chosen non-axiom atom needs a chosen incoming hyperedge; a chosen hyperedge needs
  all its premises;
- acyclicity by bit-vector ranks (premise rank < conclusion rank), only inside strongly
  connected parts of the pruned forest (elsewhere it is already acyclic); a part of n
  atoms needs ranks 0..n-1, so bit_length(n - 1) bits of its own suffice;
- objective: the number of distinct claims chosen.

The problem is purely finite-domain, so Z3's SAT core (``SolverFor("QF_FD")``, native
cardinality constraints) minimises it by descent: find a proof within the bound, require
at most one claim fewer, repeat until unsat; the final unsat is Z3's proof of optimality.
The first derivations recorded by chaining seed the bound. On generated problems this is
about 6x faster than ``Optimize`` with the same optimum (its MaxSAT/OptSMT set-up
dominates these small instances). The proof itself is then extracted from the optimal
claim set alone: any proof using only those claims is optimal, and among them the one
with the fewest vertices as a tree is taken (Knuth's algorithm; deterministic ties), so
it carries no idle vertices.

Uniqueness certificate: solve again requiring that some claim of the optimal claim set
is not chosen; the runner-up must be larger (or the re-solve unsat).
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence

import attrs
import z3

from vlp.errors import InputError
from vlp.kernel import AXIOM, ELIMINATION, RULES, Atom, Claim, Program, Query, roles
from vlp.reading.postorder import post_order

from .chaining import Chart, Hyperedge, forward_chain


class NoProofError(InputError):
    """The goal is not a theorem of the program (or the query has no answer)."""


@attrs.frozen
class ShortestProof:
    """A shortest proof of ``goal``: hyperedges in DFS post-order (App. D.2 order)."""

    goal: Atom
    hyperedges: tuple[Hyperedge, ...]
    atoms: frozenset[Atom]
    claims: frozenset[Claim]
    size: int
    runner_up_size: int | None
    unique: bool
    certified: bool

    def axioms(self, program: Program) -> list[Atom]:
        return [a for a in self.dfs_atoms() if a in program.axioms]

    def dfs_atoms(self) -> list[Atom]:
        """Atoms in verbalization order (post-order DFS, premises in pattern order).

        A frame-rule copy says the same as its premise, so only the first atom of each
        claim is listed: the result has exactly ``size`` atoms.
        """
        order: list[Atom] = []
        seen_claims: set[Claim] = set()
        for atom in self._post_order_atoms():
            if atom.claim() not in seen_claims:
                seen_claims.add(atom.claim())
                order.append(atom)
        return order

    def _post_order_atoms(self) -> list[Atom]:
        derivation = {edge.conclusion: edge for edge in self.hyperedges}
        return post_order(self.goal, lambda atom: derivation[atom].premises
                          if atom in derivation else ())

    def certificate_text(self) -> str:
        if not self.certified:
            return "not certified"
        if self.runner_up_size is None:
            return "unique (no other proof avoids any of its claims)"
        if self.unique:
            return f"unique (the next shortest proof has {self.runner_up_size} claims)"
        return f"NOT unique (another proof also has {self.runner_up_size} claims)"

    def to_json(self) -> dict[str, object]:
        return {
            "goal": str(self.goal),
            "proof_size": self.size,
            "runner_up_size": self.runner_up_size,
            "unique": self.unique,
            "proof": [edge.to_json() for edge in self.hyperedges],
            "claims_in_order": [str(a.claim()) for a in self.dfs_atoms()],
        }


@attrs.frozen
class Solution:
    """``solve``'s result: the goal atom, its quantity, a shortest proof and the chart."""

    goal: Atom
    answer: int | None
    proof: ShortestProof
    chart: Chart
    popped: int  # pops by the chosen strategy up to and including the goal


def shortest_proof(chart: Chart, goal: Atom, *, certify: bool = True) -> ShortestProof:
    """The exact minimum-claim proof of ``goal`` in ``chart``'s proof forest."""
    if goal not in chart.theorems:
        raise NoProofError(f"{goal} is not a theorem of the program")
    program = chart.program
    if goal in program.axioms:
        return ShortestProof(goal, (), frozenset({goal}), frozenset({goal.claim()}), 1,
                             None, True, certify)
    problem = _Encoding(chart, goal)
    hyperedges = problem.extract(problem.optimize())
    atoms = frozenset(a for e in hyperedges for a in (*e.premises, e.conclusion))
    claims = frozenset(a.claim() for a in atoms)
    runner_up = problem.runner_up(claims) if certify else None
    unique = certify and (runner_up is None or runner_up > len(claims))
    return ShortestProof(goal, tuple(hyperedges), atoms, claims, len(claims), runner_up,
                         unique, certify)


def is_unique_shortest(chart: Chart, goal: Atom, claims: frozenset[Claim]) -> bool:
    """Are ``claims``, the claims of a proof of ``goal``, those of its unique minimum-claim
    proof?

    One unsat check instead of a minimisation: no proof with at most ``len(claims)`` claims
    leaves any of them out (a smaller proof, or another one as small, would). This is how a
    record's certified proof is re-checked rather than trusted (the caller checks that the
    record's edges are accepted rule instances proving the goal)."""
    if goal in chart.program.axioms:
        return claims == frozenset({goal.claim()})
    if _every_proof_uses(chart, goal, claims):
        return True  # what the unsat check below would find, without Z3
    problem = _Encoding(chart, goal)
    if not claims <= problem.claim_var.keys():
        return False
    return problem.runner_up(claims, bound=len(claims)) is None


def runner_up_size(chart: Chart, goal: Atom, claims: frozenset[Claim]) -> int | None:
    """The fewest claims of a proof of ``goal`` that leaves out one of ``claims`` (None:
    every proof uses them all). For ``claims`` of a proof of ``goal``, they are the unique
    minimum-claim proof exactly when this is None or more than ``len(claims)``, and then it
    is the certificate's runner-up size: how the generator certifies the proof it made
    without first searching for a minimum (the caller checks that its edges are accepted
    rule instances proving the goal)."""
    if goal in chart.program.axioms or _every_proof_uses(chart, goal, claims):
        return None
    problem = _Encoding(chart, goal)
    if not claims <= problem.claim_var.keys():
        raise NoProofError(f"the claims given for {goal} are not all in its proof forest")
    return problem.runner_up(claims)


def _every_proof_uses(chart: Chart, goal: Atom, claims: frozenset[Claim]) -> bool:
    """Does every proof of ``goal`` use each of ``claims``? Then every proof has them all,
    so a proof with these claims is the unique one with as few (the question
    :func:`is_unique_shortest` asks Z3). False says only that some claim can be avoided
    (Z3 then decides).

    Decided exactly, for all the claims at once: the claims every proof of an atom needs
    are its own and, over its incoming hyperedges, the intersection of the union of its
    premises' needs. The needs are the greatest solution of that equation (on a proof
    tree, by induction, no solution can need a claim the tree lacks), found by lowering
    bit sets from "all claims" until nothing changes."""
    axioms = chart.program.axioms
    incoming: dict[Atom, list[Hyperedge]] = {}
    consumers: dict[Atom, list[Atom]] = defaultdict(list)
    stack = [goal]
    found = [goal]
    seen = {goal}
    while stack:
        atom = stack.pop()
        if atom in axioms:
            continue  # a leaf: a proof never needs to derive an axiom
        edges = incoming[atom] = chart.incoming(atom)
        for edge in edges:
            for premise in edge.premises:
                consumers[premise].append(atom)
                if premise not in seen:
                    seen.add(premise)
                    found.append(premise)
                    stack.append(premise)
    bit = {claim: 1 << i for i, claim in enumerate(sorted(claims, key=str))}
    everything = (1 << len(bit)) - 1
    own = {atom: bit.get(atom.claim(), 0) for atom in found}
    need = {atom: own[atom] if atom in axioms else everything for atom in found}
    pending = [atom for atom in found if atom not in axioms]  # premises pop first
    queued = set(pending)
    while pending:
        atom = pending.pop()
        queued.discard(atom)
        common = everything
        for edge in incoming[atom]:
            used = 0
            for premise in edge.premises:
                used |= need[premise]
            common &= used
        value = own[atom] | common
        if value != need[atom]:
            need[atom] = value
            for consumer in consumers[atom]:
                if consumer not in queued:
                    queued.add(consumer)
                    pending.append(consumer)
    return need[goal] == everything


class _Encoding:
    """The minimisation as one SMT-LIB script over Booleans and small bit-vectors. Z3
    parses it in C, an order of magnitude cheaper than building terms in Python."""

    def __init__(self, chart: Chart, goal: Atom):
        self.chart = chart
        self.goal = goal
        axioms = chart.program.axioms
        relevant = _useful_ancestors(chart, goal)
        # canonical text and claim of each atom, computed once (both are costly)
        self.text = {n: str(n) for n in relevant if isinstance(n, Atom)}
        self.claim_of = {a: a.claim() for a in self.text}
        self.atoms = sorted(self.text, key=self.text.__getitem__)
        self.edges = sorted((n for n in relevant if isinstance(n, Hyperedge)),
                            key=chart.acceptance_index)
        self.atom_var = {a: f"a{i}" for i, a in enumerate(self.atoms)}
        self.edge_var = {e: f"h{i}" for i, e in enumerate(self.edges)}
        claims = sorted(set(self.claim_of.values()), key=str)
        self.claim_var = {c: f"c{i}" for i, c in enumerate(claims)}
        lines = [f"(declare-const {v} Bool)" for v in (
            *self.atom_var.values(), *self.edge_var.values(), *self.claim_var.values())]
        lines.append(f"(assert {self.atom_var[goal]})")
        incoming: dict[Atom, list[Hyperedge]] = {a: [] for a in self.atoms}
        for edge in self.edges:
            incoming[edge.conclusion].append(edge)
            lines.append(f"(assert (=> {self.edge_var[edge]} "
                         f"{_conjunction([self.atom_var[p] for p in edge.premises])}))")
        for atom in self.atoms:
            claim = self.claim_var[self.claim_of[atom]]
            lines.append(f"(assert (=> {self.atom_var[atom]} {claim}))")
            if atom not in axioms:
                lines.append(f"(assert (=> {self.atom_var[atom]} "
                             f"{_disjunction([self.edge_var[e] for e in incoming[atom]])}))")
        # ranks only where the forest has cycles: inside strongly connected components
        number = {a: i for i, a in enumerate(self.atoms)}
        successors: list[list[int]] = [[] for _ in self.atoms]
        for edge in self.edges:
            target = number[edge.conclusion]
            for premise in edge.premises:
                successors[number[premise]].append(target)
        component_of = _strong_components(successors)
        component = {a: component_of[i] for a, i in number.items()}
        self.rank: dict[Atom, str] = {}
        for edge in self.edges:
            conclusion = edge.conclusion
            for premise in edge.premises:
                if component[premise] == component[conclusion]:
                    lines.append(f"(assert (=> {self.edge_var[edge]} "
                                 f"(bvult {self._rank(premise)} {self._rank(conclusion)})))")
        # a strict order on a component's k ranked atoms fits in [0, k): the width of each
        # component's ranks is its own (narrower bit-vectors: a cheaper search)
        ranked: dict[int, int] = defaultdict(int)
        for atom in self.rank:
            ranked[component[atom]] += 1
        lines[:0] = [f"(declare-const {v} (_ BitVec {_width(ranked[component[a]])}))"
                     for a, v in self.rank.items()]
        self.script = "\n".join(lines)
        self.upper_bound = _first_derivation_size(chart, goal)
        self.solver: z3.Solver | None = None
        self.guards = 0

    def _rank(self, atom: Atom) -> str:
        if atom not in self.rank:
            self.rank[atom] = f"r{len(self.rank)}"
        return self.rank[atom]

    def _descend(self, extra: str, bound: int | None) -> tuple[int, frozenset[Claim]] | None:
        """The fewest claims of a proof (with ``extra`` asserted, at most ``bound``), and
        the claims of one such proof; None if there is none. Each model lowers the bound
        below its own count; the final unsat is Z3's proof that the minimum is optimal.

        One solver serves the optimum and the runner-up (the script is parsed once and
        the SAT core keeps what it learnt): ``extra`` is asserted for good, each bound
        only under a fresh guard literal passed as an assumption."""
        if self.solver is None:
            self.solver = z3.SolverFor("QF_FD")
            self.solver.from_string(self.script)
        solver = self.solver
        if extra:
            solver.from_string(extra)
        variables = list(self.claim_var.values())
        best: tuple[int, frozenset[Claim]] | None = None
        while True:
            formula = "true" if bound is None else _at_most(variables, bound)
            if formula == "true":
                result = solver.check()
            else:
                guard = f"g{self.guards}"
                self.guards += 1
                solver.from_string(f"(declare-const {guard} Bool)\n"
                                   f"(assert (=> {guard} {formula}))")
                result = solver.check(z3.Bool(guard))
            if result != z3.sat:
                return best
            values = _model_values(solver.model())
            # a minimal model sets exactly the claims of a proof (any other claim could be
            # switched off); before the end a model may carry spare claims, which is fine
            chosen = frozenset(c for c, v in self.claim_var.items() if values.get(v) == "true")
            best = (len(chosen), chosen)
            bound = len(chosen) - 1

    def optimize(self) -> frozenset[Claim]:
        """The claims of a minimum-claim proof."""
        # the first derivations found by chaining form a proof: a cheap upper bound
        found = self._descend("", self.upper_bound)
        if found is None:
            # no proof within the bound means the pruned forest lost every proof (a bug)
            raise RuntimeError(f"no proof of {self.goal} found in the forest (solver: "
                               f"unsat within {self.upper_bound} claims)")
        return found[1]

    def runner_up(self, claims: frozenset[Claim], bound: int | None = None) -> int | None:
        """The fewest claims of a proof leaving out one of ``claims`` (at most ``bound``
        when given), or None when there is none."""
        avoid = _disjunction([f"(not {self.claim_var[c]})" for c in sorted(claims, key=str)])
        found = self._descend(f"(assert {avoid})", bound)
        return None if found is None else found[0]

    def extract(self, claims: frozenset[Claim]) -> list[Hyperedge]:
        """A proof of the goal using only ``claims`` (optimal, so it uses all of them), with
        the fewest vertices as a tree (Knuth's superior-function algorithm: costs only grow
        along the chosen edges, so the result is acyclic); ties go to the canonically
        first edge, so the choice is deterministic and independent of chaining order."""
        axioms = self.chart.program.axioms
        # canonical order (not acceptance order), so the proof does not depend on the
        # strategy or chaining mode that built the forest
        claim_of, text = self.claim_of, self.text
        allowed = sorted((e for e in self.edges if claim_of[e.conclusion] in claims
                          and e.conclusion not in axioms
                          and all(claim_of[p] in claims for p in e.premises)),
                         key=lambda e: (e.rule_id, [text[p] for p in e.premises],
                                        text[e.conclusion]))
        # Knuth's generalisation of Dijkstra: settle atoms cheapest first; an edge fires
        # once all its premises are settled (tree cost: 1 per atom and per edge)
        waiting = [len(e.premises) for e in allowed]
        uses: dict[Atom, list[int]] = {}
        for position, edge in enumerate(allowed):
            for premise in edge.premises:
                uses.setdefault(premise, []).append(position)
        cost: dict[Atom, int] = {}
        picked: dict[Atom, Hyperedge] = {}
        queue: list[tuple[int, int, Atom]] = [
            (1, -1, a) for a in self.atoms if a in axioms and claim_of[a] in claims]
        heapq.heapify(queue)
        while queue:
            total, position, atom = heapq.heappop(queue)
            if atom in cost:
                continue
            cost[atom] = total
            if position >= 0:
                picked[atom] = allowed[position]
            for use in uses.get(atom, ()):
                waiting[use] -= 1
                if waiting[use] == 0:
                    edge = allowed[use]
                    if edge.conclusion not in cost:
                        heapq.heappush(queue, (2 + sum(cost[p] for p in edge.premises), use,
                                               edge.conclusion))
        if self.goal not in cost:
            raise RuntimeError(f"the optimal claims {sorted(map(str, claims))} prove no "
                               f"{self.goal}")
        atoms = post_order(self.goal, lambda atom: () if atom in axioms
                           else picked[atom].premises)
        return [picked[atom] for atom in atoms if atom not in axioms]


def _strong_components(successors: list[list[int]]) -> list[int]:
    """Component number of each node of a directed graph (Tarjan's algorithm, iterative)."""
    count = len(successors)
    index = [-1] * count
    low = [0] * count
    component = [-1] * count
    on_stack = [False] * count
    stack: list[int] = []
    counter = components = 0
    for root in range(count):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = True
            recurse = False
            for position in range(child, len(successors[node])):
                target = successors[node][position]
                if index[target] < 0:
                    work.append((node, position + 1))
                    work.append((target, 0))
                    recurse = True
                    break
                if on_stack[target]:
                    low[node] = min(low[node], index[target])
            if recurse:
                continue
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component[member] = components
                    if member == node:
                        break
                components += 1
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return component


def _conjunction(terms: Sequence[str]) -> str:
    return terms[0] if len(terms) == 1 else f"(and {' '.join(terms)})"


def _disjunction(terms: Sequence[str]) -> str:
    if not terms:
        return "false"
    return terms[0] if len(terms) == 1 else f"(or {' '.join(terms)})"


def _width(count: int) -> int:
    """Bits that hold the ranks 0 .. count - 1 (at least one)."""
    return max(1, (count - 1).bit_length())


def _at_most(variables: Sequence[str], bound: int) -> str:
    if bound >= len(variables):
        return "true"
    if bound < 0:
        return "false"
    return f"((_ at-most {bound}) {' '.join(variables)})"


_DEFINITION = re.compile(r"\(define-fun (\S+) \(\) \S+(?: \S+ \S+\))?\s+(\S+?)\)")


def _model_values(model: z3.ModelRef) -> dict[str, str]:
    """Name -> value text ("true", "false", "#b0110") of every constant in ``model``: one
    call to Z3 instead of one per variable."""
    return dict(_DEFINITION.findall(model.sexpr()))


def _useful_ancestors(chart: Chart, goal: Atom) -> set[Atom | Hyperedge]:
    """The goal's ancestors through hyperedges that some minimum-claim proof needs.

    These hyperedges can be dropped without changing the optimum or the runner-up (each
    is either in no acyclic proof, or can be swapped for one that adds no claim), and
    dropping them prunes the cyclic forest a lot:
    - one that derives an axiom: the axiom itself is a free leaf;
    - one that uses the goal as a premise: a proof never needs its goal to reach its goal;
    - any derivation of an atom that is a frame copy of an axiom (through frame-rule steps
      only) other than that frame chain: the chain costs no claim beyond the atom's own;
    - (1a)/(1b) with a comp(A1, A2) that is neither an axiom nor a frame copy (6c) of one:
      it comes from (1c) at some time t - k (k >= 0, then k frame steps) from the conts of
      A1 and A2 at t - k. For k = 0 one of them is the conclusion (a cycle). For k > 0
      the 6c steps say A1 and A2 are untouched from t - k to t, so (6) carries
      cont(A1, t - k) to the conclusion, which is the same claim: a subset of the claims;
    - (5a)/(5c) with a compeq that is neither an axiom nor a frame copy (6q) of one: it
      comes from (5b) at t - k from comp(A1, A2), which 6c carries to t (6q says all four
      agent sets are untouched), and (1a)/(1b) on the same cont and that comp proves the
      same conclusion with a subset of the claims (and if that comp is itself derived,
      the previous case applies).
    A comp or compeq stated early and carried by frame rules is as good as an axiom: the
    (1a)/(1b)/(5a)/(5c) steps on it must stay (pruning them lost every proof of goals
    whose comparisons were stated before their use).
    """
    axioms = chart.program.axioms
    carried: dict[Atom, Hyperedge | None] = {}

    def frame_step(atom: Atom) -> Hyperedge | None:
        """The frame step that carries an axiom forward to ``atom``, if there is one: the
        first frame edge whose premise is an axiom or carried itself (depth first with an
        explicit stack, as a chain has one step per tick)."""
        if atom in carried:
            return carried[atom]
        carried[atom] = None
        stack = [(atom, frame_edges(atom))]
        while stack:
            current, edges = stack[-1]
            for edge in edges:
                premise = edge.premises[0]
                if premise in axioms or carried.get(premise) is not None:
                    carried[current] = edge
                    stack.pop()
                    break
                if premise not in carried:  # decide the premise, then try this edge again
                    carried[premise] = None
                    stack[-1] = (current, itertools.chain([edge], edges))
                    stack.append((premise, frame_edges(premise)))
                    break
            else:
                stack.pop()
        return carried[atom]

    def frame_edges(atom: Atom) -> Iterator[Hyperedge]:
        return (edge for edge in chart.incoming(atom) if edge.is_frame)

    def stated(atom: Atom) -> bool:
        """An axiom, or an axiom carried forward by frame rules only."""
        return atom in axioms or frame_step(atom) is not None

    relevant: set[Atom | Hyperedge] = {goal}
    frontier = [goal]
    while frontier:
        atom = frontier.pop()
        if atom in axioms:
            continue
        step = frame_step(atom)
        for edge in [step] if step is not None else chart.incoming(atom):
            if goal in edge.premises or edge in relevant or _cyclic_or_dominated(edge, stated):
                continue
            relevant.add(edge)
            for premise in edge.premises:
                if premise not in relevant:
                    relevant.add(premise)
                    frontier.append(premise)
    return relevant


def _cyclic_or_dominated(edge: Hyperedge, stated: Callable[[Atom], bool]) -> bool:
    """(1a)/(1b)/(5a)/(5c) whose comp/compeq premise was derived, not stated (see above):
    the eliminations of comp and compeq, by their roles in the rule table."""
    role = _COMPARISON_ELIMINATIONS.get(edge.rule_id)
    return role is not None and not stated(edge.premises[role])


_COMPARISON_ELIMINATIONS = {r.rule_id: r.distinguished for r in roles(RULES).values()
                            if r.role == ELIMINATION and r.predicate in ("comp", "compeq")}


def _first_derivation_size(chart: Chart, goal: Atom) -> int:
    """Claims in the proof made of each theorem's first derivation (kernel-recorded)."""
    claims: set[Claim] = set()
    stack = [goal]
    seen: set[Atom] = set()
    while stack:
        atom = stack.pop()
        if atom in seen:
            continue
        seen.add(atom)
        claims.add(atom.claim())
        theorem = chart.theorems[atom]
        if theorem.rule_id != AXIOM:
            stack.extend(theorem.premises)
    return len(claims)


def goal_of(chart: Chart, query: Query) -> Atom:
    """The single theorem answering ``query`` (raises :class:`NoProofError` otherwise)."""
    answers = chart.answers(query)
    if not answers:
        raise NoProofError(f"the query {query} has no answer in the program")
    if len(answers) > 1:
        raise NoProofError(f"the query {query} has several answers: "
                           f"{', '.join(map(str, answers[:4]))}")
    return answers[0]


def solve(
    program: Program,
    query: Query | Atom,
    strategy: str = "bfs",
    *,
    axiom_order: Sequence[Atom] | None = None,
    certify: bool = True,
) -> Solution:
    """Chain to the full model, answer ``query``, and find its certified shortest proof.

    ``popped`` counts the pops ``strategy`` needs to reach the goal (the goal's own pop
    included); a run with ``stop_at_goal=True`` would stop exactly there.
    """
    if isinstance(query, Atom):
        query = Query(query.predicate, query.args)
    chart = forward_chain(program, query, strategy=strategy, axiom_order=axiom_order)
    goal = goal_of(chart, query)
    proof = shortest_proof(chart, goal, certify=certify)
    popped = chart.pop_index(goal)
    assert popped is not None  # a complete run pops every theorem
    return Solution(goal, goal.quantity, proof, chart, popped)
