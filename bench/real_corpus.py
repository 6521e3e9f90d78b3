"""The real development corpus: hand labels of real model outputs, checked and scored.

    python bench/real_corpus.py check [LABELS ...]     # each label against its source and chart
    python bench/real_corpus.py score [--split dev|heldout|all] [--show] [LABELS ...]

Labels live in ``bench/real_corpus/*.jsonl``, one transcript a line. A label names its entry
(``source``, ``index``: see ``bench/real_sources.py``) with the sha256 of the entry's
transcript and the problem's evaluation key, and carries no text of it::

    {"id": "zs-addsub-12", "source": "zero_shot_cot/addsub_zero_shot_cot.log", "index": 12,
     "key": "<problem key>", "transcript_sha256": "<sha256>",
     "program": {"axioms": [{"atom": "cont({sam}, 86, yellow marbles, 0)", "sentence": 0}],
                 "query": "cont({sam}, ?, yellow marbles, ?)"},
     "gold": {"answer_correct": true, "stated_answer": 61,
              "claims": [{"claim": "cont({sam}, 61, yellow marbles)", "relevant": true,
                          "false": false}], "notes": "..."},
     "labeller": "..."}

An axiom's ``sentence`` is the 0-based index of the problem sentence that states it (the
problem split after ``.``, ``?`` or ``!``); the bench puts that sentence back. ``gold``
follows ``vlp.checker.goldscore``: every distinct claim a careful human reads, time erased.

``check`` rebuilds each entry from ``../shared``, refuses a label whose texts changed or whose
problem is kept for evaluation, proves the program's query (its answer must be the data set's
gold answer) and compares every claim's ``false`` with the chart and ``relevant`` with the
shortest proof. ``score`` verifies every transcript and prints, per model family and data
set, gold claims read, false claims accepted, true claims judged false (gold-true claims
judged false, and misreads judged false: a claim read that no gold claim lists, judged false,
is a true statement judged false unless the transcript states that false claim), and misreads
(claims read that no gold claim lists). The split is fixed by the problem's key, never chosen:
``heldout`` is the part the reader's author does not look at while developing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))
import real_sources  # noqa: E402

LABELS = Path(__file__).resolve().parent / "real_corpus"
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


def split_of(key: str) -> str:
    """A third of the problems, by their key, are held back."""
    return "heldout" if int(key[:8], 16) % 3 == 0 else "dev"


def problem_sentences(problem: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(problem.strip()) if s]


def label_files(paths: Iterable[str]) -> list[Path]:
    chosen = [Path(p) for p in paths]
    return chosen or sorted(LABELS.glob("*.jsonl"))


def labels(paths: Iterable[Path]) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                yield f"{path.name}:{number}", json.loads(line)


def _excluded_keys() -> frozenset[str]:
    """Problems of ``real_transcripts/`` (the old development set) are not relabelled here."""
    path = real_sources.REFERENCE / "real_transcripts" / "real_transcripts.jsonl"
    if not path.is_file():
        return frozenset()
    return frozenset(real_sources.problem_key(json.loads(line)["problem"])
                     for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


@attrs.frozen
class Labelled:
    where: str
    label: dict[str, Any]
    entry: real_sources.Entry

    @property
    def split(self) -> str:
        return split_of(self.entry.key)

    def program(self) -> Any:
        from vlp.checker.programfile import program_from_json

        sentences = problem_sentences(self.entry.problem)
        axioms = []
        for axiom in self.label["program"]["axioms"]:
            index = axiom.get("sentence")
            text = sentences[index] if isinstance(index, int) and 0 <= index < len(sentences) \
                else None
            axioms.append({"atom": axiom["atom"], "sentence": text})
        return program_from_json({"axioms": axioms, "query": self.label["program"]["query"]},
                                 self.where)


def rebuild(where: str, label: dict[str, Any]) -> Labelled:
    """The label with its entry; ValueError when it does not fit its source."""
    try:
        entry = real_sources.entry(label["source"], int(label["index"]))
    except KeyError as error:
        raise ValueError(str(error)) from None
    if entry.key in _excluded_keys():
        raise ValueError("the problem is in real_transcripts/ (the old development set)")
    if label.get("key") != entry.key:
        raise ValueError(f"key {label.get('key')} is not the entry's ({entry.key})")
    if label.get("transcript_sha256") != entry.transcript_sha256:
        raise ValueError("the transcript's sha256 differs from the entry's")
    return Labelled(where, label, entry)


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def check_one(item: Labelled) -> list[str]:
    """Every disagreement of one label with its source, program and chart."""
    from vlp.checker.goldscore import Gold, parse_claim
    from vlp.checker.verify import prepared_problem

    problems: list[str] = []
    program = item.program()
    prepared = prepared_problem(program)
    answer = prepared.goal.quantity
    gold_answer = _number(item.entry.gold_answer)
    if gold_answer is None or answer != gold_answer:
        problems.append(f"the program answers {answer}, the data set {item.entry.gold_answer}")
    proof = prepared.index.proof_claims
    gold = item.label["gold"]
    for claim_label in gold["claims"]:
        claim = parse_claim(claim_label["claim"])
        theorem = prepared.index.is_theorem(claim)
        if claim_label["false"] == theorem:
            problems.append(f"{claim}: labelled false={claim_label['false']}, the chart says "
                            f"{'theorem' if theorem else 'not a theorem'}")
        if claim_label["relevant"] != (claim in proof):
            problems.append(f"{claim}: labelled relevant={claim_label['relevant']}, the "
                            f"shortest proof {'has' if claim in proof else 'lacks'} it")
    stated = gold.get("stated_answer")
    correct = stated is not None and _number(str(stated)) == answer
    if gold["answer_correct"] != correct:
        problems.append(f"answer_correct={gold['answer_correct']} but stated answer {stated} "
                        f"and the program's {answer}")
    Gold.from_json(gold, item.where)
    return problems


def check(paths: list[Path]) -> int:
    from vlp.errors import InputError

    bad = seen = 0
    ids: set[str] = set()
    for where, label in labels(paths):
        seen += 1
        try:
            if label["id"] in ids:
                raise ValueError(f"id {label['id']} is used twice")
            ids.add(label["id"])
            problems = check_one(rebuild(where, label))
        except (ValueError, KeyError, TypeError, InputError) as error:
            problems = [f"{type(error).__name__}: {error}"]
        for problem in problems:
            print(f"{where} ({label.get('id')}): {problem}")
        bad += bool(problems)
    print(f"{seen} labels, {bad} with a problem")
    return 1 if bad else 0


@attrs.frozen
class Tally:
    transcripts: int = 0
    gold: int = 0
    read: int = 0
    false_accepted: int = 0
    true_judged_false: int = 0  # gold-true claims judged false
    misread_judged_false: int = 0  # claims no gold lists, judged false
    misreads: int = 0  # claims read that no gold lists
    claims_read: int = 0  # distinct claims the reader produced
    efficiency_equal: int = 0
    answer_equal: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(attrs.astuple(self), attrs.astuple(other),
                                              strict=True)))


def score_one(item: Labelled) -> tuple[Tally, dict[str, Any]]:
    from vlp.checker.goldscore import Gold, score_problem
    from vlp.checker.verify import verify

    program = item.program()
    report = verify(program, item.entry.transcript)
    gold = Gold.from_json(item.label["gold"], item.where)
    result = score_problem(program, report, gold)
    # a misread judged false is a true statement judged false, unless the transcript states
    # a false claim the reader did not read (then it may be that claim, misread)
    false_unread = sum(1 for c in gold.claims if c.false and str(c.claim) in result.missed)
    judged_false = {str(s.claim) for s in report.steps
                    if s.claim is not None and s.status.value == "false"}
    # (computed here too, so that the bench also scores an older vlp, for a paired figure)
    misread_false = [c for c in result.unlabelled if c in judged_false][false_unread:]
    produced = {str(s.claim) for s in report.steps
                if s.claim is not None and s.status.value != "unparsed"}
    tally = Tally(1, result.gold_claims, len(result.read), len(result.false_accepted),
                  len(result.true_rejected), len(misread_false), len(result.unlabelled),
                  len(produced), int(result.efficiency_equal), int(result.answer_equal))
    detail = {"missed": result.missed, "misread": result.unlabelled,
              "false_accepted": result.false_accepted, "true_rejected": result.true_rejected,
              "efficiency": result.efficiency, "gold_efficiency": result.gold_efficiency,
              "answer": (result.answer_correct, result.gold_answer_correct)}
    return tally, detail


def _row(name: str, t: Tally) -> tuple[str, ...]:
    def pct(part: int, whole: int) -> str:
        return f"{part}/{whole}" + (f" ({100 * part / whole:.1f}%)" if whole else "")

    return (name, str(t.transcripts), pct(t.read, t.gold), str(t.false_accepted),
            pct(t.true_judged_false + t.misread_judged_false, t.claims_read),
            pct(t.misreads, t.claims_read), f"{t.efficiency_equal}/{t.transcripts}",
            f"{t.answer_equal}/{t.transcripts}")


HEADER = ("group", "transcripts", "gold claims read", "false accepted",
          "true judged false / read", "misreads / read", "efficiency = gold", "answer = gold")


def format_rows(rows: list[tuple[str, ...]]) -> str:
    table = [HEADER, *rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                       for i, (c, w) in enumerate(zip(r, widths, strict=True))) for r in table]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def score(paths: list[Path], split: str, show: bool) -> int:
    groups: dict[str, Tally] = {}
    families: dict[str, Tally] = {}
    total = Tally()
    for where, label in labels(paths):
        item = rebuild(where, label)
        if split != "all" and item.split != split:
            continue
        tally, detail = score_one(item)
        name = f"{item.entry.family} / {item.entry.dataset}"
        groups[name] = groups.get(name, Tally()) + tally
        families[item.entry.family] = families.get(item.entry.family, Tally()) + tally
        total = total + tally
        perfect = not (detail["missed"] or detail["misread"] or detail["false_accepted"]
                       or detail["true_rejected"]) and detail["answer"][0] == detail["answer"][1]
        if show and not perfect:
            print(f"{label['id']} ({where}): " + "; ".join(
                f"{k} {list(v) if isinstance(v, tuple) and k != 'answer' else v}"
                for k, v in detail.items() if v not in ((), None)))
    rows = [_row(n, t) for n, t in sorted(groups.items())]
    rows += [_row(f"{n} (all)", t) for n, t in sorted(families.items())]
    rows.append(_row(f"all ({split})", total))
    print(format_rows(rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    checking = sub.add_parser("check")
    checking.add_argument("labels", nargs="*")
    scoring = sub.add_parser("score")
    scoring.add_argument("labels", nargs="*")
    scoring.add_argument("--split", choices=("dev", "heldout", "all"), default="dev")
    scoring.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)
    if real_sources.reference_missing():
        return 2
    paths = label_files(args.labels)
    if args.command == "check":
        return check(paths)
    return score(paths, args.split, args.show)


if __name__ == "__main__":
    raise SystemExit(main())
