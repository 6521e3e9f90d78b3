"""vlp.records: every reader of the project's JSON and JSON-Lines files words a bad line the
same way (``FILE:LINE: problem``), and the one resumable JSON-Lines writer resumes by keys."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vlp.batch import read_problems as read_batch_problems
from vlp.errors import InputError
from vlp.lm.runner import load_problems
from vlp.lm.store import read_results
from vlp.lm.stub_server import load_recorded
from vlp.records import JsonlWriter, read_json_file, read_jsonl
from vlp.sampler.dataset import read_problems


def _results(path: Path) -> list[Any]:
    path.rename(path.parent / "results.jsonl")
    return list(read_results(path.parent))


READERS: dict[str, Callable[[Path], Any]] = {
    "sampler.dataset.read_problems": lambda p: list(read_problems(p)),
    "lm.runner.load_problems": load_problems,
    "lm.store.read_results": _results,
    "lm.stub_server.load_recorded": lambda p: load_recorded([p]),
    "batch.read_problems": read_batch_problems,
    "records.read_jsonl": lambda p: list(read_jsonl(p, "records")),
}


@pytest.mark.parametrize("reader", READERS)
def test_every_jsonl_reader_words_a_malformed_line_alike(tmp_path: Path, reader: str) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text('\n  \n{"id": "b",\n{"id": "c"}\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        READERS[reader](path)
    assert str(caught.value) == (f"{tmp_path / 'results.jsonl' if 'results' in reader else path}"
                                 ":3: malformed JSON: Expecting property name enclosed in "
                                 "double quotes (column 12)")


@pytest.mark.parametrize("reader", READERS)
def test_every_jsonl_reader_wants_objects(tmp_path: Path, reader: str) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text('[1, 2]\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        READERS[reader](path)
    assert str(caught.value).endswith(":1: each line must be a JSON object")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    for reader in ("sampler.dataset.read_problems", "lm.runner.load_problems",
                   "batch.read_problems"):
        with pytest.raises(InputError) as caught:
            READERS[reader](tmp_path / "absent.jsonl")
        assert str(caught.value) == f"{tmp_path / 'absent.jsonl'}: no such problems file"


def test_json_files_name_their_line(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text('{\n  "model": "m",\n  oops\n}\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_json_file(path, "run")
    assert str(caught.value).startswith(f"{path}:3: malformed JSON: ")
    with pytest.raises(InputError) as caught:
        load_recorded([path])
    assert str(caught.value).startswith(f"{path}:3: malformed JSON: ")


def _key(row: dict[str, Any]) -> str:
    return str(row["id"])


def test_the_writer_resumes_by_key_and_cuts_a_partial_line(tmp_path: Path) -> None:
    path = tmp_path / "out" / "rows.jsonl"
    writer = JsonlWriter(path, _key, durable=True)
    assert list(writer.resume()) == []
    assert writer.append({"id": "a", "n": 1}) and writer.append({"id": "b", "n": 2})
    assert not writer.append({"id": "a", "n": 3})  # never twice
    with path.open("a", encoding="utf-8") as file:
        file.write('{"id": "c", "n"')  # a crash in the middle of a write
    resumed = JsonlWriter(path, _key)
    assert [r["id"] for r in resumed.resume()] == ["a", "b"]
    assert resumed.done == {"a", "b"}
    with resumed:
        assert resumed.append({"id": "c", "n": 4})
    assert [json.loads(line)["id"] for line in path.read_text().splitlines()] == ["a", "b", "c"]


def test_a_strict_resume_refuses_a_malformed_line(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text('{"id": "a"}\nnot json\n{"id": "b"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"rows.jsonl:2: malformed JSON"):
        list(JsonlWriter(path, _key).resume())


def test_a_lenient_resume_passes_over_what_it_cannot_key_and_never_rewrites(
        tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text('{"id": "a"}\nnot json\n{"n": 1}\n{"id": "b"}', encoding="utf-8")
    inode = path.stat().st_ino
    writer = JsonlWriter(path, lambda row: row.get("id"))
    assert [r["id"] for r in writer.resume(lenient=True)] == ["a", "b"]
    # the whole last row only lacked its newline: mended, and nothing else touched
    assert path.read_text() == '{"id": "a"}\nnot json\n{"n": 1}\n{"id": "b"}\n'
    assert path.stat().st_ino == inode
    assert list(writer.resume(lenient=True, restart=True)) == []
    assert path.read_text() == "" and writer.done == set()


def test_new_files_respect_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0o027)
    try:
        writer = JsonlWriter(tmp_path / "rows.jsonl", _key)
        list(writer.resume())
        writer.append({"id": "a"})
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "rows.jsonl").stat().st_mode) == 0o640
