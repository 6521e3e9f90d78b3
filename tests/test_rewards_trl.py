"""The TRL adapters through TRL itself: one GRPO step of a tiny random causal LM (built on the
fly, no download) with the sync and the async vlp reward."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

trl = pytest.importorskip("trl")
transformers = pytest.importorskip("transformers")
datasets = pytest.importorskip("datasets")
tokenizers = pytest.importorskip("tokenizers")

from vlp.rewards import AsyncTRLReward, TRLReward  # noqa: E402

DATA = Path(__file__).parent / "data"
PROBLEM = json.dumps(json.loads((DATA / "d3.json").read_text(encoding="utf-8")))
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")


class Recording(TRLReward):
    """Keeps what TRL passed."""

    calls: list[dict] = []

    def __call__(self, prompts=None, completions=None, **columns):  # noqa: ANN001
        self.calls.append({"prompts": prompts, "completions": completions, **columns})
        return super().__call__(prompts=prompts, completions=completions, **columns)


def _tiny_model_and_tokenizer():
    words = sorted(set(re.findall(r"\w+|[^\w\s]", LLAMA)))
    vocab = {"<pad>": 0, "<eos>": 1, "<unk>": 2} | {w: i + 3 for i, w in enumerate(words)}
    core = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=core, pad_token="<pad>", eos_token="<eos>", unk_token="<unk>")
    config = transformers.LlamaConfig(
        vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
        num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=512,
        pad_token_id=0, eos_token_id=1, bos_token_id=1)
    return transformers.LlamaForCausalLM(config), tokenizer


def test_one_grpo_step_with_the_vlp_rewards(tmp_path) -> None:
    model, tokenizer = _tiny_model_and_tokenizer()
    rows = [{"prompt": "Pieter has 20 parrots . Pieter then gives Yorgos 6 parrots .",
             "problem": PROBLEM, "answer": 26}] * 2
    config = trl.GRPOConfig(
        output_dir=str(tmp_path), max_steps=1, per_device_train_batch_size=2,
        num_generations=2, max_completion_length=8, report_to="none", use_cpu=True,
        logging_steps=1, save_strategy="no", disable_tqdm=True, seed=0)
    recording = Recording()
    trainer = trl.GRPOTrainer(
        model=model, reward_funcs=[recording, AsyncTRLReward(name="vlp_async")], args=config,
        train_dataset=datasets.Dataset.from_list(rows), processing_class=tokenizer)
    trainer.train()
    [call] = recording.calls
    assert call["problem"] == [PROBLEM, PROBLEM] and call["answer"] == [26, 26]
    assert all(isinstance(c, str) for c in call["completions"])
    logged = next(entry for entry in trainer.state.log_history if "reward" in entry)
    for name in ("vlp_efficiency", "vlp_async"):
        assert math.isfinite(logged[f"rewards/{name}/mean"])
