"""The machine's capacity for N processes right now, to read a parallel speed-up against.

A pure-Python loop that shares nothing is run N times in this process and once in each of
N worker processes; the ratio of the two wall-clock times is the most any pool of N
processes could gain with the rest of the machine's load as it is (N on N idle cores; on
a machine shared with other work, less). ``bench/reward.py`` and ``bench/batch_many.py``
print a pool's speed-up next to it.
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

SPIN = 1_500_000  # iterations of the loop (about 0.1 s on one core)


def spin(count: int) -> int:
    """Pure-Python work that shares nothing: what the machine gives one process."""
    total = 0
    for value in range(count):
        total += value & 7
    return total


class Capacity:
    """N worker processes kept for :meth:`measure`; the summed times give the ratio."""

    def __init__(self, processes: int):
        self.processes = processes
        self.pool: Any = multiprocessing.get_context("spawn").Pool(processes)
        self.pool.map(spin, [SPIN] * processes)  # started and warm
        self.once = self.parallel = 0.0

    def measure(self) -> None:
        """One pairing: the loop N times here, then once in each process."""
        start = time.perf_counter()
        for _ in range(self.processes):
            spin(SPIN)
        middle = time.perf_counter()
        self.pool.map(spin, [SPIN] * self.processes, chunksize=1)
        self.once += middle - start
        self.parallel += time.perf_counter() - middle

    @property
    def ratio(self) -> float:
        return self.once / self.parallel

    def __enter__(self) -> Capacity:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.pool.terminate()
        self.pool.join()
