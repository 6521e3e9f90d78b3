"""The reward and its trainer adapters, called with the argument shapes each library passes.

Call shapes, from each library's documentation and source:
- TRL ``GRPOTrainer._calculate_rewards`` (trl 1.x, trainer/grpo_trainer.py) calls every
  custom reward function as ``reward_func(prompts=prompts, completions=completions,
  completion_ids=completion_ids_list, **reward_kwargs)``, where ``reward_kwargs`` holds
  every dataset column but ``prompt``/``completion`` (one value per completion) plus
  ``trainer_state``, ``log_extra`` and ``log_metric``; ``None`` means "not applicable";
  async functions are awaited with ``asyncio.gather``. Conversational completions are
  "a list of one message, i.e. a dictionary containing the key "content"" (TRL docs,
  Reward Functions, https://huggingface.co/docs/trl/rewards).
- verl: "compute_score(data_source, solution_str, ground_truth, extra_info=None)"
  (verl docs, "Implement Reward Function for Dataset"; ``custom_reward_function.path`` and
  ``.name``); the reward manager calls it with keywords.
- OpenRLHF: ``reward_func(queries, prompts, labels, **kwargs)`` returning
  ``{"rewards", "scores", "extra_logs"}`` (OpenRLHF examples/python/reward_func.py);
  ``queries`` are prompt + response decoded with special tokens, ``labels`` the
  ``--label_key`` column.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from pathlib import Path

import attrs
import pytest

from vlp.rewards import (
    AsyncTRLReward,
    RewardWeights,
    TRLReward,
    completion_text,
    compute_score,
    reward_func,
    score,
    score_batch,
    score_sample,
)

DATA = Path(__file__).parent / "data"
RECORD = json.loads((DATA / "d3.json").read_text(encoding="utf-8"))
PROBLEM = json.dumps(RECORD)
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")
# answer 26 correct, efficiency 10/18, every claim of the shortest proof established step by
# step (completeness 1), no false step, no idle sentence, shorter than twice the proof
LLAMA_REWARD = 0.25 + 0.25 * 10 / 18 + 0.5
WRONG = "Pieter has 20 parrots.\nTherefore, the answer (arabic numerals) is 3."
FALSE = "Pieter has 21 parrots.\nTherefore, the answer (arabic numerals) is 26."


def test_the_default_reward_is_the_readme_reward() -> None:
    result = score_sample(RECORD, LLAMA)
    assert result.reason is None and result.reward == pytest.approx(LLAMA_REWARD)
    assert score_sample(RECORD, WRONG).reward == 0.0


ONLY = {"answer": 0.0, "efficiency": 0.0, "completeness": 0.0, "idle": 0.0, "verbosity": 0.0}


def weights(**chosen: float) -> RewardWeights:
    """Every term off but those chosen."""
    return RewardWeights(**{**ONLY, **chosen})


def test_weights_are_arguments() -> None:
    report = score_sample(RECORD, LLAMA).report
    assert score(report, weights(answer=1.0)) == 1.0
    assert score(report, weights(efficiency=1.0)) == pytest.approx(10 / 18)
    assert score(report, weights(completeness=1.0)) == 1.0
    assert score(report, weights(format=0.1)) == pytest.approx(0.1)  # closes with the answer
    false = score_sample(RECORD, FALSE).report
    assert false.metrics.false_claims == 1
    assert score(false, weights(answer=1.0, false_step=0.25)) == 0.75
    assert score(false, weights(floor=-1.0)) == -0.25
    # the answer and one fact: precision 1, but 1 of the proof's 10 claims established
    short = score_sample(RECORD, "Pieter has 20 parrots.\nTherefore, the answer (arabic "
                                 "numerals) is 26.").report
    assert short.efficiency == 1.0
    assert score(short, weights(completeness=1.0)) == pytest.approx(1 / 10)
    assert score(short) == pytest.approx(0.25 + 0.25 + 0.5 / 10)


def test_idle_sentences_and_padding_cost() -> None:
    padded = score_sample(RECORD, "I will now think.\n" + LLAMA).report
    sentences = {step.sentence for step in padded.steps}
    assert padded.steps[0].status.value == "unparsed" and len(sentences) > 10
    assert score(padded, weights(idle=1.0, floor=-1.0)) == pytest.approx(-1 / len(sentences))
    twice = score_sample(RECORD, LLAMA + "\n" + LLAMA).report
    assert twice.metrics.transcript_tokens > 2 * twice.metrics.reference_tokens
    assert score(twice, weights(idle=1.0, floor=-1.0)) < -0.4  # the second copy is idle
    assert score(twice, weights(verbosity=1.0, floor=-1.0)) < 0.0
    assert score(score_sample(RECORD, LLAMA).report, weights(verbosity=1.0)) == 0.0


def test_a_hedged_answer_is_wrong() -> None:
    hedged = score_sample(RECORD, LLAMA + "\nTherefore, the answer (arabic numerals) is 25.\n"
                                  "Therefore, the answer (arabic numerals) is 26.").report
    assert hedged.answer_correct and hedged.other_answers == (25,)
    assert score(hedged) == 0.0


@pytest.mark.parametrize("completion", [
    42, None, [{"role": "assistant"}], "Pieter has 20\x00 parrots.", [[1, 2]],
])
def test_a_bad_sample_scores_the_floor_with_a_logged_reason(completion, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="vlp.rewards"):
        result = score_sample(RECORD, completion, weights=RewardWeights(floor=-0.5))
    assert result.reward == -0.5 and result.report is None and result.reason
    assert result.reason in caplog.text


def test_a_bad_problem_scores_the_floor() -> None:
    for problem in (None, "{not json", '{"axioms": 3}', "[1, 2]"):
        result = score_sample(problem, LLAMA)
        assert result.reward == 0.0 and result.reason, problem


def test_completion_text_reads_every_trainer_format() -> None:
    assert completion_text("a. b.") == "a. b."
    assert completion_text([{"role": "assistant", "content": "a."}]) == "a."
    assert completion_text([{"role": "assistant", "content": [{"type": "text", "text": "a."}]}]) \
        == "a."
    # a base model running on into the next few-shot question is judged on all it wrote;
    # special tokens left in are not text
    assert completion_text("a.\nQ: Eddie has 3 keys.") == "a.\nQ: Eddie has 3 keys."
    assert completion_text("a.<|im_end|><|endoftext|>") == "a."


def test_trl_plain_and_conversational_completions() -> None:
    """``reward_func(prompts=..., completions=..., completion_ids=..., **reward_kwargs)``."""
    logged: dict[str, list] = {}
    metrics: list = []
    reward = TRLReward()
    prompts = ["Q: ...\nA: Let's think step by step.\n"] * 4
    completions = [LLAMA, WRONG, 7, LLAMA]
    rewards = reward(prompts=prompts, completions=completions, completion_ids=[[1]] * 4,
                     problem=[PROBLEM, PROBLEM, PROBLEM, None], answer=[26] * 4,
                     trainer_state=None, log_extra=lambda c, v: logged.setdefault(c, v),
                     log_metric=lambda n, v: metrics.append((n, v)))
    assert rewards[0] == pytest.approx(LLAMA_REWARD)
    assert rewards[1:] == [0.0, 0.0, None]  # wrong; not text; no problem: not applicable
    assert logged["vlp_reason"][2] and not logged["vlp_reason"][0]
    conversational = [[{"role": "assistant", "content": LLAMA}],
                      [{"role": "assistant", "content": WRONG}]]
    chat_prompts = [[{"role": "user", "content": "Q: ..."}]] * 2
    assert reward(prompts=chat_prompts, completions=conversational,
                  problem=[RECORD, RECORD]) == pytest.approx([LLAMA_REWARD, 0.0])
    assert reward.__name__ == "vlp_efficiency"


def test_trl_async_reward() -> None:
    reward = AsyncTRLReward()
    rewards = asyncio.run(reward(prompts=["p", "p"], completions=[LLAMA, "?"],
                                 problem=[PROBLEM, PROBLEM]))
    assert rewards == pytest.approx([LLAMA_REWARD, 0.0])


def test_trl_recognises_the_adapters() -> None:
    utils = pytest.importorskip("trl.trainer.utils")
    assert utils.is_async_callable(AsyncTRLReward())
    assert not utils.is_async_callable(TRLReward())
    assert utils.get_callable_name(TRLReward()) == "vlp_efficiency"


def test_verl_compute_score() -> None:
    """``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``."""
    extra = {"index": 0, "problem": PROBLEM}
    assert compute_score(data_source="vlp", solution_str=LLAMA, ground_truth="26",
                         extra_info=extra) == pytest.approx(LLAMA_REWARD)
    assert compute_score("vlp", LLAMA, PROBLEM) == pytest.approx(LLAMA_REWARD)  # record as truth
    assert compute_score("vlp", LLAMA, "26", extra, **{**ONLY, "answer": 1.0}) == 1.0
    assert compute_score("vlp", LLAMA, "26", None) == 0.0  # no record: the floor
    assert compute_score("vlp", None, "26", extra) == 0.0


def test_verl_keywords_that_are_not_weights_are_ignored_and_logged_once(caplog) -> None:
    """verl's reward managers pass keywords of their own (``reward_router_address``,
    ``reward_model_tokenizer``) to every call."""
    extra = {"index": 0, "problem": PROBLEM}
    with caplog.at_level(logging.INFO, logger="vlp.rewards"):
        for _ in range(3):
            value = compute_score(data_source="vlp", solution_str=LLAMA, ground_truth="26",
                                  extra_info=extra, reward_router_address=None,
                                  reward_model_tokenizer=object(), efficiency=1.0)
            assert isinstance(value, float)
            assert value == pytest.approx(LLAMA_REWARD + 0.75 * 10 / 18)
    assert caplog.text.count("'reward_router_address'") == 1
    assert caplog.text.count("'reward_model_tokenizer'") == 1


def test_openrlhf_reward_func() -> None:
    """``reward_func(queries, prompts, labels)``: queries are prompt + response."""
    prompt = "<|im_start|>user\nQ: ...<|im_end|>\n<|im_start|>assistant\n"
    queries = ["<s>" + prompt + LLAMA + "<|im_end|>", prompt + WRONG + "</s>",
               prompt + "gibberish"]
    result = reward_func(queries, [prompt] * 3, [PROBLEM, PROBLEM, "{broken"])
    rewards = [float(r) for r in result["rewards"]]
    assert rewards == pytest.approx([LLAMA_REWARD, 0.0, 0.0])
    assert [float(s) for s in result["scores"]] == pytest.approx(rewards)
    assert len(result["extra_logs"]["vlp_efficiency"]) == 3


def test_score_batch_in_workers_equals_in_process() -> None:
    problems = [PROBLEM, RECORD, PROBLEM, None]
    completions = [LLAMA, WRONG, [{"role": "assistant", "content": LLAMA}], LLAMA]
    here = score_batch(problems, completions)
    there = score_batch(problems, completions, workers=2, timeout=60)
    assert [s.reward for s in here] == [s.reward for s in there]
    assert [s.reason for s in here] == [s.reason for s in there]


def test_trl_reward_keeps_its_worker_processes_between_steps() -> None:
    reward = TRLReward(workers=2, timeout=60)
    try:
        first = reward(prompts=["p"] * 3, completions=[LLAMA, WRONG, LLAMA],
                       problem=[PROBLEM, PROBLEM, RECORD])
        pool = reward._pool
        second = reward(prompts=["p"] * 3, completions=[LLAMA, WRONG, LLAMA],
                        problem=[PROBLEM, PROBLEM, RECORD])
        assert reward._pool is pool
        assert first == second == pytest.approx([LLAMA_REWARD, 0.0, LLAMA_REWARD])
    finally:
        reward.close()


# the README's reference pages live in docs/ (the reward's in docs/rewards.md)
README = "\n".join(path.read_text(encoding="utf-8") for path in (
    Path(__file__).parents[1] / "README.md", Path(__file__).parents[1] / "docs" / "rewards.md"))
BASH_BLOCKS = re.findall(r"```bash\n(.*?)```", README, re.S)


def test_the_readme_verl_command_uses_the_current_config_keys() -> None:
    """Current verl reads the custom reward under ``reward.custom_reward_function`` (path,
    name, reward_kwargs); the weights it sets are RewardWeights fields."""
    block = next(b for b in BASH_BLOCKS if "verl.trainer.main_ppo" in b)
    keys = re.findall(r"\+*([\w.]*custom_reward_function[\w.]*)=", block)
    assert {k.rsplit(".", 1)[-1] for k in keys} >= {"path", "name"}
    assert all(k.startswith("reward.custom_reward_function.") for k in keys), keys
    fields = {f.name for f in attrs.fields(RewardWeights)}
    weights = [k.split("reward_kwargs.", 1)[1] for k in keys if "reward_kwargs." in k]
    assert weights and set(weights) <= fields


def test_the_readme_openrlhf_command_applies_a_chat_template_to_chat_prompts() -> None:
    block = next(b for b in BASH_BLOCKS if "openrlhf" in b)
    data = re.search(r"--prompt_data (\S+)", block).group(1)
    exports = {m.group(2): m.group(1) for m in re.finditer(
        r"vlp export \S+ --format jsonl --style (\w+) -o (\S+)", README)}
    assert exports[data] == ("chat" if "--apply_chat_template" in block else "completion")
