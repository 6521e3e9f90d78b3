"""``vlp stats FILE.jsonl``: the dataset statistics of paper App. D.1."""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vlp import flags
from vlp.errors import InputError
from vlp.output import OutputLock, output_dir

if TYPE_CHECKING:
    from vlp.sampler.problem import Problem


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "stats", help="dataset statistics (proof steps, axioms per setting)",
        description="Tables of derived proof steps (= non-axiom theorems of the shortest "
                    "proof, App. D.1 Fig. 4) and of axioms per problem by setting (Fig. 5).")
    parser.add_argument("file", metavar="FILE.jsonl", type=flags.path)
    parser.add_argument("--plot", metavar="DIR", default=None, type=flags.path,
                        help="also write bar histograms (PNG, PDF, SVG) into DIR")
    parser.set_defaults(func=run)


def _group(problem: Problem) -> str:
    if problem.setting == "base":
        return "base"
    return f"{problem.setting}{' control' if problem.control else ''}"


GROUP_ORDER = ("base", "axiom", "axiom control", "tree", "tree control", "trees",
               "trees control")


def _histogram(title: str, rows: dict[str, Counter[int]]) -> list[str]:
    keys = sorted({k for c in rows.values() for k in c})
    if not keys:
        return [f"{title}: no problems"]
    width = max(len(r) for r in rows) + 2
    lines = [title, " " * width + "".join(f"{k:>6}" for k in keys) + "     n   mean"]
    for name in [g for g in GROUP_ORDER if g in rows] + sorted(set(rows) - set(GROUP_ORDER)):
        counts = rows[name]
        total = sum(counts.values())
        mean = sum(k * v for k, v in counts.items()) / total
        lines.append(f"{name:<{width}}" + "".join(f"{counts.get(k, 0):>6}" for k in keys)
                     + f"{total:>6} {mean:6.2f}")
    return lines


def run(args: argparse.Namespace) -> int:
    from vlp.sampler.dataset import read_problems

    path = Path(args.file)
    plots = None if args.plot is None else output_dir(args.plot, option="--plot")
    problems = [p for _, p in read_problems(path)]
    if not problems:
        raise InputError("no problem records", location=str(path))
    steps: dict[str, Counter[int]] = defaultdict(Counter)
    axioms: dict[str, Counter[int]] = defaultdict(Counter)
    irrelevant: dict[str, Counter[int]] = defaultdict(Counter)
    cells: Counter[tuple[str, str, str, str]] = Counter()
    connected: Counter[str] = Counter()
    seen_bases: set[tuple[int, str]] = set()
    for p in problems:
        group = _group(p)
        axioms[group][p.num_axioms] += 1
        irrelevant[group][p.num_irrelevant] += 1
        if p.setting == "base" and (p.seed, p.query_kind) not in seen_bases:
            seen_bases.add((p.seed, p.query_kind))
        steps[group][p.derived_steps] += 1
        cells[(p.setting, p.overlap or "-", p.connection or "-", p.query_kind)] += 1
        if p.connection == "connected" and not p.control:
            connected["trees"] += p.irrelevant_trees
            connected["connected"] += p.connected_trees
    kinds = Counter(p.query_kind for p in problems)
    print(f"{len(problems)} problems in {path} "
          f"({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))})")
    print()
    print("\n".join(_histogram("derived steps of the shortest proof (App. D.1 Fig. 4)", steps)))
    print()
    print("\n".join(_histogram("axioms per problem (App. D.1 Fig. 5)", axioms)))
    print()
    print("\n".join(_histogram("irrelevant axioms per problem", irrelevant)))
    if connected["trees"]:
        print()
        print(f"connected setting: {connected['connected']} of {connected['trees']} irrelevant "
              f"trees build on a relevant theorem (the rest found no theorem compatible with "
              f"their overlap type and are disconnected)")
    print()
    print("problems per design cell (setting, overlap, connection, query):")
    for cell, count in sorted(cells.items()):
        print(f"  {' / '.join(cell):<45} {count}")
    if plots is not None:
        with OutputLock(plots, option="--plot"):
            _plot(plots, steps, axioms)
    return 0


def _plot(directory: Path, steps: dict[str, Counter[int]],
          axioms: dict[str, Counter[int]]) -> None:
    from vlp.lm.figures import count_histograms, save

    directory.mkdir(parents=True, exist_ok=True)
    for stem, rows, label in (("steps", steps, "derived steps of the shortest proof"),
                              ("axioms", axioms, "axioms per problem")):
        save(count_histograms(rows, GROUP_ORDER, label), directory / stem)
    print(f"plots written to {directory} (steps, axioms: PNG, PDF, SVG)")
