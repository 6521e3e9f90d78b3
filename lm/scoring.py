"""Scoring transcripts as they arrive: the one place where evaluation calls ``vlp.verify``."""

from __future__ import annotations

from typing import Any

from vlp.checker.verify import MODES, problem_spec, verify


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
        """Raise ``InputError`` (naming ``location``) if the record cannot be verified, so a
        bad dataset fails before any request is paid for."""
        problem_spec(problem, source=location)
