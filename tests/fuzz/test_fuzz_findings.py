"""One reproducer per open finding of the fuzzer (findings.py), each a strict xfail: it
fails the suite the day its fix lands, so that the finding and its tolerance go."""

from __future__ import annotations

import pytest
from findings import FINDINGS, Finding


def _param(finding: Finding) -> object:
    name = f"{finding.name.split(' ')[0]}-{'-'.join(finding.commands)}".replace(" --", "")
    return pytest.param(finding, id=name.replace(" ", "-"), marks=pytest.mark.xfail(
        strict=True, reason=f"{finding.name} ({finding.owner})"))


@pytest.mark.parametrize("finding", [_param(finding) for finding in FINDINGS])
def test_open_finding(worker, corpus, finding: Finding) -> None:
    outcome = worker.run(finding.case(corpus))
    assert not outcome.problems(), outcome.problems()
