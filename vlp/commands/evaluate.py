"""``vlp evaluate``: run a model (or a baseline reasoner) on a dataset and verify every proof."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from vlp import flags
from vlp.errors import InputError, redact_credentials
from vlp.output import OutputLock, output_dir, output_file


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "evaluate", help="run a model on problems (two-step prompt) and verify its proofs",
        description="Ask a model for a proof of every problem (paper App. D.2: five-shot, then "
        "'Therefore, the answer (arabic numerals) is'), verify each transcript as it arrives "
        "and append the results to RUN_DIR/results.jsonl. Rerunning the same command resumes "
        "an interrupted run; cached completions cost nothing. Keys come from OPENAI_API_KEY / "
        "ANTHROPIC_API_KEY (VLP_LOCAL_API_KEY for local servers, optional).")
    parser.add_argument("--model", required=True, metavar="PROVIDER:NAME",
                        help="openai:gpt-4o-mini, anthropic:claude-…, local:NAME (with "
                        "--base-url), hf:MODEL / vllm:MODEL (in this process: a directory, "
                        "a Hub id or a .gguf file), baseline:dfs|bfs|overlap|shortest")
    parser.add_argument("--data", required=True, type=flags.path, metavar="FILE.jsonl",
                        help="problems, one JSON record per line (vlp generate)")
    parser.add_argument("-o", "--output", required=True, type=flags.path, metavar="RUN_DIR")
    parser.add_argument("--base-url", help="API base URL (local servers: e.g. "
                        "http://127.0.0.1:8000/v1 for vLLM, :8080/v1 llama.cpp, "
                        ":11434/v1 Ollama)")
    parser.add_argument("--concurrency", type=flags.bounded_int(1, flags.MAX_CONCURRENCY),
                        default=4,
                        help="requests in flight (4); for hf: and vllm: the batch size")
    parser.add_argument("--engine-arg", action="append", default=[], metavar="KEY=VALUE",
                        help="hf: from_pretrained option (dtype=bfloat16, gguf_file=NAME); "
                        "vllm: LLM option (tensor_parallel_size=2, max_model_len=8192); "
                        "repeatable")
    parser.add_argument("--device", default="auto",
                        help="hf: models: cpu, cuda, cuda:1, ... (auto: cuda when available)")
    parser.add_argument("--limit", type=flags.count, metavar="N",
                        help="a stratified sample of N problems: the first problem of every "
                        "cell (setting x overlap x query kind x control; settings take turns), "
                        "then the second, ...")
    parser.add_argument("--limit-per-setting", type=flags.count, metavar="K",
                        help="the first K problems of every cell (with --limit: at most N "
                        "of those)")
    parser.add_argument("--samples", type=flags.bounded_int(1, flags.MAX_SAMPLES), default=1,
                        help="samples per problem (1)")
    parser.add_argument("--style", choices=("chat", "completion"), default="chat",
                        help="chat messages or one completion prompt (chat)")
    parser.add_argument("--temperature", type=_temperature, default=0.0,
                        help="sampling temperature (0; 'none' sends none; the paper sampled "
                        "ancestrally: 1)")
    parser.add_argument("--max-tokens", type=_tokens, default=2048,
                        help="max tokens of the proof (2048)")
    parser.add_argument("--answer-max-tokens", type=_tokens, default=16,
                        help="max tokens of the answer step (16)")
    parser.add_argument("--thinking-budget", type=_tokens,
                        help="Anthropic extended thinking budget (tokens)")
    parser.add_argument("--reasoning", action="store_true",
                        help="the model thinks before answering (DeepSeek-R1, QwQ, ...): no "
                        "stop sequences, step 2 gets --max-tokens (automatic for OpenAI "
                        "o-series and gpt-5)")
    parser.add_argument("--verify-mode", choices=("auto", "claims", "arithmetic"),
                        default="auto", help="how transcripts are read (auto)")
    parser.add_argument("--seed", type=flags.seed, default=0,
                        help="sent to models that take one (OpenAI, local servers, hf, vllm; "
                        "a different seed per sample, derived from this one) and seeds the "
                        "retry jitter (0)")
    parser.add_argument("--timeout", type=flags.seconds, default=120.0,
                        help="seconds per request (120)")
    parser.add_argument("--max-attempts", type=flags.bounded_int(1, flags.MAX_ATTEMPTS),
                        default=6,
                        help="attempts per request on 429/5xx/timeouts (6)")
    parser.add_argument("--retry-delay", type=flags.delay, default=1.0,
                        help="first backoff delay in seconds, doubled per retry (1)")
    parser.add_argument("--cache-dir", type=flags.path,
                        help="response cache (default: $VLP_CACHE_DIR, else "
                        "~/.cache/vlp/responses; the one used is recorded in RUN_DIR/run.json)")
    parser.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    parser.add_argument("--price", type=flags.price, nargs=2, metavar=("INPUT", "OUTPUT"),
                        help="USD per million input/output tokens for the cost estimate")
    parser.add_argument("--restart", action="store_true",
                        help="start RUN_DIR over: remove its results, errors and run records "
                        "first (otherwise a run with other data or settings is refused)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or lines")
    parser.add_argument("--progress-every", type=flags.seconds, default=30.0, metavar="SECONDS",
                        help="when stderr is not a terminal (a log file, SLURM), print a "
                        "plain progress line this often (30)")
    parser.set_defaults(func=run)


_tokens = flags.bounded_int(1, flags.MAX_TOKENS)
_temperatures = flags.bounded_float(0.0, flags.MAX_TEMPERATURE)


def _temperature(text: str) -> float | None:
    return None if text.strip().lower() == "none" else _temperatures(text)


def log(message: str) -> None:
    print(f"vlp evaluate: {message}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    from vlp.lm.inprocess import parse_engine_args
    from vlp.lm.models import ModelSpec
    from vlp.lm.runner import EvalConfig, read_problem_lines
    from vlp.lm.scoring import VerifyScorer
    from vlp.lm.selection import describe_selection, stratified
    from vlp.lm.store import check_cache_dir, default_cache_dir

    run_files = _run_files(args.output)
    output_dir(args.output, inputs=[args.data])
    for path in run_files:  # e.g. --data RUN/results.jsonl -o RUN would append to its input
        output_file(path, inputs=[args.data])
    cache_root = None if args.no_cache else check_cache_dir(args.cache_dir or default_cache_dir())
    spec = ModelSpec.parse(args.model, args.base_url, parse_engine_args(args.engine_arg))
    if not spec.is_baseline and not spec.in_process:
        from vlp.lm.clients import api_key

        api_key(spec)  # a missing key is refused before the data is read
    config = EvalConfig(model=spec, style=args.style, temperature=args.temperature,
                        max_tokens=args.max_tokens, answer_max_tokens=args.answer_max_tokens,
                        samples=args.samples, thinking_budget=args.thinking_budget,
                        seed=args.seed, verify_mode=args.verify_mode,
                        reasoning=args.reasoning)
    lines = read_problem_lines(args.data)
    line_of = {id(record): number for number, record in lines}
    problems = [record for _, record in lines]
    if args.limit is not None or args.limit_per_setting is not None:
        available = len(problems)
        problems = stratified(problems, args.limit, args.limit_per_setting)
        log(describe_selection(problems, available))
    scorer = VerifyScorer(args.verify_mode)
    for problem in problems:
        scorer.check(problem, f"{args.data}:{line_of[id(problem)]}")
    with OutputLock(args.output):
        return _evaluate(args, spec, config, problems, scorer, cache_root)


def _run_files(run_dir: Path) -> list[Path]:
    from vlp.lm.prompt import PROMPT_FILE
    from vlp.lm.store import ERRORS_FILE, RESULTS_FILE, RUN_FILE

    return [run_dir / name for name in (RESULTS_FILE, RUN_FILE, ERRORS_FILE, PROMPT_FILE)]


def _evaluate(args: argparse.Namespace, spec: Any, config: Any, problems: list[Any],
              scorer: Any, cache_root: Path | None) -> int:
    import attrs

    from vlp.lm.provenance import session_record
    from vlp.lm.runner import store_for
    from vlp.lm.store import RESULTS_FILE

    if args.restart:
        for path in _run_files(args.output):
            path.unlink(missing_ok=True)
    # no secret of a URL (--base-url http://user:password@host) is stored in run.json
    settings = {name: redact_credentials(str(value)) if isinstance(value, (Path, str))
                else value
                for name, value in sorted(vars(args).items())
                if name not in ("func", "argv", "process_ends")}
    settings["cache_dir"] = None if cache_root is None else str(cache_root)  # the one used
    argv = getattr(args, "argv", None)
    argv = sys.argv[1:] if argv is None else argv
    stored = config if spec.base_url is None else attrs.evolve(
        config, model=attrs.evolve(spec, base_url=redact_credentials(spec.base_url)))
    results = args.output / RESULTS_FILE
    before, results_before = _snapshot(args.output, results), _size(results)
    try:
        store, previous = store_for(args.output, stored, args.data, session_record(
            settings, [redact_credentials(arg) for arg in argv]))
        return _run_and_report(args, spec, config, problems, scorer, store, previous,
                               cache_root)
    except InputError:
        # refused before any result (a server that does not answer): the run directory is
        # left as it was, so a refused run writes nothing
        if _size(results) == results_before:
            _restore(args.output, before, results)
        raise


def _size(path: Path) -> int:
    """Bytes in ``path`` (0 if absent): results are only appended, so an unchanged size
    means no result was written."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _snapshot(run_dir: Path, results: Path) -> dict[Path, bytes | None]:
    """Whether the run directory exists, and each run file's bytes (None: absent) but the
    results', which may be large and are never rewritten."""
    found: dict[Path, bytes | None] = {run_dir: b"" if run_dir.is_dir() else None}
    for path in _run_files(run_dir):
        if path != results:
            found[path] = path.read_bytes() if path.is_file() else None
    found[results] = b"" if results.is_file() else None
    return found


def _restore(run_dir: Path, snapshot: dict[Path, bytes | None], results: Path) -> None:
    """Put the run files back as ``snapshot`` has them (a results file made since, empty,
    is removed; one that was there is untouched), and remove the directory if it was
    made since and is empty."""
    from vlp.output import write_atomically

    for path, data in snapshot.items():
        if path == run_dir or (path == results and data is not None):
            continue
        if data is None:
            path.unlink(missing_ok=True)
        elif not path.is_file() or path.read_bytes() != data:
            write_atomically(path, data)
    if snapshot[run_dir] is None:
        try:
            run_dir.rmdir()
        except OSError:
            pass  # something else is in it now


def _run_and_report(args: argparse.Namespace, spec: Any, config: Any, problems: list[Any],
                    scorer: Any, store: Any, previous: list[Any],
                    cache_root: Path | None) -> int:
    import asyncio

    from vlp.lm.pricing import estimate_cost, prices_for
    from vlp.lm.retry import RetryPolicy, describe
    from vlp.lm.runner import build_reasoner, run_evaluation
    from vlp.lm.store import ResponseCache

    cache = ResponseCache(cache_root)
    retry = RetryPolicy(max_attempts=args.max_attempts, base_delay=args.retry_delay)

    retried: list[str] = []  # transient failures that were retried, for the summary
    if spec.in_process:
        log(f"loading {spec.label}")
        started = time.monotonic()
    reasoner = build_reasoner(config, cache=cache, retry=retry, timeout=args.timeout,
                              on_retry=lambda attempt, error: retried.append(describe(error)),
                              batch_size=args.concurrency, device=args.device)
    if spec.in_process:
        log(f"loaded {spec.label} in {time.monotonic() - started:.1f} s")
    if previous:
        log(f"resuming {args.output}: {len(previous)} results already there")
    totals = asyncio.run(run_evaluation(
        config, problems, store, reasoner, scorer,
        concurrency=args.concurrency, show_progress=not args.quiet and sys.stderr.isatty(),
        price_override=tuple(args.price) if args.price else None, log=log,
        progress_every=None if args.quiet else args.progress_every))
    store.finish(results=totals.done, new=totals.new, from_cache=totals.cached,
                 failed=totals.failed, input_tokens=totals.input_tokens,
                 output_tokens=totals.output_tokens)
    cost = estimate_cost(prices_for(spec, tuple(args.price) if args.price else None),
                         totals.input_tokens, totals.output_tokens)
    print(f"{spec.label}: {totals.done} of {len(problems) * config.samples} results in "
          f"{store.results_path} ({totals.new} new, {totals.cached} from cache, "
          f"{totals.input_tokens:,} input / {totals.output_tokens:,} output tokens"
          + (f", ~${cost:.4f}" if cost else "") + ")")
    print_scores([args.output])
    if retried:
        log(f"{len(retried)} requests retried (429/5xx/timeouts), last: {retried[-1]}")
    if totals.failed:
        log(f"{totals.failed} failed (see {store.run_dir / 'errors.jsonl'}); rerun the same "
            "command to retry them")
        return 1
    return 0


def print_scores(run_dirs: list[Path]) -> None:
    """The scores table of finished runs (accuracy, efficiency, recall, false steps with
    intervals; per setting when there are several), as lm-eval prints its table."""
    from vlp.lm.report import load_runs, scores_table

    runs = load_runs(run_dirs)
    if any(run.records for run in runs):
        print("\n" + scores_table(runs).markdown())
