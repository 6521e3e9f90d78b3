"""An entity phrase that fits several of the program's entities ("7 cups" where it counts
cups of flour and cups of salt), settled by the sentence itself, for the loose reader
(``reader.py``): by the words of a label before its colon ("Salt: 6 cups"), by the words
the phrase goes on with ("22 tanks for tropical fish"), or by its own arithmetic ("40 * 5 =
200 crates", the product of one entity's rate alone). Never by the discourse's topic: a
wrong entity makes a true claim false, so exactly one candidate must fit and no other
candidate's own words may occur anywhere in the sentence."""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import singular

from .align import ClaimPattern
from .discourse import Lexicon

# "tanks for tropical fish", "sacks of red plums": the words that say which of the kind
_QUALIFYING = frozenset({"for", "of", "with"})
_QUALIFIER_WORDS = 3  # how far after the preposition its words may qualify the phrase


class EntitySettling:
    """The part of ``SentenceReader`` that settles an ambiguous entity phrase; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    _sentence_words: frozenset[str]

    def _settled_entity(self, candidates: Sequence[str], said: str, words: Sequence[str],
                        verb_index: int | None, position: int, after: int,
                        arithmetic: Arithmetic | None) -> str | None:
        """The one candidate entity the clause's label, its qualifying words or its
        arithmetic names, else None (``words`` are the clause's, the number at
        ``position``, its entity phrase ``said`` ending before ``after``)."""
        entities = self.lex.index.entities
        if len(candidates) < 2 or any(c not in entities for c in candidates):
            return None  # ("18 whole seashells": words that say more than any entity)
        own = _own_words(candidates, said)
        if any(not words_of for words_of in own.values()):
            return None  # one candidate is the other with more words: nothing tells them apart
        sentence = {singular(w) for w in self._sentence_words}
        present = [c for c in candidates if own[c] & sentence]
        if len(present) > 1:
            return None  # "Rice: 9 cups, salt: 5 cups": the sentence names both
        region: set[str] = set()
        if verb_index is not None and verb_index < position and words[verb_index] == ":" and \
                all(w.isalpha() for w in words[:verb_index]):
            region.update(singular(w) for w in words[:verb_index])  # "Salt: 5 cups"
        if after < len(words) and words[after] in _QUALIFYING:
            region.update(singular(w) for w in words[after + 1:after + 1 + _QUALIFIER_WORDS])
        named = [c for c in present if own[c] & region]
        if len(named) == 1:
            return named[0]
        if present or arithmetic is None or not arithmetic.correct:
            return None
        computed = [c for c in candidates if self._computes(c, arithmetic)]
        return computed[0] if len(computed) == 1 else None

    def _computes(self, entity: str, arithmetic: Arithmetic) -> bool:
        """Does a rule instance of the program concluding a count of ``entity`` write the
        expression ("65 * 6 = 390" of one entity's rate over 6 days)?"""
        index = self.lex.index
        return any(index.writes_builtin(claim, arithmetic) for claim in index.candidates(
            ClaimPattern("cont", (None, arithmetic.result, entity))))


def _own_words(candidates: Sequence[str], said: str) -> dict[str, set[str]]:
    """Each candidate's words that the phrase said does not hold and that not every
    candidate has ("flour" of "cups of flour" beside "cups of salt", for "cups")."""
    said_words = {singular(w) for w in said.split()} | _QUALIFYING
    words = {c: {singular(w) for w in c.split()} - said_words for c in candidates}
    shared = set.intersection(*words.values())
    return {c: w - shared for c, w in words.items()}




__all__ = ["EntitySettling"]
