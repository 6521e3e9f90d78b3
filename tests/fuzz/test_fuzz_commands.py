"""Every command fed random bytes, random JSON, mutated records and random flags: exit code
0, 1 or 2, no traceback, one error line, bounded time and memory, inputs unchanged.

Quick profile: a few dozen inputs per command (derandomized, as the whole suite). Thorough
profile (``pytest --hypothesis-profile=thorough tests/fuzz``): 10,000 per command, or
``VLP_FUZZ_EXAMPLES``. ``bench/fuzz.py`` runs them counting instead of stopping.
"""

from __future__ import annotations

import pytest
from findings import known_for
from fuzz_harness import TIMEOUT, check, examples
from fuzz_inputs import COMMANDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# inputs per command in the quick profile: the whole suite's budget is a few minutes
QUICK = {"prove": 40, "generate": 15, "certify": 30, "stats": 30, "verify": 40,
         "verify --batch": 25, "evaluate": 25, "report": 20, "export": 30, "demo": 4}
# seconds before an input counts as a hang: demo generates, verifies and reports; report
# draws its six figures in three formats with matplotlib in 1 input of 100 (7 s of wall
# clock idle, 8 s of CPU; 38 s of wall clock under a load of 12 on 2 cores, and past 60 s
# now and then, while nothing hangs)
TIMEOUTS = {"demo": 60.0, "report": 60.0}


def _fuzz(command: str):
    @settings(max_examples=examples(command, QUICK[command]), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def test(worker, corpus, data) -> None:
        case = data.draw(COMMANDS[command](corpus), label="case")
        check(worker, command, case, known=known_for(command),
              timeout=TIMEOUTS.get(command, TIMEOUT))
    test.__name__ = f"test_fuzz_{command.replace(' --', '_').replace(' ', '_')}"
    return test


test_fuzz_prove = _fuzz("prove")
test_fuzz_generate = _fuzz("generate")
test_fuzz_certify = _fuzz("certify")
test_fuzz_stats = _fuzz("stats")
test_fuzz_verify = _fuzz("verify")
test_fuzz_verify_batch = _fuzz("verify --batch")
test_fuzz_evaluate = _fuzz("evaluate")
test_fuzz_report = _fuzz("report")
test_fuzz_export = _fuzz("export")
test_fuzz_demo = _fuzz("demo")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_is_fuzzed(command: str) -> None:
    assert f"test_fuzz_{command.replace(' --', '_').replace(' ', '_')}" in globals()
