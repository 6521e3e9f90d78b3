"""The compiled per-shape parse programs read every sentence exactly as the LALR table does:
same value, same error (message included), whether the shape is new or seen before."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

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
    # a shape is compiled at its _COMPILE_AT-th sighting: the last pass runs only programs,
    # read by pieces (parse) and token by token (parse_tokens)
    for text in (sentences + damaged) * (_COMPILE_AT + 1):
        expected = _outcome(lambda t: parser._parse(t, None), text)
        assert _outcome(parser.parse, text) == expected, text
        assert _outcome(parser.parse_tokens, text) == expected, text
        kinds.add(expected[0])
    assert kinds >= {"value", "_NoMatch"}
    for programs in (parser.programs, parser.piece_programs):
        compiled = [p for p in programs.values() if not isinstance(p, int)]
        assert len(compiled) < len(set(sentences + damaged)) / 2  # shapes repeat
        assert len(compiled) > 100


# what the lexer's per-text shapes must get right, each said at least _COMPILE_AT + 1 times:
# an apostrophe that is a possessive only where no letter follows it, a consequence that
# spans a space, a name or an entity said twice with two values, a kernel-refused name,
# digits beyond ASCII, a question, a sign no terminal reads
_EDGE_SENTENCES = [
    "Bob's son has 5 apples.", "Bob' has 5 apples.", "Bob'x has 5 apples.",
    "Bob's son's daughter has 5 apples.", "Each of Bob's son's baskets has 5 apples.",
    "Lib has 3 more apples than Bob, so Shanna has 24 apples.",
    "Lib has 3 more apples than Bob, and so Shanna has 24 apples.",
    "Lib has 3 apples, thus Bob has 2 apples.",
    "Lib has 3 more apples than Lib.", "Lib has 3 apples more than Bob has pears.",
    "Li{b has 3 apples.", "Lib has ٣ apples.", "Lib has 2 + 1 = 3 apples.",
    "How many apples does Lib have?", "Lib has 3 apples!", "Lib has 3 apples_.",
    "So Lib and Bob have 2 + 3 = 5 apples in total.",
    "The number of red cups that Lib has more than Bob is the same as the difference between "
    "the number of cups that Ana has compared to Eve.",
    "If Lib and Bob sum up the apples that they have, what is the number of pears that they "
    "have in total?",
    # a piece of several tokens at a sentence's start, middle and end (positions in errors
    # and in arithmetic), and texts no normalization gave: other spaces, spaces in a row
    "Bob's 5+3=8 apples.", "Lib has 5+3=8 apples.", "Lib has 5 + 3 =8.", "Lib,Bob have 5 apples.",
    "Lib has  3 apples.", " Lib has 3 apples.", "Lib has 3 apples. ", "Lib has\t3 apples.",
    "Lib has 3\u00a0apples.", "", " ", "Lib has 3 apples ,so Bob has 2 apples.",
]


def test_programs_equal_the_table_on_lexer_edge_cases() -> None:
    parser = TableParser(sentence_grammar(), sentence_parser().callbacks)
    kinds = set()
    texts = [normalize_sentence(s) for s in _EDGE_SENTENCES] + _EDGE_SENTENCES
    for text in texts * (_COMPILE_AT + 1):
        expected = _outcome(lambda t: parser._parse(t, None), text)
        assert _outcome(parser.parse, text) == expected, text
        assert _outcome(parser.parse_tokens, text) == expected, text
        kinds.add(expected[0])
    assert kinds >= {"value", "_NoMatch", "_SentenceError"}


_PIECES = ["Lib", "Bob's", "Bob", "'s", "'", "has", "have", "more", "apples", "apples.", "than",
           "5", "3", "8", "+", "=", "5+3=8", "and", "so", "thus", ",", ".", "?", "Lib,", "the",
           "number", "of", "is", "difference", "between", "x", "-", "5-3", "\u00e9t\u00e9"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.sampled_from([" ", " ", " ", "", "  "])),
                min_size=1, max_size=12))
def test_programs_equal_the_table_on_random_piece_sequences(pieces) -> None:
    """Whatever pieces a text has, and however they are spaced, both ways of lexing give
    the table's value or error, once compiled too."""
    text = "".join(piece + space for piece, space in pieces).rstrip(" ") + "."
    parser = _shared_parser()
    for _ in range(_COMPILE_AT + 1):
        expected = _outcome(lambda t: parser._parse(t, None), text)
        assert _outcome(parser.parse, text) == expected, text
        assert _outcome(parser.parse_tokens, text) == expected, text


@cache
def _shared_parser() -> TableParser:  # one for every example: shapes recur across them
    return TableParser(sentence_grammar(), sentence_parser().callbacks)
