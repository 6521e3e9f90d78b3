"""The response cache and the append-only results file of a run directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vlp.errors import InputError
from vlp.lm.clients import Completion, GenerationParams, Request
from vlp.lm.models import ModelSpec
from vlp.lm.prompt import PromptBuilder
from vlp.lm.store import ResponseCache, ResultStore, read_results


def test_cache_keys_separate_model_prompt_parameters_and_samples(tmp_path: Path) -> None:
    prompt = PromptBuilder().chat_proof_prompt("A has 3 b. How many b does A have?")
    params = GenerationParams(100, 0.0, ("\n",))
    base = Request(prompt, params)
    mini, big = ModelSpec.parse("openai:gpt-4o-mini"), ModelSpec.parse("openai:gpt-4o")
    keys = {
        base.cache_key(mini), base.cache_key(big),
        Request(prompt, GenerationParams(100, 0.5, ("\n",))).cache_key(mini),
        Request(prompt, params, sample=1).cache_key(mini),
        Request("completion prompt", params).cache_key(mini),
        Request(prompt, params).cache_key(ModelSpec.parse("local:m", "http://a:1/v1")),
        Request(prompt, params).cache_key(ModelSpec.parse("local:m", "http://b:1/v1")),
    }
    assert len(keys) == 7
    assert base.cache_key(mini) == Request(prompt, params).cache_key(mini)  # deterministic

    cache = ResponseCache(tmp_path)
    completion = Completion("1. A has 3 b.", "thought", 10, 5, "stop")
    assert cache.get(base.cache_key(mini)) is None
    cache.put(base.cache_key(mini), completion)
    assert cache.get(base.cache_key(mini)) == completion and cache.hits == 1
    assert ResponseCache(None).get(base.cache_key(mini)) is None


def _record(problem_id: str, sample: int = 0) -> dict:
    return {"problem_id": problem_id, "sample": sample, "score": {"answer_correct": True}}


def test_results_survive_a_partial_last_line(tmp_path: Path) -> None:
    store = ResultStore(tmp_path)
    assert store.open({"model": "m"}) == []
    assert store.append(_record("a")) and store.append(_record("b"))
    assert not store.append(_record("a"))  # never twice
    with open(store.results_path, "a", encoding="utf-8") as file:
        file.write('{"problem_id": "c", "sam')  # a crash in the middle of a write
    assert [r["problem_id"] for r in read_results(tmp_path)] == ["a", "b"]
    resumed = ResultStore(tmp_path)
    assert [r["problem_id"] for r in resumed.open({"model": "m"})] == ["a", "b"]
    assert resumed.append(_record("c"))
    lines = store.results_path.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["problem_id"] for line in lines] == ["a", "b", "c"]


def test_resuming_with_other_settings_is_refused(tmp_path: Path) -> None:
    ResultStore(tmp_path).open({"model": "m", "temperature": 0.0})
    with pytest.raises(InputError, match="temperature"):
        ResultStore(tmp_path).open({"model": "m", "temperature": 1.0})


def test_error_descriptions_never_carry_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    from vlp.lm.retry import describe, redact

    monkeypatch.setenv("ANTHROPIC_API_KEY", "a-long-secret-value")
    message = "Incorrect API key provided: sk-proj-AbC1****xyZ9; a-long-secret-value"
    assert "sk-proj" not in redact(message) and "secret" not in redact(message)
    assert describe(ValueError(message)).startswith("ValueError: Incorrect API key provided:")


@pytest.mark.parametrize("document", ["[]", "[1, 2]", '"run"', "3", "null", "true"])
def test_a_run_record_that_is_json_but_no_object_is_refused_at_its_first_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    """Resuming a run directory whose run.json is valid JSON of another type: one error line
    naming FILE:1, exit code 2 (the fuzzer found a traceback here), and nothing rewritten."""
    from vlp.cli import main

    problems = tmp_path / "problems.jsonl"
    assert main(["generate", "--setting", "base", "-n", "1", "--seed", "0", "-o",
                 str(problems), "--quiet"]) == 0
    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text(document + "\n", encoding="utf-8")
    capsys.readouterr()
    with pytest.raises(InputError, match="must be a JSON object") as refused:
        ResultStore(run).open({"model": "m"})
    assert refused.value.location == f"{run / 'run.json'}:1"
    code = main(["evaluate", "--model", "baseline:overlap", "--data", str(problems), "-o",
                 str(run), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.strip() == (f"vlp: error: {run / 'run.json'}:1: the run record must be a "
                           "JSON object")
    assert (run / "run.json").read_text(encoding="utf-8") == document + "\n"
    assert sorted(path.name for path in run.iterdir()) == ["run.json"]
