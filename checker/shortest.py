"""Exact shortest proofs over the proof forest, with a Z3 uniqueness certificate.

Size is counted in claims (atoms with time erased, DESIGN §4), so frame-rule copies are
free. Minimum-vertex hyperpaths are not additive over sub-proofs (sub-proofs share
vertices), so the minimum is computed exactly with Z3 ``Optimize``:

- a Bool per atom and per hyperedge among the goal's ancestors; the goal is chosen;
- a chosen non-axiom atom needs a chosen incoming hyperedge; a chosen hyperedge needs
  all its premises;
- acyclicity by integer ranks (premise rank < conclusion rank), only inside strongly
  connected parts of the pruned forest (elsewhere it is already acyclic);
- objective: number of distinct claims chosen, then (tie-break, so the extracted proof
  carries no idle vertices) the number of chosen atoms and hyperedges.

Uniqueness certificate: solve again requiring that some claim of the optimal claim set
is not chosen; the runner-up must be larger (or the re-solve unsat).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs
import networkx as nx
import z3

from vlp.errors import InputError
from vlp.kernel import AXIOM, Atom, Claim, Program, Query

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
        order: list[Atom] = []
        seen: set[Atom] = set()

        def visit(atom: Atom) -> None:
            if atom in seen:
                return
            seen.add(atom)
            edge = derivation.get(atom)
            if edge is not None:
                for premise in edge.premises:
                    visit(premise)
            order.append(atom)

        visit(self.goal)
        return order

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


class _Encoding:
    def __init__(self, chart: Chart, goal: Atom):
        self.chart = chart
        self.goal = goal
        axioms = chart.program.axioms
        relevant = _useful_ancestors(chart, goal)
        self.atoms = sorted((n for n in relevant if isinstance(n, Atom)), key=str)
        self.edges = sorted((n for n in relevant if isinstance(n, Hyperedge)),
                            key=chart.acceptance_index)
        forest = nx.DiGraph()
        for edge in self.edges:
            forest.add_edges_from((p, edge) for p in edge.premises)
            forest.add_edge(edge, edge.conclusion)
        self.atom_var = {a: z3.Bool(f"a{i}") for i, a in enumerate(self.atoms)}
        self.edge_var = {e: z3.Bool(f"h{i}") for i, e in enumerate(self.edges)}
        claims = sorted({a.claim() for a in self.atoms}, key=str)
        self.claim_var = {c: z3.Bool(f"c{i}") for i, c in enumerate(claims)}
        constraints: list[z3.BoolRef] = [self.atom_var[goal]]
        incoming: dict[Atom, list[Hyperedge]] = {a: [] for a in self.atoms}
        for edge in self.edges:
            incoming[edge.conclusion].append(edge)
            constraints.append(z3.Implies(
                self.edge_var[edge], z3.And([self.atom_var[p] for p in edge.premises])))
        for atom in self.atoms:
            constraints.append(z3.Implies(self.atom_var[atom], self.claim_var[atom.claim()]))
            if atom not in axioms:
                constraints.append(z3.Implies(
                    self.atom_var[atom], z3.Or([self.edge_var[e] for e in incoming[atom]])))
        # ranks only where the forest has cycles: inside strongly connected components
        component = {}
        for number, members in enumerate(nx.strongly_connected_components(
                forest)):
            for member in members:
                component[member] = number
        self.rank: dict[Atom, z3.ArithRef] = {}
        for edge in self.edges:
            conclusion = edge.conclusion
            for premise in edge.premises:
                if component[premise] == component[conclusion]:
                    constraints.append(z3.Implies(
                        self.edge_var[edge], self._rank(premise) < self._rank(conclusion)))
        self.constraints = constraints
        self.claim_count = z3.Sum([z3.If(v, 1, 0) for v in self.claim_var.values()])
        self.vertex_count = z3.Sum([z3.If(v, 1, 0) for v in
                                    (*self.atom_var.values(), *self.edge_var.values())])
        self.upper_bound = _first_derivation_size(chart, goal)

    def _rank(self, atom: Atom) -> z3.ArithRef:
        if atom not in self.rank:
            self.rank[atom] = z3.Int(f"r{len(self.rank)}")
        return self.rank[atom]

    def _optimizer(self, extra: Iterable[z3.BoolRef] = ()) -> z3.Optimize:
        optimizer = z3.Optimize()
        optimizer.set(priority="lex")
        optimizer.add(*self.constraints, *extra)
        return optimizer

    def optimize(self) -> z3.ModelRef:
        # the first derivations found by chaining form a proof: a cheap upper bound
        optimizer = self._optimizer([self.claim_count <= self.upper_bound])
        optimizer.minimize(self.claim_count)
        optimizer.minimize(self.vertex_count)
        result = optimizer.check()
        if result != z3.sat:
            # unsat means the pruned forest lost every proof (a bug in the pruning)
            reason = "unsat" if result == z3.unsat else optimizer.reason_unknown()
            raise RuntimeError(f"no proof of {self.goal} found in the forest (solver: "
                               f"{reason})")
        return optimizer.model()

    def runner_up(self, claims: frozenset[Claim]) -> int | None:
        optimizer = self._optimizer([z3.Or([z3.Not(self.claim_var[c]) for c in claims])])
        optimizer.minimize(self.claim_count)
        result = optimizer.check()
        if result == z3.unsat:
            return None
        if result != z3.sat:
            raise RuntimeError(f"uniqueness check undecided: {optimizer.reason_unknown()}")
        return int(optimizer.model().eval(self.claim_count).as_long())

    def extract(self, model: z3.ModelRef) -> list[Hyperedge]:
        def chosen(var: z3.BoolRef) -> bool:
            return z3.is_true(model.eval(var, model_completion=True))

        def rank(atom: Atom) -> int:
            var = self.rank.get(atom)
            return model.eval(var, model_completion=True).as_long() if var is not None else 0

        axioms = self.chart.program.axioms
        picked: dict[Atom, Hyperedge] = {}
        for edge in self.edges:
            if not chosen(self.edge_var[edge]) or edge.conclusion in axioms:
                continue
            current = picked.get(edge.conclusion)
            if current is None or _acyclic_key(edge, rank) < _acyclic_key(current, rank):
                picked[edge.conclusion] = edge
        order: list[Hyperedge] = []
        done: set[Atom] = set()

        def visit(atom: Atom, path: frozenset[Atom]) -> None:
            if atom in done or atom in axioms:
                done.add(atom)
                return
            if atom in path:
                raise RuntimeError(f"cyclic proof extracted at {atom}")
            edge = picked[atom]
            for premise in edge.premises:
                visit(premise, path | {atom})
            done.add(atom)
            order.append(edge)

        visit(self.goal, frozenset())
        return order


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
        """The frame step that carries an axiom forward to ``atom``, if there is one."""
        if atom not in carried:
            carried[atom] = None
            for edge in chart.incoming(atom):
                if edge.is_frame and (edge.premises[0] in axioms or frame_step(edge.premises[0])):
                    carried[atom] = edge
                    break
        return carried[atom]

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


def _acyclic_key(edge: Hyperedge, rank: object) -> tuple[int, str]:
    return (max((rank(p) for p in edge.premises), default=0), str(edge))  # type: ignore[operator]


def _cyclic_or_dominated(edge: Hyperedge, stated: Callable[[Atom], bool]) -> bool:
    """(1a)/(1b)/(5a)/(5c) whose comp/compeq premise was derived, not stated (see above)."""
    if edge.rule_id in ("1a", "1b"):
        return not stated(edge.premises[1])
    if edge.rule_id in ("5a", "5c"):
        return not stated(edge.premises[2])
    return False


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
