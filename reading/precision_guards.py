"""Defences against claims no careful reader takes from a sentence (issue 21, precision):
each function names why a reading the reader or the arithmetic produced is not what the
sentence states, else ``None``, and the judge leaves the sentence unparsed. They are
general: a word that makes a count a rate ("40 games every year"), an entity the words never
say that a claim borrowed from the context while the sentence's own arithmetic computes
another ("So they planted 45 * 10 = 450" after the flower beds), and a count of a person the
program does not have as an agent, pinned to one of the parts the program counts her things
by ("Katie earned 12 dollars", where the program counts the bead and the gem necklaces).
"""

from __future__ import annotations

import functools
import re
import weakref
from collections.abc import Collection

from vlp.grammar.inflect import singular
from vlp.kernel import Agents, Claim

from .align import ClaimPattern, ProgramIndex
from .discourse import Discourse, name_of, show
from .reader_words import (
    RECEIVER_VERBS,
    SENDER_VERBS,
    TIME_UNITS,
    VERBS,
    gender_of,
    is_setting,
)

_WORD_RE = re.compile(r"[a-z0-9']+")
_GLUE = r"(?:and|or|but|then|so|which|that|to)"
_PER_UNIT = rf"(?:(?:each|every|per)\s+[a-z]+|(?:a|an)\s+(?:{'|'.join(sorted(TIME_UNITS))})s?\b" \
    r"(?!\s+(?:ago|later|earlier|before|after)\b)|(?:each|apiece)\b(?=\s*(?:[.,;!)]|$)))"

_PER_UNIT_RE = re.compile(_PER_UNIT)


def counted_per_unit(lowered: str, quantity: int, entity: str, containers: Collection[str],
                     theorem: bool) -> str | None:
    """"She has been playing 40 games every year", "earns 12 dollars an hour", "has 5
    pears in each crate", "12 pears each": the number right before such words, with no
    words between or words that hold the ``entity`` counted, is so many per thing or per
    time, a rate, never the count of the whole: the words, else ``None``.
    A count that is a theorem is kept unless the unit is one the program counts things per
    (``containers``, singular): "gets 55 liters every day" where the program's counts are
    the day's."""
    if _PER_UNIT_RE.search(lowered) is None:
        return None  # no words of "per" at all (the cheap test before the number's regex)
    written = f"(?:{quantity:,}|{quantity})"
    head = entity.split()[-1]
    for found in re.finditer(rf"(?<![\d,.]){written}\s+((?:(?!{_GLUE}\b)[a-z'-]+\s+){{0,3}})"
                             rf"({_PER_UNIT})", lowered):
        between = found.group(1).split()
        if between and head not in between and singular(head) not in between:
            continue  # "13 garages with 13 trucks per garage": the 13 per garage are trucks
        unit = singular(found.group(2).split()[-1])
        return found.group(2) if not theorem or unit in containers else None
    return None


def rate_containers(index: ProgramIndex) -> frozenset[str]:
    """The singular nouns the program counts things per (its rates' containers), worked
    out once per program index (its axioms never change)."""
    known = _CONTAINERS.get(index)
    if known is None:
        known = _CONTAINERS[index] = frozenset(
            singular(str(a.args[3])) for a in index.program.axioms if a.predicate == "rate")
    return known


_CONTAINERS: weakref.WeakKeyDictionary[ProgramIndex, frozenset[str]] = \
    weakref.WeakKeyDictionary()


def joined_names(lowered: str, owner: Agents, agent_names: Collection[str]) -> str | None:
    """"There were 67 campers in the morning and the afternoon": a name of ``owner`` joined
    by "and" (or "or", "plus", "&") to another of the program's names, with at most an
    article or a preposition between: the words count them together (or either), never
    the one. The words, else ``None``."""
    padded = f" {lowered} "
    if not any(f" {w} " in padded for w in ("and", "or", "plus", "&")):
        return None
    patterns = _joined_patterns(owner.names, frozenset(agent_names))
    if not patterns:
        return None  # no other name to join
    for name in owner.names:
        if name not in lowered:
            continue  # (the regex starts with the name)
        for found in patterns[name].finditer(lowered):
            if re.search(r"\bbetween\s+(?:the\s+)?$", lowered[:found.start()]):
                continue  # "the difference between Ed and Ada": a comparison, no union
            following = _WORD_RE.findall(lowered[found.end():])[:2]
            if any(w in VERBS or w in SENDER_VERBS or w in RECEIVER_VERBS for w in following):
                continue  # "than Umaru and Orri possesses 75": a clause of its own
            return found.group(0)
    return None


@functools.lru_cache(maxsize=256)
def _joined_patterns(names: frozenset[str], agent_names: frozenset[str]
                     ) -> dict[str, re.Pattern[str]]:
    """For each name of an owner, the regex of it joined to another of the program's names
    (``joined_names``), built once per owner and program (none: no other name)."""
    others = sorted((n for n in agent_names if n not in names), key=len, reverse=True)
    if not others:
        return {}
    after = "|".join(re.escape(n) for n in others)
    return {name: re.compile(
        rf"\b{re.escape(name)}\s+(?:and|or|plus|&)\s+(?:(?:in|on|at|during|from)\s+)?"
        rf"(?:(?:the|a|an|his|her|their)\s+)?(?:{after})\b") for name in names}


def renamed_entity(pattern: ClaimPattern, index: ProgramIndex, query: ClaimPattern
                   ) -> str | None:
    """A count of an entity the program lacks is an invented fact (judged false, as is a
    category it lacks: "a total of 15 vegetables"), unless the word may be another form of
    one it has for the same count ("6 packages" of its 6 packs, "23 shelves" of its 23
    bookshelves) or the count is the answer the question asks for, of what the program
    counts ("So she can invite 95 friends", her 95 invitations): why it is not judged, else
    ``None``."""
    if pattern.predicate != "cont" or not pattern.is_complete or \
            pattern.args[2] in index.entities:
        return None
    said = singular(str(pattern.args[2]))
    held = index.candidates(ClaimPattern("cont", (pattern.args[0], pattern.args[1], None)))
    same = [c for c in held if _same_stem(said, singular(str(c.args[2])))]
    if same:
        return f"the entity {pattern.args[2]!r} is none of the program's; the words may say " \
               f"{' or '.join(map(str, same[:3]))}"
    if len(held) == 1 and query.matches(held[0]):
        # (a category with another count, "6 vegetables" of her 6 carrots, is judged)
        return f"the entity {pattern.args[2]!r} is none of the program's, and the count " \
               f"fits {held[0]}: which thing is counted, the words do not say"
    return None


def _same_stem(said: str, known: str) -> bool:
    """"package" and "pack", "cookie" and "cookies", "shelf" and "bookshelf": the last words
    share a stem of four letters or more, and one is the other's start or the other's head
    noun (so "vegetable" is never "carrot")."""
    a, b = said.split()[-1:], known.split()[-1:]
    if not a or not b:
        return False
    if said.replace(" ", "") == known.replace(" ", ""):
        return True  # "flowerbed" and "flower bed": one compound, spelled two ways
    short, long = sorted((a[0], b[0]), key=len)
    # "shelf" and "bookshelf": a compound whose head noun is the other word
    return len(short) >= 4 and (long.startswith(short) or (
        long.endswith(short) and len(long) - len(short) >= 3))


def rival_referent(pronoun: str, pattern: ClaimPattern, discourse: Discourse,
                   index: ProgramIndex) -> str | None:
    """"Sara picked 45 pears. Sally picked 11 pears. She has 45 pears.": "she" read as the
    latest person (Sally) makes a count that is no theorem, while another person the
    discourse named lately, whom the pronoun fits as well, has that count: the sentence's
    own number says the pronoun may be the other; why it is not judged, else ``None``."""
    gender = gender_of(pronoun)
    if gender is None or pattern.predicate != "cont" or not pattern.is_complete:
        return None
    owner, quantity, entity = pattern.args
    for record in reversed(discourse.records[-4:]):
        for agents, _said in record:
            name = name_of(agents)
            if len(agents) != 1 or agents == owner or agents in discourse.things or \
                    discourse.gender.get(name, gender) != gender or is_setting(name):
                continue
            rival = Claim("cont", (agents, quantity, entity))
            if index.is_theorem(rival):
                return f"reads as {pattern} if {pronoun!r} is {show(owner)}, but {rival} " \
                       f"holds: {pronoun!r} may be {show(agents)}"
    return None


def says_entity(lowered: str, entity: str) -> bool:
    """Does the sentence say the entity, in its plural or its singular (its last word)?"""
    head = entity.split()[-1]
    return re.search(rf"\b(?:{re.escape(head)}|{re.escape(singular(head))})\b", lowered) \
        is not None


def borrowed_entity(lowered: str, read: Claim, computed: Claim) -> str | None:
    """"So they planted 45 * 10 = 450" read as a count of the flower beds said before,
    where the sentence's arithmetic is the rule instance that concludes ``computed``, of
    another entity: an entity the words never say is the context's guess, and the
    arithmetic says otherwise. Why, else ``None``."""
    if read.predicate != computed.predicate or read.entity == computed.entity or \
            not isinstance(read.entity, str) or says_entity(lowered, read.entity):
        return None
    return f"the words name no {read.entity!r}, and the arithmetic computes {computed}"


def part_for_whole(who: str, owner: Agents, asked: Collection[Agents], said: str
                   ) -> str | None:
    """A count of ``who``, someone the program does not have as an agent (a name it lacks,
    a "she" with no agent to refer to), pinned to ``owner``, one of the parts of the whole
    the question asks about ("Katie earned 12 dollars" read as the bead necklaces', where
    the program counts Katie's money by kind of necklace): the person's count is the whole,
    or the part the words (``said``: the sentence) name with any word of its name; a part
    they do not name is a guess. Why, else ``None``."""
    words = set(_WORD_RE.findall(said.lower()))
    words |= {singular(w) for w in words}
    if any(w.removesuffix("'s") in words or singular(w.removesuffix("'s")) in words
           for name in owner.names for w in name.split()):
        return None  # "bought 4 packs of cookies", "On Sunday, Sam collected 3 bags"
    whole = next((group for group in asked if owner.names < group.names), None)
    if whole is None:
        return None
    return f"{who!r} is no agent of the program: the count is of {show(whole)} together, " \
           f"or of a part the words name, and they do not name {show(owner)}"


__all__ = ["borrowed_entity", "counted_per_unit", "joined_names", "part_for_whole",
           "rate_containers", "renamed_entity", "rival_referent", "says_entity"]
