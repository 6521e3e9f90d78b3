"""One price, wage or per-item amount for every item of several kinds: whose rate a sentence
states, of one kind or of the lot (the union of the kinds), for the loose reader's readings
(``checker/verify.py`` settles each sentence's items here before judging them).

Where the program gives one amount per item for several kinds ("decks for 7 dollars each",
bought by Frank and by his friend), it has the rate of each kind and of the lot, all from the
same sentence. A sentence that restates the amount (read as every one of them, as the lot's
alone, or left open between them with the candidates named) states:

- **each kind's** rate where each is said per its own item ("each chair took 6 minutes and
  each table 6");
- the **lot's** rate when it is tied to no one kind ("Each deck cost 7 dollars.", "Price per
  flower: 6 dollars."), or when its own numbers are the lot's ("(3 + 2) x 7 = 35", "5 x 7"
  after the kinds' sum) or those of two kinds or more ("2 x 4 = 8 of one and 5 x 4 = 20 of
  the other");
- **one kind's** rate when the sentence is tied to that kind alone: its own numbers are that
  kind's count or product and no other's ("..., so he gets 5 x 5 = 25 liters in the
  morning"), a setting names that kind and no other ("On Monday, ..."), or it stands inside
  that kind's own account: the sentence before it is about that kind alone (its count, its
  name) and the one after it names that kind alone or holds its product and no other kind's
  or the lot's numbers. A lot's rate read alone is kept where its words name several kinds.

A rate said inside a product ("6 country albums x 9 songs per album = 54") is that of the
kind (or the lot) whose count it multiplies and whose words it carries. Only where the
program has the lot's rate; otherwise the readings are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from vlp.grammar.inflect import singular
from vlp.kernel import Agents, Claim

from .align import ClaimPattern, ProgramIndex
from .reader_items import LooseClaim, LooseGap
from .readings import LOOSE, Reading

_NUMBER_RE = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?!\d|[.,]\d)")
# words before a kind's name that make it the setting of the sentence ("On Monday",
# "in the morning", "on the second level", "of math homework", "for the pop albums")
_SETTING = r"(?:on|in|at|for|during|from|of)(?: the| her| his| their)?"
_RateKey = tuple[int, str, str]  # (amount, entity, per what)
_GROUP_WORDS = frozenset({"both", "they", "them", "their", "together", "all", "altogether",
                          "combined", "total"})
# "6 country albums x 9 songs per album", "5 (quarters) x 3 (coins per pile)": a count times
# an amount per item, each operand with its words
_PRODUCT_RE = re.compile(r"(?<![\d.,])(?P<count>\d+)(?P<items>(?:\s*\(?[a-z][a-z' ]*\)?)?)\s*"
                         r"(?:x|\*|×|times)\s*(?P<amount>\d+)\s*\(?(?P<unit>[a-z][a-z' ]*)\)?",
                         re.IGNORECASE)
# how a rate said inside a product is read ("x 9 spoons per jar")
PRODUCT_RATE = Reading(LOOSE, ("x", "per"), ())
_PER_ITEM = re.compile(r"\b(?:per|each|every|a|an)\s+([a-z]+)\s*$")


def _words(text: str) -> set[str]:
    return {singular(w) for w in re.findall(r"[a-z]+", text.lower())}


def _names(kind: Agents, words: set[str]) -> bool:
    return all(set(_words(name)) <= words for name in kind.names)


def _numbers(text: str) -> set[int]:
    return {int(m.group(0).replace(",", "")) for m in _NUMBER_RE.finditer(text)}


def _counts(index: ProgramIndex, owner: Agents, container: str) -> set[int]:
    """The counts of ``container`` the program proves of ``owner``, at any time."""
    return {c.quantity for c in index.candidates(ClaimPattern("cont", (owner, None, container)))
            if isinstance(c.quantity, int)}


class _Lot:
    """The kinds of one rate and their lot, with the numbers that tie a sentence to each."""

    def __init__(self, index: ProgramIndex, key: _RateKey, kinds: Sequence[Agents],
                 lot: Agents):
        self.amount, self.entity, self.container = key
        self.kinds = kinds
        self.lot = lot
        counts = {k: _counts(index, k, self.container) for k in kinds}
        products = {k: {n * self.amount for n in v} for k, v in counts.items()}
        self.products = products
        self.counts = counts
        # the words of a kind's name no other kind's name has ("red" of red packs)
        words = {k: {w for w in _words(" ".join(k.names)) if len(w) > 1} for k in kinds}
        self.own_words = {k: words[k] - set().union(*(v for o, v in words.items() if o != k))
                          for k in kinds}
        # a number ties a sentence to a kind only where no other kind has it ("5 piles" of
        # quarters and of dimes: 5 and 15 name neither)
        self.count = {k: counts[k] - _others(counts, k) for k in kinds}
        self.product = {k: products[k] - _others(products, k) - _others(counts, k)
                        for k in kinds}
        lot_counts = self.lot_counts = _counts(index, lot, self.container)
        # the lot's count ("8 + 2 = 10 questions") or product ("10 x 8 = 80")
        self.lot_numbers = lot_counts | {n * self.amount for n in lot_counts}

    def stated_in_products(self, text: str) -> list[Agents]:
        """The owners whose rate ``text`` states inside their product: "6 country albums x
        9 songs per album" (the count is the kind's, its words or the line's label name it
        and no other kind, and the amount is said per item), "8 albums x 9 songs per album"
        after the kinds' sum (the lot's count: the lot's rate)."""
        label = text.split(":", 1)[0] if ":" in text else text.split("=", 1)[0]
        label_words = _words(label) if not _NUMBER_RE.search(label) else set()
        entity = _words(self.entity.split()[-1])
        owners: list[Agents] = []
        for found in _PRODUCT_RE.finditer(text):
            unit = found.group("unit").lower()
            per = _PER_ITEM.search(unit)
            if int(found.group("amount")) != self.amount or per is None or \
                    not entity <= _words(unit[:per.start()]):
                continue
            count = int(found.group("count"))
            words = _words(found.group("items")) | label_words
            per_item = singular(per.group(1))
            fitting = [k for k in self.kinds if count in self.counts[k] and (
                _names(k, words) or count not in _others(self.counts, k))]
            named = [k for k in fitting if _names(k, words)]
            fitting = named or fitting
            if len(fitting) == 1 and per_item in (
                    singular(self.container.split()[-1]), *_words(" ".join(fitting[0].names))):
                owners.append(fitting[0])
            elif not fitting and count in self.lot_counts and not any(
                    _names(k, words) for k in self.kinds) and \
                    per_item == singular(self.container.split()[-1]):
                owners.append(self.lot)
        return owners

    def rate(self, owner: Agents) -> ClaimPattern:
        return ClaimPattern("rate", (owner, self.amount, self.entity, self.container))

    def _tied(self, text: str, numbers: set[int]) -> set[Agents]:
        return {k for k in self.kinds if (self.count[k] | self.product[k]) & numbers
                or _set_in(text, k)}

    def _named(self, text: str) -> set[Agents]:
        """The kinds a sentence names: by its setting, or by a word of one kind's name
        ("Maggie bought 4 packs of red balls.")."""
        words = _words(text)
        return {k for k in self.kinds if self.own_words[k] & words or _set_in(text, k)}

    def _about(self, text: str) -> set[Agents]:
        """The kinds a neighbouring sentence is about: its numbers or its names."""
        return self._tied(text, _numbers(text) - {self.amount}) | self._named(text)

    def owners(self, text: str, previous: tuple[str, Sequence[Claim]], following: str
               ) -> list[Agents]:
        """Whose rates the sentence ``text`` states, between ``previous`` (the sentence
        before it and the claims read there) and ``following`` (the sentence after it)."""
        each = [k for k in self.kinds if any(
            re.search(rf"\b(?:each|every|per) {re.escape(w)}\b", text.lower())
            for w in self.own_words[k])]
        if each:  # "each chair took 6 minutes and each table 6": each kind its own rate
            return each
        numbers = _numbers(text) - {self.amount}
        if self.lot_numbers & numbers:
            return [self.lot]
        tied = self._tied(text, numbers)
        if tied:
            return list(tied) if len(tied) == 1 else [self.lot]
        # inside one kind's own account: about it alone just before, and just after (its
        # product, or its name), with no other kind's or the lot's numbers
        before_text, before_claims = previous
        before = {c.agent_sets[0] for c in before_claims
                  if c.agent_sets and c.entity == self.container} | self._about(before_text)
        if len(before) != 1 or self.lot_numbers & (_numbers(before_text) - {self.amount}):
            return [self.lot]
        kind = next(iter(before))
        after = _numbers(following) - {self.amount}
        named = self._named(following)
        if kind not in self.kinds or self.lot_numbers & after:
            return [self.lot]
        if named == {kind} or not named and self.products[kind] & after and \
                self._tied(following, after) <= {kind}:
            # "... = 480 on Thursday": the name decides where a number is another's too
            return [kind]
        return [self.lot]


def _others(numbers: dict[Agents, set[int]], kind: Agents) -> set[int]:
    return set().union(*(v for k, v in numbers.items() if k != kind))


def _set_in(text: str, kind: Agents) -> bool:
    """The sentence's setting names ``kind`` ("On Monday, ...", "in the first half")."""
    lowered = text.lower()
    return all(re.search(rf"\b{_SETTING} {re.escape(name)}\b", lowered) is not None
               for name in kind.names)


def _lot_of(index: ProgramIndex, key: _RateKey, owners: Iterable[Agents]
            ) -> tuple[list[Agents], Agents] | None:
    """The kinds and the lot of a rate read of several owners (disjoint kinds, and maybe
    their union), where the program proves the lot's rate; else ``None``."""
    distinct = sorted(set(owners), key=lambda a: (len(a), a.sorted_names()))
    kinds = distinct
    if len(distinct) > 2 and distinct[-1] == distinct[0].union(distinct[1:-1]):
        kinds = distinct[:-1]
    if len(kinds) < 2 or any(not a.isdisjoint(b) for i, a in enumerate(kinds)
                             for b in kinds[i + 1:]):
        return None
    lot = kinds[0].union(kinds[1:])
    amount, entity, container = key
    if not index.is_theorem(Claim("rate", (lot, amount, entity, container))):
        return None
    return kinds, lot


def _key(item: Any) -> _RateKey | None:
    if not isinstance(item, LooseClaim) or item.pattern.predicate != "rate" or \
            not item.pattern.is_complete:
        return None
    _owner, amount, entity, container = item.pattern.args
    return amount, entity, container


def _program_lots(index: ProgramIndex) -> list[tuple[_RateKey, list[Agents], Agents]]:
    """Every rate of the program of one amount for several kinds and for their lot."""
    owners: dict[_RateKey, list[Agents]] = {}
    for claim in index.claims_by_predicate().get("rate", ()):
        owner, amount, entity, container = claim.args
        owners.setdefault((amount, entity, container), []).append(owner)
    return [(key, *found) for key, said in owners.items()
            if (found := _lot_of(index, key, said)) is not None]


def _names_the_lot(text: str, kinds: Sequence[Agents]) -> bool:
    """The sentence says the amount of several kinds at once: a word of a group ("both",
    "they", "together") or the names of two kinds ("Frank and his friend")."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & _GROUP_WORDS:
        return True
    named = [k for k in kinds if any(re.search(rf"\b{re.escape(n)}\b", text.lower())
                                     for n in k.names)]
    own = [k for k in kinds if k not in named and any(
        set(_words(n)) - set().union(*(_words(m) for o in kinds if o != k for m in o.names))
        & _words(text) for n in k.names)]
    return len(named) + len(own) > 1


def _gap_key(item: Any) -> _RateKey | None:
    """The rate a gap leaves open between several owners of one amount per one thing
    ("reads as rate(?, 10, balls, ?), which fits several theorems: ..."), else ``None``."""
    if not isinstance(item, LooseGap) or not item.candidates or any(
            c.predicate != "rate" for c in item.candidates):
        return None
    keys = {(c.quantity, c.entity, c.args[3]) for c in item.candidates}
    return next(iter(keys)) if len(keys) == 1 else None


def _may_be_product(text: str) -> bool:
    """Could ``_PRODUCT_RE`` match: a sign of a product ("x", "*", "×", "times") in it?
    (The cheap test before the regex, which most sentences fail.)"""
    lowered = text.lower()
    return "x" in lowered or "*" in text or "×" in text or "times" in lowered


def settle_lot_rates(items: Sequence[Any], index: ProgramIndex, text: str,
                     previous: tuple[str, Sequence[Claim]], following: str) -> list[Any]:
    """``items`` (a sentence's loose readings) with every rate read of several kinds of one
    amount settled to the one rate the sentence states, a kind's or the lot's, and the
    rates it states inside a kind's or the lot's product added (module doc)."""
    owners: dict[_RateKey, list[Agents]] = {}
    for item in items:
        key = _key(item)
        if key is not None:
            owners.setdefault(key, []).append(item.pattern.args[0])
    gaps = {id(item): key for item in items if (key := _gap_key(item)) is not None}
    for item in items:
        if id(item) in gaps:
            owners.setdefault(gaps[id(item)], []).extend(c.args[0] for c in item.candidates)
    chosen: dict[_RateKey, list[ClaimPattern]] = {}
    for key, said in owners.items():
        found = _lot_of(index, key, said)
        if found is None and len(set(said)) == 1 and len(said[0]) > 1:
            # the lot's rate read alone ("There were 10 balls in each package"): the kinds'
            # account around it may still tie it to one kind, unless its words name the lot
            found = next(((kinds, union) for other, kinds, union in _program_lots(index)
                          if other == key and union == said[0]), None)
            if found is not None and _names_the_lot(text, found[0]):
                found = None
        if found is not None:
            lot = _Lot(index, key, *found)
            chosen[key] = [lot.rate(o) for o in lot.owners(text, previous, following)]
    stated: list[ClaimPattern] = []
    if _may_be_product(text) and _PRODUCT_RE.search(text):
        for key, kinds, union in _program_lots(index):
            lot = _Lot(index, key, kinds, union)
            stated += [lot.rate(owner) for owner in lot.stated_in_products(text)]
    if not chosen and not stated:
        return list(items)
    settled: list[Any] = []
    done: set[_RateKey] = set()
    for item in items:
        key = _key(item) or gaps.get(id(item))
        if key is None or key not in chosen:
            settled.append(item)
        elif key not in done:
            done.add(key)
            settled += [LooseClaim(pattern, getattr(item, "arithmetic", None), item.reading)
                        for pattern in chosen[key]]
    read = {i.pattern for i in settled if isinstance(i, LooseClaim)}
    for pattern in dict.fromkeys(stated):
        if pattern not in read:
            settled.insert(0, LooseClaim(pattern, None, PRODUCT_RATE))
    return settled


__all__ = ["PRODUCT_RATE", "settle_lot_rates"]
