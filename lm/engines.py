"""Loading an in-process model: picks the engine for ``hf:`` / ``vllm:`` and puts it behind
the batcher. Above the engines and their shared helpers (``inprocess``), so neither imports
back; the engines' heavy dependencies load only here, on first use."""

from __future__ import annotations

from vlp.lm.inprocess import BatchingClient, Engine
from vlp.lm.models import ModelSpec


def in_process_client(spec: ModelSpec, style: str, *, max_batch: int,
                      device: str = "auto") -> BatchingClient:
    """Load ``hf:`` or ``vllm:`` model ``spec`` (this takes a while) behind a batcher."""
    engine: Engine
    if spec.provider == "hf":
        from vlp.lm.hf_model import HFEngine

        engine = HFEngine(spec, style, device)
    elif spec.provider == "vllm":
        from vlp.lm.vllm_model import VLLMEngine

        engine = VLLMEngine(spec, style)
    else:
        raise ValueError(f"{spec.label} does not run in this process")
    return BatchingClient(spec, engine, max_batch)
