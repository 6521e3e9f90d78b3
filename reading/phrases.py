"""Phrases after a clause's counts: places ("in the drawer"), counterparties ("to Jason",
"from the store"), comparisons ("5 more than Tom"), rates and prices ("per box", "for 6
dollars each"), and the check that nothing read is left over."""

from __future__ import annotations

from .clauses import Context, Count, Unreadable, agents_at, counts_at, is_name
from .facts import Facts
from .words import LESS, MORE, PERSONAL_CONTAINERS, Token


def comparison_at(clause: list[Token], end: int, counts: list[Count], context: Context
                ) -> tuple[bool, tuple[str, ...], int] | None:
    """(more?, the agents compared with, where the phrase ends) for "5 more apples than
    Tom", "5 apples fewer than Tom"; ``None`` without "than"."""
    lowered = [t.lower for t in clause]
    if "than" not in lowered[end - 3 if end >= 3 else 0:]:
        return None
    window = lowered[:end + 2]
    more = any(w in MORE for w in window)
    fewer = any(w in LESS for w in window)
    if len(counts) > 1 and all(c.direction for c in counts):
        more, fewer = True, False  # each count's own side: "6 fewer peaches and 8 more apples"
    if more == fewer:
        raise Unreadable("no reading of the comparison in "
                         f"'{' '.join(t.text for t in clause)}'")
    at = lowered.index("than", max(end - 3, 0))
    if any(t.number is not None for t in clause[end:at]):  # "19 more push-ups but 27 ..."
        raise Unreadable("no reading of the comparison in "
                         f"'{' '.join(t.text for t in clause)}'")
    than = agents_at(clause, at + 1, context)
    if than is None and at + 1 < len(clause) and clause[at + 1].text.isalpha() and \
            clause[at + 1].lower not in context.entities and (
            at + 2 == len(clause) or not clause[at + 2].text.isalpha()):
        than = ((clause[at + 1].lower,), at + 2)  # "than jackie": a name in lower case
        context.mention(clause[at + 1].lower)
    if than is not None and any(n.startswith(("number of ", "amount of ")) for n in than[0]):
        than = None  # "than the number of balloons Allan brought" names a count, not an agent
    if than is None:
        raise Unreadable(f"no reading of whom '{' '.join(t.text for t in clause)}' compares "
                         "with")
    rest = than[1]
    while rest < len(clause) and lowered[rest] in ("together", "do", "does", "did", "have",
                                                   "has", "had", "combined"):
        rest += 1
    names = than[0]
    return more, tuple(sorted(names)) if len(names) > 1 else names, rest


def agents_after(clause: list[Token], end: int, word: str, context: Context
           ) -> tuple[str, ...] | None:
    if end < len(clause) and clause[end].lower == word:
        found = agents_at(clause, end + 1, context)
        if found is not None:
            return found[0]
    return None


def phrase_end(clause: list[Token], end: int, word: str, context: Context) -> int:
    if end < len(clause) and clause[end].lower == word:
        found = agents_at(clause, end + 1, context)
        if found is not None:
            return found[1]
    return end


def location_at(clause: list[Token], end: int, context: Context) -> tuple[str, ...] | None:
    """The place of "in the drawer", "on the shelf", "into her bank" (an agent)."""
    while end < len(clause) and clause[end].lower in PLACE_ADVERBS:
        end += 1
    if end + 1 < len(clause) and clause[end].lower == "in" and clause[end + 1].lower == "line":
        return ("line",)  # "10 people in line for the bumper cars"
    if end < len(clause) and clause[end].lower in ("in", "on", "into", "onto", "at", "inside"):
        index = end + 1
        if index + 1 < len(clause) and is_name(clause[index]) and \
                clause[index].lower.endswith("'s") and \
                clause[index + 1].lower.split(" ")[-1] in PERSONAL_CONTAINERS:
            context.mention(clause[index].lower[:-2])
            return (clause[index].lower[:-2],)  # "in Olivia's wallet": Olivia's money
        if index < len(clause) and clause[index].lower in ("the", "a", "an", "his", "her",
                                                           "their"):
            owner = clause[index].lower
            index += 1
            words = []
            while index < len(clause) and clause[index].text.isalpha() and \
                    clause[index].lower not in ("today", "now", "yesterday", "and", "for",
                                                "to", "from", "in", "on", "at", "with"):
                words.append(clause[index].lower)
                index += 1
            if words:
                name = " ".join(words)
                if owner in ("his", "her"):
                    name = f"{context.person(owner)}'s {name}"
                return (name,)
    return None


PLACE_ADVERBS = frozenset("currently now still already".split())


def location_end(clause: list[Token], end: int) -> int:
    while end < len(clause) and clause[end].lower in PLACE_ADVERBS:
        end += 1
    if end < len(clause) and clause[end].lower in ("in", "on", "into", "onto", "at", "inside"):
        index = end + 1
        while index < len(clause) and clause[index].text.isalpha() and \
                clause[index].lower not in ("and", "for", "to", "from", "with"):
            index += 1
        return index
    return end


def rate_after(clause: list[Token], end: int, context: Context
                ) -> tuple[int, str, int] | None:
    """(quantity, entity, end) of "for 6 dollars each", "at 3 dollars each"."""
    index = end
    if index < len(clause) and clause[index].lower in ("for", "at"):
        index += 1
        counts, after = counts_at(clause, index, context)
        if len(counts) == 1 and after < len(clause) and clause[after].lower in ("each",
                                                                                "apiece"):
            count = counts[0]
            if count.entity is None:
                return None
            return count.quantity, count.entity, after + 1
    return None


def per_after(problem: Facts, clause: list[Token], end: int) -> tuple[str, int] | None:
    """(container, end) of "per box", "in each box", "on each page"."""
    index = end
    if index < len(clause) and clause[index].lower == "per":
        index += 1
    elif index + 1 < len(clause) and clause[index].lower in ("in", "on") and \
            clause[index + 1].lower in ("each", "every"):
        index += 2
    else:
        return None
    words = []
    while index < len(clause) and clause[index].text.isalpha() and clause[index].lower not in (
            "and", "to", "from", "in", "on", "for", "with"):
        words.append(clause[index].lower)
        index += 1
    if not words:
        return None
    return problem.context.entity(words, 1), index  # "per box": boxes


def price_after(clause: list[Token], end: int, context: Context) -> tuple[Count, int] | None:
    """(the money, end) of "for 3 dollars" (one price, no "each")."""
    if end < len(clause) and clause[end].lower == "for":
        counts, after = counts_at(clause, end + 1, context)
        if len(counts) == 1 and counts[0].entity == "dollars" and not (
                after < len(clause) and clause[after].lower in ("each", "apiece")):
            return counts[0], after
    return None


def each_follows(clause: list[Token], index: int) -> bool:
    """"Mary, Sam and Keith each have 6 cards" (``index``: the verb's place)."""
    return any(t.lower == "each" for t in clause[max(index - 1, 0):])


def trailing_end(clause: list[Token], end: int) -> int:
    """How far a clause's trailing words may be passed over: time and place phrases with no
    number ("today", "on the beach", "from the orchard", "in the morning")."""
    index = end
    while index < len(clause):
        if clause[index].number is not None or clause[index].lower in ("than", "each", "per",
                                                                         "more", "fewer",
                                                                         "less", "times"):
            return index
        index += 1
    return index


def check_rest(clause: list[Token], end: int, said: str, allowed: int | None = None) -> None:
    """Refuse a clause whose words after what was read still hold a number or a rate."""
    stop = max(end, allowed if allowed is not None else trailing_end(clause, end))
    rest = clause[stop:]
    if any(t.number is not None for t in rest) or any(
            t.lower in ("per", "each", "than", "times") for t in rest):
        raise Unreadable(f"no reading of '{said}' after "
                         f"'{' '.join(t.text for t in clause[:end])}'")
