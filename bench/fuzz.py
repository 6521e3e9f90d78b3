"""Counts of the fuzz suite: inputs run, tracebacks, hangs, wrong exit codes, malformed error
lines and modified inputs per command, running every input instead of stopping at the first
broken promise (``VLP_FUZZ_TOLERANT=1``).

    python bench/fuzz.py                        # 10,000 inputs per command (long: hours)
    python bench/fuzz.py --examples 200 -k "prove or certify"
    python bench/fuzz.py --examples 10000,generate=500,demo=20   # a count per command
    python bench/fuzz.py --tally fuzz-tally.json   # also write the counts and one example
                                                   # input per distinct finding as JSON

Each distinct finding is printed once with its count; its example input is in the tally.
Inputs are drawn afresh each run (the thorough Hypothesis profile), unless ``--seed``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", default="10000",
                        help="inputs per command: N, or N,COMMAND=M,... (10000)")
    parser.add_argument("-k", default=None, help="pytest -k expression (commands to run)")
    parser.add_argument("--tally", default="fuzz-tally.json", help="JSON counts written here")
    parser.add_argument("--cases", default=None,
                        help="directory: each distinct finding's whole input written there")
    parser.add_argument("--seed", type=int, default=None, help="Hypothesis seed")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds before an input counts as a hang (20)")
    args = parser.parse_args()
    env = dict(os.environ, VLP_FUZZ_TOLERANT="1", VLP_FUZZ_EXAMPLES=str(args.examples),
               VLP_FUZZ_TALLY=str(Path(args.tally).resolve()))
    if args.cases:
        env["VLP_FUZZ_CASES"] = str(Path(args.cases).resolve())
    if args.timeout:
        env["VLP_FUZZ_TIMEOUT"] = str(args.timeout)
    command = [sys.executable, "-m", "pytest", "tests/fuzz/test_fuzz_commands.py", "-q", "-p",
               "no:cacheprovider", "--hypothesis-profile=thorough", "-k", args.k or "fuzz"]
    if args.seed is not None:
        command.append(f"--hypothesis-seed={args.seed}")
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
