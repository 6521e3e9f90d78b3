"""Symbolic baseline reasoners: forward chaining written out as verbalized transcripts."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from vlp.cli import main
from vlp.lm.baselines import baseline_transcript
from vlp.lm.prompt import join_transcript
from vlp.lm.scoring import VerifyScorer
from vlp.lm.store import read_results

D3 = Path(__file__).parent / "data" / "recorded" / "problems" / "paper_d3.jsonl"


@pytest.fixture(scope="module")
def d3() -> dict:
    return json.loads(D3.read_text().splitlines()[0])


def _score(strategy: str, problem: dict) -> dict:
    proof, answer = baseline_transcript(strategy, problem)
    return VerifyScorer()(problem, join_transcript(proof, str(answer)), str(answer))


def test_shortest_writes_the_papers_ten_step_proof(d3: dict) -> None:
    proof, answer = baseline_transcript("shortest", d3)
    assert answer == 26 and len(proof.splitlines()) == 10
    assert proof.splitlines()[2] == "3. So Pieter has 20 - 6 = 14 parrots."
    score = _score("shortest", d3)
    assert score["exact_match"] and score["efficiency"] == 1.0 and score["answer_correct"]


def test_search_baselines_pay_for_irrelevant_theorems(d3: dict) -> None:
    scores = {s: _score(s, d3) for s in ("dfs", "bfs", "overlap")}
    for score in scores.values():
        assert score["answer_correct"] and score["recall"] == 1.0
        assert score["false_claims"] == 0 and score["unparsed_steps"] == 0
        assert score["efficiency"] < 1.0
    # lexical overlap with the question skips the keys, packets and crayons (paper App. D.3)
    assert scores["overlap"]["efficiency"] > scores["bfs"]["efficiency"]
    assert "keys" not in baseline_transcript("overlap", d3)[0]


def test_bfs_verbalizes_every_pop_up_to_the_goal(d3: dict) -> None:
    proof, _ = baseline_transcript("bfs", d3)
    lines = proof.splitlines()
    assert len(lines) == len(set(lines))  # no claim said twice
    assert lines[-1].endswith("So Eddie has 29 - 3 = 26 parrots.")
    # a queue pops all twelve axioms (presentation order) before any derived theorem
    assert all(not line.split(". ", 1)[1].startswith("So ") for line in lines[:12])


def test_baselines_run_as_models_without_network_or_keys(d3: dict, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(variable, raising=False)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["evaluate", "--model", "baseline:overlap", "--data", str(D3), "-o",
                     str(tmp_path / "run"), "--quiet", "--no-cache"]) == 0
    (record,) = read_results(tmp_path / "run")
    assert record["model"] == "baseline:overlap" and record["score"]["answer_correct"]
    assert record["usage"]["input_tokens"] == 0


def test_search_baselines_are_at_distance_zero_from_their_own_order(d3: dict) -> None:
    """App. D.4: a reasoner that *is* DFS (BFS) forward chaining has search-order distance 0
    to the DFS (BFS) reference, and the shortest proof is at distance 0 to itself."""
    orders = {s: _score(s, d3)["search_order"] for s in ("dfs", "bfs", "shortest")}
    assert orders["dfs"]["distance_dfs"] == 0.0 < orders["dfs"]["distance_bfs"]
    assert orders["bfs"]["distance_bfs"] == 0.0 < orders["bfs"]["distance_dfs"]
    assert orders["shortest"]["distance_shortest_proof"] == 0.0
