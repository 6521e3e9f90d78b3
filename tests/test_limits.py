"""The documented limits (vlp/limits.py, README "Limits"): past them a program or transcript
is refused in one line with exit code 2, before the work that would take hours or all memory;
at them it is read."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from vlp.api import verify
from vlp.cli import main
from vlp.errors import InputError
from vlp.limits import MAX_AXIOMS, MAX_CARRIED, MAX_TIME, MAX_TRANSCRIPT_BYTES
from vlp.rewards import score_sample

DATA = Path(__file__).parent / "data"
LLAMA = (DATA / "d3_llama.txt").read_text(encoding="utf-8")


def _refused(capsys, argv: list[str], *needles: str) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "README: Limits" in err
    for needle in needles:
        assert needle in err
    return err


def _program(tmp_path: Path, axioms: list[str], query: str = "cont({b}, ?, x, ?)") -> Path:
    path = tmp_path / "program.json"
    path.write_text(json.dumps({"axioms": axioms, "query": query}))
    return path


@pytest.mark.parametrize("time_", [MAX_TIME + 1, 10**30])
def test_a_time_past_the_limit_is_refused(tmp_path: Path, capsys, time_: int) -> None:
    path = _program(tmp_path, ["cont({a}, 5, x, 0)", f"comp({{a}}, {{b}}, 2, x, {time_})"])
    _refused(capsys, ["prove", str(path)], f"{path}:1", f"{MAX_TIME:,}")
    transcript = tmp_path / "t.txt"
    transcript.write_text("B has 3 x.")
    _refused(capsys, ["verify", str(path), str(transcript)], f"{time_:,}")


def test_the_last_time_itself_is_read(tmp_path: Path, capsys) -> None:
    path = _program(tmp_path, ["cont({a}, 5, x, 0)", f"comp({{a}}, {{b}}, 2, x, {MAX_TIME})"])
    assert main(["prove", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answer"] == 3


def test_too_many_axioms_are_refused(tmp_path: Path, capsys) -> None:
    axioms = [f"cont({{p{i}}}, 5, x, 0)" for i in range(MAX_AXIOMS + 1)]
    path = _program(tmp_path, axioms, "cont({p0}, ?, x, ?)")
    _refused(capsys, ["prove", str(path)], f"{MAX_AXIOMS + 1:,} axioms", f"{MAX_AXIOMS:,}")


def test_facts_carried_over_too_many_ticks_are_refused(tmp_path: Path, capsys) -> None:
    # 60 counts carried over 10,000 ticks each: 600,000 frame copies before anything else
    axioms = [f"cont({{p{i}}}, 5, x, 0)" for i in range(60)]
    axioms.append(f"comp({{p0}}, {{b}}, 2, x, {MAX_TIME})")
    path = _program(tmp_path, axioms)
    _refused(capsys, ["prove", str(path)], "600,000", f"{MAX_CARRIED:,}")


def test_a_word_problem_with_too_many_transfers_is_refused_where_it_passes_the_limit(
        tmp_path: Path, capsys) -> None:
    sentences = ["Anna has 5 marbles."] + ["Anna then gives Bob 1 marble."] * (MAX_TIME + 5)
    path = tmp_path / "long.txt"
    path.write_text("\n".join([*sentences, "How many marbles does Bob have?"]))
    # line 2 + t states the transfer at tick t: the one at tick 10,001 is the first past the
    # limit, and the refusal names its line, not the last one
    err = _refused(capsys, ["prove", str(path)], f"time {MAX_TIME + 1:,}")
    assert f"{path}:{MAX_TIME + 3}:" in err


def test_a_problem_record_past_the_limit_is_refused_by_certify(tmp_path: Path, capsys) -> None:
    record = json.loads((DATA / "corpus" / "problems.jsonl").read_text().splitlines()[0])
    first = record["axioms"][0]
    first["atom"] = first["atom"].replace(", 0)", f", {10**30})")
    path = tmp_path / "edited.jsonl"
    path.write_text(json.dumps(record) + "\n")
    _refused(capsys, ["certify", str(path)], f"{path}:1")


def _at_the_limit() -> str:
    return LLAMA + "\n" * (MAX_TRANSCRIPT_BYTES - len(LLAMA.encode("utf-8")))


def test_a_transcript_at_the_limit_is_read_and_one_byte_more_is_refused(
        tmp_path: Path, capsys) -> None:
    exact = tmp_path / "exact.txt"
    exact.write_text(_at_the_limit(), encoding="utf-8")
    assert exact.stat().st_size == MAX_TRANSCRIPT_BYTES
    assert main(["verify", str(DATA / "d3.txt"), str(exact), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["answer_correct"] is True
    over = tmp_path / "over.txt"
    over.write_text(_at_the_limit() + "x", encoding="utf-8")
    _refused(capsys, ["verify", str(DATA / "d3.txt"), str(over)], f"{over}:",
             f"{MAX_TRANSCRIPT_BYTES:,}")


def test_a_50_mb_transcript_is_refused_by_its_size_unread(tmp_path: Path, capsys) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:
        handle.write(b"Eddie has 26 parrots.\n" * (MAX_TRANSCRIPT_BYTES // 22 + 1))
        handle.truncate(50_000_000)  # the rest a hole: nothing past the limit is read
    _refused(capsys, ["verify", str(DATA / "d3.txt"), str(big)], f"{big}:",
             f"is 50,000,000 bytes; at most {MAX_TRANSCRIPT_BYTES:,} are read")


def test_a_transcript_that_never_ends_is_refused_unread(capsys) -> None:
    # /dev/zero is no regular file: refused before a byte is read (there is no end)
    assert main(["verify", str(DATA / "d3.txt"), "/dev/zero"]) == 2
    assert capsys.readouterr().err.strip() == (
        "vlp: error: /dev/zero: is a device, not a regular file (the transcript must be one; "
        "- reads standard input)")


def test_a_long_transcript_on_standard_input_is_refused(capsys, monkeypatch) -> None:
    data = b"Eddie has 26 parrots. " * (MAX_TRANSCRIPT_BYTES // 20)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    _refused(capsys, ["verify", str(DATA / "d3.txt"), "-"], "<stdin>")


def test_the_library_and_the_reward_refuse_a_long_transcript() -> None:
    huge = "Eddie has 26 parrots. " * (5_000_000 // 22)  # 5 MB: refused by its length
    with pytest.raises(InputError, match="at most 1,000,000 are read"):
        verify(DATA / "d3.txt", huge)
    # multi-byte characters count in bytes: 333,334 of three bytes each is over the limit
    with pytest.raises(InputError, match="1,000,002 bytes"):
        verify(DATA / "d3.txt", "\u20ac" * 333_334)
    scored = score_sample(DATA / "d3.txt", huge)
    assert scored.report is None and "README: Limits" in str(scored.reason)


def test_a_program_built_in_python_is_held_to_the_limits() -> None:
    from vlp.checker.programfile import ProgramFile
    from vlp.grammar import parse_query
    from vlp.kernel import Program, cont

    axioms = (cont("a", 5, "x", 0), cont("a", 5, "x", 10**30))
    built = ProgramFile(Program(axioms), parse_query("cont({a}, ?, x, ?)"), axioms,
                        (None, None))
    with pytest.raises(InputError, match="README: Limits"):
        verify(built, "A has 5 x.")
