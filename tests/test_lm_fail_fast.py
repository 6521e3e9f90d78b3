"""``vlp evaluate`` fails fast on a model it cannot use: a bad ``--base-url``, a missing key
(before the data is read) and a server that does not answer (before the first request, or
when it goes away mid-run) each stop the run with one line naming what and where, instead of
every problem retrying for half a minute. All over loopback: the stub server, closed ports."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

from tests.test_lm_runner import _arguments, chain_problem
from vlp.cli import main
from vlp.lm.store import read_results
from vlp.lm.stub_server import StubServer


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(chain_problem(i)[0]) + "\n" for i in range(6)))
    return path


def _evaluate(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.err.strip()


def test_an_unreachable_server_stops_the_run_before_the_first_request(
        tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    run = tmp_path / "run"
    status, err = _evaluate(["evaluate", "--model", "local:m", "--base-url", url, "--data",
                             str(data), "-o", str(run), "--no-cache", "--quiet"], capsys)
    assert status == 2
    assert err.splitlines() == [f"vlp: error: --base-url: cannot reach {url}/: Connection "
                                "refused (is the server running, and the network up?)"]
    assert list(read_results(run)) == [] and not (run / "errors.jsonl").exists()


@pytest.mark.parametrize("url", ["notaurl", "127.0.0.1:8000/v1", "ftp://127.0.0.1/v1",
                                 "http:///v1", "http://127.0.0.1:70000/v1"])
def test_a_base_url_that_is_not_an_http_url_is_refused_before_any_work(
        tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], url: str) -> None:
    run = tmp_path / "run"
    status, err = _evaluate(["evaluate", "--model", "local:m", "--base-url", url, "--data",
                             str(data), "-o", str(run), "--no-cache"], capsys)
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith("vlp: error: --base-url: ") and repr(url) in err
    assert not run.exists()


def test_a_missing_key_is_refused_before_the_data_is_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    status, err = _evaluate(["evaluate", "--model", "anthropic:claude-x", "--data",
                             str(tmp_path / "missing.jsonl"), "-o", str(tmp_path / "run")],
                            capsys)
    assert status == 2
    assert err == ("vlp: error: --model: anthropic:claude-x: set the ANTHROPIC_API_KEY "
                   "environment variable")


def test_a_fully_cached_run_needs_no_server(
        tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    transcripts = [chain_problem(i)[1] for i in range(6)]
    with StubServer(transcripts) as server:
        first = _arguments(data, tmp_path / "first", server, (), cache)
        assert main(first) == 0
        url = server.base_url
    # the server is gone; the same requests are all in the cache
    again = [a if a != str(tmp_path / "first") else str(tmp_path / "again") for a in first]
    assert url in again
    assert main(again) == 0
    capsys.readouterr()
    assert len(list(read_results(tmp_path / "again"))) == 6


def test_connection_errors_name_the_url(
        tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    transcripts = [chain_problem(i)[1] for i in range(6)]
    # the server hangs up on both attempts of the first request, then answers again
    with StubServer(transcripts, faults={1: "disconnect", 2: "disconnect"}) as server:
        status = main(_arguments(data, run, server, ("--concurrency", "1", "--max-attempts",
                                                     "2"), None))
        url = server.base_url
    assert status == 1
    capsys.readouterr()
    errors = [json.loads(line) for line in (run / "errors.jsonl").read_text().splitlines()]
    assert len(errors) == 1 and f"{url}/" in errors[0]["error"]
    assert len(list(read_results(run))) == 5


def test_a_server_that_goes_away_mid_run_stops_the_run_and_keeps_its_results(
        tmp_path: Path) -> None:
    """The stub runs in a process of its own, killed after the first result: its open
    connections die with it, as when a server crashes."""
    pairs = [chain_problem(i) for i in range(60)]
    data = tmp_path / "problems.jsonl"
    data.write_text("".join(json.dumps(problem) + "\n" for problem, _ in pairs))
    recorded = tmp_path / "recorded.jsonl"
    recorded.write_text("".join(json.dumps({"problem": t.problem, "proof": t.proof,
                                            "answer": t.answer}) + "\n" for _, t in pairs))
    port = _closed_port()
    url = f"http://127.0.0.1:{port}/v1"
    server = subprocess.Popen([sys.executable, "-m", "vlp.lm.stub_server", "--recorded",
                               str(recorded), "--port", str(port)],
                              stdout=subprocess.PIPE, text=True)
    run = tmp_path / "run"
    try:
        assert server.stdout is not None and "serving 60" in server.stdout.readline()
        env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
        process = subprocess.Popen(
            [sys.executable, "-m", "vlp.cli", "evaluate", "--model", "local:m", "--base-url",
             url, "--data", str(data), "-o", str(run), "--no-cache", "--quiet",
             "--concurrency", "1", "--retry-delay", "0.01"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        results = run / "results.jsonl"
        while not (results.exists() and results.read_text().count("\n") >= 1):
            assert process.poll() is None, process.communicate()
            time.sleep(0.01)
    finally:
        server.kill()
        server.wait()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 2, err
    assert err.strip().splitlines() == [f"vlp: error: --base-url: cannot reach {url}/: "
                                        "Connection refused (is the server running, and the "
                                        "network up?)"]
    assert 1 <= len(list(read_results(run))) < 60


def test_a_reply_past_the_transcript_limit_fails_its_problem_not_the_run(
        tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vlp.limits import MAX_TRANSCRIPT_BYTES

    pairs = [chain_problem(i) for i in range(6)]
    long = attrs.evolve(pairs[0][1], proof=pairs[0][1].proof + "\n" + "Hm. " *
                        (MAX_TRANSCRIPT_BYTES // 4))
    run = tmp_path / "run"
    with StubServer([long] + [t for _, t in pairs[1:]]) as server:
        status = main(_arguments(data, run, server, ("--max-tokens", "10000000"), None))
    assert status == 1
    assert "the transcript is" in capsys.readouterr().err
    errors = [json.loads(line) for line in (run / "errors.jsonl").read_text().splitlines()]
    assert [e["problem_id"] for e in errors] == ["chain-00"]
    assert "README: Limits" in errors[0]["error"]
    assert len(list(read_results(run))) == 5
