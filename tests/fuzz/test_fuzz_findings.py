"""The fuzzer's findings (findings.py) as tests: an open one is a strict xfail, which fails
the suite the day its fix lands (then move it to FIXED); a fixed one stays as a regression
test."""

from __future__ import annotations

import pytest
from findings import FIXED, OPEN, Finding


def _id(finding: Finding) -> str:
    return f"{finding.name.split(' ')[0]}-{'-'.join(finding.commands)}".replace(" --", "")


def _params() -> list[object]:
    return [pytest.param(finding, id=_id(finding), marks=pytest.mark.xfail(
        strict=True, reason=f"{finding.name} ({finding.owner})")) for finding in OPEN] + [
        pytest.param(finding, id=_id(finding)) for finding in FIXED]


@pytest.mark.parametrize("finding", _params())
def test_finding(worker, corpus, finding: Finding) -> None:
    outcome = worker.run(finding.case(corpus))
    assert not outcome.problems(), outcome.problems()
