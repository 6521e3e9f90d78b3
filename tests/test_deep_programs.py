"""Programs with a long time line: proofs, frame chains and skipped-step derivations are as
deep as the number of ticks, and every walk over them is iterative (no RecursionError)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from vlp.cli import main

TICKS = 1200  # past Python's default recursion limit of 1000


def _transfers_problem(tmp_path: Path) -> tuple[Path, int]:
    sentences = ["Anna has 50000 marbles.", "Bob has 5 marbles."]
    sentences += [f"Anna then gives Bob {1 + i % 3} marbles." for i in range(TICKS)]
    sentences.append("How many marbles does Bob have?")
    path = tmp_path / "long.txt"
    path.write_text(" ".join(sentences))
    return path, 5 + sum(1 + i % 3 for i in range(TICKS))


def test_prove_a_comparison_carried_over_many_ticks(tmp_path: Path, capsys) -> None:
    program = {"axioms": ["cont({a}, 5, x, 0)", f"comp({{a}}, {{b}}, 2, x, {TICKS})"],
               "query": "cont({b}, ?, x, ?)"}
    path = tmp_path / "carried.json"
    path.write_text(json.dumps(program))
    assert main(["prove", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"answer: 3    (cont({{b}}, 3, x, {TICKS}))")
    # the cont is carried tick by tick: the tree shows every frame step down to the axiom
    assert f"cont({{a}}, 5, x, {TICKS - 1})  [rule 6]" in out
    assert "cont({a}, 5, x, 0)  [axiom]" in out


def test_prove_and_verify_many_transfers(tmp_path: Path, capsys) -> None:
    problem, answer = _transfers_problem(tmp_path)
    assert main(["prove", str(problem), "--json"]) == 0
    proved = json.loads(capsys.readouterr().out)
    assert proved["answer"] == answer
    assert proved["proof_size"] == TICKS + 4  # Bob's TICKS + 1 counts, 3 transfer claims
    # a claim stated with every step before it skipped: the skipped derivation is as deep
    # as the time line
    transcript = tmp_path / "skip.txt"
    transcript.write_text(f"Bob has 5 marbles.\nSo Bob has {answer} marbles.\n"
                          f"Therefore, the answer is {answer}.\n")
    assert main(["verify", str(problem), str(transcript), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["answer_correct"] is True


def _partitions_recursively(rest: frozenset[str], blocks: list) -> list[list]:
    """The recursive definition, as the oracle of the iterative walk."""
    if not rest:
        return [[]]
    pivot = min(rest)
    return [[candidate, *tail] for candidate in blocks
            if pivot in candidate.names and candidate.names <= rest
            for tail in _partitions_recursively(rest - candidate.names, blocks)]


def test_partitions_of_a_union_target_match_the_recursive_definition() -> None:
    from vlp.checker.chaining import _partitions
    from vlp.kernel import Agents

    rng = random.Random(0)
    for _ in range(300):
        names = [chr(97 + i) for i in range(rng.randint(1, 6))]
        blocks = sorted({Agents(frozenset(rng.sample(names, rng.randint(1, len(names)))))
                         for _ in range(rng.randint(1, 10))}, key=Agents.sorted_names)
        rest = frozenset(names)
        assert list(_partitions(rest, blocks)) == _partitions_recursively(rest, blocks)


def test_a_union_target_with_more_names_than_the_recursion_limit() -> None:
    from vlp.checker.chaining import _partitions
    from vlp.kernel import Agents

    names = [f"p{i:04d}" for i in range(TICKS)]
    singles = [Agents(frozenset({name})) for name in names]
    assert list(_partitions(frozenset(names), singles)) == [singles]
