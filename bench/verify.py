"""How many 20-step transcripts `vlp.verify` checks per second on one core.

    python bench/verify.py [--problems N] [--transcripts-per-problem K] [--seconds S]
                           [--cold-repeats R]

Transcripts are built from generated problems (or, without the sampler, from the paper's
App. D.3 problem): the reference proof, padded to 20 sentences with restated facts and
irrelevant one-step derivations, so every verdict kind but `false` is exercised. Prints
the rate with the per-problem cache warm (the common case: many transcripts per problem)
and cold (chaining + shortest proof included), and the ratio to the 300/s target; warm
again with no transcript seen before (the one memo keyed by a transcript's own content, the
skipped steps per set of stated claims, forgotten before each: what a stream of new model
outputs costs, since the timed loop passes over the same 80 transcripts many times); the
``--mode arithmetic`` rate (no sentence goes through the grammar); then the
loose reader side by side with the template grammar (template-read sentences that took the
loose path, and the cost of one sentence read each way). Rates are
per CPU second of this process (``time.process_time``), so a busy machine does not skew them.
With ``--cold-repeats R`` each problem is verified cold R times (every cache cleared before
each) and its fastest run counts: load spikes on a shared machine inflate single runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

TARGET_PER_SECOND = 300
STEPS = 20


def _problems(count: int, seed: int) -> list[Any]:
    """Generated problems (several irrelevant trees), or the App. D.3 program file."""
    try:
        from vlp.sampler import generate_problem
        from vlp.sampler.config import CONNECTIONS, OVERLAPS
    except ImportError:
        generate_problem = None
    if generate_problem is not None:
        problems = []
        for index in range(count):
            try:
                problems.append(generate_problem(
                    seed + index, setting="trees", overlap=OVERLAPS[index % len(OVERLAPS)],
                    connection=CONNECTIONS[index % len(CONNECTIONS)]))
            except Exception as error:  # a bench skips problems the sampler refuses
                print(f"skipping seed {seed + index}: {error}", file=sys.stderr)
        if problems:
            return problems
    from vlp.checker import load_program

    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "d3.json"
    return [load_program(data)]


def _transcript(problem: Any, rng: random.Random) -> str:
    """The reference proof plus irrelevant derivations and restatements: 20 sentences."""
    from vlp.checker import forward_chain
    from vlp.checker.chaining import MODES  # "complete" saturated before the on-demand mode
    from vlp.checker.verify import prepared_problem, problem_spec
    from vlp.grammar import render_conclusion, render_statement
    from vlp.kernel import UNION_RULE_ID, is_frame_rule

    spec = problem_spec(problem)
    prepared = prepared_problem(spec)
    sentences = list(prepared.reference_text())
    # detours from the saturated model: every comparison and compeq is a side-claim to state
    saturated = forward_chain(spec.program, spec.query, axiom_order=spec.axiom_order or None,
                              mode="saturate" if "saturate" in MODES else "complete")
    detours = [edge for edge in saturated.hyperedges
               if not is_frame_rule(edge.rule_id) and edge.rule_id != UNION_RULE_ID
               and edge.conclusion.claim()
               not in prepared.index.proof_claims
               and edge.conclusion not in spec.program.axioms]
    rng.shuffle(detours)
    while len(sentences) < STEPS and detours:
        edge = detours.pop()
        extra = [render_statement(p) for p in edge.premises if p in spec.program.axioms]
        extra.append(render_conclusion(edge))
        position = rng.randint(0, len(sentences))
        sentences[position:position] = extra
    while len(sentences) < STEPS:
        sentences.append(render_statement(rng.choice(sorted(spec.program.axioms, key=str))))
    sentences = sentences[:STEPS]
    numbered = [f"{i}. {s}" for i, s in enumerate(sentences, 1)]
    closing = f"Therefore, the answer (arabic numerals) is {prepared.goal.quantity}."
    return "\n".join([*numbered, closing])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=8)
    parser.add_argument("--transcripts-per-problem", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=5.0, help="minimum warm timing")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cold-repeats", type=int, default=1,
                        help="cold runs per problem; the fastest counts")
    args = parser.parse_args(argv)

    from vlp.checker.verify import prepare, problem_spec, verify
    from vlp.grammar import parse_sentence

    rng = random.Random(args.seed)
    problems = _problems(args.problems, args.seed)
    specs = [problem_spec(p) for p in problems]
    work = [(spec, _transcript(problem, rng)) for problem, spec in zip(problems, specs, strict=True)
            for _ in range(args.transcripts_per_problem)]

    # cold: a new problem each time (chaining and the Z3 shortest proof included); what a
    # process does once (the sentence grammar, the reader modules' imports and patterns)
    # is done before timing, on a problem outside the timed ones, whose parses are dropped
    warm_up = _problems(1, args.seed + args.problems)[0]
    verify(problem_spec(warm_up), _transcript(warm_up, random.Random(args.seed)))
    parse_sentence.cache_clear()
    prepare.cache_clear()
    cold_seconds = [float("inf")] * len(specs)
    for repeat in range(max(1, args.cold_repeats)):
        for position, spec in enumerate(specs):
            if repeat:  # the first round keeps the parses of earlier problems, as one run does
                parse_sentence.cache_clear()
                prepare.cache_clear()
            start = time.process_time()
            verify(spec, _first_transcript(work, spec))
            cold_seconds[position] = min(cold_seconds[position], time.process_time() - start)
    cold = len(specs) / sum(cold_seconds)

    index_of = {id(s): prepare(s.program, s.query, s.axiom_order, s.certified_proof,
                               s.hidden_axioms).index for s in specs}

    def rate(clear_parses: bool, mode: str = "auto", new_transcripts: bool = False) -> float:
        done, start = 0, time.process_time()
        while True:
            for spec, transcript in work:
                if clear_parses:  # every sentence goes through the LALR parser again
                    parse_sentence.cache_clear()
                if new_transcripts:  # nothing kept from this transcript's earlier passes
                    index_of[id(spec)].forget_transcripts()
                verify(spec, transcript, mode=mode)
                done += 1
            elapsed = time.process_time() - start
            if elapsed >= args.seconds:
                return done / elapsed

    parsing = rate(clear_parses=True)
    unseen = rate(clear_parses=True, new_transcripts=True)
    cached = rate(clear_parses=False)
    arithmetic = rate(clear_parses=True, mode="arithmetic")
    steps = sum(t.count("\n") for _s, t in work) / len(work)
    print(f"problems: {len(specs)}, transcripts: {len(work)} (~{steps:.0f} steps each), one core")
    print(f"cold problem (chain + shortest proof + verify): {cold:.1f} transcripts/s, "
          f"median {1e3 * statistics.median(cold_seconds):.1f} ms a problem (target 15 ms)")
    print(f"problem cached, every sentence parsed: {parsing:.0f} transcripts/s "
          f"= {parsing / TARGET_PER_SECOND:.2f} x the {TARGET_PER_SECOND}/s target")
    print(f"problem cached, every sentence parsed, no transcript seen before: {unseen:.0f} "
          "transcripts/s (the skipped steps of each derived-multi claim searched afresh)")
    print(f"problem cached, sentence parses cached: {cached:.0f} transcripts/s "
          f"= {cached / TARGET_PER_SECOND:.2f} x the target")
    print(f"problem cached, --mode arithmetic (no grammar parse): {arithmetic:.0f} transcripts/s")
    _loose_figures(work, args.seconds)
    return 0


def _loose_figures(work: list[tuple[Any, str]], seconds: float) -> None:
    """The loose reader, side by side with the template grammar: how many template-read
    sentences took the loose path (should be none), and the cost of reading one sentence
    each way (every cache cleared), on the same sentences."""
    from vlp.checker.verify import prepared_problem, verify
    from vlp.grammar import parse_sentence, split_transcript
    from vlp.grammar.loose import read_clauses
    from vlp.reading import reader

    calls = 0
    original = reader.SentenceReader.read

    def counted(self: Any, text: str) -> Any:
        nonlocal calls
        calls += 1
        return original(self, text)

    reader.SentenceReader.read = counted  # type: ignore[method-assign]
    try:
        for spec, transcript in work:
            verify(spec, transcript)
    finally:
        reader.SentenceReader.read = original  # type: ignore[method-assign]
    template_read = sum(1 for _spec, t in work for step in split_transcript(t) if step.claims)
    print(f"loose path taken by {calls} of {template_read} template-read sentences")

    sentences = [(spec, step.text) for spec, t in work[:: max(1, len(work) // 8)]
                 for step in split_transcript(t) if step.claims]
    readers = {}
    for spec, _text in sentences:
        if id(spec) not in readers:
            prepared = prepared_problem(spec)
            readers[id(spec)] = reader.SentenceReader(
                reader.lexicon(prepared.index, tuple(prepared.query.agent_sets)),
                reader.Discourse(), prepared.query_pattern)

    def per_sentence(read: Any) -> float:
        done, start = 0, time.process_time()
        while time.process_time() - start < seconds / 2:
            for spec, text in sentences:
                read(spec, text)
                done += 1
        return (time.process_time() - start) / done * 1e6

    def template(_spec: Any, text: str) -> Any:
        parse_sentence.cache_clear()
        return parse_sentence(text)

    def loose(spec: Any, text: str) -> Any:
        read_clauses.cache_clear()
        return readers[id(spec)].read(text)

    template_us, loose_us = per_sentence(template), per_sentence(loose)
    print(f"one sentence, uncached: template grammar {template_us:.0f} us, loose reader "
          f"{loose_us:.0f} us = {loose_us / template_us:.2f} x (target <= 3 x)")


def _first_transcript(work: list[tuple[Any, str]], spec: Any) -> str:
    return next(t for s, t in work if s is spec)


if __name__ == "__main__":
    sys.exit(main())
