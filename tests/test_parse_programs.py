"""The compiled per-shape parse programs read every sentence exactly as the LALR table does:
same value, same error (message included), whether the shape is new or seen before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from vlp.grammar.sentences import (
    _COMPILE_AT,
    TableParser,
    _NoMatch,
    _SentenceError,
    normalize_sentence,
    sentence_grammar,
    sentence_parser,
    strip_numbering,
)
from vlp.grammar.transcript import _sentences

DATA = Path(__file__).parent / "data"


def _corpus_sentences() -> list[str]:
    found: list[str] = []
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".jsonl"):
            text = path.read_text(encoding="utf-8", errors="replace").replace("\\n", "\n")
            for line in text.splitlines():
                for sentence in _sentences(strip_numbering(line).strip()):
                    found.append(normalize_sentence(strip_numbering(sentence)))
    return list(dict.fromkeys(found))


def _outcome(parse: Any, text: str) -> tuple[str, str]:
    try:
        return "value", repr(parse(text))
    except (_NoMatch, _SentenceError, ValueError) as error:
        return type(error).__name__, str(error)


def test_programs_equal_the_table_on_the_corpus_and_on_damaged_sentences() -> None:
    sentences = _corpus_sentences()
    assert len(sentences) > 1000
    rng = random.Random(0)
    damaged = []
    for text in sentences[:1500]:  # words dropped or repeated: the table's refusals
        words = text.split()
        position = rng.randrange(len(words))
        damaged.append(" ".join(words[:position] + words[position + 1:]))
        damaged.append(" ".join(words[:position] + [words[position]] + words[position:]))
    parser = TableParser(sentence_grammar(), sentence_parser().callbacks)
    kinds = set()
    # a shape is compiled at its _COMPILE_AT-th sighting: the last pass runs only programs
    for text in (sentences + damaged) * (_COMPILE_AT + 1):
        expected = _outcome(lambda t: parser._parse(t, None), text)
        assert _outcome(parser.parse, text) == expected, text
        kinds.add(expected[0])
    assert kinds >= {"value", "_NoMatch"}
    compiled = [p for p in parser.programs.values() if not isinstance(p, int)]
    assert len(compiled) < len(set(sentences + damaged)) / 2  # shapes repeat
    assert len(compiled) > 100
