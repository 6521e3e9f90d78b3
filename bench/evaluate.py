"""Evaluation runner figures over the loopback stub (no network): how much concurrency hides
request latency, and what a rerun costs once the cache holds every completion.

    python bench/evaluate.py [--problems 16] [--latency 0.2]

Prints ratios (wall-clock speedups), not absolute timings to compare across machines.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from vlp.lm.clients import make_client
from vlp.lm.models import ModelSpec
from vlp.lm.retry import RetryPolicy
from vlp.lm.runner import EvalConfig, PromptedReasoner, problem_text, run_evaluation, store_for
from vlp.lm.scoring import VerifyScorer
from vlp.lm.store import ResponseCache
from vlp.lm.stub_server import RecordedTranscript, StubServer
from vlp.sampler import derive_seed, generate_problem


def _run(server: StubServer, problems: list[dict], data: Path, out: Path, cache: Path | None,
         concurrency: int) -> float:
    config = EvalConfig(model=ModelSpec.parse("local:bench", server.base_url))
    store, _ = store_for(out, config, data)
    reasoner = PromptedReasoner(config, make_client(config.model), ResponseCache(cache),
                                RetryPolicy())
    started = time.perf_counter()
    asyncio.run(run_evaluation(config, problems, store, reasoner, VerifyScorer(),
                               concurrency=concurrency))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--problems", type=int, default=16)
    parser.add_argument("--latency", type=float, default=0.2, help="stub seconds per request")
    args = parser.parse_args()
    problems = []
    for index in range(args.problems):
        record = generate_problem(derive_seed(0, "bench", index)).to_json()
        record["id"] = f"bench-{index}"
        problems.append(record)
    replies = [RecordedTranscript(problem_text(p), p["proof_text"], str(p["answer"]))
               for p in problems]
    with tempfile.TemporaryDirectory() as folder, StubServer(replies, delay=args.latency) as server:
        root = Path(folder)
        data = root / "problems.jsonl"
        data.write_text("".join(json.dumps(p) + "\n" for p in problems))
        VerifyScorer()(problems[0], "", "")  # build the parsers once, outside the timings
        serial = _run(server, problems, data, root / "serial", None, 1)
        parallel = _run(server, problems, data, root / "parallel", root / "cache", 8)
        cached = _run(server, problems, data, root / "cached", root / "cache", 8)
    print(f"{args.problems} problems, 2 requests each, {args.latency:.2f} s per request")
    print(f"concurrency 8 vs 1: {serial / parallel:.1f}x faster")
    print(f"rerun from the cache vs first run (concurrency 8): {parallel / cached:.1f}x faster")


if __name__ == "__main__":
    main()
