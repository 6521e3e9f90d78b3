"""A sentence's arithmetic taken from its parse is what scanning it finds: the same
expressions, in order, with the same spans, on every sentence of the test data, on
sentences built at random from numbers, signs and template words, and by the grammar's
construction (an operator or "=" is only ever part of a quantity's arithmetic)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.grammar import extract_arithmetic, parse_sentence
from vlp.grammar.sentences import grammar_text, strip_numbering
from vlp.grammar.transcript import _sentences, sentence_arithmetic

DATA = Path(__file__).parent / "data"


def _scanned(sentence: str) -> list[tuple[object, tuple[int, int] | None]]:
    return [(a, a.span) for a in extract_arithmetic(sentence)]


def _from_parse(sentence: str) -> list[tuple[object, tuple[int, int] | None]]:
    return [(a, a.span) for a in sentence_arithmetic(sentence, parse_sentence(sentence))]


def test_the_parse_gives_the_scanned_arithmetic_on_the_test_data() -> None:
    sentences: list[str] = []
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".jsonl"):
            text = path.read_text(encoding="utf-8", errors="replace").replace("\\n", "\n")
            for line in text.splitlines():
                sentences.extend(_sentences(strip_numbering(line).strip()))
    sentences = list(dict.fromkeys(sentences))
    taken = 0
    for sentence in sentences:
        assert _from_parse(sentence) == _scanned(sentence), sentence
        parsed = parse_sentence(sentence)
        taken += parsed.kind == "claims" and "=" in sentence and "," not in sentence
    assert taken > 100  # the parse's arithmetic is what most of these sentences use


_WORDS = ["Lib", "has", "have", "apples", "more", "than", "Bob", "and", "So", "in", "total",
          "combined", "the", "difference", "between", "number", "of", "is", "x", "×", "·"]
_SIGNS = ["+", "-", "*", "/", "=", "x", "×", "·", "−", "÷", ",", "."]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_WORDS), st.sampled_from(_SIGNS),
                          st.integers(0, 10**20).map(str), st.sampled_from(["١٢", "1,234"])),
                min_size=1, max_size=14),
       st.lists(st.sampled_from([" ", "", "  "]), min_size=14, max_size=14),
       st.sampled_from([".", "", "!", "?"]))
def test_the_parse_gives_the_scanned_arithmetic_on_random_sentences(parts, spaces, end) -> None:
    sentence = "".join(part + space for part, space in zip(parts, spaces, strict=False))
    sentence = sentence.strip() + end
    assert _from_parse(sentence) == _scanned(sentence), sentence


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["Lib", "So Lib", "Lib and Bob"]), st.integers(0, 999),
       st.lists(st.tuples(st.sampled_from(["+", "-", "*", "/", " + ", " - ", " x ", " × "]),
                          st.integers(0, 999)), min_size=1, max_size=4),
       st.sampled_from([" = ", "=", " =", "= "]), st.integers(0, 99999),
       st.sampled_from([" apples.", " apples", " apples in total.", " more apples than Bob."]))
def test_the_parse_gives_the_scanned_arithmetic_on_stated_sums(agents, first, rest, equals,
                                                               result, tail) -> None:
    chain = str(first) + "".join(f"{sign}{number}" for sign, number in rest)
    verb = "have" if " and " in agents else "has"
    sentence = f"{agents} {verb} {chain}{equals}{result}{tail}"
    assert _from_parse(sentence) == _scanned(sentence), sentence


def test_operators_and_equals_are_only_read_in_a_quantitys_arithmetic() -> None:
    """What ``sentence_arithmetic`` relies on, read off the grammar: ``OP`` is used by the
    ``_ops`` rule alone, "=" by the ``arithmetic`` quantity alone."""
    rules: dict[str, str] = {}
    name = None
    for line in grammar_text().splitlines():
        body = line.split("//")[0]
        if body[:1].isalpha() or body[:1] == "_":
            name, _, body = body.partition(":")
            rules[name.strip()] = ""
        if name is not None:
            rules[name.strip()] += " " + body
    uses_op = {rule for rule, body in rules.items() if " OP " in f" {body} "}
    uses_equals = {rule for rule, body in rules.items() if '"="' in body}
    assert uses_op == {"_ops"}
    assert uses_equals == {"quantity"}
    assert 'NUMBER _ops "=" NUMBER               -> arithmetic' in rules["quantity"]
    uses_ops = {rule for rule, body in rules.items() if " _ops " in f" {body} "}
    assert uses_ops == {"quantity", "_ops"}
