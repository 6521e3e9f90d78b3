"""Re-checking a record ``vlp encode`` wrote (``"encoded": true``), as ``vlp certify`` does.

An encoded record has the problem fields of a generated one and none of the sampler's, so
what can be re-checked is what it claims about its own program: the kernel accepts every
step of the stored proof, chaining over all axioms is numerically consistent and answers
the query with the goal, Z3's certificate is the stored one (:func:`.certify.certify`), the
answer is the goal's quantity and the gold answer it was checked against, and the text
encodes again to the same axioms (atoms, order and sentences), question and query.
"""

from __future__ import annotations

from typing import Any

import attrs

from vlp.kernel import Atom, Claim, Hyperedge, Program, Query
from vlp.validate import ENCODED_FIELDS, check_record

from .problem import Certificate, parse_claim


@attrs.frozen
class EncodedProblem:
    """An encoded record's problem: axioms as (atom, sentence) in presentation order."""

    id: str | None
    axioms: tuple[tuple[Atom, str], ...] = attrs.field(converter=tuple)
    question: str
    query: Query
    goal: Atom
    answer: int
    proof_claims: tuple[Claim, ...] = attrs.field(converter=tuple)
    proof_edges: tuple[Hyperedge, ...] = attrs.field(converter=tuple)
    text: str
    certificate: Certificate
    gold_answer: int | float | None

    def program(self) -> Program:
        return Program(atom for atom, _ in self.axioms)

    def axiom_order(self) -> list[Atom]:
        return [atom for atom, _ in self.axioms]

    @classmethod
    def from_json(cls, record: dict[str, Any], location: str) -> EncodedProblem:
        """The record, checked against the encoded schema first (``FILE:LINE:FIELD``)."""
        from vlp.errors import InputError
        from vlp.grammar.canonical import parse_atom, parse_query
        from vlp.limits import check_program

        check_record(record, ENCODED_FIELDS, location)
        try:
            proof, certificate = record["proof"], record["certificate"]
            problem = cls(
                id=record["id"],
                axioms=[(parse_atom(a["atom"]), a["sentence"]) for a in record["axioms"]],
                question=record["question"], query=parse_query(record["query"]),
                goal=parse_atom(record["goal"]), answer=record["answer"],
                proof_claims=[parse_claim(c) for c in proof["claims"]],
                proof_edges=[Hyperedge(e["rule"], [parse_atom(p) for p in e["premises"]],
                                       parse_atom(e["conclusion"]))
                             for e in proof["hyperedges"]],
                text=record["text"],
                certificate=Certificate(certificate["optimal_size"],
                                        certificate["runner_up_size"], certificate["unique"]),
                gold_answer=record.get("gold_answer"))
        except (ValueError, KeyError, TypeError) as error:
            raise InputError(f"not an encoded problem record: {error}", location) from None
        check_program(problem.axiom_order(), location)
        return problem


def is_encoded(record: object) -> bool:
    return isinstance(record, dict) and record.get("encoded") is True


def recheck_encoded(problem: EncodedProblem) -> list[str]:
    """Every check of an encoded record; the failures as messages (empty: it passes)."""
    from vlp.reading import encode

    from .certify import CertificationError, certify, proof_failures

    failures = [f"{field}: {message}" for field, message in proof_failures(problem)]
    if problem.gold_answer is not None and problem.gold_answer != problem.answer:
        failures.append(f"gold_answer: the answer {problem.answer} is not the gold answer "
                        f"{problem.gold_answer}")
    if not any(message.startswith("proof:") for message in failures):
        try:
            certificate = certify(problem)
            if certificate != problem.certificate:
                failures.append(f"certificate {certificate.to_json()} differs from the "
                                f"stored {problem.certificate.to_json()}")
        except CertificationError as error:
            failures.append(str(error))
    encoding = encode(problem.text)
    if not hasattr(encoding, "program"):
        return [*failures, f"the text no longer encodes: {encoding.reason}"]  # type: ignore[union-attr]
    again = list(zip(encoding.axiom_order, encoding.sentences, strict=True))
    if again != list(problem.axioms):
        failures.append("the text encodes to other axioms (atoms, order or sentences)")
    if encoding.query != problem.query or encoding.question != problem.question:
        failures.append(f"the text encodes to the question {encoding.query}, not "
                        f"{problem.query}")
    return failures
