"""A sentence's second and further claims, for the loose reader (``reader.py``): the
items of a list of counts said with the words before its first count ("Rachel had 7 pages
of math, | 11 pages of reading ..."), a count after a setting's preposition that the
program has ("travels 60 miles per hour for 5 hours"), a count that is the subject of a
product ("So 6 packs have 14 * 6 = 84"), and a second transfer of one verb ("earned 111
from X and 34 from Y"). Each is read only where it is a theorem of the program."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from vlp.grammar.loose import Clause, Token
from vlp.kernel import Agents

from .align import ClaimPattern
from .discourse import Discourse, Lexicon
from .reader_items import LooseClaim, LooseGap
from .reader_words import LEADS, RECEIVER_VERBS, SENDER_VERBS, VERBS
from .readings import LOOSE, Reading


@attrs.frozen
class Listing:
    """A list of counts in a sentence: the words before its first count, and what it
    states (its claim's predicate)."""

    prefix: tuple[Token, ...]
    predicate: str


# words that make a clause opening with a count something other than the next item of a
# list ("3 of them red", "5 more than Ann", "2 left", "which", "each")
_NOT_LISTED = frozenset("""than more fewer less left remaining which who that them those
these each per every apiece total all""".split())


def as_list_item(clause: Clause, listing: Listing | None) -> Clause | None:
    """The clause with the list's words before it, when it is the list's next item: it
    opens with a count (past "and"), names a thing right after it, and holds no verb, no
    expression and no word that makes it more than an item; else ``None``."""
    if listing is None or clause.silent is not None:
        return None
    tokens = clause.tokens
    start = 1 if tokens[:1] and tokens[0].lower == "and" else 0
    if len(tokens) < start + 2 or tokens[start].kind != "number" or \
            tokens[start + 1].kind != "word":
        return None
    words = set(clause.words)
    if any(t.kind == "sign" or t.arithmetic is not None or t.units for t in tokens) or \
            words & (_NOT_LISTED | VERBS | SENDER_VERBS | RECEIVER_VERBS):
        return None
    return Clause((*listing.prefix, *tokens[start:]), clause.silent)


# the verbs between a count and the product it is the subject of ("6 packs have 14 * 6")
_PRODUCT_VERBS = frozenset("""have has hold holds contain contains make makes cost costs
give gives weigh weighs is are""".split())


class ListReading:
    """The part of ``SentenceReader`` that reads a sentence's further claims; the
    attributes are the reader's (set in ``SentenceReader.__init__``), ``_entity`` is
    ``MentionReading``'s."""

    lex: Lexicon
    discourse: Discourse
    _left_to_arithmetic: list[LooseClaim]

    def _listing(self, clause: Clause, items: Sequence[LooseClaim | LooseGap],
                 listing: Listing | None) -> Listing | None:
        """The list of counts a clause opens or goes on with ("Rachel had 7 pages of math
        homework, | 11 pages of ..."): the words before its first count and the predicate
        of the claim read from it, when it read nothing but theorems; else ``None``."""
        numbers = [i for i, t in enumerate(clause.tokens) if t.kind == "number"]
        claims = [i for i in items if isinstance(i, LooseClaim)]
        if not numbers or not claims or len(claims) != len(items) or not all(
                c.pattern.is_complete and self.lex.index.is_theorem(c.pattern.as_claim())
                for c in claims):
            return None
        if listing is not None and as_list_item(clause, listing) is not None:
            return listing  # the list goes on
        if numbers[0] == 0:
            return None
        return Listing(clause.tokens[:numbers[0]], claims[0].pattern.predicate)

    def _restates_list(self, items: Sequence[LooseClaim | LooseGap],
                       listing: Listing | None) -> bool:
        """Did the list's words, said again, read claims of the list's kind, all theorems
        (else the clause is read as it is)?"""
        index = self.lex.index
        return listing is not None and bool(items) and all(
            isinstance(i, LooseClaim) and i.pattern.predicate == listing.predicate and
            i.pattern.is_complete and index.is_theorem(i.pattern.as_claim()) for i in items)

    def _product_subject(self, tokens: Sequence[Token], words: tuple[str, ...],
                         position: int, following: int, resolved: list[tuple[str, str]]
                         ) -> LooseClaim | None:
        """"So 6 packs have 14 * 6 = 84": a count that opens the clause as the subject of
        the product right after its verb, of which it is an operand, restates the count
        (the corpus's convention); read where one theorem of the program counts that many
        of it, else ``None``."""
        number = tokens[position]
        product = tokens[following].arithmetic
        if number.value is None or number.arithmetic is not None or number.units or \
                product is None or number.value not in product.operands or \
                not all(w in LEADS or w == "," for w in words[:position]):
            return None
        entity, _shown, ambiguous, after = self._entity(tokens, position + 1)
        if entity is None or ambiguous or entity not in self.lex.entities or \
                after + 1 != following or words[after] not in _PRODUCT_VERBS:
            return None
        held = self.lex.index.candidates(ClaimPattern("cont", (None, number.value, entity)))
        if len(held) != 1:
            return None
        pattern = ClaimPattern.of(held[0])
        self.discourse.claims.append(held[0])
        count = LooseClaim(pattern, None, Reading(LOOSE, (words[after],), tuple(resolved)))
        self._left_to_arithmetic.append(count)
        return count

    def _unit_count(self, tokens: Sequence[Token], position: int,
                    items: Sequence[LooseClaim | LooseGap], subject: Agents | None,
                    resolved: list[tuple[str, str]]) -> list[LooseClaim]:
        """"The bus travels 60 miles per hour for 5 hours", "65 * 6 = 390 sacks in 6 days":
        a number after a setting's preposition is the count of the unit it names, of the
        owner of the claim the clause read before it (else of its subject), where the
        program has that count as a theorem; else nothing."""
        number = tokens[position]
        before = next((i.pattern for i in reversed(items) if isinstance(i, LooseClaim)), None)
        owner = before.args[0] if before is not None and before.predicate in ("cont", "rate") \
            else subject
        if not isinstance(owner, Agents) or number.value is None or \
                number.arithmetic is not None or number.units:
            return []
        entity, _shown, ambiguous, _after = self._entity(tokens, position + 1)
        if entity is None or ambiguous or entity not in self.lex.entities:
            return []
        pattern = ClaimPattern("cont", (owner, number.value, entity))
        if not self.lex.index.is_theorem(pattern.as_claim()):
            return []
        self.discourse.claims.append(pattern.as_claim())
        count = LooseClaim(pattern, None, Reading(LOOSE, (tokens[position - 1].lower,),
                                                  tuple(resolved)))
        self._left_to_arithmetic.append(count)
        return [count]

    def _two_transfers(self, first: ClaimPattern, second: ClaimPattern) -> bool:
        """Are both transfers read from one verb ("earned 111 from X and 34 from Y")
        distinct theorems of the program? Then the second number is a second transfer."""
        index = self.lex.index
        return first.is_complete and second.is_complete and first != second and \
            index.is_theorem(first.as_claim()) and index.is_theorem(second.as_claim())
