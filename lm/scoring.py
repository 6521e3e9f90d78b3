"""Scoring transcripts as they arrive: the one place where evaluation calls ``vlp.verify``."""

from __future__ import annotations

from typing import Any

from vlp.checker.verify import MODES, prepare, problem_spec, verify
from vlp.errors import InputError


class VerifyScorer:
    """Verify a transcript against its problem record; the report's JSON is the score.

    ``answer`` is the model's reply to the second prompting step; ``mode`` is verify's
    (``auto`` falls back to reasoning-model mode for transcripts that ignore the format).
    """

    def __init__(self, mode: str = "auto") -> None:
        if mode not in MODES:
            raise ValueError(f"unknown verify mode {mode!r}; expected one of {MODES}")
        self.mode = mode

    def __call__(self, problem: dict[str, Any], transcript: str, answer: str) -> dict[str, Any]:
        report = verify(problem, transcript, answer=answer or None, mode=self.mode)
        return report.to_json()

    def check(self, problem: dict[str, Any], location: str) -> None:
        """Raise ``InputError`` (naming ``location``) if the record cannot be verified, or if
        the answer it gives is not its program's, so a bad dataset fails before any request
        is paid for. The problem is chained and solved here once; scoring its transcripts
        reuses that work (``vlp.checker.verify.prepare`` is cached)."""
        spec = problem_spec(problem, source=location)
        if spec.gold_answer is None:
            return
        try:
            goal = prepare(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                           spec.hidden_axioms).goal
        except InputError as error:  # a numerically inconsistent program, a limit
            raise InputError(error.message, error.location or location) from None
        if goal.quantity != spec.gold_answer:
            raise InputError(f"the record's answer {spec.gold_answer} is not its program's "
                             f"answer {goal.quantity} ({goal})", f"{location}:answer")
