"""An independent second opinion on shortest proofs, for the lemma checks.

``vlp.checker.shortest_proof`` minimizes by SAT descent in Z3. This module asks plain
satisfiability questions instead — "is there a proof of the goal with at most k claims
(that avoids one of these claims / uses one of these axioms)?" — over the same proof
forest, with its own encoding (pseudo-Boolean bound, ranks on every hyperedge), so a bug
in one encoding does not hide in the other.

A proof is a set of chosen atoms and hyperedges: the goal is chosen, a chosen atom that is
not an axiom has a chosen incoming hyperedge, a chosen hyperedge has all its premises
chosen and each premise ranks strictly below the conclusion (no cycles). Its size is its
number of distinct claims (time erased), as in DESIGN §4.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import networkx as nx
import z3

from vlp.checker import Chart, Hyperedge
from vlp.kernel import Atom, Claim, Program, Theorem, axiom, check_hyperedge


class ProofSpace:
    """All proofs of ``goal`` inside ``chart``'s proof forest, as Z3 constraints."""

    def __init__(self, chart: Chart, goal: Atom):
        if goal not in chart.theorems:
            raise ValueError(f"{goal} is not a theorem of the chart")
        self.goal = goal
        self.axioms = chart.program.axioms
        ancestors = nx.ancestors(chart.forest, goal) | {goal}
        self.atoms: list[Atom] = [n for n in ancestors if isinstance(n, Atom)]
        self.edges: list[Hyperedge] = [n for n in ancestors if isinstance(n, Hyperedge)]
        self.chosen = {a: z3.Bool(f"atom_{i}") for i, a in enumerate(self.atoms)}
        self.used = {h: z3.Bool(f"edge_{i}") for i, h in enumerate(self.edges)}
        self.rank = {a: z3.Int(f"rank_{i}") for i, a in enumerate(self.atoms)}
        self.claims: dict[Claim, list[Atom]] = {}
        for atom in self.atoms:
            self.claims.setdefault(atom.claim(), []).append(atom)
        self.mentioned = {c: z3.Or([self.chosen[a] for a in atoms])
                          for c, atoms in self.claims.items()}
        justification: dict[Atom, list[z3.BoolRef]] = {a: [] for a in self.atoms}
        self.base: list[z3.BoolRef] = [self.chosen[goal]]
        for edge in self.edges:
            justification[edge.conclusion].append(self.used[edge])
            for premise in edge.premises:
                self.base.append(z3.Implies(self.used[edge], z3.And(
                    self.chosen[premise], self.rank[premise] < self.rank[edge.conclusion])))
        for atom in self.atoms:
            if atom not in self.axioms:
                self.base.append(z3.Implies(self.chosen[atom], z3.Or(justification[atom])))

    def exists(self, max_claims: int, *, avoiding_one_of: Collection[Claim] = (),
               using_one_of: Collection[Atom] = ()) -> bool:
        """Is there a proof with at most ``max_claims`` claims that leaves out at least one
        claim of ``avoiding_one_of`` and uses at least one atom of ``using_one_of``?"""
        solver = z3.Solver()
        solver.add(*self.base)
        solver.add(z3.PbLe([(m, 1) for m in self.mentioned.values()], max_claims))
        if avoiding_one_of:
            solver.add(z3.Or([z3.Not(self.mentioned[c]) for c in avoiding_one_of
                              if c in self.mentioned] or [z3.BoolVal(True)]))
        if using_one_of:
            present = [self.chosen[a] for a in using_one_of if a in self.chosen]
            if not present:
                return False
            solver.add(z3.Or(present))
        verdict = solver.check()
        if verdict == z3.unknown:
            raise RuntimeError(f"solver undecided: {solver.reason_unknown()}")
        return verdict == z3.sat


def replay(program: Program, edges: Sequence[tuple[str, Sequence[Atom], Atom]]) -> set[Atom]:
    """Re-check a proof step by step with the kernel; returns the atoms it proves.

    Steps must come premises-first (post-order). Raises AssertionError naming the first
    step the kernel rejects or whose premise is not yet proved.
    """
    proved: dict[Atom, Theorem] = {}
    for rule_id, premises, conclusion in edges:
        theorems: list[Theorem] = []
        for premise in premises:
            if premise not in proved:
                assert premise in program.axioms, (
                    f"step [{rule_id}] uses {premise}, neither an axiom nor proved before")
                proved[premise] = axiom(program, premise)
            theorems.append(proved[premise])
        verdict = check_hyperedge(program, rule_id, theorems, conclusion)
        assert isinstance(verdict, Theorem), f"kernel rejects step [{rule_id}]: {verdict}"
        proved[conclusion] = verdict
    return set(proved)
