"""A thing's price, for the loose reader's fitting of a clause to the one theorem it states
(``reader_hypotheses``).

A problem that prices things ("a pen for $3 and a pad for $7") has each priced thing as an
agent holding money: ``cont({pen}, 3, dollars)``. A sentence states a price in a few fixed
shapes, whatever its verb ("buys", "bought", "picked", "wants to buy"): "<thing> for N",
"<thing> that costs N", "the cost of <thing> is N". The clause states the thing's price
when the thing is an agent the program holds only money by and exactly one theorem of the
program gives it N of money. Anything else is no reading here: a price per thing ("for 3
each"), a comparison, a negation, a condition, a number that is worked out, a second
theorem that fits (then unparsed, naming both).
"""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.loose import Clause
from vlp.kernel import Agents, Claim

from .align import ClaimPattern, ProgramIndex
from .words import MONEY

# the words of a price right before its number, and the words between the thing and them
_PRICE_WORDS = {"for": ("",), "costs": ("that", "which", ""), "cost": ("that", "which", ""),
                "costing": ("",), "is": ("cost", "price"), "was": ("cost", "price")}
_REFUSING = frozenset("""each per every apiece more less fewer than not no never if unless
would could might should total all together altogether both twice half""".split())
_MONEY = frozenset(MONEY.values())
# the only words of doubt a price may stand in ("wants to buy a book that costs 11")
_WANTING = frozenset({"want", "wants", "wanted", "needs", "need"})


def price_number(clause: Clause) -> int | None:
    """Where the one number a price may be said with stands in the clause (a plain number
    right after a word of price, no sign, no word that makes it no price): its index, else
    ``None``, when no price is stated (asked before the agents named are looked up)."""
    words = clause.words
    numbers = [i for i, t in enumerate(clause.tokens) if t.kind == "number"]
    if len(numbers) != 1 or not _REFUSING.isdisjoint(words) or \
            any(t.kind == "sign" for t in clause.tokens):
        return None
    at = numbers[0]
    number = clause.tokens[at]
    if number.value is None or number.arithmetic is not None or at == 0 or \
            words[at - 1] not in _PRICE_WORDS:
        return None
    return at


def priced(clause: Clause, things: Sequence[tuple[int, int, Agents]], index: ProgramIndex,
           doubt: frozenset[str]) -> list[Claim]:
    """The theorems a price stated in the clause fits (one: the clause states it; several:
    the words do not choose); ``things``: (start, end, agents) of each agent named;
    ``doubt``: the clause's words of doubt or planning (only a want may hold a price)."""
    at = price_number(clause)
    if at is None or not doubt <= _WANTING:
        return []
    words = clause.words
    number = clause.tokens[at]
    following = [t for t in clause.tokens[at + 1:] if t.kind == "word"]
    if following and not (len(following) == 1 and following[0].lower in MONEY):
        return []  # "for 3 days", "for 3 more": not a price said alone
    word = words[at - 1]
    if word in ("is", "was"):  # "the cost of a jersey is 23": the thing after "of"
        thing = next((a for start, end, a in things if end == at - 1 and
                      _after_of(words, start) in _PRICE_WORDS[word]), None)
    else:  # "a jersey for 23", "a jersey that costs 23", "a jersey costing 23"
        thing = next((a for _start, end, a in things if
                      (end == at - 1 and "" in _PRICE_WORDS[word]) or
                      (end == at - 2 and words[at - 2] in _PRICE_WORDS[word])), None)
    if thing is None or not _prices_only(thing, index):
        return []
    return [c for c in index.claims_by_predicate().get("cont", ())
            if c.args[0] == thing and c.quantity == number.value and c.entity in _MONEY]


def _after_of(words: Sequence[str], start: int) -> str:
    """The word before "of" before a name, past one article ("cost of a jersey": "cost")."""
    i = start - 1
    if i >= 0 and words[i] in ("a", "an", "the"):
        i -= 1
    return words[i - 1] if i >= 1 and words[i] == "of" else ""


def _prices_only(thing: Agents, index: ProgramIndex) -> bool:
    """Does the program hold money, and nothing else, by the thing?"""
    held = {c.entity for c in index.candidates(ClaimPattern("cont", (thing, None, None)))}
    return bool(held) and held <= _MONEY
