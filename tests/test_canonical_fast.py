"""The direct canonical-atom reader agrees with the Lark grammar on every input it accepts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.grammar.canonical import CanonicalSyntaxError, _parser, _read_directly, parse_query


def _lark(text: str) -> object:
    try:
        return _parser().parse(text)
    except Exception:  # any failure: the direct reader must not accept the text either
        return None


PIECES = ["cont", "comp", "transfer", "rate", "compeq", "(", ")", "{", "}", ",", ", ", "?",
          " ", "\t", "\n", "0", "7", "12", "alice", "Bob", "o'neil", "x.y", "red apples",
          "a-b", "_x", "é", "’s", "3d", "-1", "cont(", "{alice, bob}"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16))
def test_direct_reader_agrees_with_lark_on_piece_soup(pieces: list[str]) -> None:
    text = "".join(pieces)
    direct = _read_directly(text)
    if direct is not None:
        assert direct == _lark(text), text


ATOMS = [
    "cont({eddie}, ?, parrots, ?)",
    "comp({Alice , bob}, {carl}, 3, red  apples, 0)",
    " cont( {x} ,1,y,2 ) ",
    "rate({freeman}, 4, glue sticks, backpacks, 1)",
    "compeq({a}, {b}, {c}, {d}, e, 0)",
    "transfer({pieter}, {yorgos}, 6, parrots, 0)",
    "cont({bernhard's son}, 2, toy cars, 3)",
    "cont({cont}, 1, comp, 0)",
    "cont({a},\n 1, b, 0)",
]


@pytest.mark.parametrize("text", ATOMS)
def test_direct_reader_reads_well_formed_atoms_like_lark(text: str) -> None:
    direct = _read_directly(text)
    assert direct is not None
    assert direct == _lark(text)


@pytest.mark.parametrize("text", ["cont({a},1,b,2)x", "cont({a}, -1, b, 0)", "cont({}, 1, b, 0)",
                                  "cont({a}, 1, b)", "cont({a}, 1, B, 0", "conts({a}, 1, b, 0)"])
def test_bad_atoms_keep_the_grammar_error(text: str) -> None:
    assert _read_directly(text) is None
    with pytest.raises(CanonicalSyntaxError):
        parse_query(text)
