"""In-process models: ``hf:`` on a tiny random model built here (no download), ``vllm:``
against a fake of the ``vllm`` module boundary (tests/fake_vllm; this machine has no GPU)."""

from __future__ import annotations

import contextlib
import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm import inprocess
from vlp.lm.clients import request_seed
from vlp.lm.prompt import ANSWER_CUE, PROMPT_FILE, PROOF_STOP_SEQUENCES, fill_template
from vlp.lm.prompt import prompt_sha256 as sha
from vlp.lm.store import read_results
from vlp.lm.stub_server import load_recorded

pytest.importorskip("torch")
pytest.importorskip("transformers")

from tiny_lm import build_tiny_causal_lm  # noqa: E402 (needs torch and transformers)

HERE = Path(__file__).parent
RECORDED = HERE / "data" / "recorded"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("tiny")
    return {"chat": build_tiny_causal_lm(root / "chat", chat_template=True),
            "base": build_tiny_causal_lm(root / "base")}


@pytest.fixture(scope="module")
def problems(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("data") / "problems.jsonl"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["generate", "--paper", "--bases", "1", "-o", str(path)]) == 0
    lines = path.read_text().splitlines()
    path.write_text("".join(line + "\n" for line in lines[:6]))
    return path


def evaluate(model: str, data: Path, out: Path, *extra: str) -> str:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["evaluate", "--model", model, "--data", str(data), "-o", str(out),
                     "--max-tokens", "12", "--answer-max-tokens", "4", "--quiet",
                     *extra]) == 0
    return output.getvalue()


@pytest.fixture()
def batchers(monkeypatch: pytest.MonkeyPatch) -> list[inprocess.BatchingClient]:
    """The batching clients the runs of a test create, to look at their batch sizes."""
    made: list[inprocess.BatchingClient] = []
    original = inprocess.BatchingClient.__init__

    def spy(self: inprocess.BatchingClient, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(inprocess.BatchingClient, "__init__", spy)
    return made


@pytest.mark.parametrize("style", ["chat", "completion"])
def test_hf_model_runs_end_to_end_in_batches(
        tmp_path: Path, tiny: dict[str, Path], problems: Path, style: str,
        batchers: list[inprocess.BatchingClient]) -> None:
    model = f"hf:{tiny['chat' if style == 'chat' else 'base']}"
    cache = tmp_path / "cache"
    out = evaluate(model, problems, tmp_path / "run", "--style", style, "--concurrency", "3",
                   "--cache-dir", str(cache))
    assert "6 of 6 results" in out and "6 new" in out
    assert max(batchers[0].batch_sizes) > 1  # concurrent requests shared a generate call
    records = list(read_results(tmp_path / "run"))
    template = json.loads((tmp_path / "run" / PROMPT_FILE).read_text())
    for record in records:
        assert record["model"] == model and record["finish_reason"] in ("stop", "length")
        assert record["usage"]["input_tokens"] > 1000  # two five-shot prompts
        assert 0 < record["usage"]["output_tokens"] <= 12 + 4
        assert record["score"]["problem_id"] == record["problem_id"]  # verified
        first, second = fill_template(template, record["prompt"]["problem_text"],
                                      record["proof"])
        assert [sha(first), sha(second)] == [record["prompt"]["proof_sha256"],
                                             record["prompt"]["answer_sha256"]]
    # the same run into a new directory: every completion from the cache
    again = evaluate(model, problems, tmp_path / "again", "--style", style,
                     "--cache-dir", str(cache))
    assert "6 from cache" in again
    assert list(read_results(tmp_path / "again")) == records


def test_hf_chat_without_a_chat_template_is_a_one_line_error(
        tmp_path: Path, tiny: dict[str, Path], problems: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["evaluate", "--model", f"hf:{tiny['base']}", "--data", str(problems),
                 "-o", str(tmp_path / "run"), "--no-cache", "--quiet"]) == 2
    assert "no chat template" in capsys.readouterr().err
    assert main(["evaluate", "--model", f"hf:{tmp_path / 'missing'}", "--data",
                 str(problems), "-o", str(tmp_path / "run2"), "--no-cache"]) == 2
    assert "no such model directory" in capsys.readouterr().err
    assert main(["evaluate", "--model", f"hf:{tiny['base']}", "--style", "completion",
                 "--engine-arg", "dtype=no-such-dtype", "--data", str(problems),
                 "-o", str(tmp_path / "run3"), "--no-cache"]) == 2
    assert capsys.readouterr().err.count("\n") == 2  # what it loaded, then one line


def test_a_killed_hf_run_resumes_to_the_uninterrupted_result(
        tmp_path: Path, tiny: dict[str, Path], problems: Path) -> None:
    arguments = ["evaluate", "--model", f"hf:{tiny['chat']}", "--data", str(problems),
                 "--max-tokens", "12", "--answer-max-tokens", "4", "--concurrency", "1",
                 "--quiet", "--cache-dir", str(tmp_path / "cache")]
    run = tmp_path / "interrupted"
    process = subprocess.Popen([sys.executable, "-m", "vlp.cli", *arguments, "-o", str(run)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = run / "results.jsonl"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and process.poll() is None:
        if results.exists() and results.read_text().count("\n") >= 2:
            break
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    partial = len(list(read_results(run)))
    assert 2 <= partial < 6, "the kill should land mid-run"
    with contextlib.redirect_stdout(io.StringIO()) as resumed:
        assert main([*arguments, "-o", str(run)]) == 0
    # the records already written are kept; the one in flight at the kill is asked again
    assert f"6 of 6 results in {results} ({6 - partial} new, 0 from cache" in resumed.getvalue()
    reference = tmp_path / "reference"
    evaluate(f"hf:{tiny['chat']}", problems, reference, "--concurrency", "1", "--no-cache")

    def keyed(path: Path) -> dict:
        records = list(read_results(path))
        keys = [(r["problem_id"], r["sample"]) for r in records]
        assert len(keys) == len(set(keys)), "duplicate records"
        return dict(zip(keys, records, strict=True))

    assert keyed(run) == keyed(reference) and len(keyed(run)) == 6


# -- vLLM, through a fake of the vllm module boundary ----------------------------------------

@pytest.fixture()
def fake_vllm(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delitem(sys.modules, "vllm", raising=False)
    monkeypatch.syspath_prepend(str(HERE / "fake_vllm"))
    import vllm

    monkeypatch.setattr(vllm, "CALLS", [])
    monkeypatch.setattr(vllm, "ENGINES", [])
    yield vllm
    sys.modules.pop("vllm", None)


def test_vllm_model_batches_with_per_request_sampling_params(
        tmp_path: Path, tiny: dict[str, Path], fake_vllm) -> None:
    (d3,) = load_recorded([RECORDED / "paper_d3_llama.json"])
    problem = json.loads((RECORDED / "problems" / "paper_d3.jsonl").read_text())
    data = tmp_path / "problems.jsonl"
    data.write_text("".join(json.dumps({**problem, "id": f"d3-{i}"}) + "\n" for i in range(3)))

    def reply(prompt: str) -> str:  # the recorded proof, then the answer, each run on
        asked = prompt[prompt.rfind("Q: "):]
        if ANSWER_CUE in asked:
            return f" {d3.answer}\nQ: and so on"
        return f"{d3.proof}\nTherefore, the answer (arabic numerals) is 26.\nQ: next"

    fake_vllm.REPLY = reply
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["evaluate", "--model", f"vllm:{tiny['chat']}", "--data", str(data),
                     "-o", str(tmp_path / "run"), "--no-cache", "--quiet", "--samples", "2",
                     "--temperature", "1", "--seed", "5", "--concurrency", "6",
                     "--engine-arg", "tensor_parallel_size=2",
                     "--engine-arg", "gpu_memory_utilization=0.5"]) == 0
    (engine,) = fake_vllm.ENGINES
    assert engine.options == {"gpu_memory_utilization": 0.5, "tensor_parallel_size": 2}
    tokenizer = engine.get_tokenizer()
    calls = fake_vllm.CALLS
    assert max(len(prompts) for prompts, _ in calls) > 1
    assert sum(len(prompts) for prompts, _ in calls) == 3 * 2 * 2  # problems x samples x steps
    for prompts, params in calls:
        for prompt, sampling in zip(prompts, params, strict=True):
            text = tokenizer.decode(prompt["prompt_token_ids"])
            assert text.startswith("<s><|system|>\n") and text.count("<s>") == 1
            assert text.endswith("<|assistant|>\n") and sampling.temperature == 1.0
            assert sampling.seed in (request_seed(5, 0), request_seed(5, 1))
            if ANSWER_CUE in text[text.rfind("Q: "):]:
                assert sampling.max_tokens == 16 and sampling.stop == ["\n"]
            else:
                assert sampling.max_tokens == 2048
                assert sampling.stop == list(PROOF_STOP_SEQUENCES)
    records = list(read_results(tmp_path / "run"))
    assert len(records) == 6
    for record in records:  # scored like the API path: DESIGN §7's figures for App. D.3
        score = record["score"]
        assert score["answer_correct"] and score["claims"] == 18
        assert score["efficiency"] == pytest.approx(10 / 18)
        assert record["finish_reason"] == "stop" and record["usage"]["output_tokens"] > 100


def test_vllm_without_the_package_names_the_extra(
        tmp_path: Path, problems: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm raises ImportError
    assert main(["evaluate", "--model", "vllm:some/model", "--data", str(problems),
                 "-o", str(tmp_path / "run"), "--no-cache"]) == 2
    assert "pip install 'vlp[vllm]'" in capsys.readouterr().err
