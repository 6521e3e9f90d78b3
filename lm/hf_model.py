"""``hf:MODEL``: a transformers causal LM run in this process (``pip install 'vlp[hf]'``).

MODEL is a local directory, a Hub id, or a GGUF checkpoint: ``hf:path/to/model.gguf``
(loaded with ``gguf_file=``; transformers dequantizes it, and needs ``gguf``), or a Hub
repository plus ``--engine-arg gguf_file=NAME.gguf``. Other ``--engine-arg KEY=VALUE``
options go to ``from_pretrained`` (``dtype=bfloat16``, ``revision=…``).

Greedy decoding at temperature 0; otherwise ancestral sampling at the given temperature (no
top-k or top-p, as the paper sampled), seeded with the request's seed once per batch (so a
rerun with the same ``--concurrency`` draws the same tokens; vLLM seeds each request). Prompts
of a batch are left-padded; on CPU the model runs in float32.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vlp.errors import InputError
from vlp.lm.clients import Completion, Request, split_thinking
from vlp.lm.inprocess import check_chat_template, cut_at_stop, missing_extra, prompt_ids
from vlp.lm.models import ModelSpec

# options that also concern the tokenizer (the rest go to the model only)
_TOKENIZER_OPTIONS = ("gguf_file", "revision", "subfolder", "trust_remote_code")


def checkpoint(name: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """(what to load, options): ``dir/model.gguf`` becomes ``dir`` with ``gguf_file``."""
    path = Path(name).expanduser()
    if name.endswith(".gguf") and "gguf_file" not in options:
        if not path.is_file():
            raise InputError(f"hf:{name}: no such GGUF file", location="--model")
        return str(path.parent), {**options, "gguf_file": path.name}
    if (name.startswith((".", "/", "~")) or path.exists()) and not path.is_dir():
        raise InputError(f"hf:{name}: no such model directory", location="--model")
    return str(path) if path.exists() else name, options


class HFEngine:
    def __init__(self, spec: ModelSpec, style: str, device: str = "auto") -> None:
        try:
            import torch
            import transformers
        except ImportError as error:
            raise missing_extra("hf", error) from None
        self.torch = torch
        if not sys.stderr.isatty():  # a log file: no progress bars drawn line after line
            transformers.utils.logging.disable_progress_bar()
        source, options = checkpoint(spec.name, dict(spec.options))
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = device
        if device == "cpu":
            options.setdefault("dtype", "float32")  # half precision is slow (or absent) on CPU
        else:
            options.setdefault("dtype", "auto")
        tokenizer_options = {k: v for k, v in options.items() if k in _TOKENIZER_OPTIONS}
        try:
            self.tokenizer = transformers.AutoTokenizer.from_pretrained(source,
                                                                        **tokenizer_options)
            check_chat_template(self.tokenizer, spec, style)
            self.model = transformers.AutoModelForCausalLM.from_pretrained(source, **options)
        except (OSError, ValueError, TypeError, AttributeError) as error:  # no such model,
            # an option from_pretrained refuses (dtype=no-such-type: AttributeError)
            raise InputError(f"{spec.label}: {str(error).splitlines()[0]}",
                             location="--model") from None
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.model.to(device).eval()
        eos = self.model.generation_config.eos_token_id
        eos = eos if isinstance(eos, list) else [eos]
        self.eos_ids = {int(token) for token in eos if token is not None} or {
            int(self.tokenizer.eos_token_id)}

    def generate(self, requests: Sequence[Request]) -> list[Completion]:
        torch, params = self.torch, requests[0].params
        ids = [prompt_ids(self.tokenizer, request.prompt) for request in requests]
        batch = self.tokenizer.pad({"input_ids": ids}, padding=True, return_tensors="pt")
        batch = {name: tensor.to(self.device) for name, tensor in batch.items()}
        sampling = bool(params.temperature)
        options: dict[str, Any] = {"max_new_tokens": params.max_tokens, "do_sample": sampling,
                                   "pad_token_id": self.tokenizer.pad_token_id}
        if sampling:
            options.update(temperature=params.temperature, top_k=0, top_p=1.0)
            torch.manual_seed(params.seed or 0)
        else:  # greedy: the checkpoint's sampling defaults would only raise warnings
            options.update(temperature=None, top_k=None, top_p=None)
        if params.stop:
            options.update(stop_strings=list(params.stop), tokenizer=self.tokenizer)
        with torch.inference_mode():
            output = self.model.generate(**batch, **options)
        width = batch["input_ids"].shape[1]
        completions = []
        for row, request_ids in zip(output[:, width:].tolist(), ids, strict=True):
            ended = next((i for i, token in enumerate(row) if token in self.eos_ids), None)
            tokens = row if ended is None else row[:ended]
            raw = self.tokenizer.decode(tokens, skip_special_tokens=True)
            text, stopped = cut_at_stop(raw, params)
            thinking, text = split_thinking(text)
            finish = "stop" if stopped or ended is not None else "length"
            completions.append(Completion(
                text=text, thinking=thinking, input_tokens=len(request_ids),
                output_tokens=len(tokens) + (ended is not None and not stopped),
                finish_reason=finish))
        return completions

    def close(self) -> None:
        return None
