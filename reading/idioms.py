"""Phrasings the clause reader does not parse, rewritten to ones it does with the same meaning.

Each rewrite is a regular expression over one statement or question (after ``$5`` became
``5 dollars``) and says why the two phrasings mean the same. The sentence a fact is recorded
with stays the problem's own; only what the reader parses is rewritten. A rewrite never
makes a reading where the words have two: it names what the words already say ("14 new
students came to school" are 14 more of the students counted; "each player left" is each
player there after some left, which a rate stated at that time already means).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vlp.grammar.inflect import to_plural

_ORDINALS = "first|second|third|fourth|fifth|sixth|seventh|eighth"
_PERIODS = "year|day|week|month|season|game|night"


def _rules(*pairs: tuple[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern, re.IGNORECASE), replacement)
                 for pattern, replacement in pairs)


# "in fourth grade": the grade is a place, as "in the fourth grade" is
_GRADE = (rf"\bin ({_ORDINALS}) grade\b", r"in the \1 grade")
STATEMENT_REWRITES = _rules(
    _GRADE,
    # "14 new students came to school": more of the students counted, joining them
    (r"\b(\d+) new (\w+) (came|joined|arrived)\b", r"\1 more \2 \3"),
    # "N friends playing a video game online": the friends are the game's players
    (r"\b(\d+) friends playing an? (?:video |online )?game(?: online)?\b",
     r"\1 players in the game"),
    # "..., when 7 players quit": the quitting happens after what was said before it
    (r",? when (\d+|another)\b", r". \1"),
    # "each player left had 8 lives": each player there now (a rate holds from its time on)
    (r"\beach (\w+) left (had|has)\b", r"each \1 \2"),
    # "was playing a video game where she scores 7 points for each treasure she finds": her
    # points are 7 per treasure found
    (r"\b(?:was|is) playing an? (?:video )?game where (?:he|she) (scores|earns|gets) (\d+) "
     r"points for each (\w+) (?:he|she) (?:finds|found|collects|defeats)\b",
     r"\1 \2 points per \3"),
    # "There are 18 pieces in each package": each package has 18 pieces
    (r"^there (?:are|is) (\d+) ([a-z]+(?: of [a-z]+)?) in each ([a-z]+)\b",
     r"Each \3 has \1 \2"),
    # "White t-shirts can be purchased in packages of 6": each package has 6 of them
    (r"^(?:the )?((?:[a-z-]+ ){0,2}[a-z-]+) (?:can be (?:purchased|bought)|are sold|come) in "
     r"(packages|packs|boxes|bags|cases|cartons|bundles|sets) of (\d+)(?=\s*\.?$)",
     r"Each \2 has \3 \1"),
    # "was placing her pencils and crayons into 7 rows with 36 pencils and 30 crayons in each
    # row": her 7 rows, each with 36 pencils and 30 crayons
    (r"\b(?:was|is) (?:placing|putting|arranging|packing) (?:her|his|their) [a-z]+(?: and "
     r"[a-z]+)? into (\d+) ([a-z]+) with (\d+ [a-z0-9 ]*?) in each ([a-z]+)(?=\s*\.?$)",
     r"has \1 \2. Each \4 has \3"),
    # "has 56 books in each of his 9 bookshelves": 9 bookshelves, each with 56 books
    (r"\b(has|had|have) (\d+) ([a-z ]+?) in each of (?:his|her|their|the) (\d+) ([a-z]+)"
     r"(?=\s*[.,]?$)", r"\1 \4 \5. Each \5 has \2 \3"),
    # "6 more balloons than the number of balloons that Allan brought": than Allan
    (r"\b(\d+ (?:more|fewer|less) ([a-z ]+?)) than the number of \2 (?:that|which) "
     r"([a-z]+) [a-z]+(?=\s*[.,]?$)", r"\1 than \3"),
    # "used 5 to buy some toys": what the 5 were used for, not a count
    (r"\b((?:used|spent|uses|spends|use|spend) \d+(?: [a-z]+)?) to (?:buy|build|make|get|"
     r"purchase) some [a-z]+\b", r"\1"),
    (r"\b(and \d+ more) to (?:buy|build|make|get|purchase) some [a-z]+\b", r"\1"),
    # "has an aquarium with 212 fish": the fish are hers, wherever she keeps them
    (r"\b(has|had) an? (?:aquarium|tank|fish tank|box|bag|basket|jar|bowl|shelf|bookshelf|"
     r"cage|pond|drawer|backpack|wallet|purse|garden|farm) with (\d+ [a-z]+)(?=\s*\.?$)",
     r"\1 \2"),
    # "played 177 rounds of a trivia game": the rounds he had; "46 points in each round of
    # a game": in each of those rounds
    (r"\bplayed (\d+) rounds(?: of an? (?:trivia |video )?game)?\b", r"had \1 rounds"),
    (r"\bin each round of an? (?:trivia |video )?game\b", "in each round"),
    # "9 five dollars bills": 9 bills, each worth five dollars
    (r"\b(\d+) (one|two|five|ten|twenty|fifty|hundred)[- ]dollars? bills(?=\s*\.?$)",
     r"\1 \2-dollar bills. Each \2-dollar bill has \2 dollars"),
    # "took a look at his books": looked at them, took none
    (r"\btook a look at\b", "looked at"),
    # "sold 17 of them and used the money he earned to buy 7 new books": bought 7 books
    (r"\bused the money (?:he|she|they) (?:earned|made|got) to buy\b", "bought"),
    # "19 more push-ups but 27 less crunches than Zachary": both compared with Zachary
    (r"\b(\d+ (?:more|fewer|less|lesser) [a-z-]+) but (\d+ (?:more|fewer|less|lesser) [a-z-]+ "
     r"than)\b", r"\1 and \2"),
    # "made 4 dollars mowing lawns": how the money was made, not what it is
    (r"\b(\d+ dollars) \w+ing(?: (?!and\b|but\b|in\b|on\b|at\b|over\b)[a-z]+)*", r"\1"),
    # "won 32 tickets playing 'whack a mole'": the game played names no holder or count
    (r"\s+playing '[^']*'", ""),
    # "found 2 treasures on the first level and 6 on the second": counts found one after
    # the other, the levels naming no holder
    (rf"\s+(?:on|in) the (?:{_ORDINALS})(?: (?:level|round))?(?=\s*(?:,|\.|\band\b|$))", ""),
)

# the first and the last time: what a problem's first count and its question hold at anyway;
# read only where they are (a count after a change stated "at the start" is refused first)
FIRST_TIME = re.compile(rf"\s*,?\s*\bat the (?:start|beginning) of the (?:{_PERIODS})\b",
                        re.IGNORECASE)
QUESTION_REWRITES = _rules(
    _GRADE,
    # "what would her score be?": how many points she would have
    # "how many more crayons does Willy have then Lucy": "then" misspells "than"
    (r"^(how (?:many|much) (?:more|fewer|less)\b(?:(?!\bthan\b).)*?)\bthen\b(?=\s+\w+\s*\??$)",
     r"\1than"),
    # "how much money did he end up with": what he has then
    (r"\b(did|does|do|would|will) (he|she|they|\w+) end up with\b", r"\1 \2 have"),
    (r"^what would his score be\b", "How many points would he have"),
    (r"^what would her score be\b", "How many points would she have"),
    (rf"\s+at the end(?: of the (?:{_PERIODS}))?(?=\s*\??$)", ""),
)


def rewrite(text: str, rules: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


_TITLE = re.compile(r"\b(Mrs|Mr|Ms|Dr)\. ([A-Z][a-z]+)\b")


def without_titles(text: str) -> Callable[[str], str]:
    """"Mrs. Hilt" is Hilt where no one else in ``text`` has that name with another title
    (the stop after a title would end a sentence); else the titles are kept."""
    titles: dict[str, set[str]] = {}
    for title, name in _TITLE.findall(text):
        titles.setdefault(name, set()).add(title)
    if any(len(found) > 1 for found in titles.values()):
        return lambda sentence: sentence
    return lambda sentence: _TITLE.sub(r"\2", sentence)


_COUNT_IN_QUESTION = re.compile(r"^how many ([a-z ]+?) (?:are|is) (?:there )?in (\d+) "
                                r"([a-z]+(?: [a-z]+)?)\s*\?$", re.IGNORECASE)
_ONE_HOLDS = re.compile(r"^there (?:are|is) (\d+) ([a-z ]+?) in an? ([a-z]+(?: [a-z]+)?)\s*\.?$",
                        re.IGNORECASE)


# "wants to buy 68 more fish", where the question asks what she would have then
_PLANNED = re.compile(r"\b(?:wants|plans|wanted|planned|decides|decided) to (buy|get|pick|bake|"
                      r"make) (\d+ more)\b", re.IGNORECASE)
_WOULD = re.compile(r"\b(?:would|will)\b", re.IGNORECASE)


def problem_rewrites(sentences: list[str]) -> list[str]:
    """The sentences to read, for phrasings whose reading the question settles: a plan read
    as done where the question asks what would be then (:data:`_PLANNED`), and a question
    that counts containers itself (:func:`count_in_question`)."""
    if sentences and _WOULD.search(sentences[-1]):
        sentences = [_PLANNED.sub(r"\1 \2", s) for s in sentences[:-1]] + sentences[-1:]
    return count_in_question(sentences)


def count_in_question(sentences: list[str]) -> list[str]:
    """The sentences to read for a question that counts containers itself: "There are 8
    calories in a candy bar. How many calories are there in 3 candy bars?" reads as "Each
    candy bar has 8 calories. There are 3 candy bars. How many calories are in the candy
    bars?" (the
    question's 3 candy bars are a count it states; "in a candy bar" is each one, since the
    question counts candy bars). Sentences of other problems are read as they are."""
    asked = _COUNT_IN_QUESTION.match(sentences[-1]) if sentences else None
    if asked is None:
        return sentences
    entity, number, containers = asked.groups()
    read = []
    for sentence in sentences[:-1]:
        one = _ONE_HOLDS.match(sentence)
        if one is not None and to_plural(one.group(3).lower()) == containers.lower():
            sentence = f"Each {one.group(3)} has {one.group(1)} {one.group(2)}."
        read.append(sentence)
    # the question asks about the containers it counts: what a rate per container of them
    # holds (else no one holds what it asks about, and the problem is refused)
    return [*read, f"There are {number} {containers}. How many {entity} are in the "
                   f"{containers}?"]
