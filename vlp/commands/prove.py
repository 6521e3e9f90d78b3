"""``vlp prove FILE``: answer a program's query with a certified shortest proof."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from vlp.commands.problem_argument import add_problem_arguments
from vlp.errors import InputError

if TYPE_CHECKING:
    from vlp.checker import ShortestProof, Solution
    from vlp.kernel import Atom

# the agenda policies of vlp.checker.chaining, named here so that --help imports no checker
STRATEGIES = ("dfs", "bfs", "overlap")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "prove", help="answer a program's query with a certified shortest proof",
        description="Forward-chain a problem's program (a program file, a record, a word "
                    "problem), answer its query and print the unique-shortest-proof "
                    "certificate.")
    add_problem_arguments(parser, dest="file")
    parser.add_argument("--query", metavar="Q",
                        help="query in canonical syntax, e.g. 'cont({eddie}, ?, parrots, ?)' "
                             "(overrides the file's query)")
    parser.add_argument("--strategy", choices=STRATEGIES, default="bfs",
                        help="agenda policy used to count pops before the goal (default: bfs)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.checker import NumericalInconsistencyError, load_program, solve
    from vlp.checker.references import resolve
    from vlp.checker.verify import problem_spec
    from vlp.grammar.canonical import CanonicalSyntaxError, parse_query

    reference = resolve(args.file, problem_id=args.id, source=args.file, what="program")
    if reference.path is not None:  # a program file may leave its query to --query
        loaded = load_program(reference.path)
        program, query, order = loaded.program, loaded.query, loaded.axiom_order
    else:
        spec = problem_spec(reference)
        program, query, order = spec.program, spec.query, spec.axiom_order
    if args.query is not None:
        try:
            query = parse_query(args.query)
        except CanonicalSyntaxError as error:
            raise InputError(f"bad query: {error}", location="--query") from None
    if query is None:
        raise InputError("the file has no \"query\"; pass one with --query",
                         location=reference.source)
    try:
        solution = solve(program, query, args.strategy, axiom_order=order)
    except NumericalInconsistencyError as error:
        raise InputError(error.message, location=reference.source) from None
    if args.json:
        print(json.dumps(_as_json(solution, args.strategy), indent=2))
    else:
        print(_as_text(solution, args.strategy))
    return 0


def _as_json(solution: Solution, strategy: str) -> dict[str, object]:
    proof = solution.proof
    program = solution.chart.program
    return {
        "answer": solution.answer,
        "goal": str(solution.goal),
        "proof_size": proof.size,
        "axioms_in_proof": len(proof.axioms(program)),
        "runner_up_size": proof.runner_up_size,
        "unique": proof.unique,
        "proof": [edge.to_json() for edge in proof.hyperedges],
        "claims_in_order": [str(atom.claim()) for atom in proof.dfs_atoms()],
        "strategy": strategy,
        "popped": solution.popped,
    }


def _as_text(solution: Solution, strategy: str) -> str:
    proof = solution.proof
    program = solution.chart.program
    axioms = len(proof.axioms(program))
    lines = [
        f"answer: {solution.answer}    ({solution.goal})",
        f"shortest proof: {proof.size} claims ({axioms} axioms, {proof.size - axioms} derived)",
        *_tree(proof, program.axioms),
        f"certificate: {proof.certificate_text()}",
        f"popped: {solution.popped} theorems ({strategy}) up to and including the goal",
    ]
    return "\n".join(lines)


def _tree(proof: ShortestProof, axioms: frozenset[Atom]) -> list[str]:
    derivation = {edge.conclusion: edge for edge in proof.hyperedges}
    lines: list[str] = []
    shown: set[Atom] = set()

    # pre-order with an explicit stack: a proof is as deep as its time line
    stack = [(proof.goal, 0)]
    while stack:
        atom, depth = stack.pop()
        edge = derivation.get(atom)
        label = "axiom" if atom in axioms else f"rule {edge.rule_id}" if edge else "?"
        indent = "  " * (depth + 1)
        if atom in shown and edge is not None:
            lines.append(f"{indent}{atom}  [{label}, shown above]")
            continue
        shown.add(atom)
        lines.append(f"{indent}{atom}  [{label}]")
        if edge is not None:
            stack.extend((premise, depth + 1) for premise in reversed(edge.premises))
    return lines
