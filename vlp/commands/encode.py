"""``vlp encode PROBLEM``: real word problems into problem records (``vlp.reading.encode``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from vlp.errors import InputError

# where a JSONL line keeps its problem text and its gold answer (the first present is used;
# SVAMP's "Body" and "Question" are joined)
TEXT_KEYS = ("problem", "question", "Question", "text", "sQuestion", "input")
ANSWER_KEYS = ("answer", "gold_answer", "Answer", "gt_answer", "lSolutions", "final_ans")
ID_KEYS = ("id", "ID", "iIndex", "key")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "encode", help="read real word problems into problem records",
        description="Encode word problems (AddSub / SingleEq / MultiArith / SVAMP style) as "
                    "problem records in the schema `vlp generate` writes, one JSON line each; "
                    "a problem that cannot be encoded is refused on stderr with its first "
                    "unreadable sentence and the reason. With a gold answer (a JSONL line's "
                    "\"answer\"), a program whose answer differs is refused too.")
    parser.add_argument("problem", metavar="PROBLEM",
                        help="the problem text, a .txt file holding one, or a .jsonl file "
                             "with a question-like field per line")
    parser.add_argument("--answer", metavar="N", default=None,
                        help="the gold answer of a single problem")
    parser.add_argument("-o", "--output", metavar="FILE", default=None,
                        help="write the records to FILE (JSON Lines) instead of stdout")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vlp.checker.encoding import encode_record
    from vlp.output import output_file, write_atomically

    problems = list(_problems(args.problem, args.answer))
    inputs = [args.problem] if len(args.problem) < 1024 and Path(args.problem).is_file() else []
    output = output_file(args.output, inputs=inputs) if args.output else None
    lines: list[str] = []
    refused = 0
    for identifier, text, gold in problems:
        result = encode_record(text, gold_answer=gold, problem_id=identifier)
        if result.record is None:
            refused += 1
            where = f" at {result.sentence!r}" if result.sentence else ""
            print(f"vlp encode: {identifier}: refused{where}: {result.reason}", file=sys.stderr)
            continue
        lines.append(json.dumps(result.record, ensure_ascii=False, separators=(",", ":")))
    text_out = "".join(line + "\n" for line in lines)
    if output is not None:
        write_atomically(output, text_out)
    else:
        sys.stdout.write(text_out)
    if len(problems) > 1:
        print(f"vlp encode: {len(lines)} of {len(problems)} problems encoded, {refused} refused",
              file=sys.stderr)
    return 0 if lines else 1


def _problems(argument: str, answer: str | None) -> list[tuple[str, str, Any]]:
    """(id, text, gold answer) of every problem the argument gives."""
    from vlp.records import read_text_file

    path = Path(argument)
    if "\n" not in argument and len(argument) < 4096 and path.suffix in (".txt", ".jsonl") \
            and path.is_file():
        content = read_text_file(path, "problem")
        if path.suffix == ".txt":
            return [(path.stem, content.strip(), answer)]
        found = []
        for number, line in enumerate(content.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise InputError(f"not JSON: {error.msg}", f"{path}:{number}") from None
            if not isinstance(row, dict):
                raise InputError("a line holds one JSON object", f"{path}:{number}")
            text = next((row[k] for k in TEXT_KEYS if isinstance(row.get(k), str)), None)
            if isinstance(row.get("Body"), str) and isinstance(row.get("Question"), str):
                text = f"{row['Body'].strip()} {row['Question'].strip()}"
            if text is None:
                raise InputError(f"no problem text (one of {', '.join(TEXT_KEYS)})",
                                 f"{path}:{number}")
            gold = next((row[k] for k in ANSWER_KEYS if row.get(k) is not None), None)
            if isinstance(gold, list):
                gold = gold[0] if gold else None
            identifier = next((str(row[k]) for k in ID_KEYS if row.get(k) is not None),
                              f"{path.stem}-{number}")
            found.append((identifier, text, gold))
        return found
    if not argument.strip():
        raise InputError("the problem text is empty", "PROBLEM")
    return [("problem", argument.strip(), answer)]
