"""Build ``transcripts.jsonl`` from the hand-written sources in ``source/`` (one file a style).

Run ``python tests/data/corpus/build.py`` after editing a source; ``--check`` exits 1 when
the committed JSONL is stale; ``--show`` prints the computed labels for review.

The claims a transcript states are written by hand, one sentence at a time; only their
truth and relevance are computed here, from the problem's forward-chaining chart and
certified shortest proof (no transcript reader is involved): a claim is ``false`` when no
theorem of the chart has it (time erased), ``relevant`` when it is a claim of the shortest
proof.

Source format: entries separated by a line ``@@ id ID problem PROBLEM_ID [answer N]``
(``answer``: the model's reply when the answer was asked for separately), then the
transcript, then ``@@ claims`` and one canonical claim per line (time erased), then
``@@ stated N`` (the final answer a careful reader takes from the model, or ``none``) and
optionally ``@@ notes TEXT``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PROBLEMS = HERE / "problems.jsonl"
SOURCES = HERE / "source"
OUTPUT = HERE / "transcripts.jsonl"


class SourceError(ValueError):
    pass


def _entries(path: Path) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    section = "transcript"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{number}"
        if line.startswith("@@ id "):
            words = line.split()
            fields = dict(zip(words[1::2], words[2::2], strict=False))
            if "id" not in fields or "problem" not in fields:
                raise SourceError(f"{where}: expected '@@ id ID problem PROBLEM [answer N]'")
            current = {"id": fields["id"], "style": path.stem, "problem": fields["problem"],
                       "answer": fields.get("answer"), "lines": [], "claims": [],
                       "stated": None, "notes": "", "where": where}
            entries.append(current)
            section = "transcript"
        elif current is None:
            if line.strip() and not line.startswith("#"):
                raise SourceError(f"{where}: text before the first '@@ id'")
        elif line.startswith("@@ claims"):
            section = "claims"
        elif line.startswith("@@ stated "):
            value = line.split(maxsplit=2)[2].strip()
            current["stated"] = None if value == "none" else int(value)
            current["has_stated"] = True
        elif line.startswith("@@ notes "):
            current["notes"] = line.split(maxsplit=2)[2].strip()
        elif line.startswith("@@"):
            raise SourceError(f"{where}: unknown directive {line!r}")
        elif section == "claims":
            if line.strip():
                current["claims"].append((line.strip(), where))
        else:
            current["lines"].append(line)
    for entry in entries:
        if not entry.get("has_stated"):
            raise SourceError(f"{entry['where']}: entry {entry['id']} has no '@@ stated'")
    return entries


def build(root: Path = HERE) -> list[dict[str, Any]]:
    """The labelled rows of the corpus under ``root`` (``problems.jsonl`` and ``source/``);
    the held-out set (``tests/data/heldout/``) is built by the same code."""
    from vlp.checker.goldscore import parse_claim
    from vlp.checker.verify import prepared_problem

    problems = {json.loads(line)["id"]: json.loads(line)
                for line in (root / PROBLEMS.name).read_text(encoding="utf-8").splitlines()
                if line.strip()}
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in sorted((root / SOURCES.name).glob("*.txt")):
        for entry in _entries(path):
            if entry["id"] in seen:
                raise SourceError(f"{entry['where']}: duplicate id {entry['id']}")
            seen.add(entry["id"])
            record = problems.get(entry["problem"])
            if record is None:
                raise SourceError(f"{entry['where']}: unknown problem {entry['problem']}")
            prepared = prepared_problem(record)
            is_theorem = prepared.index.is_theorem  # comparisons are derived when asked
            proof = prepared.index.proof_claims
            claims = []
            for text, where in entry["claims"]:
                try:
                    claim = parse_claim(text)
                except ValueError as error:
                    raise SourceError(f"{where}: {error}") from None
                if any(c["claim"] == str(claim) for c in claims):
                    raise SourceError(f"{where}: {claim} listed twice")
                claims.append({"claim": str(claim), "relevant": claim in proof,
                               "false": not is_theorem(claim)})
            transcript = "\n".join(entry["lines"]).strip("\n") + "\n"
            stated = entry["stated"]
            relevant = sum(c["relevant"] for c in claims)
            gold = {
                "answer_correct": stated is not None and stated == record["answer"],
                "stated_answer": stated,
                "problem_answer": record["answer"],
                "n_claims": len(claims),
                "n_relevant": relevant,
                "n_false": sum(c["false"] for c in claims),
                "efficiency": relevant / len(claims) if claims else None,
                "notes": entry["notes"],
                "shortest_proof_claims": sorted(map(str, proof)),
                "claims": claims,
            }
            row = {"id": entry["id"], "style": entry["style"], "problem": entry["problem"],
                   "transcript": transcript}
            if entry["answer"] is not None:
                row["answer"] = entry["answer"]
            row["gold"] = gold
            rows.append(row)
    return rows


def render(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main(argv: list[str], root: Path = HERE) -> int:
    output = root / OUTPUT.name
    try:
        text = render(build(root))
    except SourceError as error:
        print(error, file=sys.stderr)
        return 2
    if "--show" in argv:  # the computed labels, to review a source while writing it
        for row in build(root):
            gold = row["gold"]
            print(f"{row['id']}: stated {gold['stated_answer']} (answer "
                  f"{gold['problem_answer']}), efficiency {gold['efficiency']}")
            for c in gold["claims"]:
                mark = "FALSE" if c["false"] else "rel" if c["relevant"] else "irr"
                print(f"   {mark:5} {c['claim']}")
        return 0
    if "--check" in argv:
        stale = not output.exists() or output.read_text(encoding="utf-8") != text
        if stale:
            print(f"{output} is stale: run python {Path(__file__).name}", file=sys.stderr)
        return 1 if stale else 0
    output.write_text(text, encoding="utf-8")
    print(f"wrote {text.count(chr(10))} transcripts to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
