"""``vlp generate``: sample problems with certified unique shortest proofs (JSON Lines)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from vlp import flags
from vlp.errors import InputError
from vlp.output import WRITE_ERRNOS, OutputLock, output_file_or_dir, write_failed
from vlp.sampler.design import CONNECTIONS, DEFAULT_PAPER_BASES, OVERLAPS, QUERY_KINDS, SETTINGS

if TYPE_CHECKING:
    from vlp.sampler.config import SamplerConfig


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "generate", help="sample word problems with certified unique shortest proofs",
        description="Sample problems top-down (paper Alg. 2) with Z3-chosen numbers, add "
                    "irrelevant axioms or control expansions, and certify every proof as the "
                    "unique shortest one. Writes one JSON record per line (docs/schema.md).")
    parser.add_argument("--paper", action="store_true",
                        help="the paper's design: per base problem, one irrelevant axiom, one "
                             "tree and several trees under every overlap and connection, each "
                             "with its control")
    parser.add_argument("--bases", type=flags.bounded_int(1, flags.MAX_PAPER_BASES),
                        default=DEFAULT_PAPER_BASES, metavar="N",
                        help=f"base problems in the --paper design (default "
                             f"{DEFAULT_PAPER_BASES}; the paper used 500)")
    parser.add_argument("--setting", choices=SETTINGS, default="base")
    parser.add_argument("--overlap", choices=OVERLAPS, default="none",
                        help="overlap of irrelevant axioms with the goal (default none)")
    parser.add_argument("--connection", choices=CONNECTIONS, default="disconnected")
    parser.add_argument("--control", action="store_true",
                        help="make the control problems (all axioms relevant) instead")
    parser.add_argument("--query", choices=(*QUERY_KINDS, "both"), default=None,
                        help="question kind (default: nonground; both for --paper)")
    parser.add_argument("-n", type=flags.bounded_int(0, flags.MAX_PROBLEMS), default=100,
                        metavar="N",
                        help="number of problems without --paper (default 100)")
    parser.add_argument("--seed", type=flags.seed, default=0)
    parser.add_argument("--depth", metavar="MIN:MAX", default=None,
                        help=f"depth range of the relevant proof (default 2:3; at most "
                             f"{flags.MAX_DEPTH})")
    parser.add_argument("--trees", type=flags.bounded_int(1, flags.MAX_TREES), default=None,
                        metavar="K",
                        help="irrelevant trees in the 'trees' setting (default 3)")
    parser.add_argument("--workers", type=flags.workers, default=1, metavar="W",
                        help="generate in W processes (at most one per CPU and job; the same "
                             "bytes for any W)")
    parser.add_argument("--shard", metavar="I/N", default=None,
                        help="write only part I (0-based) of N contiguous parts; the parts "
                             "concatenated in order equal the whole file")
    parser.add_argument("-o", "--output", required=True, metavar="FILE.jsonl",
                        help="output file (a directory gets paper.jsonl or problems.jsonl)")
    parser.add_argument("--ray", action="store_true",
                        help="make the jobs as Ray tasks (pip install 'vlp[ray]'; joins the "
                             "cluster at RAY_ADDRESS, else a local Ray with W CPUs); the same "
                             "bytes as one process")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.set_defaults(func=run)


def _pair(text: str, option: str, separator: str) -> tuple[int, int]:
    parts = text.split(separator)
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise InputError(f"expected two numbers like 2{separator}3, got {text!r}", option)
    return int(parts[0]), int(parts[1])


def run(args: argparse.Namespace) -> int:
    from vlp.sampler.config import SamplerConfig
    from vlp.sampler.dataset import paper_jobs, shard, single_jobs, write_dataset
    from vlp.sampler.generate import Spec

    config = SamplerConfig()
    changes: dict[str, Any] = {}
    if args.depth is not None:
        low, high = _pair(args.depth, "--depth", ":")
        if not 1 <= low <= high <= flags.MAX_DEPTH:
            raise InputError(f"depth needs 1 <= MIN <= MAX <= {flags.MAX_DEPTH} (trees grow "
                             f"exponentially with depth), got {args.depth}", "--depth")
        changes["depth"] = (low, high)
    if args.trees is not None:
        changes["num_trees"] = args.trees
    if changes:
        config = SamplerConfig(**{**_fields(config), **changes})
    output = output_file_or_dir(args.output, "paper.jsonl" if args.paper else "problems.jsonl")
    query = args.query or ("both" if args.paper else "nonground")
    kinds = QUERY_KINDS if query == "both" else (query,)
    if args.paper:
        jobs = paper_jobs(args.seed, args.bases, kinds)
    else:
        if args.setting == "base" and args.control:
            raise InputError("base problems have no control; pick --setting axiom/tree/trees",
                             "--control")
        spec = Spec(args.setting, None if args.setting == "base" else args.overlap,
                    None if args.setting == "base" else args.connection, args.control)
        jobs = single_jobs(args.seed, args.n, spec, kinds)
    if args.shard is not None:
        index, count = _pair(args.shard, "--shard", "/")
        if count < 1 or index >= count:
            raise InputError("needs 0 <= I < N", "--shard")
        jobs = shard(jobs, index, count)
    show = not args.quiet and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\rgenerating {done}/{total}", end="", file=sys.stderr, flush=True)

    options: dict[str, Any] = {}
    if args.ray:
        try:
            from vlp.ray import run_jobs as ray_jobs
        except ModuleNotFoundError as error:
            if error.name != "ray":
                raise
            raise InputError("--ray needs Ray: pip install 'vlp[ray]'", "--ray") from None
        options["runner"] = ray_jobs
    # a Ray cluster (RAY_ADDRESS) may have more CPUs than this machine
    workers = args.workers if args.ray else flags.cap_workers(args.workers, len(jobs),
                                                             "vlp generate")
    with OutputLock(output):
        try:
            summary = write_dataset(jobs, output, config=config, workers=workers,
                                    progress=progress, **options)
        except OSError as error:
            if error.errno not in WRITE_ERRNOS:
                raise
            raise write_failed(output, error, "the problems before it are kept with their "
                               "checkpoint; rerun the same command to resume") from None
    if show:
        print(file=sys.stderr)
    counters = summary.counters
    if summary.resumed_jobs:
        print(f"resumed an interrupted run after {summary.resumed_jobs} of {len(jobs)} jobs")
    print(f"wrote {summary.problems} problems to {output} in {summary.seconds:.1f} s "
          f"({summary.rate:.1f} problems/s); trees re-sampled after unsat: "
          f"{counters.unsat_trees}; self-check failures: {counters.selfcheck_failures}")
    return 0


def _fields(config: SamplerConfig) -> dict[str, Any]:
    import attrs

    return attrs.asdict(config, recurse=False)
