"""In-process model throughput: ``hf:`` on a tiny random model, batch size 1 vs N.

Prints problems per second of ``vlp evaluate --model hf:DIR`` (two-step prompt, no cache)
at ``--concurrency 1`` and ``--concurrency N`` (the batch size), and their ratio, measured in
one run. The model is the test suite's two-layer random Llama (tests/tiny_lm.py), so the
figure is the batching machinery's (padding, one generate call per batch), not a real model's.

    python bench/inprocess.py --problems 8 --batch 8
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from tiny_lm import build_tiny_causal_lm  # noqa: E402

from vlp.cli import main  # noqa: E402


def timed_run(model: Path, data: Path, out: Path, concurrency: int) -> float:
    started = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["evaluate", "--model", f"hf:{model}", "--data", str(data), "-o", str(out),
                     "--style", "completion", "--max-tokens", "32", "--answer-max-tokens", "4",
                     "--no-cache", "--quiet", "--concurrency", str(concurrency),
                     "--device", "cpu"]) == 0
    return time.perf_counter() - started


def bench(problems: int, batch: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        model = build_tiny_causal_lm(root / "model")
        data = root / "problems.jsonl"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert main(["generate", "--paper", "--bases", "1", "-o", str(data)]) == 0
        data.write_text("".join(f"{line}\n" for line in data.read_text().splitlines()[:problems]))
        timed_run(model, data, root / "warm-up", 1)  # imports, first model load
        one = timed_run(model, data, root / "one", 1)
        many = timed_run(model, data, root / "many", batch)
    print(f"hf: tiny model, {problems} problems, 32 + 4 new tokens each (model load included)")
    print(f"  batch 1:  {problems / one:6.2f} problems/s  ({one:.1f} s)")
    print(f"  batch {batch}:  {problems / many:6.2f} problems/s  ({many:.1f} s)")
    print(f"  batching speed-up: {one / many:.1f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=8)
    parser.add_argument("--batch", type=int, default=8)
    arguments = parser.parse_args()
    bench(arguments.problems, arguments.batch)
