"""``vlp evaluate`` end to end over the loopback stub: faults, cache, crash and resume."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

from vlp.cli import main
from vlp.lm.store import read_results
from vlp.lm.stub_server import RecordedTranscript, StubServer, load_recorded

RECORDED = Path(__file__).parent / "data" / "recorded"
NAMES = ["Alice", "Bruno", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines",
         "Jonas", "Karim", "Lotte", "Mateo", "Nadia", "Oskar", "Paula", "Quentin", "Rosa",
         "Sven", "Tamara", "Ugo", "Vera", "Wanda", "Xavier", "Yusuf", "Zora"]
ENTITIES = ["apples", "marbles", "stamps", "kites", "shells", "pencils"]


def chain_problem(index: int) -> tuple[dict, RecordedTranscript]:
    """A three-axiom problem (rules 1a and 2b) and a proof in the paper's format."""
    first, second, third = (NAMES[(3 * index + k) % len(NAMES)] for k in range(3))
    entity = ENTITIES[index % len(ENTITIES)]
    start, more, given = 10 + index, 2 + index % 5, 1 + index % 3
    middle, answer = start + more, start + more - given
    text = (f"{first} has {start} {entity}. {second} has {more} {entity} more than {first}. "
            f"{second} then gives {given} {entity} to {third}.")
    question = f"How many {entity} does {second} have?"
    low = [n.lower() for n in (first, second, third)]
    problem = {
        "id": f"chain-{index:02d}", "text": text, "question": question, "answer": answer,
        "setting": ["base", "axiom", "tree", "trees"][index % 4], "control": index % 2 == 1,
        "overlap": ["none", "entity", "agent", "both"][index % 4], "query_kind": "nonground",
        "axioms": [f"cont({{{low[0]}}}, {start}, {entity}, 0)",
                   f"comp({{{low[1]}}}, {{{low[0]}}}, {more}, {entity}, 0)",
                   f"transfer({{{low[1]}}}, {{{low[2]}}}, {given}, {entity}, 0)"],
        "query": f"cont({{{low[1]}}}, ?, {entity}, ?)",
    }
    proof = "\n".join([
        f"1. {first} has {start} {entity}.",
        f"2. {second} has {more} {entity} more than {first}.",
        f"3. So {second} has {start} + {more} = {middle} {entity}.",
        f"4. {second} then gives {given} {entity} to {third}.",
        f"5. So {second} has {middle} - {given} = {answer} {entity}."])
    # every third problem: the model answers wrongly in the second step
    reply = str(answer + 1 if index % 3 == 2 else answer)
    return problem, RecordedTranscript(problem=f"{text} {question}", proof=proof, answer=reply)


@pytest.fixture()
def dataset(tmp_path: Path) -> tuple[Path, list[RecordedTranscript]]:
    pairs = [chain_problem(i) for i in range(16)]
    d3 = json.loads((RECORDED / "problems" / "paper_d3.jsonl").read_text().splitlines()[0])
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p, _ in pairs) + json.dumps(d3) + "\n")
    return path, [t for _, t in pairs] + load_recorded([RECORDED])


def _arguments(data: Path, out: Path, server: StubServer, extra: tuple[str, ...],
               cache: Path | None) -> list[str]:
    cache_arguments = ["--cache-dir", str(cache)] if cache else ["--no-cache"]
    return ["evaluate", "--model", "local:llama-3.1-8b", "--base-url", server.base_url,
            "--data", str(data), "-o", str(out), "--retry-delay", "0.01", "--timeout", "0.5",
            "--quiet", *cache_arguments, *extra]


def evaluate(data: Path, out: Path, server: StubServer, *extra: str,
             cache: Path | None = None) -> str:
    """Run ``vlp evaluate`` in this process; returns what it printed."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(_arguments(data, out, server, extra, cache)) == 0
    return output.getvalue()


def evaluate_in_subprocess(data: Path, out: Path, server: StubServer, *extra: str,
                           cache: Path | None = None) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    return subprocess.Popen([sys.executable, "-m", "vlp.cli",
                             *_arguments(data, out, server, extra, cache)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _keyed(run: Path) -> dict[tuple[str, int], dict]:
    records = list(read_results(run))
    keys = [(r["problem_id"], r["sample"]) for r in records]
    assert len(keys) == len(set(keys)), "duplicate records"
    return dict(zip(keys, records, strict=True))


def test_killed_run_resumes_to_the_uninterrupted_result(
        tmp_path: Path, dataset: tuple[Path, list[RecordedTranscript]]) -> None:
    data, transcripts = dataset
    faults = {3: "429", 7: "500", 11: "truncate", 15: "timeout", 19: "disconnect"}
    with StubServer(transcripts, faults=faults, delay=0.1, hang=1.0) as server:
        interrupted = tmp_path / "interrupted"
        process = evaluate_in_subprocess(data, interrupted, server, "--concurrency", "2",
                                         cache=tmp_path / "cache")
        results = interrupted / "results.jsonl"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if results.exists() and results.read_text().count("\n") >= 5:
                break
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=10)  # reaps it and closes its pipes
        partial = len(list(read_results(interrupted)))
        assert 5 <= partial < 17, "the kill should land mid-run"
        resumed_out = evaluate(data, interrupted, server, "--concurrency", "3",
                               cache=tmp_path / "cache")
        assert "17 of 17" in resumed_out
        reference = tmp_path / "reference"
        evaluate(data, reference, server)
        # a rerun into a fresh directory is answered from the cache: no request at all
        before = len(server.requests)
        rerun_out = evaluate(data, tmp_path / "rerun", server, cache=tmp_path / "cache")
        assert len(server.requests) == before and "17 from cache" in rerun_out

    resumed, uninterrupted = _keyed(interrupted), _keyed(reference)
    assert len(resumed) == 17
    assert resumed == uninterrupted
    assert _keyed(tmp_path / "rerun") == uninterrupted
    d3 = resumed[("paper-d3", 0)]["score"]
    assert d3["answer_correct"] and d3["predicted_answer"] == 26
    wrong = resumed[("chain-02", 0)]["score"]
    assert not wrong["answer_correct"] and wrong["efficiency"] == 1.0


def test_the_paper_d3_transcript_scores_as_in_the_paper(
        tmp_path: Path, dataset: tuple[Path, list[RecordedTranscript]]) -> None:
    data, transcripts = dataset
    with StubServer(transcripts) as server:
        evaluate(data, tmp_path / "run", server, "--limit", "17")
    record = _keyed(tmp_path / "run")[("paper-d3", 0)]
    score = record["score"]
    # DESIGN §7: 18 distinct claims, 10 of them on the 10-claim shortest proof
    assert score["claims"] == 18 and score["proof_claims"] == 10
    assert score["efficiency"] == pytest.approx(10 / 18)
    assert score["efficiency_non_axioms"] == pytest.approx(4 / 8)
    assert record["transcript"].endswith("Therefore, the answer (arabic numerals) is 26")
    assert record["usage"]["output_tokens"] > 0


def test_failed_requests_are_not_recorded_and_are_retried_next_time(
        tmp_path: Path, dataset: tuple[Path, list[RecordedTranscript]],
        capsys: pytest.CaptureFixture[str]) -> None:
    data, transcripts = dataset
    run = tmp_path / "run"
    with StubServer(transcripts, faults={n: "500" for n in range(1, 4)}) as server:
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(_arguments(data, run, server, ("--limit", "1", "--max-attempts", "3"),
                                     None))
        assert status == 1 and "rerun the same command" in capsys.readouterr().err
        assert list(read_results(run)) == []
        assert "HTTP 500" in (run / "errors.jsonl").read_text()
        evaluate(data, run, server, "--limit", "1")
    assert list(_keyed(run)) == [("chain-00", 0)]


def test_anthropic_thinking_run_keeps_think_blocks_and_never_writes_the_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-ant-very-secret-key-123"
    monkeypatch.setenv("ANTHROPIC_API_KEY", secret)
    data = RECORDED / "problems" / "paper_d3.jsonl"
    run, cache = tmp_path / "run", tmp_path / "cache"
    recorded = load_recorded([RECORDED])
    with StubServer(recorded) as server, contextlib.redirect_stdout(io.StringIO()):
        assert main(["evaluate", "--model", "anthropic:claude-test", "--base-url",
                     server.root_url, "--data", str(data), "-o", str(run), "--quiet",
                     "--cache-dir", str(cache), "--thinking-budget", "2048"]) == 0
        assert server.requests[0][1]["thinking"]["budget_tokens"] == 2048
    (record,) = read_results(run)
    assert record["thinking"] and record["transcript"].startswith("<think>")
    assert record["score"]["answer_correct"] and record["score"]["claims"] == 18
    for path in [*run.rglob("*"), *cache.rglob("*")]:
        if path.is_file():
            assert secret not in path.read_text(encoding="utf-8")


def test_samples_are_separate_draws_and_separately_cached(
        tmp_path: Path, dataset: tuple[Path, list[RecordedTranscript]]) -> None:
    data, transcripts = dataset
    cache = tmp_path / "cache"
    with StubServer(transcripts) as server:
        evaluate(data, tmp_path / "run", server, "--limit", "2", "--samples", "3",
                 "--temperature", "1", cache=cache)
        assert len(server.requests) == 2 * 3 * 2  # problems x samples x prompting steps
    assert sorted(_keyed(tmp_path / "run")) == [(f"chain-0{i}", s) for i in range(2)
                                                 for s in range(3)]
    assert len(list(cache.rglob("*.json"))) == 12


def test_reasoning_models_think_without_stop_sequences(tmp_path: Path) -> None:
    problem, recorded = chain_problem(0)
    thinking = "Alice first. Therefore, the answer is probably 11, let me check."
    recorded = attrs.evolve(recorded, proof=f"<think>{thinking}</think>\n{recorded.proof}")
    data = tmp_path / "one.jsonl"
    data.write_text(json.dumps(problem) + "\n")
    with StubServer([recorded]) as server:
        evaluate(data, tmp_path / "run", server, "--style", "completion", "--reasoning")
        first, second = (body for _, body in server.requests)
        assert "stop" not in first and second["max_tokens"] == 2048
    (record,) = read_results(tmp_path / "run")
    assert record["thinking"] == thinking
    assert record["transcript"].startswith(f"<think>\n{thinking}\n</think>\n1. ")
    assert record["score"]["answer_correct"]


def test_a_bad_problem_record_fails_before_any_request(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "bad.jsonl"
    problem, recorded = chain_problem(0)
    data.write_text(json.dumps(problem) + "\n" + json.dumps({**problem, "id": "broken",
                                                             "query": "cont({x}, ?"}) + "\n")
    with StubServer([recorded]) as server:
        assert main(_arguments(data, tmp_path / "run", server, (), None)) == 2
        assert server.requests == []
    assert f"{data}:2" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_a_reasoning_style_transcript_is_scored_from_its_arithmetic(tmp_path: Path) -> None:
    data = RECORDED / "problems" / "paper_d3.jsonl"
    recorded = load_recorded([RECORDED / "reasoning"])
    with StubServer(recorded) as server:
        evaluate(data, tmp_path / "run", server, "--reasoning")
    (record,) = read_results(tmp_path / "run")
    assert record["thinking"].startswith("Okay, so the question")
    score = record["score"]
    # auto reads every sentence for claims first and matches a sentence by its arithmetic
    # alone only when nothing else reads (paper App. D.4, per sentence, not a mode switch)
    assert score["mode"] == "claims" and score["answer_correct"]
    assert score["false_claims"] == 0
    assert "arithmetic" in {s["reading"]["method"] for s in score["steps"] if s["claim"]}
    # the four derived claims, all on the shortest proof
    assert score["efficiency_non_axioms"] == 1.0


def test_a_rejected_key_stops_the_run_at_once(
        tmp_path: Path, dataset: tuple[Path, list[RecordedTranscript]],
        capsys: pytest.CaptureFixture[str]) -> None:
    data, transcripts = dataset
    with StubServer(transcripts, faults={1: "401"}) as server:
        assert main(_arguments(data, tmp_path / "run", server, ("--concurrency", "1"),
                               None)) == 2
        assert len(server.requests) == 1
    assert "HTTP 401" in capsys.readouterr().err
    assert list(read_results(tmp_path / "run")) == []


def test_the_run_record_names_the_response_cache_it_used(tmp_path: Path, monkeypatch,
                                                         capsys) -> None:
    data = tmp_path / "P.jsonl"
    assert main(["generate", "--setting", "base", "-n", "1", "-o", str(data), "--quiet"]) == 0
    monkeypatch.setenv("VLP_CACHE_DIR", str(tmp_path / "default-cache"))
    assert main(["evaluate", "--model", "baseline:shortest", "--data", str(data),
                 "-o", str(tmp_path / "run"), "--quiet"]) == 0
    record = json.loads((tmp_path / "run" / "run.json").read_text())
    assert record["sessions"][-1]["settings"]["cache_dir"] == str(tmp_path / "default-cache")
    with pytest.raises(SystemExit):
        main(["evaluate", "--help"])
    assert "~/.cache/vlp/responses" in capsys.readouterr().out
