"""``vlp encode`` over the real sources of ``../shared/reference/`` (read at run time, never
copied; problems kept for evaluation are skipped by ``bench/real_sources.py``).

Prints per data set: problems, encoded, encoded with the gold answer, encoded with another
answer (each one printed), and refusals by reason; then problems encoded per second.

    python bench/encode.py [--sources SUBSTRING ...] [--limit N] [--refusals K]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_sources  # noqa: E402  (bench/real_sources.py, beside this file)

DATASETS = ("addsub", "singleeq", "multiarith", "svamp", "gsm8k")
# a refusal's reason without its quoted particulars ("no reading of '...'")
_PARTICULARS = re.compile(r"(?<![A-Za-z])'.*?'(?![A-Za-z])|\([^)]*\)")  # not "Tim's"


def _reason_kind(reason: str) -> str:
    return " ".join(_PARTICULARS.sub("…", reason).split())[:90]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", nargs="*", default=None,
                        help="only sources whose path contains one of these")
    parser.add_argument("--limit", type=int, default=None, help="problems per data set")
    parser.add_argument("--refusals", type=int, default=12, help="reasons shown per data set")
    parser.add_argument("--show-refused", metavar="TEXT", default=None,
                        help="print each refusal whose reason contains TEXT, with its sentence")
    parser.add_argument("--show-encoded", action="store_true",
                        help="print every encoding with the gold answer too")
    args = parser.parse_args(argv)
    if real_sources.reference_missing():
        return 2
    from vlp.checker.encoding import encode_record

    problems: dict[str, dict[str, str]] = defaultdict(dict)  # data set -> key -> (text, gold)
    for source in real_sources.sources():
        if args.sources and not any(s in source for s in args.sources):
            continue
        for entry in real_sources.entries(source):
            problems[entry.dataset].setdefault(entry.key, (entry.problem, entry.gold_answer))
    total_seconds, total_problems = 0.0, 0
    for dataset in DATASETS:
        if dataset not in problems:
            continue
        chosen = list(problems[dataset].items())[:args.limit]
        encoded = right = 0
        wrong: list[str] = []
        reasons: Counter[str] = Counter()
        started = time.process_time()
        for key, (text, gold) in chosen:
            result = encode_record(text, gold_answer=gold, problem_id=key[:12])
            if result.record is not None:
                encoded += 1
                right += 1
                if args.show_encoded:
                    print(f"  right {key[:12]}: {text}\n    "
                          + "; ".join(a["atom"] for a in result.record["axioms"])
                          + f" ? {result.record['query']}")
            elif result.answer is not None:
                encoded += 1
                wrong.append(f"  another answer {key[:12]}: {result.answer} (gold {gold}): "
                             f"{text}\n    {result.program_text}")
            else:
                reasons[_reason_kind(result.reason)] += 1
                if args.show_refused is not None and args.show_refused in result.reason:
                    print(f"  refused {key[:12]}: {result.reason}\n    {text}")
        total_seconds += time.process_time() - started
        total_problems += len(chosen)
        share = f"{right / encoded:.1%}" if encoded else "-"
        print(f"{dataset}: {len(chosen)} problems, {encoded} encoded, {right} with the gold "
              f"answer ({share} of encoded), {len(wrong)} with another answer, "
              f"{sum(reasons.values())} refused")
        for line in wrong:
            print(line)
        for reason, count in reasons.most_common(args.refusals):
            print(f"    refused {count:4d}: {reason}")
        _expressible_share(dataset, problems[dataset], len(chosen), right)
    _real_transcripts()
    if total_seconds:
        print(f"{total_problems / total_seconds:.0f} problems encoded per CPU second "
              "(chaining and the certified shortest proof included)")
    return 0


SAMPLE = Path(__file__).resolve().parent / "encode_sample.jsonl"
# the hand-classified samples, in the order they were drawn: "development" and "held-out"
# (35 per data set, classified before and after the reader's first version), "second" (165
# more per data set, drawn at random from the rest and classified by reading each problem)
SAMPLES = ("development", "held-out", "second")


def _expressible_share(dataset: str, texts: dict[str, tuple[str, str]], problems: int,
                       right: int) -> None:
    """The share of problems the rule table can express, from the hand-classified sample
    (``encode_sample.jsonl``: entries named by source, index and key, no text), and the
    share of those encoded with the gold answer: measured in the sample, and estimated over
    all problems (encoded with the gold answer over the expressible share of them)."""
    import json

    from vlp.checker.encoding import encode_record

    labels = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()
              if line.strip()]
    labels = [label for label in labels if label["dataset"] == dataset and label["key"] in texts]
    if not labels:
        return
    expressible = [label for label in labels if label["expressible"]]
    share = len(expressible) / len(labels)
    estimate = share * problems
    encoded = {label["key"] for label in expressible
               if encode_record(*texts[label["key"]]).record is not None}
    measured = f"{len(encoded) / len(expressible):.0%}" if expressible else "-"
    print(f"    hand-classified sample: {len(expressible)} of {len(labels)} expressible in the "
          f"rule table ({share:.0%}, about {estimate:.0f} of {problems}); of those "
          f"{len(expressible)}, {len(encoded)} encoded with the gold answer ({measured})"
          + (f"; over all, {right} encoded with the gold answer is {right / estimate:.0%} of "
             "the estimated expressible" if estimate else ""))
    reasons = Counter(label["why"] for label in labels if not label["expressible"])
    print("      not expressible: " + ", ".join(f"{why or 'unstated'} {count}"
                                                  for why, count in reasons.most_common()))
    missed = Counter(label["why"] or "unstated" for label in expressible
                     if label["key"] not in encoded)
    if missed:
        print("      expressible, not encoded: " + ", ".join(
            f"{why} {count}" for why, count in missed.most_common()))
    _checked_by_hand(dataset, texts)
    for sample in SAMPLES:  # the reader was developed on the first
        chosen = [label for label in expressible if label.get("sample") == sample]
        total = sum(label.get("sample") == sample for label in labels)
        if total:
            print(f"      {sample} sample: {len(chosen)} of {total} expressible, "
                  f"{sum(label['key'] in encoded for label in chosen)} of them encoded with "
                  "the gold answer")


CHECKED = Path(__file__).resolve().parent / "encode_checked.jsonl"


def _checked_by_hand(dataset: str, texts: dict[str, tuple[str, str]]) -> None:
    """Encodings checked by hand beyond the answer (same facts, same times, nothing
    invented): ``encode_checked.jsonl`` names each by source, index and key with the sha256
    of the program it was checked on; a program that has changed since is counted apart."""
    import hashlib
    import json

    from vlp.checker.encoding import encode_record

    labels = [json.loads(line) for line in CHECKED.read_text(encoding="utf-8").splitlines()
              if line.strip()]
    labels = [label for label in labels if label["dataset"] == dataset and label["key"] in texts]
    if not labels:
        return
    right = changed = 0
    for label in labels:
        text, gold = texts[label["key"]]
        result = encode_record(text, gold_answer=gold)
        digest = hashlib.sha256(result.program_text.encode()).hexdigest()
        if result.record is None or digest != label["program_sha256"]:
            changed += 1
        else:
            right += label["facts_right"]
    print(f"    checked by hand beyond the answer: {right} of {len(labels)} programs right"
          + (f" ({changed} changed since they were checked)" if changed else ""))


def _real_transcripts() -> None:
    """The 22 problems of ``real_transcripts/`` against their hand-written program files:
    encoded with the same goal (the query's theorem), and each transcript's verdicts, answer
    and efficiency against the encoding as against the hand program."""
    import json

    from vlp.checker import load_program
    from vlp.checker.encoding import encode_record
    from vlp.checker.shortest import solve
    from vlp.checker.verify import verify

    folder = real_sources.REFERENCE / "real_transcripts"
    path = folder / "real_transcripts.jsonl"
    if not path.is_file():
        return
    same_goal = wrong = refused = same_reports = 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    for row in rows:
        program_path = folder / row["program"]
        hand = load_program(program_path) if program_path.suffix == ".json" else \
            program_path.read_text(encoding="utf-8")
        result = encode_record(row["problem"], gold_answer=row["gt_answer"],
                               problem_id=row["id"])
        if result.record is None:
            if result.answer is not None:
                wrong += 1
                print(f"  real {row['id']}: another answer {result.answer}: "
                      f"{result.program_text}")
            else:
                refused += 1
                print(f"  real {row['id']}: refused: {result.reason}")
            continue
        hand_report = verify(hand, row["transcript"])
        if isinstance(hand, str):
            hand_goal = hand_report.goal
        else:
            hand_goal = str(solve(hand.program, hand.query,
                                  axiom_order=hand.axiom_order).goal)
        encoded_goal = result.record["goal"]
        if _claim_text(hand_goal) == _claim_text(str(encoded_goal)):
            same_goal += 1
        else:
            print(f"  real {row['id']}: goal {encoded_goal} against the hand program's "
                  f"{hand_goal}")
        report = verify(result.record, row["transcript"])
        # verdicts: each step's status and relevance (entity spellings may differ: "trick
        # decks" where the hand program wrote "decks")
        verdicts = [(s.sentence, s.status.value, s.relevant) for s in report.steps]
        hand_verdicts = [(s.sentence, s.status.value, s.relevant) for s in hand_report.steps]
        if verdicts == hand_verdicts and report.answer_correct == hand_report.answer_correct \
                and report.efficiency == hand_report.efficiency:
            same_reports += 1
        else:
            print(f"  real {row['id']}: verdicts differ from the hand program's")
    print(f"real_transcripts: {len(rows)} problems, {same_goal} encoded with the hand "
          f"program's goal, {wrong} with another answer, {refused} refused; "
          f"{same_reports} transcripts with the same verdicts, answer and efficiency")


def _claim_text(atom: str) -> str:
    """An atom's text without its time (the claim)."""
    return atom.rsplit(",", 1)[0]


if __name__ == "__main__":
    raise SystemExit(main())
