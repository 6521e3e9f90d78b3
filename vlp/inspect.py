"""An inspect-ai task: ``inspect eval vlp/efficiency --model openai/gpt-4o-mini -T data=FILE``.

``efficiency`` asks every problem of a problem file (``vlp generate``) with the paper's
two-step prompt (App. D.2: five fixed in-context shortest proofs, then "Therefore, the
answer (arabic numerals) is", as ``vlp evaluate --style chat`` does) and scores each
transcript with ``vlp.verify``: accuracy, efficiency and non-axiom efficiency (means over
the correctly answered samples, as the paper's Table 3; NaN, so unscored, otherwise), with
the whole verification report, per-step verdicts included, as the score's metadata.

inspect-ai brings the providers, retries, logs and viewer; it is an optional dependency
(``pip install inspect-ai``), found through the ``inspect_ai`` entry point in pyproject.
Task options (``-T``): ``data`` (required), ``max_tokens`` (2048), ``answer_max_tokens``
(16), ``verify_mode`` (auto | claims | arithmetic), ``reasoning`` (no stop sequences and
room to think in step 2, for models that think before answering), ``limit_per_setting``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.hooks import Hooks, RunEnd, hooks
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    ModelOutput,
)
from inspect_ai.scorer import Score, Target, mean, scorer, stderr
from inspect_ai.solver import Generate, Solver, TaskState, solver

from vlp.errors import InputError
from vlp.lm.clients import split_thinking
from vlp.lm.prompt import (
    PROOF_STOP_SEQUENCES,
    ChatPrompt,
    PromptBuilder,
    clean_answer,
    clean_proof,
    join_transcript,
)
from vlp.lm.runner import load_problems, problem_text
from vlp.lm.scoring import VerifyScorer
from vlp.lm.selection import stratified

__all__ = ["efficiency", "two_step", "verified"]

TASK_NAME = "vlp/efficiency"
OFFLINE_RECIPE = "docs/evaluating.md: inspect-ai offline"


def _messages(prompt: ChatPrompt) -> list[ChatMessage]:
    messages: list[ChatMessage] = [ChatMessageSystem(content=prompt.system)]
    for role, content in prompt.messages:
        messages.append(ChatMessageUser(content=content) if role == "user"
                        else ChatMessageAssistant(content=content))
    return messages


def _reply(output: ModelOutput) -> tuple[str, str]:
    """(thinking, text) of a reply: reasoning blocks and inline ``<think>`` kept apart."""
    message = output.message
    blocks = [] if isinstance(message.content, str) else [
        part.reasoning for part in message.content if part.type == "reasoning"]
    inline, text = split_thinking(message.text)
    return "\n\n".join(t for t in (*blocks, inline) if t.strip()), text


@solver
def two_step(max_tokens: int = 2048, answer_max_tokens: int = 16,
             reasoning: bool = False) -> Solver:
    """The paper's two-step prompt (App. D.2) in chat form: a proof, then the answer cue."""
    builder = PromptBuilder()

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        text = state.input_text
        state.messages = _messages(builder.chat_proof_prompt(text))
        state = await generate(state, max_tokens=max_tokens,
                               stop_seqs=None if reasoning else list(PROOF_STOP_SEQUENCES))
        thinking, reply = _reply(state.output)
        proof = clean_proof(reply)
        state.messages = _messages(builder.chat_answer_prompt(text, proof))
        state = await generate(state, max_tokens=max_tokens if reasoning else answer_max_tokens,
                               stop_seqs=None if reasoning else ["\n"])
        state.store.set("vlp_proof", proof)
        state.store.set("vlp_thinking", thinking)
        state.store.set("vlp_answer", clean_answer(_reply(state.output)[1]))
        return state

    return solve


@scorer(metrics={"accuracy": [mean(), stderr()], "efficiency": [mean()],
                 "efficiency_non_axioms": [mean()]})
def verified(verify_mode: str = "auto"):  # noqa: ANN201 (inspect's Scorer protocol)
    """Verify the transcript with ``vlp.verify`` against the sample's problem record."""
    check = VerifyScorer(verify_mode)

    async def score(state: TaskState, target: Target) -> Score:
        proof, answer = state.store.get("vlp_proof", ""), state.store.get("vlp_answer", "")
        transcript = join_transcript(proof, answer, state.store.get("vlp_thinking", ""))
        try:
            report = check(state.metadata["problem"], transcript, answer)
        except InputError as error:  # a reply past vlp.limits: wrong, not an eval error
            return Score(value={"accuracy": 0.0, "efficiency": math.nan,
                                "efficiency_non_axioms": math.nan},
                         explanation=f"not verified: {error}")
        correct = bool(report["answer_correct"])

        def among_correct(name: str) -> float:
            value = report.get(name)
            return float(value) if correct and value is not None else math.nan

        predicted = report.get("predicted_answer")
        return Score(
            value={"accuracy": float(correct), "efficiency": among_correct("efficiency"),
                   "efficiency_non_axioms": among_correct("efficiency_non_axioms")},
            answer=None if predicted is None else str(predicted), explanation=transcript,
            metadata={"report": report})

    return score


def samples(data: Path, limit_per_setting: int | None = None) -> list[Sample]:
    """One sample per problem record; the record rides along as metadata (for verify)."""
    problems = load_problems(data)
    check = VerifyScorer()
    for number, problem in enumerate(problems, 1):
        check.check(problem, f"{data}:{number}")
    if limit_per_setting is not None:
        problems = stratified(problems, per_cell=limit_per_setting)
    return [Sample(input=problem_text(problem), target=str(problem.get("answer", "")),
                   id=str(problem["id"]), metadata={"problem": problem})
            for problem in problems]


@task
def efficiency(data: str, max_tokens: int = 2048, answer_max_tokens: int = 16,
               verify_mode: str = "auto", reasoning: bool = False,
               limit_per_setting: int | None = None) -> Task:
    """vlp's efficiency evaluation of the problems in ``data`` (a JSONL problem file)."""
    path = Path(data)
    dataset = MemoryDataset(samples(path, limit_per_setting), name=path.stem,
                            location=str(path))
    metadata: dict[str, Any] = {"data": str(path), "verify_mode": verify_mode}
    return Task(dataset=dataset, solver=two_step(max_tokens, answer_max_tokens, reasoning),
                scorer=verified(verify_mode), metadata=metadata)


def unscored(log: Any) -> str | None:
    """Why a log of this task scored no sample (its status and error), or None if one was."""
    results = getattr(log, "results", None)
    if results is not None and _scored_count(results) > 0:
        return None
    error = getattr(log, "error", None)
    reason = f": {error.message.splitlines()[0][:300]}" if error is not None else ""
    return f"{log.status}{reason}"


def _scored_count(results: Any) -> int:
    """``scored_samples`` where this inspect's results have it; newer ones (0.3.285) have
    ``completed_samples`` only, and reading the missing field failed the hook."""
    for field in ("scored_samples", "completed_samples"):
        value = getattr(results, field, None)
        if value is not None:
            return int(value)
    return 0


@hooks(name="vlp_unscored", description="vlp/efficiency fails loudly when it scored nothing")
class FailWhenUnscored(Hooks):
    """``inspect eval`` exits 0 whatever its logs' status; a run of vlp/efficiency that
    scored no sample (a model that cannot be reached, a tokenizer that cannot be
    downloaded offline) says so on stderr and, on inspect's command line, exits 1."""

    async def on_run_end(self, data: RunEnd) -> None:
        failures = [(log, why) for log in data.logs or []
                    if getattr(log.eval, "task", "") == TASK_NAME
                    and (why := unscored(log)) is not None]
        for log, why in failures:
            print(f"{TASK_NAME}: no sample was scored ({why}); log: {log.location}; to try "
                  f"the task without a network, see {OFFLINE_RECIPE}", file=sys.stderr)
        if failures and _on_inspects_command_line():
            raise SystemExit(1)  # not an Exception: inspect's hook wrapper lets it through


def _on_inspects_command_line() -> bool:
    program = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return program == "inspect" or (program == "__main__.py" and "inspect_ai" in sys.argv[0])
