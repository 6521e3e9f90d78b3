"""How long the CLI takes to start: ``vlp --help`` and ``verify-proof --help`` (target
under 0.3 s), next to a bare ``python -c pass`` (the interpreter's own share).

    python bench/startup.py [--runs N]

Prints the minimum and median wall time of N runs of each (the minimum is the figure a
quiet machine gives; the median shows the load).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _times(command: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    scripts = Path(sys.executable).parent
    commands = {"python -c pass": [sys.executable, "-c", "pass"]}
    for name in ("vlp", "verify-proof"):
        script = shutil.which(name, path=str(scripts)) or shutil.which(name)
        if script is None:
            sys.exit(f"{name} is not installed (pip install -e .)")
        commands[f"{name} --help"] = [script, "--help"]
    for label, command in commands.items():
        times = _times(command, args.runs)
        print(f"{label:22} min {min(times):.3f} s   median {statistics.median(times):.3f} s")


if __name__ == "__main__":
    main()
