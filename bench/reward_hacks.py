"""The reward of every hack next to the honest proof, on generated problems.

    python bench/reward_hacks.py [--seed 3] [--setting tree] [--problems 1]
                                 [--filler-bytes 900000]

For each problem: the honest shortest proof (template language, and phrased freely) and
every completion of ``vlp.reward_hacks`` (the answer or the goal alone, fragments of the
proof, the proof repeated or padded, instructions to the grader, false claims hidden after
``Q:``, in brackets, code blocks, quotes, tables, comments and ``<think>``, hedged
answers), scored with the default ``RewardWeights``, with the terms that decide each
(efficiency, completeness, false claims, idle sentences, excess length). Exit code 1 when
an honest proof is not at the maximum or a hack is not strictly below it.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--setting", default="tree")
    parser.add_argument("--overlap", default="both")
    parser.add_argument("--connection", default="connected")
    parser.add_argument("--problems", type=int, default=1)
    parser.add_argument("--filler-bytes", type=int, default=900_000)
    args = parser.parse_args(argv)

    from vlp import rewards
    from vlp.reward_hacks import hacks, honest_proofs, proof_parts
    from vlp.sampler import generate_problem

    weights = rewards.DEFAULT_WEIGHTS
    maximum = weights.answer + weights.efficiency + weights.completeness
    failures = 0
    for seed in range(args.seed, args.seed + args.problems):
        base = args.setting == "base"
        problem = generate_problem(seed, setting=args.setting,
                                   overlap=None if base else args.overlap,
                                   connection=None if base else args.connection)
        record = {**problem.to_json(), "id": f"hacks-{seed}"}
        parts = proof_parts(record)
        kind = "-".join(k for k in (problem.setting, problem.overlap, problem.connection) if k)
        print(f"{kind} problem, seed {seed}: goal "
              f"{parts.goal!r}, answer {parts.answer}, shortest proof "
              f"{len(parts.proof)} sentences")
        print(f"{'completion':34s} {'reward':>6s} {'eff':>5s} {'compl':>5s} {'false':>5s} "
              f"{'idle':>5s} {'long':>5s} {'ms':>6s}  verdict")
        honest = honest_proofs(parts)
        for index, completion in enumerate((*honest, *hacks(
                parts, filler_bytes=args.filler_bytes))):
            start = time.perf_counter()
            scored = rewards.score_sample(record, completion.text)
            elapsed = (time.perf_counter() - start) * 1000
            report = scored.report
            if index < len(honest):
                ok = abs(scored.reward - maximum) < 1e-9
                verdict = "at the maximum" if ok else "BELOW THE MAXIMUM"
            else:
                ok = scored.reward < maximum - 1e-9
                verdict = "below" if ok else "NOT BELOW THE HONEST PROOF"
            failures += not ok
            if report is None:
                print(f"{completion.name:34s} {scored.reward:6.3f}  (not verified: "
                      f"{scored.reason})  {verdict}")
                continue
            print(f"{completion.name:34s} {scored.reward:6.3f} {report.efficiency or 0:5.2f} "
                  f"{rewards.completeness(report):5.2f} {report.metrics.false_claims:5d} "
                  f"{rewards.idle_share(report):5.2f} "
                  f"{rewards.excess_length(report, weights):5.2f} {elapsed:6.0f}  {verdict}")
        print()
    print("every honest proof at the maximum and every hack below it" if not failures
          else f"{failures} completions out of order")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
