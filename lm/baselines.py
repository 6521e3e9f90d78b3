"""Symbolic baseline reasoners, run as models: ``baseline:dfs|bfs|overlap|shortest``.

``dfs``, ``bfs`` and ``overlap`` (best-first on lexical overlap with the question) forward-chain
over the problem's program with axioms pushed in presentation order and stop when the goal
is popped. Their transcript verbalizes every popped theorem in pop order: axioms as
statements, derived theorems as conclusions ("So Shanna has 24 - 5 = 19 puzzles."). A
frame-rule copy says what its premise said, so it is not repeated. ``shortest`` writes the
problem's shortest proof (the record's ``proof_text``, or the certified shortest proof in
DFS order). Every transcript ends with the answer sentence of the two-step prompt.

They need no API, cost nothing and give every table a reference line: ``shortest`` scores
efficiency 1.0; ``bfs`` pays for every irrelevant theorem it pops before the goal.
"""

from __future__ import annotations

from typing import Any

from vlp.checker import forward_chain, goal_of, shortest_proof
from vlp.checker.chaining import Chart, Hyperedge
from vlp.checker.verify import problem_spec
from vlp.grammar import render_conclusion, render_statement
from vlp.kernel import Atom, Claim, Program, is_frame_rule
from vlp.lm.models import BASELINES
from vlp.lm.reasoner import Attempt


def _derivation(chart: Chart, atom: Atom) -> Hyperedge | None:
    """The first accepted non-frame hyperedge concluding ``atom`` (None for a frame copy)."""
    return next((edge for edge in chart.incoming(atom) if not is_frame_rule(edge.rule_id)), None)


def verbalize_pops(program: Program, chart: Chart) -> list[str]:
    """One sentence per newly claimed popped theorem, in pop order."""
    sentences: list[str] = []
    said: set[Claim] = set()
    for atom in chart.pop_order:
        if atom.claim() in said:
            continue
        if atom in program.axioms:
            sentences.append(render_statement(atom))
        else:
            edge = _derivation(chart, atom)
            if edge is None:
                continue
            sentences.append(render_conclusion(edge))
        said.add(atom.claim())
    return sentences


def _numbered(sentences: list[str]) -> str:
    return "\n".join(f"{i}. {sentence}" for i, sentence in enumerate(sentences, 1))


def baseline_transcript(strategy: str, problem: dict[str, Any]) -> tuple[str, int]:
    """(proof text, answer) of a baseline reasoner on a problem record."""
    if strategy not in BASELINES:
        raise ValueError(f"unknown baseline {strategy!r}; expected one of {BASELINES}")
    spec = problem_spec(problem, source=str(problem.get("id", "<problem>")))
    order = spec.axiom_order or None
    if strategy == "shortest":
        recorded, answer = problem.get("proof_text"), problem.get("answer")
        if isinstance(recorded, str) and recorded.strip() and isinstance(answer, int):
            return recorded.strip(), answer  # the generator's certified shortest proof
        chart = forward_chain(spec.program, spec.query, strategy="bfs", axiom_order=order)
        goal = goal_of(chart, spec.query)
        proof = shortest_proof(chart, goal, certify=False)
        derivation = {edge.conclusion: edge for edge in proof.hyperedges}
        sentences = [render_statement(atom) if atom in spec.program.axioms
                     else render_conclusion(derivation[atom]) for atom in proof.dfs_atoms()]
        return _numbered(sentences), int(goal.quantity or 0)
    # the paper's Alg. 1 reasoner: every theorem it pops, comparisons nobody asked for too
    chart = forward_chain(spec.program, spec.query, strategy=strategy, axiom_order=order,
                          stop_at_goal=True, mode="saturate")
    goal = goal_of(chart, spec.query)
    return _numbered(verbalize_pops(spec.program, chart)), int(goal.quantity or 0)


class BaselineReasoner:
    """A baseline as a reasoner for the runner (synchronous work; nothing to cache)."""

    def __init__(self, strategy: str) -> None:
        if strategy not in BASELINES:
            raise ValueError(f"unknown baseline {strategy!r}; expected one of {BASELINES}")
        self.strategy = strategy

    async def attempt(self, problem: dict[str, Any], sample: int) -> Attempt:
        proof, answer = baseline_transcript(self.strategy, problem)
        return Attempt(proof=proof, answer=str(answer), finish_reason="stop")

    async def aclose(self) -> None:
        return None
