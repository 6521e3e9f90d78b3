"""Findings of the fuzzer already reported (/work/coord/fuzz-findings.md) and not yet fixed:
each is reproduced by a strict xfail test in test_fuzz_findings.py, and the generic fuzz
tests tolerate exactly its problem line. When the owner's fix lands, the strict xfail
fails: delete the finding here and the xfail there."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    name: str
    commands: tuple[str, ...]
    pattern: str   # regular expression over the harness's problem line
    owner: str


FINDINGS: tuple[Finding, ...] = ()


def known_for(command: str) -> list[str]:
    return [finding.pattern for finding in FINDINGS if command in finding.commands]
