"""The inspect-ai task ``vlp/efficiency``: offline, on inspect's mock model (each reply
carries its token usage, so inspect never needs tiktoken's download) and through the real
``inspect eval`` command line against the loopback stub server."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import read_eval_log  # noqa: E402
from inspect_ai.model import ChatMessageUser, ModelOutput, ModelUsage, get_model  # noqa: E402

from vlp.lm.prompt import ANSWER_CUE, PROOF_STOP_SEQUENCES, PromptBuilder  # noqa: E402
from vlp.lm.stub_server import StubServer, load_recorded  # noqa: E402

RECORDED = Path(__file__).parent / "data" / "recorded"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def away_from_the_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """inspect names a task after its installed package ("vlp/efficiency") by reading the
    package's install record. ``python -m pytest`` run in an editable checkout puts the
    checkout on sys.path, and its ``vlp.egg-info`` (which has no install record) would hide
    the real one; users' ``inspect eval`` does not see the checkout, nor does this test."""
    monkeypatch.setattr(sys, "path", [entry for entry in sys.path
                                      if Path(entry or ".").resolve() != ROOT])
    monkeypatch.chdir(tmp_path)


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """The paper's App. D.3 problem twice: answered right once and wrong once."""
    problem = json.loads((RECORDED / "problems" / "paper_d3.jsonl").read_text())
    path = tmp_path / "problems.jsonl"
    path.write_text("".join(json.dumps({**problem, "id": name}) + "\n"
                            for name in ("right", "wrong")))
    return path


def test_the_task_runs_on_the_mock_model_and_reports_the_papers_figures(
        tmp_path: Path, data: Path) -> None:
    (d3,) = load_recorded([RECORDED / "paper_d3_llama.json"])
    seen: list[tuple[list, object]] = []
    answers = iter(["26.", "25."])  # the "wrong" sample's answer step comes second

    def reply(messages, tools, tool_choice, config) -> ModelOutput:
        seen.append((messages, config))
        last = messages[-1]
        assert isinstance(last, ChatMessageUser)
        text = next(answers) if last.text == ANSWER_CUE else d3.proof
        output = ModelOutput.from_content(model="mockllm/model", content=text)
        output.usage = ModelUsage(input_tokens=1000, output_tokens=len(text.split()),
                                  total_tokens=1000 + len(text.split()))
        return output

    model = get_model("mockllm/model", custom_outputs=reply)
    (log,) = inspect_eval("vlp/efficiency", model=model, task_args={"data": str(data)},
                          log_dir=str(tmp_path / "logs"), display="none", max_samples=1)
    assert log.status == "success", log.error
    proof_config, answer_config = seen[0][1], seen[1][1]
    assert proof_config.stop_seqs == list(PROOF_STOP_SEQUENCES)
    assert proof_config.max_tokens == 2048
    assert answer_config.stop_seqs == ["\n"] and answer_config.max_tokens == 16
    builder = PromptBuilder()
    first_prompt = builder.chat_proof_prompt(seen[0][0][-1].text.removeprefix("Q: ")
                                             .split("\nA: ")[0])
    assert [m.text for m in seen[0][0]] == [first_prompt.system] + [
        content for _, content in first_prompt.messages]
    assert seen[1][0][-2].text == d3.proof.strip()  # step 2 shows the model its proof

    means = {score.name: score.metrics["mean"].value for score in log.results.scores}
    assert means["accuracy"] == pytest.approx(0.5)
    # efficiency is over the correctly answered sample only: App. D.3's 10 of 18 claims
    assert means["efficiency"] == pytest.approx(10 / 18)
    assert means["efficiency_non_axioms"] == pytest.approx(4 / 8)

    log = read_eval_log(log.location)  # what a user reads back from the log file
    by_id = {sample.id: sample for sample in log.samples}
    right = next(iter(by_id["right"].scores.values()))
    wrong = next(iter(by_id["wrong"].scores.values()))
    assert right.value["accuracy"] == 1.0 and right.answer == "26"
    assert wrong.value["accuracy"] == 0.0 and math.isnan(wrong.value["efficiency"])
    report = right.metadata["report"]
    assert report["claims"] == 18 and report["efficiency"] == pytest.approx(10 / 18)
    assert report["steps"] and {"status", "text"} <= set(report["steps"][0])
    assert wrong.metadata["report"]["efficiency"] == pytest.approx(10 / 18)


def _logged_means(log_dir: Path) -> dict[str, float]:
    """The mean of each score in the one JSON log of a successful run."""
    (log_file,) = log_dir.glob("*.json")
    log = json.loads(log_file.read_text())
    assert log["status"] == "success"
    return {score["name"]: score["metrics"]["mean"]["value"]
            for score in log["results"]["scores"]}


def test_inspect_eval_command_line_with_an_openai_model(tmp_path: Path, data: Path) -> None:
    """``inspect eval vlp/efficiency --model openai/gpt-4o-mini -T data=FILE`` as a user
    types it, with the OpenAI API played by the stub server on 127.0.0.1."""
    one = tmp_path / "one.jsonl"
    one.write_text(data.read_text().splitlines()[0] + "\n")
    with StubServer(load_recorded([RECORDED])) as server:
        env = {**os.environ, "OPENAI_API_KEY": "test-key", "OPENAI_BASE_URL": server.base_url,
               "INSPECT_LOG_DIR": str(tmp_path / "logs")}
        done = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "vlp/efficiency",
             "--model", "openai/gpt-4o-mini", "-T", f"data={one}", "--display", "plain",
             "--log-format", "json"],
            env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        assert len(server.requests) == 2
    means = _logged_means(tmp_path / "logs")
    assert means["accuracy"] == 1.0 and means["efficiency"] == pytest.approx(10 / 18)


def test_a_reply_past_the_transcript_limit_scores_wrong_not_an_error(
        tmp_path: Path, data: Path) -> None:
    from vlp.limits import MAX_TRANSCRIPT_BYTES

    def reply(messages, tools, tool_choice, config) -> ModelOutput:
        long = "Hm. " * (MAX_TRANSCRIPT_BYTES // 4 + 1)
        text = "26." if messages[-1].text == ANSWER_CUE else long
        output = ModelOutput.from_content(model="mockllm/model", content=text)
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    model = get_model("mockllm/model", custom_outputs=reply)
    (log,) = inspect_eval("vlp/efficiency", model=model, task_args={"data": str(data)},
                          log_dir=str(tmp_path / "logs"), display="none", max_samples=1)
    assert log.status == "success", log.error
    for sample in read_eval_log(log.location).samples:
        (score,) = sample.scores.values()
        assert score.value["accuracy"] == 0.0 and "README: Limits" in score.explanation


# The offline recipe of docs/evaluating.md (stub server + inspect eval) is run as written
# by tests/test_doc_commands.py.


def test_a_run_that_scores_nothing_fails_loudly(tmp_path: Path, data: Path) -> None:
    """mockllm's default replies carry no usage, so inspect counts tokens with tiktoken,
    whose encoding is a download: offline every sample errors. inspect itself exits 0;
    the task's hook says why on stderr and exits 1."""
    env = {**os.environ, "INSPECT_LOG_DIR": str(tmp_path / "logs"),
           "TIKTOKEN_CACHE_DIR": str(tmp_path / "no-tiktoken-cache"),
           # the encoding's host made unreachable, should this machine have a network
           "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9"}
    done = subprocess.run(
        [sys.executable, "-m", "inspect_ai", "eval", "vlp/efficiency", "--model",
         "mockllm/model", "-T", f"data={data}", "--display", "plain"],
        env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    (line,) = [line for line in done.stderr.splitlines() if "no sample was scored" in line]
    assert line.startswith("vlp/efficiency: no sample was scored (error") and \
        "inspect-ai offline" in line
