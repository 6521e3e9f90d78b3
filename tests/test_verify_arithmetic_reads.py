"""Arithmetic mode runs no grammar, and its reports are what reading every sentence for
claims first gave (the claims were never used there)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from vlp.checker.verify import problem_spec, verify
from vlp.grammar import sentences
from vlp.reading import transcript_reading

verify_module = importlib.import_module("vlp.checker.verify")  # the name is the function
DATA = Path(__file__).parent / "data"
TRANSCRIPTS = [DATA / "d3_llama.txt", *sorted((DATA / "transcripts").glob("*.txt"))]


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_arithmetic_mode_report_equals_the_one_read_with_the_grammar(path, monkeypatch) -> None:
    transcript = path.read_text(encoding="utf-8")
    spec = problem_spec(DATA / "d3.txt")  # problem text is read by the grammar: before counting
    verify(spec, "")
    calls = 0
    original = sentences.TableParser.parse

    def counted(self, text):  # noqa: ANN001, ANN202
        nonlocal calls
        calls += 1
        return original(self, text)

    monkeypatch.setattr(sentences.TableParser, "parse", counted)
    sentences.parse_sentence.cache_clear()
    without = verify(spec, transcript, mode="arithmetic").to_json()
    assert calls == 0
    monkeypatch.setattr(verify_module, "read_transcript", lambda text, claims=True:
                        transcript_reading.read_transcript(text, claims=True))
    with_grammar = verify(spec, transcript, mode="arithmetic").to_json()
    assert calls > 0
    assert without == with_grammar
    assert without["mode"] == "arithmetic"
    if path.name == "d3_llama.txt":  # the paper's transcript: every expression is a step
        assert len(without["steps"]) == 7
