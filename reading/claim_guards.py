"""Checks that keep the judge from judging a count the sentence does not state: a change or
difference ("29 more"), one name of a list, and, for a count that is no theorem, a
comparison whose "more" is missing ("684 bushels than expected"), a count of a part of the
whole ("on Saturday"), at an event the reader does not place, of another entity than the
number's, of money where no entity is named, a running total of some agents, the parts'
total, a product of what a transfer moved, or a sink named by its verb. Each says why; the
judge then leaves the claim unparsed (a misread judged false is a true statement judged
false, the worst error the checker can make)."""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterator

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import singular
from vlp.kernel import Agents

from .align import ClaimPattern, ProgramIndex
from .discourse import show
from .precision_guards import counted_per_unit, joined_names, rate_containers
from .reader_words import (
    LEAVING_VERBS,
    MENTION_WORDS,
    POSSESSION_VERBS,
    RECEIVER_VERBS,
    SENDER_VERBS,
    is_setting,
)

# a part of the whole that a count of an event can be of: "on Saturday", "on the first
# level", "in one round", "in two rounds", "during the second half"
_PART_RE = re.compile(
    r"\b(?:on|in|during|for|at)\s+(?:the\s+|a\s+)?((?:(?:first|second|third|fourth|fifth|"
    r"sixth|seventh|last|next|final|one|two|three|four|five|six|seven|eight|nine|ten|\d+|"
    r"1st|2nd|3rd|[4-9]th)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"level|round|half|quarter|inning|stage|morning|afternoon|evening|week|weekend|day|"
    r"month|year|game|match)s?)\b", re.IGNORECASE)
# "for every 3 candy bars": a number after "every" is the size of a ratio's unit
_EVERY_NUMBER_RE = re.compile(r"\bevery\s+\d[\d,]*\s+[a-z]+")
# "3 hours the first day": a part named by an ordinal with no preposition before it
_BARE_PART_RE = re.compile(
    r"\bthe\s+((?:first|second|third|fourth|fifth|sixth|seventh|last|next|final)\s+"
    r"(?:day|week|month|year|round|level|half|quarter|inning|stage|game|match)s?)\b",
    re.IGNORECASE)
# verbs that state a possession or a state: "On Monday, Tom had 10 apples" is his count
# then, not a part of it
_STATE_WORDS = POSSESSION_VERBS | frozenset({"is", "are", "was", "were", "be", "been"})
# parts of a game, not times: "On the first level, her score would be 24" is the level's
# score even with a verb of state
_ACTIVITY_PARTS = frozenset({"level", "round", "half", "quarter", "inning", "stage", "game",
                             "match"})


def part_counted(text: str, agent_names: Collection[str],
                 accrued_by: Collection[str] = ()) -> str | None:
    """The part of the whole a count of an event is restricted to ("Frank collected 25 cans
    on Saturday", "he worked 3 hours the first day"), when the program counts no such part:
    the phrase, else ``None``. A count so restricted that is no theorem is of that part,
    which no atom of the program states: judged as the whole count, a true statement would
    be judged false. ``accrued_by``: the units the program's rates count per ("days" of 7
    seashells a day), by which even a state ("On the second day he has 14") is a running
    count, part of the whole."""
    found = _PART_RE.search(text) or _BARE_PART_RE.search(text)
    if found is None:
        return None
    words = {w.lower() for w in re.findall(r"[A-Za-z']+", text)}
    noun = found.group(1).lower().split()[-1]
    accrued = noun.removesuffix("s") in {singular(u) for u in accrued_by}
    if words & _STATE_WORDS and noun.removesuffix("s") not in _ACTIVITY_PARTS and \
            not accrued:
        return None
    if any(noun in name.split() or noun.removesuffix("s") in name.split()
           for name in agent_names):
        return None  # the program counts by that part: the reader names it as an agent
    return found.group(0)


# a supposition ("Assume ...", "Let's say ...") or someone's belief ("Ruth thinks ...")
_SUPPOSED_RE = re.compile(r"^\W*(?:assume|assuming|suppose|supposing|imagine|let's say|let us "
                          r"say|let's assume|let us assume|say)\b|\b(?:thinks?|thought|believes?|"
                          r"believed|guess(?:es|ed)?|hopes?|hoped|wish(?:es|ed)?|expects?|"
                          r"expected|claims?|claimed)\s+(?:that\s+)?")
# after a count's number, words that make it a change or a difference, never a count
_CHANGE_WORDS = r"(?:more|fewer|less|lesser|extra|additional|farther|further)"
_CHANGE_ANY = re.compile(rf"\b{_CHANGE_WORDS}\b")
_THAN_RE = re.compile(r"\bthan\b")
# "before receiving the money", "after making 8 more": a time fixed by an event
_EVENT_TIME_RE = re.compile(r"\b(?:before|after)\s+(?:\w+ing|he|she|they|it)\b|"
                            r"\b(?:so far|up to now|until now|by now|at this point)\b",
                            re.IGNORECASE)
_SINK_VERBS = SENDER_VERBS | RECEIVER_VERBS | LEAVING_VERBS | frozenset(
    {"eaten", "lost", "sold", "given", "spent", "used", "donated", "sent"})


def unstated_count(text: str, pattern: ClaimPattern, index: ProgramIndex,
                   theorem: bool, arithmetic: Arithmetic | None = None) -> str | None:
    """Why the sentence does not state the count ``pattern`` (``theorem``: whether it is
    one; ``arithmetic``: the sentence's expression that computes it), else ``None``."""
    agent_names = index.agent_names
    operands = _product_operands(arithmetic)
    owner, quantity, entity = pattern.args[0], pattern.args[1], pattern.args[2]
    if not isinstance(owner, Agents):
        return None
    lowered = text.lower()
    setting = all(is_setting(n) for n in owner.names)
    # ("5 more in the afternoon" is the afternoon's count, where the program counts by part)
    written = f"(?:{quantity:,}|{quantity})" if isinstance(quantity, int) else ""
    if isinstance(quantity, int) and not setting and _CHANGE_ANY.search(lowered) and re.search(
            rf"(?<![\d,.]){written}\s+(?:[a-z]+\s+){{0,2}}{_CHANGE_WORDS}\b", lowered):
        # ("29 more push-ups", "22 inches farther")
        return f"'{quantity} more' is a change or a difference, not a count"
    if len(owner) < len(agent_names):
        listed = _listed_with(lowered, owner.names, agent_names)
        if listed:
            return f"the sentence lists {listed}: the count is of them together, or of each"
        joined = joined_names(lowered, owner, agent_names)
        if joined is not None:  # "67 campers in the morning and the afternoon"
            return f"{joined!r} names more than {show(owner)}: the count is of them " \
                "together, or of either"
    named = _name_unsettled(lowered, owner, agent_names, index.entities) or \
        _not_done(lowered, owner, entity, index)
    if named is not None:
        return named
    if isinstance(quantity, int) and isinstance(entity, str):
        per_unit = counted_per_unit(lowered, quantity, entity, rate_containers(index), theorem)
        if per_unit is not None:  # "She has been playing 40 games every year"
            return f"'{quantity} ... {per_unit}' is so many per thing or time, not a count"
    if isinstance(quantity, int):
        not_held = _not_held(lowered, quantity, written) or _left_behind(
            lowered, owner, quantity, written) or _who_names(lowered, owner, quantity, written) \
            or _someone_elses(lowered, owner, quantity, written, agent_names)
        if not_held is not None:
            return not_held
    if theorem:
        return None
    thing = next((n for n in owner.names if "'s " in n and n.split("'s ", 1)[1] in
                  index.entities | {singular(e) for e in index.entities}), None)
    if thing is not None:
        # "Tia's boxes have 8 crayons": each of her boxes (a thing counted), not someone
        return f"{thing!r} names things the program counts, not someone who has some"
    found = _EVERY_NUMBER_RE.search(lowered)
    if found is not None:
        # "for every 3 candy bars, there are 4 calories": per 3 of them, a ratio
        return f"{found.group(0)!r} states a ratio, not a count"
    found = _SUPPOSED_RE.search(lowered)
    if found is not None:
        # "Assume Sol gets 10 stickers, then Sol has 29", "Ruth thinks Sol has 30 stickers"
        return f"{found.group(0).strip()!r}: a supposition or a belief, not stated as so"
    if isinstance(quantity, int) and "difference" in lowered and re.search(
            rf"\bdifference\b(?:(?!\b(?:so|then|thus|means|has|have|had)\b)[^.;])*?"
            rf"(?<![\d,.]){written}(?![\d,.]?\d)", lowered):
        # "The difference between Ed and Doug's marbles was 51 - 40 = 11"
        return f"'difference' states a comparison: {quantity} is no count"
    if _THAN_RE.search(lowered) and not _CHANGE_ANY.search(lowered):
        # "so he harvests 684 bushels of wheat than expected": a comparison whose "more" is
        # missing, not a count of 684
        return "'than' compares: the sentence states a difference, not a count"
    part = None if setting else part_counted(text, agent_names, {
        str(a.args[3]) for a in index.program.axioms if a.predicate == "rate" and
        a.args[0] == owner and a.entity == entity})
    if part is not None:
        return f"the count is of a part ({part!r}), which the program does not count"
    found = _EVENT_TIME_RE.search(text)
    if found is not None and (found.start() > 0 or not found.group(0).lower().startswith(
            ("before", "after"))):
        return f"the count's time ({found.group(0)!r}) is not read"
    if isinstance(entity, str) and isinstance(quantity, int):
        named = entity_after(lowered, quantity, index.entities)
        if entity not in index.entities and named is not None:
            # "Oliver's initial money: 35 dollars": the count is of dollars
            return f"the number is of {named!r}, not of {entity!r}"
        if named is None and entity not in lowered and any(
                other_than_money(w, entity) for w in re.findall(r"[a-z]+", lowered)):
            # "Together they spent 21 + 14 = 35": money, not the trick decks said before
            return f"a sum of money, not of {entity!r}"
    if len(owner) > 1 and not any(n in lowered for n in owner.names):
        running = bool(re.search(r"\b(?:now|so far|running)\b", lowered))
        part = _partial_total(index, owner, quantity, entity, smallest=1 if running else 2)
        if part is not None:  # "So the total is now 4": a running total of some of them
            return f"a running total ({part}), not the count of all of them"
    others = frozenset(agent_names) - owner.names
    if len(owner) == 1 and isinstance(quantity, int) and len(others) > 1 and re.search(
            r"\b(?:total|in all|altogether|combined)\b", lowered):
        whole = _partial_total(index, Agents(others), quantity, entity, smallest=2,
                               proper=False)
        if whole is not None:
            # "The book has a total of 125 pages", where the program counts the pages of
            # each chapter: the count of the parts together, which the program has no name for
            return f"{quantity} is the count of {whole} together"
    moved = _moved_operand(index, operands, owner)
    if moved is not None:
        # "So there were 5 * 3 = 15 pieces", 5 the boxes given away: what was given
        return f"{moved} is what a transfer moved: the result is of what moved, not a count"
    sink = next(iter(owner.names)) if len(owner) == 1 else ""
    if sink in _SINK_VERBS and re.search(rf"\b{sink}\s+{quantity}\b", lowered):
        # "He then lost 106 crayons": the transfer, not a count of {lost}
        return f"{sink!r} names what happened, not who has a count"
    if arithmetic is not None and arithmetic.operator == "+" and not (  # ("56 games" is said)
            isinstance(entity, str) and re.search(rf"\b{re.escape(entity.split()[-1])}\b",
                                                  lowered)):
        mixed = _entities_added(index, owner, arithmetic)
        if mixed is not None:
            # "So he had 7 + 148 = 155" after 7 cakes and 148 pastries: no one thing counted
            return f"{arithmetic} adds {mixed}: no one thing is counted"
    if len(owner) == 1:
        return _owner_unsettled(lowered, owner, quantity, entity, index, arithmetic)
    return None


# a verb of giving away in a perfect tense: "would have sold 21", "must have lost 30"
_GIVING = SENDER_VERBS | frozenset({"given", "eaten", "thrown", "lost"})
_GIVING_RE = "|".join(sorted(_GIVING, key=len, reverse=True))
_WORD_RE = re.compile(r"[a-z]+")
_FACTOR_SIGN_RE = re.compile(r"[*×/]|\bx\b")


# a participle negated ("not read", "never used", "yet to read", "left unread", "unsold"):
# what was not done
_NOT_DONE_RE = re.compile(r"\b(?:not|never)\s+(?:yet\s+)?(?:been\s+)?([a-z]+(?:ed|en)|read|"
                          r"sold|done|won|bought|spent|left|eaten|seen)\b|\byet\s+to\s+([a-z]+)\b|"
                          r"\b(un[a-z]{2,}(?:ed|en)|unread|undone|unsold)\b")
_NOT_NEGATED = frozenset({"united", "unlimited", "unused"})


def _not_done(lowered: str, owner: Agents, entity: object, index: ProgramIndex
              ) -> str | None:
    """"Number of books not read = 20 - 5 = 15", "there are 4 books left unread": the
    count is of what was not done, never of the one who did it, unless the doing takes
    things away from the holder ("9 - 3 = 6 hamburgers were not served", where the
    restaurant serves 3 of its 9: what is not served it keeps) or the holder is named by
    those words ("unread"); the phrase, else ``None``."""
    for found in _NOT_DONE_RE.finditer(lowered):
        word = next(g for g in found.groups() if g)
        if word in _NOT_NEGATED or any(word in name.split() for name in owner.names):
            continue
        if any(a.predicate == "transfer" and a.args[0] == owner and a.entity == entity
               for a in index.program.axioms):
            return None  # (asked only once the words say what was not done)
        return f"{found.group(0)!r} counts what was not done, not {', '.join(owner.names)}'s"
    return None


def _not_held(lowered: str, quantity: int, written: str) -> str | None:
    """Why ``quantity`` (``written``: its pattern) counts nothing anyone has, whatever the
    program proves: it is per unit of another count ("12 shelves of 5 jars"), a factor of
    an unknown ("5 * k jars") or what was given away ("would have sold 21"); else ``None``."""
    # (each test is tried only where its words are: the guard runs on every count read)
    found = re.search(rf"(?<![\d,.])\d[\d,]*\s+([a-z]+)\s+of\s+(?:\d[\d,]*\s+[a-z ]+?\s+"
                      rf"and\s+)?{written}(?![\d,.]?\d)", lowered) if " of " in lowered else None
    if found is not None and found.group(1) not in ("out", "each"):
        # "Faye has 19 rows of 4 pencils and 27 crayons": 4 and 27 are in each row
        return f"{quantity} is per {found.group(1)}: a rate, not a count"
    if "\\" in lowered and re.search(rf"\\\*?\s*{written}(?![\d,.]?\d)", lowered):
        # "31 chapters \* 61 pages" (markdown's escaped "*", its star stripped): a factor
        return f"{quantity} follows a lost '×': a factor, not a count"
    found = re.search(rf"(?<![\d,.]){written}\s*[*×x/]\s*([a-z])\b(?!')|"
                      rf"\b([a-z])\s*[*×/]\s*{written}(?![\d,.]?\d)", lowered) \
        if _FACTOR_SIGN_RE.search(lowered) else None
    if found is not None:
        # "In n rounds, Luke gains 146 * n points"
        return f"{quantity} is multiplied by an unknown ({found.group(1) or found.group(2)!r})"
    if _GIVING.isdisjoint(_WORD_RE.findall(lowered)):
        return None
    found = re.search(rf"(?<![\d,.]){written}\s+(?:[a-z]+\s+){{0,2}}?({_GIVING_RE})\b"
                      r"(?!\s+(?:me|him|her|them|us)\b)", lowered)
    if found is not None and not re.search(r"\b(?:left|remaining|after|before|when|if|"
                                           r"and|but|so)\b", lowered[found.start():found.end()]):
        # "Wes has 3 cards lost": the 3 that went away
        return f"'{quantity} ... {found.group(1)}' is what went away, not a count"
    found = re.search(rf"\b(?:have|has|had)\s+({_GIVING_RE})\s+(?:(?:away|out|all|only|a|"
                      rf"total|of)\s+)*(?:[\d,]+\s*[-+*x×]\s*)*(?:[\d,]+\s*=\s*)?"
                      rf"{written}(?![\d,.]?\d)(?!\s*[-+*x×/]\s*\d)", lowered)
    if found is not None:
        return f"'have {found.group(1)} {quantity}' is what went away, not a count"
    return None


# what is "left to get" is not had yet ("4 worksheets left to grade" are had, and to do)
_GETTING = frozenset("""get buy collect earn find make pick gather win receive raise save
bake""".split())


def _left_behind(lowered: str, owner: Agents, quantity: int, written: str) -> str | None:
    """Why "left" with ``quantity`` says no count of ``owner``: "12 shells left to get" are
    not had yet, "Nia left 12 shells with Omar" is what she left behind; else ``None``."""
    if "left" not in lowered:
        return None
    found = re.search(rf"(?<![\d,.]){written}\s+(?:[a-z]+\s+){{0,3}}?left\s+to\s+([a-z]+)",
                      lowered)
    if found is not None and found.group(1) in _GETTING:
        return f"'left to {found.group(1)}': {quantity} are not had yet, not a count"
    names = "|".join(re.escape(n) for n in owner.names)
    found = re.search(rf"\b(?:{names})\s+(?:then\s+|also\s+)?left\s+(?:behind\s+)?"
                      rf"{written}(?![\d,.]?\d)", lowered)
    if found is not None:
        return f"'{found.group(0)}': what was left behind, not a count"
    return None


def _who_names(lowered: str, owner: Agents, quantity: int, written: str) -> str | None:
    """"Lena gave 6 apples to her brother, who then has 16": "who" is the one named right
    before it; a count in its clause of another owner is a guess: why, else ``None``."""
    if "who" not in lowered:
        return None
    found = re.search(rf"\b([a-z']+)\s*,\s*who\b(?:(?![.;,]|\b(?:and|while|so|but)\b).)*?"
                      rf"(?<![\d,.]){written}"
                      rf"(?![\d,.]?\d)", lowered)
    if found is None:
        return None
    before = found.group(1).removesuffix("'s")
    if any(before in name.split() for name in owner.names):
        return None
    return f"'who' is the {before!r} before it: {quantity} is not read as another's count"


def _someone_elses(lowered: str, owner: Agents, quantity: int, written: str,
                   agent_names: Collection[str]) -> str | None:
    """"Uma has 20 crayons, which is 28 fewer than Tia's 48": the number after another
    agent's possessive is theirs: why it is not ``owner``'s, else ``None``."""
    if "'s " not in lowered:
        return None
    found = re.search(rf"\b([a-z]+)'s\s+{written}(?![\d,.]?\d)", lowered)
    if found is None or any(found.group(1) in name.split() or found.group(1) + "'s" in
                            name.split() for name in owner.names) or not any(
            found.group(1) in name.split() for name in agent_names):
        return None  # ("that's 120": no one's)
    return f"'{found.group(0)}' is {found.group(1)}'s, not {' and '.join(owner.sorted_names())}'s"


_TOTAL_WORDS_RE = re.compile(r"\b(?:total|in all|altogether|combined|together)\b")
_TIME_NAMES_RE = re.compile(r"\b(?:yesterday|today|tomorrow|tonight|(?:last|this|next)\s+"
                            r"(?:year|week|month|night|season))\b")


def _name_unsettled(lowered: str, owner: Agents, agent_names: Collection[str],
                    entities: Collection[str]) -> str | None:
    """Why the words do not name ``owner``: "a total of 83 bottles of soda" names diet soda
    and regular soda alike, never regular soda alone; "served 16 hot dogs today" leaves out
    the day named "yesterday" from its total; else ``None``."""
    names = sorted(owner.names)
    if len(names) == 1 and names[0] not in lowered and _TOTAL_WORDS_RE.search(lowered):
        counted = {w for e in entities for w in e.split()}  # ("space books": of the books)
        shared = [w for w in names[0].split() if w not in counted and re.search(
            rf"\b{re.escape(w)}\b", lowered) and any(w in other.split() for other in
                                                      agent_names if other != names[0])]
        if shared:
            return f"{shared[0]!r} names more than {names[0]!r}: the total is of them all"
    said = _TIME_NAMES_RE.findall(lowered)
    if len(names) > 1 and said:
        left_out = [n for n in names if _TIME_NAMES_RE.fullmatch(n) and n not in said]
        if left_out:
            return f"{said[0]!r} is not {left_out[0]!r}: the total is of another time"
    return None


def _entities_added(index: ProgramIndex, owner: Agents, arithmetic: Arithmetic) -> str | None:
    """Two of a sum's operands that are ``owner``'s counts of different entities only: the
    entities, else ``None``."""
    counts = index.claims_by_predicate().get("cont", ())
    kinds = [{c.args[2] for c in counts if c.args[0] == owner and c.quantity == q}
             for q in arithmetic.operands]
    for i, first in enumerate(kinds):
        for second in kinds[i + 1:]:
            if first and second and not first & second:
                return f"{'/'.join(sorted(first))} and {'/'.join(sorted(second))}"
    return None


def _listed_with(lowered: str, owner: frozenset[str], agent_names: Collection[str]
                 ) -> str | None:
    """"Jessica, Sandy, and Jason have 24", "the plums of Ines, Oto and Pia": a list of
    program names that holds ``owner``'s names and more, as text, else ``None``."""
    if " and " not in lowered or not all(n in lowered for n in owner):
        return None
    pattern = _list_pattern(frozenset(n for n in agent_names if len(n) > 1))
    if pattern is None:
        return None
    for found in pattern.finditer(lowered):
        verb = found.group("verb") or ""
        listed = found.group(0).removesuffix(verb).rstrip()
        names = [m.group(0) for m in pattern.names.finditer(listed)]
        # "Yujin, and Janaki has more ...", "Umaru and Orri possesses 75": the last name opens
        # a new clause with its own subject (a verb of one subject); but "grown by Joan,
        # Keith, and Alyssa is 79": the list is an object, the verb the sentence's
        if verb.endswith("s") and not (verb in _COPULAS and _OBJECT_RE.search(
                lowered, 0, found.start())):
            names.pop()
            listed = listed[:listed.rindex(" and ")].rstrip(" ,")
        if owner < set(names) and (len(owner) > 1 or names[-1] in owner):
            return listed
    return None


_COPULAS = frozenset({"is", "was", "equals"})
# a preposition right before a list: the list is its object ("the apples of Ann and Bo")
_OBJECT_RE = re.compile(r"\b(?:by|of|for|from|between|among|to|with)\s*$")


_MONEY_VERBS = frozenset({"spent", "spend", "spends", "paid", "pay", "pays", "cost", "costs",
                          "earned", "earn", "earns", "saved", "save", "saves"})
_MONEY_RE = re.compile(r"\b(?:dollars?|cents?|money|bucks|euros?|pounds|yen|coins?)\b")


def other_than_money(verb: str | None, entity: str) -> bool:
    """Does a verb of money ("spent", "paid") stand with an entity that is no money (the
    trick decks said before "Together they spent 21 + 14 = 35")?"""
    return verb in _MONEY_VERBS and not _MONEY_RE.search(entity)


class _ListPattern:
    """Program names joined by commas and "and", then the word after (``verb``); ``names``
    finds the names in a match."""

    def __init__(self, names: str) -> None:
        self.names = re.compile(rf"\b(?:{names})\b")
        self.pattern = re.compile(rf"\b(?:{names})(?:\s*,\s*(?:{names}))*\s*,?\s+and\s+"
                                  rf"(?:{names})\b(?:\s+(?P<verb>\w+))?")

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.pattern.finditer(text)


@functools.lru_cache(maxsize=256)
def _list_pattern(agent_names: frozenset[str]) -> _ListPattern | None:
    """Built once per program."""
    if len(agent_names) < 2:
        return None
    return _ListPattern("|".join(re.escape(n) for n in sorted(agent_names, key=len,
                                                               reverse=True)))


def entity_after(lowered: str, quantity: int, entities: Collection[str]) -> str | None:
    """The program's entity written right after the number, if any ("35 dollars")."""
    found = re.search(rf"(?<![\d,.]){quantity}\s+([a-z][a-z ]*)", lowered)
    if found is None:
        return None
    said = found.group(1)
    return next((e for e in sorted(entities, key=len, reverse=True)
                 if said == e or said.startswith(e + " ")), None)


def _partial_total(index: ProgramIndex, group: Agents, quantity: int, entity: object,
                   smallest: int, proper: bool = True) -> str | None:
    """Some of ``group`` (``smallest`` or more of them; ``proper``: not all) whose counts
    at one time add up to ``quantity``: their names, else ``None``."""
    demand = index.demand
    if demand is None or not isinstance(entity, str):
        return None
    found = next(demand.groups_adding_up(entity, quantity, within=group.names,
                                         smallest=smallest, whole=not proper), None)
    return None if found is None else " and ".join(found.sorted_names())


def _moved_operand(index: ProgramIndex, operands: tuple[int, ...], owner: Agents) -> int | None:
    """An operand that is the quantity of a transfer of the program that ``owner`` did not
    receive (what moved into it is its own), and of no count of ``owner``: that quantity,
    else ``None``."""
    claims = index.claims_by_predicate()
    moved = {c.quantity for c in claims.get("transfer", ()) if c.args[1] != owner}
    held = {c.quantity for c in claims.get("cont", ()) if c.args[0] == owner}
    return next((q for q in operands if q in moved and q not in held), None)


def _product_operands(expression: Arithmetic | None) -> tuple[int, ...]:
    """A product's operands ("5 * 3 = 15"), else none."""
    if expression is None or not expression.operators or any(
            o not in ("*", "×", "x") for o in expression.operators):
        return ()
    return tuple(int(q) for q in expression.operands)


# a place the things counted are said to be in, right after them: "5 oranges in a bin"
_PLACE_AFTER = r"\s+(?:in|on|at|inside)\s+(?:the\s+|a\s+|an\s+|his\s+|her\s+|their\s+)?" \
    r"([a-z][a-z' ]*)"


def _owner_unsettled(lowered: str, owner: Agents, quantity: object, entity: object,
                     index: ProgramIndex, arithmetic: Arithmetic | None) -> str | None:
    """Why the count of ``owner`` (one agent; a count that is no theorem) is not one the
    sentence gives it, else ``None``: its arithmetic takes another's count from the
    owner's (a difference), the things are said to be in another agent of the program, or
    no word names the owner where another agent holds counts (the reader took the one
    holder of the entity)."""
    name = next(iter(owner.names))
    counts = index.claims_by_predicate().get("cont", ())
    if arithmetic is not None and arithmetic.operator == "-" and len(arithmetic.operands) == 2:
        first, second = (int(q) for q in arithmetic.operands)
        mine = {c.args[2] for c in counts if c.args[0] == owner and c.quantity == first
                and entity in (None, c.args[2])}
        other = next((c for c in counts if c.args[0] != owner and c.quantity == second
                      and c.args[2] in mine), None)
        if other is not None:
            # "So Katie has 81 - 59 = 22": her friends' 59 taken from her 81 is how many
            # more she has, which the words say as her count
            taken = " and ".join(other.args[0].sorted_names())
            return (f"{first} - {second} takes {taken!r}'s count from {name!r}'s: a "
                    "difference, not a count")
    if not isinstance(entity, str) or not isinstance(quantity, int):
        return None
    places = [next((n for n in sorted(index.agent_names, key=len, reverse=True)
                    if said == n or said.startswith(n + " ")), None)
              for said in re.findall(rf"(?<![\d,.]){quantity}\s+{re.escape(entity)}"
                                     rf"{_PLACE_AFTER}", lowered)]
    place = next((p for p in places if p is not None and p != name), None)
    if place is not None and name not in places and index.candidates(
            ClaimPattern("cont", (Agents.of(place), None, entity))):
        # "A store had 5 oranges in a bin", the bin holding the oranges ("35 pencils in the
        # drawer and 35 on the desk" places each count with its owner)
        return f"the {entity} are in {place!r}: the count is {place!r}'s or {name!r}'s"
    words = set(re.findall(r"[a-z]+", lowered))
    holders = {c.args[0] for c in counts if len(c.args[0]) == 1}
    if holders - {owner} and not words & MENTION_WORDS and \
            not words & set(re.findall(r"[a-z]+", name)):
        # "old games = 38": Katie's, the one who has old games, or her friends', whose the
        # model was working out
        return f"no word names whose {entity} these are ({name!r} is only a guess)"
    return None


def unstated_rate(text: str, pattern: ClaimPattern) -> str | None:
    """Why the sentence does not state the rate ``pattern``: the unit it says the number is
    per ("8 crayons a day", "per week") is not the rate's ("per box"); else ``None``."""
    quantity, unit = pattern.args[1], pattern.args[3]
    if not isinstance(quantity, int) or not isinstance(unit, str):
        return None
    # (not past an "and": "8 minutes and each table took 8" says nothing of the 8's unit)
    found = re.search(rf"(?<![\d,.])(?:{quantity:,}|{quantity})\s+(?:(?!and\s)[a-z'-]+\s+)"
                      r"{0,3}?(?:per|each|every|an?)\s+([a-z][a-z' -]*)", text.lower())
    if found is None:
        return None
    said = found.group(1)
    # "per fish tank", "in each of her 27 coolers", "13 opals per treasure chest"
    first, words = singular(said.split()[0]), singular(unit).split()
    owner = pattern.args[0]
    kinds = {singular(w) for n in owner.names for w in n.split()} if isinstance(
        owner, Agents) else set()
    if said.startswith(("of ", singular(unit), unit)) or first in (words[0], words[-1]) or \
            first == singular(words[0]) or first in kinds or (
                len(first) >= 4 and words[-1].endswith(first)):
        # ("per package" of packages of gum; "per chair" of the chairs' rate per piece of
        # furniture; "per shelf" of bookshelves)
        return None
    return f"{quantity} is per {said.split()[0]}, not per {singular(unit)}"


# "than he had", "than she did before": a comparison with the subject's own earlier count
_THAN_SELF_RE = re.compile(r"\bthan\s+(?:he|she|they|it)\s+(?:had|did|has|does|used\s+to|was|"
                           r"were|started)\b")


def unstated_comparison(text: str, pattern: ClaimPattern) -> str | None:
    """Why the sentence does not state the comparison ``pattern``: "Vic has 8 fewer cards
    than he had" compares Vic with himself before (a change), with no second person named;
    else ``None``."""
    found = _THAN_SELF_RE.search(text.lower())
    if found is None:
        return None
    lowered = text.lower()
    named = [a for a in pattern.args[:2] if isinstance(a, Agents) and all(
        re.search(rf"\b{re.escape(n)}\b", lowered) for n in a.names)]
    if len(named) == 2:
        return None
    return f"{found.group(0)!r}: a change since before, not a comparison of two"
