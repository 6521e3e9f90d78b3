"""Proof quality as a training reward: one definition, and adapters for TRL, verl and
OpenRLHF.

The reward of one completion (weights are arguments, :class:`RewardWeights`)::

    reward = max(floor, correct x (answer + efficiency x efficiency_of_the_proof
                                   + completeness x completeness_of_the_proof)
                      - min(max_false_penalty, false_step x distinct_false_claims)
                      - idle x idle_sentences - verbosity x excess_length
                      + format x well_formed)

- ``correct``: the answer read from the completion is the problem's, and no other answer
  phrase of the completion states another number (a hedge is not an answer);
- ``efficiency_of_the_proof``: the paper's efficiency, |claims of the shortest proof
  stated| / |distinct claims stated| (false ones included), 0 when nothing could be read;
  it is precision alone: any fragment of the proof has efficiency 1;
- ``completeness_of_the_proof``: the share of the shortest proof's claims (the facts it
  uses, its steps and the goal) that the completion establishes step by step: each one
  stated as a given fact or derived by one rule application from the facts and the
  claims stated before it (a ``derived-multi`` step, which skips its premises, does not
  count). The honest shortest proof has 1; the goal alone, one fact, a few equations or
  the last two steps have little;
- ``distinct_false_claims``: claims that are not theorems, and wrong sums, wherever they
  are written (in brackets, on the answer line, after a ``Q:`` line, in a code block);
- ``idle_sentences``: the share of the completion's sentences that state nothing new
  (nothing readable, or only claims stated before): restating the proof, filler,
  instructions to the grader;
- ``excess_length``: how far the completion's words run past ``length_slack`` times the
  words of the shortest proof's own verbalization (plus ``length_allowance`` for the
  answer sentence), as a fraction of that budget, at most 1: padding inside a sentence
  costs too;
- ``well_formed``: the completion closes with an answer sentence ("Therefore, the answer
  (arabic numerals) is 26."), the format the App. D.2 prompt asks for;
- ``floor``: the lowest reward, and the reward of a sample that cannot be verified (no
  problem, a completion that is not text, a timeout); the reason is logged, never raised.

With the default weights the honest shortest proof scores 1, a wrong answer 0, and every
shortcut less than the proof (``bench/reward_hacks.py`` prints the table).

Adapters (each returns one float per sample and never raises on a bad sample):

- TRL: ``GRPOTrainer(reward_funcs=TRLReward())`` (or :class:`AsyncTRLReward`), called as
  ``reward(prompts=..., completions=..., **dataset_columns)``; the problem record is read
  from the ``problem`` column that ``vlp export`` writes.
- verl: ``reward.custom_reward_function.path=<this file>``, ``name=compute_score``; the
  record is read from ``extra_info["problem"]`` (or from ``ground_truth`` when that is a
  record).
- OpenRLHF: ``--remote_rm_url <this file> --label_key problem``; ``reward_func(queries,
  prompts, labels)``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.records import canonical_json, parse_json
from vlp.validate import check_loose_problem

logger = logging.getLogger("vlp.rewards")

#: the dataset column (TRL), ``extra_info`` key (verl) and label key (OpenRLHF) of the record
PROBLEM_COLUMN = "problem"


@attrs.frozen
class RewardWeights:
    """The weights of the reward (see the module docstring for the formula). The defaults
    score the honest shortest proof 1: answer, efficiency and completeness sum to 1."""

    answer: float = 0.25
    efficiency: float = 0.25
    completeness: float = 0.5
    false_step: float = 0.25
    max_false_penalty: float = 1.0
    idle: float = 0.25
    verbosity: float = 0.25
    length_slack: float = 2.0  # words allowed, in shortest-proof verbalizations
    length_allowance: int = 16  # words allowed besides (the answer sentence has 6)
    format: float = 0.0
    floor: float = 0.0


DEFAULT_WEIGHTS = RewardWeights()


def completeness(report: Any) -> float:
    """The share of the shortest proof's claims the transcript establishes step by step
    (stated as an axiom, or derived in one rule application from what was available)."""
    total = report.metrics.proof_claims
    if not total:
        return 0.0
    established = {str(step.claim) for step in report.steps
                   if step.relevant and step.claim is not None
                   and step.status.value in ("axiom", "derived")}
    return len(established) / total


def idle_share(report: Any) -> float:
    """The share of the transcript's sentences that state nothing new: every verdict of
    the sentence is ``unparsed`` or a duplicate (the answer sentence is not a step)."""
    new: dict[int, bool] = {}
    for step in report.steps:
        states = step.status.value != "unparsed" and not step.duplicate
        new[step.sentence] = new.get(step.sentence, False) or states
    return sum(not states for states in new.values()) / len(new) if new else 0.0


def excess_length(report: Any, weights: RewardWeights = DEFAULT_WEIGHTS) -> float:
    """Words past the budget (``length_slack`` shortest-proof verbalizations and
    ``length_allowance`` words), as a fraction of the budget, at most 1."""
    reference = report.metrics.reference_tokens
    if not reference:
        return 0.0
    budget = weights.length_slack * reference + weights.length_allowance
    return min(1.0, max(0.0, report.metrics.transcript_tokens - budget) / budget)


def score(report: Any, weights: RewardWeights = DEFAULT_WEIGHTS) -> float:
    """The reward of one verified transcript (a :class:`vlp.Report`)."""
    correct = bool(report.answer_correct) and not getattr(report, "other_answers", ())
    value = 0.0
    if correct:
        value = (weights.answer + weights.efficiency * (report.efficiency or 0.0)
                 + weights.completeness * completeness(report))
    value -= min(weights.max_false_penalty, weights.false_step * report.metrics.false_claims)
    if weights.idle:
        value -= weights.idle * idle_share(report)
    if weights.verbosity:
        value -= weights.verbosity * excess_length(report, weights)
    value += weights.format * (report.answer_source == "closing sentence")
    return max(weights.floor, value)


def reward(report: Any, weights: RewardWeights = DEFAULT_WEIGHTS) -> float:
    """``vlp.reward(report)``: :func:`score`, the default weights unless given."""
    return score(report, weights)


@attrs.frozen
class Scored:
    """A sample's reward, and why it scored the floor when it could not be verified."""

    reward: float
    report: Any = None  # the vlp.Report (in-process scoring), None when not verified
    reason: str | None = None
    efficiency: float | None = None


# --- reading what the trainers pass ------------------------------------------------------------

# special tokens that trainers leave in decoded text (OpenRLHF decodes with them)
_TRAILING_SPECIAL = re.compile(r"(?:\s*(?:<\|[^|<>]{1,40}\|>|</s>|<eos>|<pad>|<end_of_turn>))+\s*$")


def completion_text(completion: Any) -> str:
    """The text of a completion: a string, or chat messages (TRL's conversational format:
    ``[{"role": "assistant", "content": "..."}]``, content possibly a list of parts)."""
    if isinstance(completion, str):
        text = completion
    elif isinstance(completion, Mapping):
        text = _message_text(completion)
    elif isinstance(completion, Sequence) and all(isinstance(m, Mapping) for m in completion):
        replies = [m for m in completion if m.get("role", "assistant") == "assistant"]
        text = "\n".join(_message_text(m) for m in replies)
    else:
        raise InputError(f"a completion must be text or chat messages, not a "
                         f"{type(completion).__name__}")
    if "\x00" in text:
        raise InputError("the completion is not text (it contains NUL bytes)")
    # everything the completion writes is judged, a next few-shot question included: a
    # trainer that samples a base model stops it there (a stop string "\nQ:")
    return _TRAILING_SPECIAL.sub("", text)


def _message_text(message: Mapping[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts: [{"type": "text", "text": "..."}]
        return "".join(str(part.get("text", "")) for part in content
                       if isinstance(part, Mapping) and part.get("type", "text") == "text")
    raise InputError("a chat message needs text under \"content\"")


@functools.lru_cache(maxsize=4096)
def _spec_from_json(text: str) -> Any:
    """A problem record given as JSON text, parsed once (K samples share one problem)."""
    from vlp.checker.verify import problem_spec

    record, error, _ = parse_json(text)
    if error:
        raise InputError(f"the problem record: {error}")
    if not isinstance(record, dict):
        raise InputError("the problem record must be a JSON object")
    check_loose_problem(record, "the problem record")
    return problem_spec(record)


def problem_of(value: Any) -> Any:
    """A problem from a dataset cell: a record (dict or its JSON text), problem text, or
    anything ``vlp.verify`` accepts."""
    if value is None:
        raise InputError("the sample has no problem record")
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="replace")
    if isinstance(value, str) and value.lstrip().startswith("{"):
        return _spec_from_json(value)
    if isinstance(value, Mapping):
        return _spec_from_json(canonical_json(dict(value)))
    return value


def score_sample(problem: Any, completion: Any, *, answer: str | int | None = None,
                 weights: RewardWeights = DEFAULT_WEIGHTS, mode: str = "auto") -> Scored:
    """Verify one completion and score it; never raises (a bad sample scores the floor)."""
    from vlp.checker.verify import verify

    try:
        report = verify(problem_of(problem), completion_text(completion), answer=answer,
                        mode=mode, search_order=False)
    except InputError as error:
        return floor(weights, str(error))
    except Exception as error:  # a verifier bug must not stop a training run
        logger.exception("vlp reward: the verifier failed on a sample")
        return floor(weights, f"verifier error: {type(error).__name__}: {error}")
    return Scored(score(report, weights), report, None, report.efficiency)


def floor(weights: RewardWeights, reason: str) -> Scored:
    logger.warning("vlp reward: sample scored the floor (%s)", reason)
    return Scored(weights.floor, None, reason)


def score_batch(problems: Sequence[Any], completions: Sequence[Any], *,
                answers: Sequence[Any] | None = None, weights: RewardWeights = DEFAULT_WEIGHTS,
                mode: str = "auto", workers: int = 1, timeout: float | None = None,
                pool: Any = None) -> list[Scored]:
    """Score many samples; with ``workers > 1`` or a ``timeout`` they are verified in worker
    processes (grouped by problem), a sample past ``timeout`` seconds scoring the floor
    (``Scored.report`` is then None: reports stay in the workers). ``pool``: a
    :func:`verifier_pool` to reuse across calls (it fixes workers, timeout, mode, weights)."""
    answers = answers if answers is not None else [None] * len(completions)
    if pool is None and workers <= 1 and timeout is None:
        from vlp.parallel import rarer_collections

        # as in a worker: the prepared problems (and a training process's own heap) are
        # millions of objects that every full collection rescans (3-6% of a reward here)
        with rarer_collections():
            return [score_sample(p, c, answer=a, weights=weights, mode=mode)
                    for p, c, a in zip(problems, completions, answers, strict=True)]
    from vlp.parallel import problem_key

    own = pool is None
    if own:
        pool = verifier_pool(workers, timeout, mode, weights)
    try:
        results = pool.map_batch([(problem_key(p), p, (c, a)) for p, c, a
                                  in zip(problems, completions, answers, strict=True)])
    finally:
        if own:
            pool.close()
    for result in results:
        if result.reason is not None:
            logger.warning("vlp reward: sample scored the floor (%s)", result.reason)
    return results


@attrs.frozen
class RewardTask:
    """What a worker process does with a sample (``vlp.parallel.Task``)."""

    weights: RewardWeights = DEFAULT_WEIGHTS
    mode: str = "auto"

    def prepare(self, payload: Any) -> Any:
        return problem_of(payload)

    def run(self, prepared: Any, entry: Any) -> Scored:
        from vlp.checker.verify import verify

        if isinstance(prepared, Exception):
            raise prepared
        completion, answer = entry
        report = verify(prepared, completion_text(completion), answer=answer, mode=self.mode,
                        search_order=False)
        return Scored(score(report, self.weights), None, None, report.efficiency)

    def failure(self, entry: Any, reason: str) -> Scored:
        return Scored(self.weights.floor, None, reason)


def verifier_pool(workers: int, timeout: float | None = None, mode: str = "auto",
                  weights: RewardWeights = DEFAULT_WEIGHTS) -> Any:
    """Worker processes that :func:`score_batch` (``pool=``) reuses from call to call."""
    from vlp.parallel import WorkerPool

    return WorkerPool(RewardTask(weights, mode), workers, timeout)


# --- TRL --------------------------------------------------------------------------------------

class TRLReward:
    """A TRL ``GRPOTrainer`` reward function: ``reward_funcs=TRLReward()``.

    TRL calls ``reward(prompts=..., completions=..., completion_ids=..., **columns)`` where
    every dataset column but ``prompt`` arrives as a list with one value per completion;
    the problem record is read from ``columns[problem_column]``. Completions are plain text
    or conversational (lists of messages). A sample whose problem cell is missing gets
    ``None`` (TRL: "not applicable"); one that cannot be verified gets the floor.
    """

    def __init__(self, weights: RewardWeights = DEFAULT_WEIGHTS, *,
                 problem_column: str = PROBLEM_COLUMN, mode: str = "auto", workers: int = 1,
                 timeout: float | None = None, name: str = "vlp_efficiency"):
        self.weights = weights
        self.problem_column = problem_column
        self.mode = mode
        self.workers = workers
        self.timeout = timeout
        self.__name__ = name  # TRL logs each reward under its function's name
        self._pool: Any = None  # worker processes, started on the first call that needs them

    def close(self) -> None:
        """Stop the worker processes (they also end with this process)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def __call__(self, prompts: Sequence[Any] | None = None,
                 completions: Sequence[Any] | None = None,
                 **columns: Any) -> list[float | None]:
        return self._score(completions or [], columns)

    def _score(self, completions: Sequence[Any], columns: Mapping[str, Any]) -> list[float | None]:
        problems = columns.get(self.problem_column)
        if problems is None:
            logger.warning("vlp reward: no %r column; every sample is not applicable",
                           self.problem_column)
            return [None] * len(completions)
        present = [i for i, p in enumerate(problems) if p is not None]
        if self._pool is None and (self.workers > 1 or self.timeout is not None):
            self._pool = verifier_pool(self.workers, self.timeout, self.mode, self.weights)
        scored = score_batch([problems[i] for i in present], [completions[i] for i in present],
                             weights=self.weights, mode=self.mode, pool=self._pool)
        rewards: list[float | None] = [None] * len(completions)
        reasons: list[str] = [""] * len(completions)
        for index, result in zip(present, scored, strict=True):
            rewards[index] = result.reward
            reasons[index] = result.reason or ""
        log_extra = columns.get("log_extra")
        if callable(log_extra):  # TRL >= 1.0: an extra column in the completions table
            log_extra("vlp_reason", reasons)
        return rewards


class AsyncTRLReward(TRLReward):
    """:class:`TRLReward` as a coroutine function: TRL runs async reward functions
    concurrently with the others (``asyncio.gather``); verification runs in a thread (and
    in worker processes with ``workers > 1``), so the event loop stays free."""

    async def __call__(self, prompts: Sequence[Any] | None = None,  # type: ignore[override]
                       completions: Sequence[Any] | None = None,
                       **columns: Any) -> list[float | None]:
        return await asyncio.to_thread(self._score, completions or [], columns)


# --- verl -------------------------------------------------------------------------------------

_WEIGHT_NAMES = frozenset(field.name for field in attrs.fields(RewardWeights))
_IGNORED_KEYWORDS: set[str] = set()  # keywords already logged as ignored


def compute_score(data_source: Any, solution_str: Any, ground_truth: Any,
                  extra_info: Mapping[str, Any] | None = None,
                  **keywords: Any) -> float:
    """verl's custom reward function (``reward.custom_reward_function.name=compute_score``).

    The problem record is ``extra_info["problem"]`` (what ``vlp export`` writes), or
    ``ground_truth`` itself when it is a record. Keywords named like :class:`RewardWeights`
    fields (verl's ``custom_reward_function.reward_kwargs``) set those weights; any other
    keyword (verl's reward managers pass their own, e.g. ``reward_router_address``,
    ``reward_model_tokenizer``) is ignored, and logged once per name.
    """
    unknown = keywords.keys() - _WEIGHT_NAMES
    for name in sorted(unknown - _IGNORED_KEYWORDS):
        _IGNORED_KEYWORDS.add(name)
        logger.info("vlp compute_score: ignoring the keyword %r (not a reward weight; "
                    "weights: %s)", name, ", ".join(sorted(_WEIGHT_NAMES)))
    weights = {name: value for name, value in keywords.items() if name in _WEIGHT_NAMES}
    chosen = attrs.evolve(DEFAULT_WEIGHTS, **weights) if weights else DEFAULT_WEIGHTS
    problem = None
    if isinstance(extra_info, Mapping):
        problem = extra_info.get(PROBLEM_COLUMN)
    if problem is None and _is_record(ground_truth):
        problem = ground_truth
    return score_sample(problem, solution_str, weights=chosen).reward


def _is_record(value: Any) -> bool:
    return isinstance(value, Mapping) or (isinstance(value, str)
                                          and value.lstrip().startswith("{"))


# --- OpenRLHF ---------------------------------------------------------------------------------

def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any],
                **kwargs: Any) -> dict[str, Any]:
    """OpenRLHF's custom reward function (``--remote_rm_url`` naming this file).

    ``queries`` are prompt + response as decoded by OpenRLHF (special tokens kept),
    ``labels`` the ``--label_key`` column: the problem record. Returns OpenRLHF's dict:
    ``rewards`` (one float per sample), ``scores`` (the rewards clipped to [0, 1], for
    dynamic filtering) and ``extra_logs``, as torch tensors when torch is installed.
    """
    responses = [_response_of(str(q), str(p)) for q, p in zip(queries, prompts, strict=True)]
    scored = score_batch(list(labels), responses)
    rewards = [s.reward for s in scored]
    efficiency = [float(s.efficiency or 0.0) for s in scored]
    result: dict[str, Any] = {"rewards": rewards, "scores": [min(1.0, max(0.0, r))
                                                             for r in rewards],
                              "extra_logs": {"vlp_efficiency": efficiency}}
    try:
        import torch
    except ImportError:
        return result
    return {"rewards": torch.tensor(result["rewards"], dtype=torch.float32),
            "scores": torch.tensor(result["scores"], dtype=torch.float32),
            "extra_logs": {"vlp_efficiency": torch.tensor(efficiency, dtype=torch.float32)}}


def _response_of(query: str, prompt: str) -> str:
    """The response part of prompt + response (a leading BOS token may precede the prompt)."""
    at = query.find(prompt) if prompt else -1
    return query[at + len(prompt):] if at >= 0 else query


__all__ = [
    "DEFAULT_WEIGHTS", "PROBLEM_COLUMN", "AsyncTRLReward", "RewardWeights", "Scored",
    "TRLReward", "completeness", "completion_text", "compute_score", "excess_length",
    "idle_share", "problem_of", "reward", "reward_func", "score", "score_batch",
    "score_sample", "verifier_pool",
]
