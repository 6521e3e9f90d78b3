"""``verify-proof --batch`` (with and without workers) killed, terminated or interrupted at a
random point: every process of the command ends with it (nothing holds its stderr), no
traceback is printed, and the resumed report has the bytes of an uninterrupted run.

Each input starts the installed script and verifies a few hundred transcripts, seconds of
work: the quick profile runs 3, ``VLP_FUZZ_SIGNALS=N`` runs N.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzz_inputs import Corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vlp.cli import main

EXAMPLES = int(os.environ.get("VLP_FUZZ_SIGNALS", "3"))
SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGINT)
# what the command's exit status is after each (the shell's 128 + N for a handled one)
STATUS = {signal.SIGKILL: -signal.SIGKILL, signal.SIGTERM: 143, signal.SIGINT: 130}

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(),
                                reason="lists a command's processes through /proc")


def _live_in_group(group: int) -> list[int]:
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == group and \
                        Path(f"/proc/{entry}/stat").read_text().split()[2] != "Z":
                    alive.append(int(entry))
            except OSError:
                continue
    return alive


@pytest.fixture(scope="module")
def batch_inputs(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory,
                 ) -> tuple[Path, Path, bytes]:
    """Problems, a few hundred transcripts of them, and the report an uninterrupted run
    writes."""
    root = tmp_path_factory.mktemp("signals")
    problems, transcripts = root / "problems.jsonl", root / "transcripts.jsonl"
    problems.write_text("\n".join(corpus.records[:4]) + "\n", encoding="utf-8")
    transcripts.write_text("\n".join(corpus.transcript_records * 40) + "\n", encoding="utf-8")
    reference = root / "reference.jsonl"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["verify", "--batch", str(problems), str(transcripts), "-o",
                     str(reference), "--json"]) == 0
    return problems, transcripts, reference.read_bytes()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(signum=st.sampled_from(SIGNALS), after=st.integers(0, 250),
       workers=st.sampled_from([1, 2]), timeout=st.booleans())
def test_a_signal_mid_batch_leaves_no_process_and_resumes_byte_for_byte(
        batch_inputs: tuple[Path, Path, bytes], tmp_path_factory: pytest.TempPathFactory,
        signum: int, after: int, workers: int, timeout: bool) -> None:
    problems, transcripts, expected = batch_inputs
    report = tmp_path_factory.mktemp("signal") / "report.jsonl"
    command = [str(Path(sys.executable).with_name("verify-proof")), "--batch", str(problems),
               str(transcripts), "-o", str(report), "--workers", str(workers),
               *(["--timeout", "60"] if timeout else [])]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while process.poll() is None and time.monotonic() < deadline and not (
                report.exists() and report.read_bytes().count(b"\n") >= after):
            time.sleep(0.005)
        landed = process.poll() is None
        if landed:
            process.send_signal(signum)
        _out, err = process.communicate(timeout=60)  # every holder of stderr has ended
        deadline = time.monotonic() + 30
        while _live_in_group(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _live_in_group(process.pid) == [], "processes outlived the command"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text, text[-3000:]
    if landed:
        assert process.returncode in (STATUS[signum], 0), (process.returncode, text[-2000:])
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["verify", "--batch", str(problems), str(transcripts), "-o", str(report),
                     "--json"]) == 0
    assert report.read_bytes() == expected
