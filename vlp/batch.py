"""``verify-proof --batch``: stream transcripts through the verifier, one report line each.

Memory stays flat in the number of transcripts: the transcripts file is read line by line,
each report is written (and flushed) as it arrives and the summary is accumulated, so only
the problems and the keys already reported are held. ``workers``, ``timeout`` and ``ray``
choose how lines are verified, never what is written: the report file has the same bytes
for any of them (a timed-out transcript gets an error row with ``"error": "timeout"``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.output import changed_settings, file_digest, write_atomically
from vlp.records import (
    JsonlWriter,
    check_input_file,
    iter_jsonl,
    read_json_file,
    read_jsonl,
    record_id,
    transcript_of,
)
from vlp.validate import TRANSCRIPT_FIELDS, check_loose_problem, record_problem


class MissingProblem(InputError):
    pass


@attrs.frozen
class Row:
    """One report line, and what the summary and a reward need from it."""

    line: str
    summary: dict[str, Any]
    report: Any = None  # the Report (None for an error row)
    reason: str | None = None  # the error of an error row


@attrs.frozen
class Entry:
    key: str  # "ID#occurrence": unique within the transcripts file
    problem_id: str
    transcript: str | None
    answer: str | None
    error: str | None = None  # a malformed line
    location: str | None = None


@attrs.frozen
class RowTask:
    """Verify an :class:`Entry` against its problem record; build its report line."""

    mode: str = "auto"
    problems_path: str = "problems"
    strict: bool = False

    def prepare(self, payload: Any) -> Any:
        from vlp.checker.verify import problem_spec

        if payload is None:
            raise MissingProblem("no problem with this id")
        record, location = payload
        return problem_spec(record, source=location)

    def run(self, prepared: Any, entry: Entry) -> Row:
        from vlp.checker.verify import verify

        if entry.error is not None:
            raise InputError(entry.error, entry.location)
        if isinstance(prepared, MissingProblem):
            raise InputError(f"no problem with id {entry.problem_id!r} in {self.problems_path}")
        if entry.transcript is None:
            raise InputError("the record has no transcript (expected \"transcript\")")
        if isinstance(prepared, Exception):
            raise prepared
        report = verify(prepared, entry.transcript, mode=self.mode, strict=self.strict,
                        answer=entry.answer)
        row = {"key": entry.key, **report.to_json()}
        return Row(json.dumps(row, ensure_ascii=False), _summary_fields(row), report)

    def shipped(self, row: Row) -> Row:
        """A worker's row for the parent, which writes the line and the summary: the
        report object stays behind (pickling it cost ~0.4 ms a row)."""
        return attrs.evolve(row, report=None) if row.report is not None else row

    def failure(self, entry: Entry, reason: str) -> Row:
        row = {"key": entry.key, "problem_id": entry.problem_id, "error": reason}
        return Row(json.dumps(row, ensure_ascii=False), {"error": reason}, None, reason)


def _summary_fields(row: dict[str, Any]) -> dict[str, Any]:
    from vlp.checker.report import SUMMARY_FIELDS

    names = ("answer_correct", "exact_match", "false_claims", "unparsed_steps", *SUMMARY_FIELDS)
    return {name: row.get(name) for name in names if name in row}


def read_problems(path: Path) -> dict[str, tuple[dict[str, Any], str]]:
    """The problems by id (else line number), each record checked against the schema."""
    problems = {}
    for number, record in read_jsonl(path, "problems"):
        check_loose_problem(record, f"{path}:{number}")
        problems[record_id(record) or str(number)] = (record, f"{path}:{number}")
    return problems


def entries(transcripts_path: Path, done: set[str]) -> Iterator[Entry]:
    """Every transcript line not yet reported, as an :class:`Entry`."""
    seen: dict[str, int] = {}
    for number, record, error in iter_jsonl(transcripts_path, "transcripts"):
        location = f"{transcripts_path}:{number}"
        identifier = (record_id(record) if record is not None else None) or f"line {number}"
        occurrence = seen.get(identifier, 0)
        seen[identifier] = occurrence + 1
        key = f"{identifier}#{occurrence}"
        if key in done:
            continue
        if record is None:
            yield Entry(key, identifier, None, None, error, location)
            continue
        wrong = record_problem(record, TRANSCRIPT_FIELDS)
        if wrong is not None:
            yield Entry(key, identifier, None, None, wrong[1], f"{location}:{wrong[0]}")
            continue
        transcript, answer = transcript_of(record)
        yield Entry(key, identifier, transcript,
                    str(answer) if isinstance(answer, (int, str)) else None)


def report_key(row: dict[str, Any]) -> str | None:
    key = row.get("key")
    return key if isinstance(key, str) else None


def inputs_path(output: Path) -> Path:
    """Where a report records the inputs and settings its rows were computed from."""
    return output.with_name(output.name + ".inputs.json")


def batch_inputs(problems: Path, transcripts: Path, *, mode: str, strict: bool,
                 ) -> dict[str, Any]:
    """What the report's rows depend on: both files' bytes and the reading settings (not
    ``workers``, ``timeout`` or ``ray``, which never change a row)."""
    digests = {}
    for name, path in (("problems", problems), ("transcripts", transcripts)):
        check_input_file(path, name)  # a FIFO or a device would block or never end
        try:
            digests[f"{name}_sha256"] = file_digest(path)
        except OSError as error:
            raise InputError(f"cannot read the {name}: {error.strerror}", str(path)) from None
    return {**digests, "mode": mode, "strict": strict}


def resume(output: Path, restart: bool, inputs: dict[str, Any] | None = None,
           ) -> tuple[JsonlWriter, Any]:
    """The report's writer, the keys ``output`` already reports noted, and a summary
    primed with them. Nothing already written is rewritten (a last line cut off by an
    interrupted run is cut). A report of other ``inputs`` (its ``.inputs.json``) is
    refused unless ``restart``: resuming it would mix rows of two runs."""
    from vlp.checker.report import SummaryBuilder

    if inputs is not None:
        recorded_path = inputs_path(output)
        if not restart and _has_rows(output) and not recorded_path.exists():
            # rows without the record of what they were computed from are no report this
            # command wrote (an unrelated file, or one whose record was removed): resuming
            # would trust them as finished work and never check the transcripts
            raise InputError(
                f"exists but has no record of its inputs ({recorded_path.name}), so its "
                "rows cannot be resumed; --restart to overwrite it, or choose another -o",
                f"-o {output}")
        if not restart and output.exists() and recorded_path.exists():
            recorded = read_json_file(recorded_path, "report inputs")
            changed = changed_settings(recorded if isinstance(recorded, dict) else {}, inputs)
            if changed:
                raise InputError(
                    f"reports other inputs or settings ({', '.join(changed)} changed); "
                    "rerun with the same ones, --restart to start over, or choose another -o",
                    f"-o {output}")
        write_atomically(recorded_path, json.dumps(inputs, indent=2, sort_keys=True) + "\n")
    summary = SummaryBuilder()
    writer = JsonlWriter(output, report_key, what="report")
    for row in writer.resume(lenient=True, restart=restart):
        summary.add(row)
    return writer, summary


def _has_rows(path: Path) -> bool:
    """Whether ``path`` exists holding anything but whitespace (an empty file is no report
    yet: writing into it loses nothing)."""
    try:
        with path.open("rb") as handle:
            return any(block.strip() for block in iter(lambda: handle.read(1 << 16), b""))
    except FileNotFoundError:
        return False
    except OSError as error:
        raise InputError(f"cannot read the report: {error.strerror}", f"-o {path}") from None


def count_lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.strip())
