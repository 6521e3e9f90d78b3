"""Benchmark: `vlp prove` and `vlp.verify` on larger problems (time, peak memory, growth).

    python bench/scale.py [--trees 32 128 512] [--shared 640 2560 10240]
                          [--limit-s 180] [--limit-mb 3000] [--skip-after-kill]

Two families of problems, each at three sizes growing about x4 in axioms:

- ``trees K``: ``vlp generate --setting trees --overlap entity --trees K -n 1`` (K irrelevant
  trees sharing the goal's entity, so many counts share an entity and a time);
- ``shared N``: N axioms of concatenated 10-axiom blocks (bench/chaining.py's blocks, which use
  every rule) that all speak about the same two entities at the same times.

Every measurement runs in its own process (so peak memory is that run's own): ``vlp prove
FILE --json`` and ``vlp.verify`` of a short transcript (the goal's count, one comparison
between two counts and the closing answer), which includes the whole per-problem set-up.
A run past ``--limit-s`` CPU seconds or ``--limit-mb`` of resident memory is killed and
reported as such; with ``--skip-after-kill`` the larger sizes of that family are then
skipped. Prints CPU seconds of the work itself (imports excluded), the process's peak
resident memory, and per x4 axioms the time ratio next to the n log n ratio.

Problems are generated once into ``--work DIR`` (default: a temporary folder) and reused.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from chaining import block  # noqa: E402  (the bench's 10-axiom blocks)

SHARED_ENTITY, SHARED_BOXES = "marbles", "jars"

_CHILD = r"""
import io, json, resource, sys, time, contextlib
kind, path = sys.argv[1], sys.argv[2]
if kind == "load":
    from vlp.checker import load_program
    start = time.process_time()
    result = {"axioms": len(load_program(path).axiom_order)}
    seconds = time.process_time() - start
elif kind == "prove":
    from vlp.cli import main
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out):
        code = main(["prove", path, "--json"])
    seconds = time.process_time() - start
    answer = json.loads(out.getvalue())["answer"] if code == 0 else None
    result = {"code": code, "answer": answer}
else:
    from vlp.checker.verify import verify
    from vlp.grammar import render_statement
    from vlp.kernel import Atom
    from vlp.checker import load_program
    from vlp.grammar.canonical import parse_atom
    record = json.loads(open(path).read())
    start = time.process_time()
    loaded = load_program(path)
    goal = parse_atom(record["goal"])
    counts = [a for a in loaded.axiom_order if a.predicate == "cont"
              and a.args[2] == goal.args[2] and a.args[3] == goal.args[3]
              and a.args[0].isdisjoint(goal.args[0])]
    sentences = [render_statement(goal)]
    if counts:  # a true side-claim no axiom states: the goal's count against another
        other = counts[0]
        gap = goal.args[1] - other.args[1]
        first, second = (goal, other) if gap > 0 else (other, goal)
        if gap:
            sentences.append(render_statement(Atom("comp", (
                first.args[0], second.args[0], abs(gap), goal.args[2], goal.args[3]))))
    transcript = "\n".join(f"{i}. {s}" for i, s in enumerate(sentences, 1))
    transcript += f"\nTherefore, the answer is {goal.args[1]}."
    report = verify(record, transcript)
    seconds = time.process_time() - start
    result = {"answer": report.predicted_answer, "steps": [s.status.value for s in report.steps]}
result["seconds"] = seconds
result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print("RESULT " + json.dumps(result))
"""


def shared_program(axioms: int, seed: int = 0) -> dict[str, object]:
    """``axioms`` axioms in 10-axiom blocks that all share two entities and their times."""
    rng = random.Random(seed)
    atoms, goal = [], None
    for index in range(axioms // 10):
        block_atoms, goal = block(index, rng, entity=SHARED_ENTITY, boxes=SHARED_BOXES)
        atoms.extend(block_atoms)
    assert goal is not None
    agents = next(iter(goal.args[0].names))
    return {"axioms": [str(a) for a in atoms], "goal": str(goal),
            "query": f"cont({{{agents}}}, ?, {SHARED_ENTITY}, ?)", "answer": goal.args[1]}


def trees_problem(trees: int, work: Path) -> Path:
    path = work / f"trees-{trees}.json"
    if not path.exists():
        jsonl = work / f"trees-{trees}.jsonl"
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import sys; from vlp.cli import main; "
                        "sys.exit(main())", "generate", "--setting", "trees", "--overlap",
                        "entity", "--trees", str(trees), "-n", "1", "--seed", "0", "-o",
                        str(jsonl), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        print(f"  (generated trees {trees} in {time.perf_counter() - started:.1f} s wall)",
              flush=True)
        path.write_text(jsonl.read_text().splitlines()[0])
    return path


def measure(kind: str, path: Path, limit_s: float, limit_mb: float) -> dict[str, object]:
    """Run one measurement in a child process; kill it past the CPU or memory limit."""
    # run beside the problem file: ``-c`` puts the working directory first on sys.path, and
    # a checkout's own vlp/ folder there would shadow the installed package
    process = subprocess.Popen([sys.executable, "-c", _CHILD, kind, str(path.resolve())],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, cwd=path.resolve().parent)
    peak_kb, reason = 0, None
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        cpu, rss_kb = _cpu_and_rss(process.pid)
        peak_kb = max(peak_kb, rss_kb)
        if cpu > limit_s or rss_kb > limit_mb * 1024:
            reason = (f"killed after {cpu:.0f} CPU s" if cpu > limit_s
                      else f"killed at {rss_kb / 1024:.0f} MB")
            os.killpg(process.pid, signal.SIGKILL)
            os.wait4(process.pid, 0)
            break
        time.sleep(0.1)
    out, err = process.communicate()
    if reason is not None:
        return {"killed": reason, "peak_mb": peak_kb / 1024}
    line = next((x for x in out.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        return {"killed": f"failed: {err.strip().splitlines()[-1] if err.strip() else status}"}
    return json.loads(line[len("RESULT "):])


def _cpu_and_rss(pid: int) -> tuple[float, int]:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss = next(int(x.split()[1]) for x in Path(f"/proc/{pid}/status").read_text()
                   .splitlines() if x.startswith("VmRSS:"))
        return cpu, rss
    except (OSError, StopIteration, IndexError):
        return 0.0, 0


def run_family(name: str, sizes: list[int], make: object, args: argparse.Namespace) -> None:
    print(f"{name}: {'size':>6} {'axioms':>7} | {'prove s':>8} {'MB':>6} {'ratio':>6} | "
          f"{'verify s':>8} {'MB':>6} {'ratio':>6} | {'n log n':>7}", flush=True)
    previous: dict[str, float] = {}
    previous_axioms = None
    killed: set[str] = set()
    for size in sizes:
        path = make(size)  # type: ignore[operator]
        axioms = len(json.loads(path.read_text())["axioms"])
        cells = []
        for kind in ("prove", "verify"):
            if kind in killed and args.skip_after_kill:
                cells.append(f"{'skipped':>8} {'':>6} {'':>6}")
                continue
            result = measure(kind, path, args.limit_s, args.limit_mb)
            if "killed" in result:
                killed.add(kind)
                cells.append(f"{result['killed']:>22}")
                previous.pop(kind, None)
                continue
            seconds = float(result["seconds"])  # type: ignore[arg-type]
            ratio = f"{seconds / previous[kind]:.2f}" if kind in previous else ""
            previous[kind] = max(seconds, 1e-6)
            cells.append(f"{seconds:>8.3f} {float(result['peak_mb']):>6.0f} {ratio:>6}")  # type: ignore[arg-type]
        nlogn = ""
        if previous_axioms is not None:
            growth = axioms * math.log(axioms) / (previous_axioms * math.log(previous_axioms))
            nlogn = f"{growth:.2f}"
        previous_axioms = axioms
        print(f"{'':>{len(name)}}  {size:>6} {axioms:>7} | {cells[0]} | {cells[1]} | {nlogn:>7}",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, nargs="*", default=[32, 128, 512])
    parser.add_argument("--shared", type=int, nargs="*", default=[640, 2560, 10240])
    parser.add_argument("--limit-s", type=float, default=180.0)
    parser.add_argument("--limit-mb", type=float, default=3000.0)
    parser.add_argument("--skip-after-kill", action="store_true")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="vlp-scale-"))
    work.mkdir(parents=True, exist_ok=True)

    def shared(size: int) -> Path:
        path = work / f"shared-{size}.json"
        if not path.exists():
            path.write_text(json.dumps(shared_program(size)))
        return path

    if args.trees:
        run_family("trees", args.trees, lambda k: trees_problem(k, work), args)
    if args.shared:
        run_family("shared", args.shared, shared, args)
        print("loading a program file (load_program):", flush=True)
        for size in args.shared:
            result = measure("load", shared(size), args.limit_s, args.limit_mb)
            shown = result.get("killed") or f"{float(result['seconds']):.3f} s"  # type: ignore[arg-type]
            print(f"  {size:>6} axioms: {shown}", flush=True)


if __name__ == "__main__":
    main()
