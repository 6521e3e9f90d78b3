"""The fuzz suite's fixtures: one resident worker and one corpus of valid inputs per
session, and a summary of every input run (printed; written as JSON to $VLP_FUZZ_TALLY)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import fuzz_harness
import pytest
from fuzz_inputs import Corpus, build_corpus


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return build_corpus(tmp_path_factory.mktemp("fuzz-corpus"))


@pytest.fixture(scope="session")
def worker() -> Iterator[fuzz_harness.Worker]:
    root = fuzz_harness.scratch_root()
    runner = fuzz_harness.Worker(root)
    yield runner
    runner.close()
    shutil.rmtree(root, ignore_errors=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    tally = fuzz_harness.TALLY
    if not tally.inputs:
        return
    terminalreporter.section("fuzz: inputs run and problems found per command")
    for line in tally.lines():
        terminalreporter.write_line(line)
    if os.environ.get("VLP_FUZZ_TALLY"):
        fuzz_harness.dump_tally(os.environ["VLP_FUZZ_TALLY"])
        terminalreporter.write_line(f"tally written to {Path(os.environ['VLP_FUZZ_TALLY'])}")
