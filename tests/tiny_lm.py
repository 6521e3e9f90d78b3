"""A tiny randomly initialised causal LM and its tokenizer, built offline in a directory.

For the in-process model tests: ``hf:DIR`` loads it like any checkpoint. The byte-level BPE
tokenizer is trained on the few-shot examples (so prompts are a few thousand tokens); the
model is a two-layer Llama with 32-dimensional states, fast on a CPU. Same seed, same bytes.
"""

from __future__ import annotations

from pathlib import Path

CHAT_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}<|{{ message['role'] }}|>\n"
    "{{ message['content'] }}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>\n"
    "{% endif %}")


def build_tiny_causal_lm(directory: Path, *, chat_template: bool = False, seed: int = 0) -> Path:
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    from vlp.lm.prompt import PromptBuilder

    corpus = [PromptBuilder().completion_proof_prompt("How many apples does Alice have?")]
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.train_from_iterator(corpus, trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<pad>", "<s>", "</s>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    wrapped = PreTrainedTokenizerFast(tokenizer_object=tokenizer, bos_token="<s>",
                                      eos_token="</s>", pad_token="<pad>")
    if chat_template:
        wrapped.chat_template = CHAT_TEMPLATE
    wrapped.save_pretrained(directory)
    torch.manual_seed(seed)
    config = LlamaConfig(vocab_size=len(wrapped), hidden_size=32, intermediate_size=64,
                         num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=2,
                         max_position_embeddings=8192, bos_token_id=wrapped.bos_token_id,
                         eos_token_id=wrapped.eos_token_id, pad_token_id=wrapped.pad_token_id)
    LlamaForCausalLM(config).save_pretrained(directory)
    return Path(directory)
