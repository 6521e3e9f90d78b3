"""The real model outputs in ``../shared/reference/``, entry by entry, rebuilt at run time.

    python bench/real_sources.py list SOURCE [--from N] [--count K]   # print entries as JSON lines
    python bench/real_sources.py show SOURCE INDEX ...               # entries, readable
    python bench/real_sources.py sources                             # every source and its size

Nothing here is copied into the project: labels (``bench/real_corpus/labels.jsonl``) name
an entry by its source file and index and carry the sha256 of its texts, and the texts are
read from ``../shared`` whenever a bench runs. A problem whose key is listed in
``evaluation_problems.sha256`` is kept for evaluation: :func:`entries` never yields it.

A source is named by its path under ``reference/``
(e.g. ``zero_shot_cot/addsub_zero_shot_cot.log``).
Each entry is (index, dataset, model family, problem, transcript, gold answer):

- ``zero_shot_cot/*.log`` (text-davinci-002, Kojima et al.): index = the log's data number - 1;
  the transcript is the text after ``A: Let's think step by step.`` up to ``pred_before``;
  the problem's tokenised spacing (``carrots .``) is undone.
- ``plan_and_solve/*.json`` (text-davinci-003, PS+): index = list position; the transcript is
  ``chain-of-thought``.
- ``math_llm/*.json`` (Llama-2-70B-chat, Mixtral-8x7B-Instruct, 4-shot): index = list position;
  the transcript is what follows the last ``Answer 5: Let's think step by step.``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import attrs

REFERENCE = Path(__file__).resolve().parents[1].parent / "shared" / "reference"

_LOG_BLOCK = re.compile(
    r"^(\d+)(?:st|nd|rd|th) data\n1_th_sampling\nQ: (.*?)\nA: Let's think step by step\.(.*?)"
    r"\npred_before :.*?\nGT : (.*?)\n", re.S | re.M)
_ANSWER_5 = re.compile(r"Answer 5:\s*Let's think step by step\.")
_TOKEN_SPACE = re.compile(r" ([.,?!;:%)])|([($]) ")


@attrs.frozen
class Entry:
    source: str
    index: int
    dataset: str
    family: str
    problem: str
    transcript: str
    gold_answer: str

    @property
    def key(self) -> str:
        """The evaluation key of the problem (``evaluation_problems.sha256``'s definition)."""
        return problem_key(self.problem)

    @property
    def transcript_sha256(self) -> str:
        return hashlib.sha256(self.transcript.encode("utf-8")).hexdigest()

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "index": self.index, "dataset": self.dataset,
                "family": self.family, "key": self.key,
                "transcript_sha256": self.transcript_sha256, "problem": self.problem,
                "transcript": self.transcript, "gold_answer": self.gold_answer}


def problem_key(text: str) -> str:
    return hashlib.sha256(" ".join(re.findall(r"[a-z0-9]+", text.lower()))
                          .encode("utf-8")).hexdigest()


@cache
def evaluation_keys(reference: Path = REFERENCE) -> frozenset[str]:
    path = reference / "evaluation_problems.sha256"
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#"))


def _detokenize(text: str) -> str:
    text = _TOKEN_SPACE.sub(lambda m: m.group(1) or m.group(2), text.strip())
    return re.sub(r" (['’]s)\b", r"\1", text)


def _dataset_of(source: str) -> str:
    name = source.split("/")[-1].lower()
    for dataset in ("addsub", "singleeq", "multiarith", "svamp", "gsm8k"):
        if dataset in name:
            return dataset
    raise ValueError(f"{source}: no data set in its name")


def _family_of(source: str) -> str:
    if source.startswith("zero_shot_cot/"):
        return "text-davinci-002"
    if source.startswith("plan_and_solve/"):
        return "text-davinci-003"
    if "llama" in source.lower():
        return "llama-2-70b-chat"
    return "mixtral-8x7b-instruct"


def _raw_entries(source: str, reference: Path) -> Iterator[Entry]:
    path = reference / source
    dataset, family = _dataset_of(source), _family_of(source)
    if source.startswith("zero_shot_cot/"):
        text = path.read_text(encoding="utf-8")
        for match in _LOG_BLOCK.finditer(text):
            number, question, output, gold = match.groups()
            yield Entry(source, int(number) - 1, dataset, family, _detokenize(question),
                        output.strip(), gold.strip())
        return
    records = json.loads(path.read_text(encoding="utf-8"))
    for index, record in enumerate(records):
        if source.startswith("plan_and_solve/"):
            transcript = record["chain-of-thought"]
            gold = record["answer"]
        else:
            starts = list(_ANSWER_5.finditer(record["model_response"]))
            if not starts:
                continue
            transcript = record["model_response"][starts[-1].end():]
            gold = record.get("answer", record.get("final_ans"))
        yield Entry(source, index, dataset, family, _detokenize(record["question"]),
                    transcript.strip(), str(gold).strip())


def sources(reference: Path = REFERENCE) -> list[str]:
    found = []
    for folder, pattern in (("zero_shot_cot", "*.log"), ("plan_and_solve", "*.json"),
                            ("math_llm", "*.json")):
        found += sorted(f"{folder}/{p.name}" for p in (reference / folder).glob(pattern))
    return found


@cache
def _entries(source: str, reference: Path) -> tuple[Entry, ...]:
    keys = evaluation_keys(reference)
    return tuple(e for e in _raw_entries(source, reference) if e.key not in keys)


def entries(source: str, reference: Path = REFERENCE) -> tuple[Entry, ...]:
    """The entries of ``source`` not kept for evaluation, in the source's order."""
    return _entries(source, reference)


def entry(source: str, index: int, reference: Path = REFERENCE) -> Entry:
    """One entry by its index; KeyError if absent or kept for evaluation."""
    for found in _entries(source, reference):
        if found.index == index:
            return found
    raise KeyError(f"{source}: no entry {index} (absent, or kept for evaluation)")


def reference_missing() -> bool:
    """Is ``../shared/reference/`` absent? Then it says so on stderr (the benches exit 2)."""
    if REFERENCE.is_dir():
        return False
    print(f"{REFERENCE}: not on this machine", file=sys.stderr)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sources")
    listing = sub.add_parser("list")
    listing.add_argument("source")
    listing.add_argument("--from", dest="start", type=int, default=0)
    listing.add_argument("--count", type=int, default=10)
    show = sub.add_parser("show")
    show.add_argument("source")
    show.add_argument("index", type=int, nargs="+")
    args = parser.parse_args(argv)
    if reference_missing():
        return 2
    if args.command == "sources":
        for source in sources():
            print(f"{source}\t{len(entries(source))} entries")
        return 0
    if args.command == "list":
        chosen = [e for e in entries(args.source) if e.index >= args.start][: args.count]
        for found in chosen:
            print(json.dumps(found.to_json(), ensure_ascii=False))
        return 0
    for index in args.index:
        try:
            found = entry(args.source, index)
        except KeyError as error:
            print(f"{error.args[0]}\n")
            continue
        sentences = re.split(r"(?<=[.?!])\s+", found.problem.strip())
        print(f"=== {found.source} #{found.index} ({found.dataset}, {found.family}) gold answer "
              f"{found.gold_answer}\nkey {found.key}\ntranscript_sha256 "
              f"{found.transcript_sha256}\nPROBLEM SENTENCES:")
        for number, sentence in enumerate(sentences):
            print(f"  [{number}] {sentence}")
        print(f"TRANSCRIPT:\n{found.transcript}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
