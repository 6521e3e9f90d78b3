"""The real openai and anthropic SDKs against the loopback stub server (no network)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from vlp.errors import InputError
from vlp.lm.clients import (
    Completion,
    GenerationParams,
    Request,
    make_client,
    split_thinking,
)
from vlp.lm.models import ModelSpec
from vlp.lm.prompt import ANSWER_CUE, PROOF_STOP_SEQUENCES, PromptBuilder, clean_proof
from vlp.lm.retry import RetriesExhausted, RetryPolicy, with_retries
from vlp.lm.stub_server import RecordedTranscript, StubServer, load_recorded

RECORDED = Path(__file__).parent / "data" / "recorded"
FAST = RetryPolicy(max_attempts=6, base_delay=0.01, max_delay=0.05)


@pytest.fixture(autouse=True)
def _keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-openai-secret")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-secret")


@pytest.fixture()
def llama() -> RecordedTranscript:
    return next(t for t in load_recorded([RECORDED]) if "Anatola" in t.problem)


def _run(coroutine):  # type: ignore[no-untyped-def]
    return asyncio.run(asyncio.wait_for(coroutine, timeout=30))


def _spec(server: StubServer, model: str) -> ModelSpec:
    root = model.startswith("anthropic:")
    return ModelSpec.parse(model, server.root_url if root else server.base_url)


async def _ask(spec: ModelSpec, request: Request, timeout: float = 5.0) -> Completion:
    client = make_client(spec, timeout=timeout)
    try:
        return await with_retries(lambda: client.complete(request), FAST, random.Random(0))
    finally:
        await client.aclose()


@pytest.mark.parametrize("model,style", [
    ("openai:gpt-4o-mini", "chat"), ("openai:gpt-4o-mini", "completion"),
    ("local:llama-3.1-8b", "chat"), ("local:llama-3.1-8b", "completion"),
    ("anthropic:claude-test", "chat"),
])
def test_both_steps_replay_the_recorded_llama_proof(model: str, style: str,
                                                    llama: RecordedTranscript) -> None:
    builder = PromptBuilder()
    with StubServer([llama]) as server:
        spec = _spec(server, model)
        first_prompt = (builder.completion_proof_prompt(llama.problem) if style == "completion"
                        else builder.chat_proof_prompt(llama.problem))
        params = GenerationParams(512, 0.0, PROOF_STOP_SEQUENCES)
        proof = _run(_ask(spec, Request(first_prompt, params)))
        assert clean_proof(proof.text) == llama.proof.strip()
        assert server.requests[-1][1]["temperature"] == 0.0
        assert proof.output_tokens > 0 and proof.input_tokens > 0
        second_prompt = (builder.completion_answer_prompt(llama.problem, proof.text)
                         if style == "completion"
                         else builder.chat_answer_prompt(llama.problem, proof.text))
        answer = _run(_ask(spec, Request(second_prompt, GenerationParams(16, 0.0, ("\n",)))))
        assert answer.text.strip() == "26"
        path, body = server.requests[-1]
        assert path.endswith({"completion": "/completions", "chat": "/chat/completions"}[style]
                             if not model.startswith("anthropic") else "/messages")
        sent = body.get("prompt") or body["messages"][-1]["content"]
        assert sent.rstrip().endswith(ANSWER_CUE)


@pytest.mark.parametrize("fault", ["429", "500", "timeout", "truncate", "disconnect"])
@pytest.mark.parametrize("model", ["openai:gpt-4o-mini", "anthropic:claude-test"])
def test_transient_faults_are_retried(fault: str, model: str, llama: RecordedTranscript) -> None:
    prompt = PromptBuilder().chat_proof_prompt(llama.problem)
    with StubServer([llama], faults={1: fault, 2: fault}, hang=1.0) as server:
        reply = _run(_ask(_spec(server, model), Request(prompt, GenerationParams(512, 0.0)),
                          timeout=0.3))
        assert clean_proof(reply.text) == llama.proof.strip()
        assert len(server.requests) == 3


def test_retries_give_up_after_the_policy_limit(llama: RecordedTranscript) -> None:
    prompt = PromptBuilder().chat_proof_prompt(llama.problem)
    with StubServer([llama], faults={n: "500" for n in range(1, 10)}) as server:
        spec = _spec(server, "openai:gpt-4o-mini")
        client = make_client(spec)
        policy = RetryPolicy(max_attempts=3, base_delay=0.01)

        async def go() -> None:
            try:
                await with_retries(lambda: client.complete(Request(prompt, GenerationParams(9))),
                                   policy, random.Random(0))
            finally:
                await client.aclose()

        with pytest.raises(RetriesExhausted) as caught:
            _run(go())
        assert caught.value.attempts == 3 and len(server.requests) == 3


def test_reasoning_models_get_no_temperature(llama: RecordedTranscript) -> None:
    prompt = PromptBuilder().chat_proof_prompt(llama.problem)
    with StubServer([llama], reject_temperature=["o3-mini", "my-reasoner"]) as server:
        # known by name: never sent, max_completion_tokens instead of max_tokens
        _run(_ask(_spec(server, "openai:o3-mini"), Request(prompt, GenerationParams(99, 0.7))))
        body = server.requests[-1][1]
        assert "temperature" not in body and body["max_completion_tokens"] == 99
        # unknown model that rejects it: one 400, then retried without temperature
        reply = _run(_ask(_spec(server, "openai:my-reasoner"),
                          Request(prompt, GenerationParams(99, 0.7))))
        assert clean_proof(reply.text) == llama.proof.strip()
        assert "temperature" in server.requests[-2][1]
        assert "temperature" not in server.requests[-1][1]


def test_anthropic_extended_thinking(llama: RecordedTranscript) -> None:
    prompt = PromptBuilder().chat_proof_prompt(llama.problem)
    with StubServer([llama]) as server:
        params = GenerationParams(500, 0.0, PROOF_STOP_SEQUENCES, thinking_budget=1024)
        reply = _run(_ask(_spec(server, "anthropic:claude-test"), Request(prompt, params)))
        body = server.requests[-1][1]
        assert body["thinking"] == {"type": "enabled", "budget_tokens": 1024}
        assert body["max_tokens"] == 1524 and "temperature" not in body
        assert reply.thinking and clean_proof(reply.text) == llama.proof.strip()


def test_think_blocks_are_split_from_the_proof() -> None:
    thinking, text = split_thinking("<think>Therefore, the answer is 3?</think>\n1. A has 3 b.")
    assert thinking == "Therefore, the answer is 3?" and text == "1. A has 3 b."
    assert split_thinking("no block") == ("", "no block")
    assert split_thinking("<think>cut off")[0] == "cut off"


def test_missing_keys_and_bad_model_names_are_input_errors(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        make_client(ModelSpec.parse("openai:gpt-4o-mini"))
    for bad in ("gpt-4o", "nope:x", "local:x", "baseline:astar", "openai:"):
        with pytest.raises(InputError):
            ModelSpec.parse(bad)
    assert ModelSpec.parse("local:x", "http://h:1/v1/").base_url == "http://h:1/v1"


def test_a_lone_surrogate_becomes_the_replacement_character() -> None:
    from vlp.lm.clients import well_formed

    assert well_formed("a\ud800b\udfff") == "a\ufffdb\ufffd"
    assert well_formed("\ud83d\ude00") == "\U0001f600"  # a valid pair, as two code points
    assert well_formed("plain é 😀") == "plain é 😀"
    completion = Completion("x\ud800", "y\udc80", 1, 1, "st\ud800op")
    assert (completion.text, completion.thinking, completion.finish_reason) == (
        "x\ufffd", "y\ufffd", "st\ufffdop")


@pytest.mark.parametrize("model,style", [("local:m", "chat"), ("local:m", "completion"),
                                         ("anthropic:claude-test", "chat")])
def test_a_lone_surrogate_in_a_reply_is_stored_scored_and_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], model: str, style: str) -> None:
    """A reply whose JSON escapes a lone surrogate in its proof, answer and thinking: every
    result is stored (each failed with UnicodeEncodeError, on every rerun), verified and
    reported."""
    from batch_inputs import make_problems

    from vlp.cli import main
    from vlp.lm.baselines import baseline_transcript

    problems = make_problems(tmp_path)
    records = [json.loads(line) for line in problems.read_text().splitlines()]
    replies = [RecordedTranscript(problem=record["text"],
                                  proof="\ud800" + baseline_transcript("shortest", record)[0],
                                  answer=f"{record['answer']}\udfff", thinking="hm \ud83d")
               for record in records]
    run = tmp_path / "run"
    with StubServer(replies) as server:
        url = server.root_url if model.startswith("anthropic:") else server.base_url
        assert main(["evaluate", "--model", model, "--base-url", url, "--style", style,
                     "--data", str(problems), "-o", str(run), "--quiet",
                     "--max-attempts", "1"]) == 0
    assert not (run / "errors.jsonl").exists()
    results = [json.loads(line) for line in
               (run / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(results) == len(records)
    for result in results:
        assert result["proof"].startswith("\ufffd") and result["answer_text"].endswith("\ufffd")
        assert result["score"]["answer_correct"]
    capsys.readouterr()
    assert main(["report", str(run), "-o", str(tmp_path / "report"), "--no-figures",
                 "--html", str(tmp_path / "viewer.html")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert (tmp_path / "report" / "report.md").is_file()
    assert (tmp_path / "viewer.html").stat().st_size > 0
