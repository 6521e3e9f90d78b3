"""The public Python API for checking model proofs: ``vlp.verify``.

    >>> import vlp
    >>> report = vlp.verify(problem, transcript)      # doctest: +SKIP
    >>> report.answer_correct, report.efficiency     # doctest: +SKIP
    (True, 0.5555555555555556)

``problem`` is a problem record (a dict, e.g. one line of a generated dataset), a sampler
``Problem``, a ``vlp.checker.ProgramFile``, or a problem reference, named the way every
command names one (:mod:`vlp.checker.references`): ``"FILE.jsonl:ID"``, a ``.jsonl`` file
of one record, a ``.json`` record or program file, a text file, or the problem's text (a
string with spaces that names no file); ``transcript`` is the model's proof as
text. The returned :class:`~vlp.checker.report.Report` has a verdict per step
(``report.steps``), the metrics (``report.metrics``) and ``report.to_json()``. Verification
of many transcripts of one problem reuses the problem's chart and shortest proof (cached);
``vlp.verify_many`` verifies many in worker processes with a per-transcript timeout, and
``vlp.reward`` turns a report into a training reward (``vlp.rewards`` has the trainer
adapters).
"""

from __future__ import annotations

from vlp.checker.report import Report
from vlp.checker.verdicts import Status, StepVerdict
from vlp.checker.verify import ProblemSpec, problem_spec, verify
from vlp.parallel import Verified, verify_many
from vlp.rewards import reward

__all__ = [
    "ProblemSpec", "Report", "Status", "StepVerdict", "Verified", "problem_spec", "reward",
    "verify", "verify_many",
]
