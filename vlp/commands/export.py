"""``vlp export``: a generated dataset as RL training data (TRL, verl, OpenRLHF).

    vlp export problems.jsonl --format parquet -o train.parquet

One row per problem, read by TRL (``prompt`` plus columns passed to the reward), verl
(``data_source``, ``prompt``, ``ability``, ``reward_model.ground_truth``, ``extra_info``)
and OpenRLHF (``--input_key prompt --label_key problem``) alike:

- ``prompt``: the paper's App. D.2 proof prompt (five fixed shortest-proof examples, then the
  problem), as chat messages (``--style chat``, default) or as one text (``completion``);
- ``problem``: the problem record, as JSON text (what the vlp reward reads);
- ``answer``, ``id``; ``data_source`` = ``vlp``, ``ability`` = ``logic``;
- ``reward_model`` = ``{"style": "rule", "ground_truth": "<answer>"}``;
- ``extra_info`` = ``{"index", "id", "problem"}`` (verl passes it to ``compute_score``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from vlp import flags
from vlp.errors import InputError
from vlp.output import OutputLock, atomic_file, output_file

FORMATS = ("parquet", "jsonl")
DATA_SOURCE = "vlp"
ABILITY = "logic"
_BATCH_ROWS = 1024  # parquet row group: memory stays flat in the dataset's size


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export", help="write a problems file as RL training data (parquet or JSON Lines)",
        description="One row per problem with the App. D.2 prompt, the problem record and the "
                    "answer, in the columns TRL, verl and OpenRLHF read.")
    parser.add_argument("problems", metavar="FILE.jsonl", type=flags.path,
                        help="generated problems")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="parquet or jsonl (default: from -o's suffix, else parquet)")
    parser.add_argument("--style", choices=("chat", "completion"), default="chat",
                        help="prompt as chat messages (default) or as one text")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", type=flags.path)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    output = output_file(args.output, inputs=[args.problems])
    chosen = args.format or ("jsonl" if output.suffix.lower() in (".jsonl", ".json")
                             else "parquet")
    rows = training_rows(Path(args.problems), style=args.style)
    with OutputLock(output), atomic_file(output, "wb" if chosen == "parquet" else "w") as sink:
        count = (_write_parquet if chosen == "parquet" else _write_jsonl)(rows, sink)
    print(f"wrote {count} rows to {output} ({chosen}, {args.style} prompts)")
    return 0


def training_rows(path: Path, *, style: str = "chat") -> Iterator[dict[str, Any]]:
    """The training row of every record of ``path``, in order."""
    from vlp.lm.prompt import PromptBuilder
    from vlp.lm.runner import problem_text
    from vlp.records import read_jsonl, record_id
    from vlp.validate import check_loose_problem

    builder = PromptBuilder()
    index = 0
    for number, record in read_jsonl(path, "problems"):
        location = f"{path}:{number}"
        check_loose_problem(record, location)
        text = problem_text(record)
        if not text:
            raise InputError("the record has no problem text (\"text\")", location)
        answer = record.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool):
            raise InputError("the record has no whole-number \"answer\"", location)
        prompt: Any = (builder.chat_proof_prompt(text).as_openai() if style == "chat"
                       else builder.completion_proof_prompt(text))
        identifier = record_id(record) or str(number)
        problem = json.dumps(record, ensure_ascii=False)
        yield {"prompt": prompt, "problem": problem, "answer": answer, "id": identifier,
               "data_source": DATA_SOURCE, "ability": ABILITY,
               "reward_model": {"style": "rule", "ground_truth": str(answer)},
               "extra_info": {"index": index, "id": identifier, "problem": problem}}
        index += 1


def _write_jsonl(rows: Iterator[dict[str, Any]], sink: IO[str]) -> int:
    count = 0
    for row in rows:
        sink.write(json.dumps(row, ensure_ascii=False) + "\n")
        count += 1
    return count


def _schema(chat: bool) -> Any:
    import pyarrow as pa

    prompt = (pa.list_(pa.struct([("role", pa.string()), ("content", pa.string())]))
              if chat else pa.string())
    return pa.schema([
        ("prompt", prompt), ("problem", pa.string()), ("answer", pa.int64()),
        ("id", pa.string()), ("data_source", pa.string()), ("ability", pa.string()),
        ("reward_model", pa.struct([("style", pa.string()), ("ground_truth", pa.string())])),
        ("extra_info", pa.struct([("index", pa.int64()), ("id", pa.string()),
                                  ("problem", pa.string())])),
    ])


def _write_parquet(rows: Iterator[dict[str, Any]], sink: IO[bytes]) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("parquet needs pyarrow: pip install 'vlp[train]' (or use "
                         "--format jsonl)") from None
    count = 0
    writer = None
    batch: list[dict[str, Any]] = []
    try:
        for row in rows:
            if writer is None:
                writer = pq.ParquetWriter(sink, _schema(isinstance(row["prompt"], list)))
            batch.append(row)
            if len(batch) >= _BATCH_ROWS:
                writer.write_table(pa.Table.from_pylist(batch, schema=writer.schema))
                count += len(batch)
                batch = []
        if writer is None:
            writer = pq.ParquetWriter(sink, _schema(True))
        if batch:
            writer.write_table(pa.Table.from_pylist(batch, schema=writer.schema))
            count += len(batch)
    finally:
        if writer is not None:
            writer.close()
    return count
