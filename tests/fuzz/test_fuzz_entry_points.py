"""The in-process runs stand for the real thing: a few drawn inputs through the installed
``vlp`` and ``verify-proof`` scripts give the same exit code and error lines."""

from __future__ import annotations

import re

from findings import known_for
from fuzz_harness import TALLY, run_entry_point
from fuzz_inputs import COMMANDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CHEAP = ("prove", "certify", "stats", "verify", "verify --batch", "export", "evaluate")


def _errors(stderr: bytes) -> list[str]:
    return [line for line in stderr.decode("utf-8", "replace").splitlines() if "error:" in line]


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_entry_points_behave_as_in_process(worker, corpus, tmp_path_factory, data) -> None:
    command = data.draw(st.sampled_from(CHEAP), label="command")
    case = data.draw(COMMANDS[command](corpus), label="case")
    inside = worker.run(case)
    outside = run_entry_point(tmp_path_factory.mktemp("entry") / "case", case)
    TALLY.add(f"{command} (script)", case, outside)
    unknown = [problem for problem in outside.problems()
               if not any(re.search(pattern, problem) for pattern in known_for(command))]
    assert not unknown, (unknown, outside.stderr[-2000:])
    if inside.crash is None and not inside.hang:
        assert outside.rc == inside.rc, (outside.stderr[-2000:], inside.stderr[-2000:])
        assert _errors(outside.stderr) == _errors(inside.stderr)
