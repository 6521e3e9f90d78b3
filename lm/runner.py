"""The evaluation runner behind ``vlp evaluate``.

For every (problem, sample) not yet in the run directory: ask the reasoner (an API model
through the two-step prompt, or a symbolic baseline) for a proof and an answer, verify the
transcript as soon as it arrives, and append one record to ``results.jsonl``. Requests run
concurrently (``concurrency`` workers), transient failures are retried with backoff, every
completion is cached on disk, and a crashed or interrupted run resumes where it stopped.
A problem whose requests keep failing is logged to ``errors.jsonl`` and tried again on the
next run; it never gets a result record, so nothing is lost or duplicated.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from vlp.errors import InputError
from vlp.lm.clients import (
    Completion,
    GenerationParams,
    ModelClient,
    Request,
    is_reasoning_model,
    make_client,
    request_seed,
)
from vlp.lm.models import ModelSpec
from vlp.lm.pricing import estimate_cost, prices_for
from vlp.lm.prompt import (
    PROMPT_FILE,
    PROOF_STOP_SEQUENCES,
    STYLES,
    PromptBuilder,
    clean_answer,
    clean_proof,
    prompt_sha256,
    prompt_template,
)
from vlp.lm.reasoner import Attempt, Reasoner, Scorer
from vlp.lm.retry import (
    RetriesExhausted,
    RetryPolicy,
    describe,
    is_connection_failure,
    status_code,
    with_retries,
)
from vlp.lm.store import ERRORS_FILE, ResponseCache, ResultStore
from vlp.output import file_digest
from vlp.records import JsonlWriter, read_jsonl
from vlp.validate import check_loose_problem

# Problem fields copied into every result record, for the report's stratification.
PROBLEM_FIELDS = ("setting", "overlap", "control", "query_kind", "connection", "depth")


@attrs.frozen
class EvalConfig:
    """What a run computes. Resuming requires the same configuration (see ``identity``)."""

    model: ModelSpec
    style: str = "chat"
    temperature: float | None = 0.0
    max_tokens: int = 2048
    answer_max_tokens: int = 16
    samples: int = 1
    thinking_budget: int | None = None
    seed: int = 0
    verify_mode: str = "auto"
    # The model thinks before it answers (<think> blocks, reasoning_content): no stop
    # sequences (they would fire inside the thinking) and room to think in step 2.
    reasoning: bool = False

    def __attrs_post_init__(self) -> None:
        if self.style not in STYLES:
            raise InputError(f"unknown style {self.style!r}; expected one of {STYLES}",
                             location="--style")
        if self.samples < 1 or self.max_tokens < 1 or self.answer_max_tokens < 1:
            raise InputError("--samples, --max-tokens and --answer-max-tokens must be >= 1")
        if self.thinking_budget is not None and self.thinking_budget < 1024:
            raise InputError("--thinking-budget must be at least 1024 tokens (Anthropic's "
                             "minimum)", location="--thinking-budget")
        if self.model.provider == "anthropic" and self.style != "chat":
            raise InputError("Anthropic models take --style chat", location="--style")

    def identity(self) -> dict[str, Any]:
        return {"model": self.model.label, "base_url": self.model.base_url,
                "engine_args": dict(self.model.options) or None,
                "style": self.style, "temperature": self.temperature,
                "max_tokens": self.max_tokens, "answer_max_tokens": self.answer_max_tokens,
                "samples": self.samples, "thinking_budget": self.thinking_budget,
                "seed": self.seed, "verify_mode": self.verify_mode,
                "reasoning": self.reasoning}

    @property
    def thinks(self) -> bool:
        return self.reasoning or is_reasoning_model(self.model)


def problem_text(problem: dict[str, Any]) -> str:
    """The problem as shown to the model: its statements followed by its question."""
    # the sampler writes "text"; other problem files (e.g. the paper authors') "problem"
    text = str(problem.get("text") or problem.get("problem") or problem.get("problem_text")
               or "").strip()
    question = str(problem.get("question") or "").strip()
    if question and not text.endswith(question):
        text = f"{text} {question}".strip()
    return text


class PromptedReasoner:
    """An API model asked with the two-step prompt; completions go through the cache."""

    def __init__(self, config: EvalConfig, client: ModelClient, cache: ResponseCache,
                 retry: RetryPolicy, builder: PromptBuilder | None = None,
                 on_retry: Callable[[int, BaseException], None] | None = None) -> None:
        self.config = config
        self.client = client
        self.cache = cache
        self.retry = retry
        self.builder = builder or PromptBuilder()
        self.on_retry = on_retry
        self._rng = random.Random(config.seed)
        self._connected: asyncio.Task[None] | None = None

    async def _complete(self, request: Request) -> tuple[Completion, bool]:
        key = request.cache_key(self.config.model)
        cached = self.cache.get(key)
        if cached is not None:
            return cached, True
        # before the first request (not before cached ones: a cached run needs no network),
        # once for all workers: an unreachable server stops the run at once, instead of each
        # problem retrying for half a minute
        if self._connected is None:
            self._connected = asyncio.ensure_future(self.client.check_connection())
        await self._connected
        try:
            completion = await with_retries(lambda: self.client.complete(request), self.retry,
                                            self._rng, self.on_retry)
        except RetriesExhausted as error:
            if is_connection_failure(error.last):
                # the server went away mid-run: stop (what was done is kept) rather than
                # spend half a minute on every problem left
                await self.client.check_connection()
            raise
        self.cache.put(key, completion)
        return completion, False

    async def attempt(self, problem: dict[str, Any], sample: int) -> Attempt:
        config, text = self.config, problem_text(problem)
        seed = request_seed(config.seed, sample)
        proof_params = GenerationParams(config.max_tokens, config.temperature,
                                        () if config.thinks else PROOF_STOP_SEQUENCES,
                                        config.thinking_budget, seed)
        # Reasoning models spend (hidden) tokens before any answer: give step 2 room.
        answer_params = GenerationParams(
            config.max_tokens if config.thinks else config.answer_max_tokens,
            config.temperature, () if config.thinks else ("\n",), seed=seed)
        if config.style == "completion":
            first = Request(self.builder.completion_proof_prompt(text), proof_params, sample)
        else:
            first = Request(self.builder.chat_proof_prompt(text), proof_params, sample)
        proof_reply, proof_cached = await self._complete(first)
        proof = clean_proof(proof_reply.text)
        if config.style == "completion":
            second = Request(self.builder.completion_answer_prompt(text, proof), answer_params,
                             sample)
        else:
            second = Request(self.builder.chat_answer_prompt(text, proof), answer_params, sample)
        answer_reply, answer_cached = await self._complete(second)
        return Attempt(
            proof=proof, answer=clean_answer(answer_reply.text), thinking=proof_reply.thinking,
            input_tokens=proof_reply.input_tokens + answer_reply.input_tokens,
            output_tokens=proof_reply.output_tokens + answer_reply.output_tokens,
            proof_output_tokens=proof_reply.output_tokens,
            finish_reason=proof_reply.finish_reason, cached=proof_cached and answer_cached,
            problem_text=text,
            prompt_sha256=(prompt_sha256(first.prompt), prompt_sha256(second.prompt)))

    async def aclose(self) -> None:
        await self.client.aclose()


def load_problems(path: Path) -> list[dict[str, Any]]:
    """Problem records from a JSONL file (one object per line; ``id`` unique, or the line),
    each checked against the record schema and, a generated record, in what it claims."""
    return [record for _, record in read_problem_lines(path)]


def read_problem_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """:func:`load_problems` with each record's line number."""
    from vlp.sampler.dataset import check_claims

    path = Path(path)
    problems: list[tuple[int, dict[str, Any]]] = []
    seen: set[str] = set()
    for number, record in read_jsonl(path, "problems"):
        check_loose_problem(record, f"{path}:{number}")
        check_claims(record, f"{path}:{number}")
        if record.get("id") is None:
            # stable while the file is unchanged, which resuming checks (its digest)
            record["id"] = str(record.get("problem_id") or f"line-{number}")
        if str(record["id"]) in seen:
            raise InputError(f"duplicate problem id {record['id']!r}",
                             location=f"{path}:{number}")
        seen.add(str(record["id"]))
        problems.append((number, record))
    if not problems:
        raise InputError("no problem records", str(path))
    return problems


class UnverifiedReply(Exception):
    """The model's reply cannot be verified (a transcript past ``vlp.limits``): that problem
    fails, as a failed request does, and the run goes on."""


@attrs.define
class RunTotals:
    done: int = 0
    new: int = 0
    cached: int = 0
    failed: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


class _ProgressView:
    """A rich progress bar with token counts and an estimated cost (stderr)."""

    def __init__(self, total: int, already: int, prices: tuple[float, float] | None,
                 enabled: bool) -> None:
        self.prices = prices
        self.progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[tokens]}"), TextColumn("{task.fields[cost]}"),
            TimeRemainingColumn(), console=Console(stderr=True), disable=not enabled)
        self.task = self.progress.add_task("evaluating", total=total, completed=already,
                                           tokens="", cost="")

    def update(self, totals: RunTotals) -> None:
        cost = estimate_cost(self.prices, totals.input_tokens, totals.output_tokens)
        self.progress.update(
            self.task, advance=1,
            tokens=f"{totals.input_tokens:,} in / {totals.output_tokens:,} out tokens",
            cost="cost n/a" if cost is None else f"~${cost:.4f}")


def progress_line(totals: RunTotals, total: int, elapsed: float,
                  prices: tuple[float, float] | None) -> str:
    """One plain progress line (for logs, where a live bar shows only its last state)."""
    cost = estimate_cost(prices, totals.input_tokens, totals.output_tokens)
    rate = (totals.new + totals.cached) / elapsed if elapsed > 0 else 0.0
    remaining = total - totals.done
    eta = f", about {remaining / rate:.0f} s left" if rate > 0 and remaining else ""
    return (f"{totals.done} of {total} done ({totals.new} new, {totals.cached} from cache, "
            f"{totals.failed} failed), {totals.input_tokens:,} input / "
            f"{totals.output_tokens:,} output tokens"
            + ("" if cost is None else f", ~${cost:.4f}")
            + f", {elapsed:.0f} s elapsed{eta}")


async def _print_progress_lines(totals: RunTotals, total: int, every: float,
                                prices: tuple[float, float] | None,
                                log: Callable[[str], None]) -> None:
    start = time.monotonic()
    while True:
        await asyncio.sleep(every)
        log(progress_line(totals, total, time.monotonic() - start, prices))


def result_record(problem: dict[str, Any], sample: int, model: str, attempt: Attempt,
            score: dict[str, Any]) -> dict[str, Any]:
    record: dict[str, Any] = {"problem_id": str(problem["id"]), "sample": sample,
                              "model": model}
    record.update({field: problem[field] for field in PROBLEM_FIELDS if field in problem})
    record.update({
        "proof": attempt.proof, "answer_text": attempt.answer, "thinking": attempt.thinking,
        "transcript": attempt.transcript, "finish_reason": attempt.finish_reason,
        "usage": {"input_tokens": attempt.input_tokens, "output_tokens": attempt.output_tokens,
                  "proof_output_tokens": attempt.proof_output_tokens},
        "score": score,
    })
    if attempt.prompt_sha256 is not None:
        record["prompt"] = {"file": PROMPT_FILE, "problem_text": attempt.problem_text,
                            "proof_sha256": attempt.prompt_sha256[0],
                            "answer_sha256": attempt.prompt_sha256[1]}
    return record


async def run_evaluation(config: EvalConfig, problems: Sequence[dict[str, Any]],
                         store: ResultStore, reasoner: Reasoner, scorer: Scorer, *,
                         concurrency: int = 4, show_progress: bool = False,
                         price_override: tuple[float, float] | None = None,
                         log: Callable[[str], None] | None = None,
                         progress_every: float | None = None) -> RunTotals:
    """Evaluate every (problem, sample) that ``store`` does not hold yet.

    Progress: a live bar with ``show_progress``; otherwise, with ``progress_every`` and
    ``log``, a plain line every ``progress_every`` seconds.
    """
    pending = [(p, s) for p in problems for s in range(config.samples)
               if (str(p["id"]), s) not in store.done]
    totals = RunTotals(done=len(problems) * config.samples - len(pending))
    view = _ProgressView(len(problems) * config.samples, totals.done,
                         prices_for(config.model, price_override), show_progress)
    queue: asyncio.Queue[tuple[dict[str, Any], int]] = asyncio.Queue()
    for item in pending:
        queue.put_nowait(item)
    # a log, not a resumable table: a failed request is retried by the next run, so every
    # failure is appended (no key)
    errors = JsonlWriter(store.run_dir / ERRORS_FILE, lambda row: None, what="errors")

    async def worker() -> None:
        while True:
            try:
                problem, sample = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                attempt = await reasoner.attempt(problem, sample)
                try:
                    score = scorer(problem, attempt.transcript, attempt.answer)
                except InputError as error:  # this reply is past the limits: not fatal
                    raise UnverifiedReply(str(error)) from None
            except Exception as error:  # noqa: BLE001 (logged; retried on the next run)
                if isinstance(error, InputError):
                    raise
                if status_code(error) in (401, 403, 404):  # key, permission, model name:
                    raise InputError(f"{config.model.label}: {describe(error)}",  # fatal
                                     location="--model") from None
                totals.failed += 1
                message = describe(error.last if isinstance(error, RetriesExhausted) else error)
                errors.append(json.dumps({"problem_id": str(problem["id"]), "sample": sample,
                                          "error": message}))
                if show_progress:  # printed above the live bar, not through it
                    view.progress.console.print(f"{problem['id']}#{sample}: {message}",
                                                markup=False, highlight=False)
                elif log is not None:
                    log(f"{problem['id']}#{sample}: {message}")
                continue
            store.append(result_record(problem, sample, config.model.label, attempt, score))
            totals.done += 1
            totals.new += not attempt.cached
            totals.cached += attempt.cached
            totals.input_tokens += 0 if attempt.cached else attempt.input_tokens
            totals.output_tokens += 0 if attempt.cached else attempt.output_tokens
            view.update(totals)

    with view.progress:
        workers = [asyncio.create_task(worker()) for _ in range(max(1, concurrency))]
        tasks = list(workers)
        if not show_progress and progress_every and log is not None:
            tasks.append(asyncio.create_task(_print_progress_lines(
                totals, len(problems) * config.samples, progress_every,
                prices_for(config.model, price_override), log)))
        try:
            await asyncio.gather(*workers)
        finally:
            for task in tasks:
                task.cancel()
            await reasoner.aclose()
    return totals


def build_reasoner(config: EvalConfig, *, cache: ResponseCache, retry: RetryPolicy,
                   timeout: float,
                   on_retry: Callable[[int, BaseException], None] | None = None,
                   batch_size: int = 1, device: str = "auto") -> Reasoner:
    """The reasoner for ``config.model``; in-process models (hf, vllm) are loaded here and
    answer up to ``batch_size`` requests per batch."""
    if config.model.is_baseline:
        from vlp.lm.baselines import BaselineReasoner

        return BaselineReasoner(config.model.name)
    if config.model.in_process:
        from vlp.lm.engines import in_process_client

        client: ModelClient = in_process_client(config.model, config.style,
                                                max_batch=batch_size, device=device)
    else:
        client = make_client(config.model, timeout=timeout)
    return PromptedReasoner(config, client, cache, retry, on_retry=on_retry)


def store_for(run_dir: Path, config: EvalConfig, data: Path,
              session: dict[str, Any] | None = None) -> tuple[ResultStore, list]:
    """Open (or resume) the run directory; a prompted model's run also gets its prompt
    file (``prompt.json``), which its records' prompt hashes refer to."""
    store = ResultStore(run_dir)
    records = store.open({**config.identity(), "data": str(Path(data).name),
                          "data_sha256": file_digest(data)}, session)
    if not config.model.is_baseline:
        template = prompt_template(PromptBuilder(), config.style)
        store.write_once(PROMPT_FILE, json.dumps(template, indent=2, ensure_ascii=False) + "\n")
    return store, records
