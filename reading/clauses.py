"""The phrases of a word problem's clause: who (agents, pronouns, possessives, "there"),
how many of what (counts, conjunctions, "14 of the marbles"), and the clause boundaries.

A phrase reader returns what it read and where it stopped, or ``None``; it never guesses a
referent: a pronoun with no antecedent, or an entity that names two earlier ones, is a
:class:`Unreadable` with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .words import (
    ACQUIRE,
    ARTICLES,
    BE,
    FAMILY,
    GIVE,
    HAVE,
    LESS,
    LOSE,
    MONEY,
    MORE,
    NOT_NAMES,
    PERSONAL,
    PHRASE_ENDS,
    PLACE,
    PLURAL_PRONOUNS,
    REMOVE,
    TAKE,
    TIME_WORDS,
    Token,
    head_noun,
    is_plural,
    is_word,
    plural_noun,
)

VERBS = HAVE | ACQUIRE | GIVE | TAKE | PLACE | frozenset(LOSE) | frozenset(REMOVE)
_MODIFIERS = frozenset("also then still already only just now later finally each together "
                       "initially originally first".split())
_COUNT_MARKS = frozenset("more additional extra another".split())


class Unreadable(Exception):
    """A phrase that has no one reading (the reason says why)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@attrs.frozen
class Count:
    """``quantity`` of ``entity`` (``None``: "14 of them", "8 left": the entity referred to)."""

    quantity: int
    entity: str | None
    owner: str | None = None  # "25 of Sam's marbles"
    more: bool = False  # "another 3", "3 more"
    referred: bool = False  # "3 of the potatoes", "3 of them"
    direction: int = 0  # 1 after "5 more", -1 after "5 fewer" (a comparison's side)


def is_name(token: Token) -> bool:
    return token.text[:1].isupper() and token.number is None and token.lower not in NOT_NAMES \
        and token.lower not in PERSONAL and token.lower not in PLURAL_PRONOUNS \
        and token.text.isalpha() or (token.text[:1].isupper() and token.lower.endswith("'s")
                                     and token.lower[:-2] not in NOT_NAMES)


class Context:
    """What earlier sentences set up: the people named (for pronouns), the last subject, the
    entities counted (for "the marbles", "of them")."""

    def __init__(self) -> None:
        self.people: list[str] = []
        self.subject: tuple[str, ...] | None = None
        self.entities: list[str] = []
        self.last_entity: str | None = None
        # the clause's subject while its objects are read: "Ann gave him 3 cards" (him is
        # not Ann)
        self.object_of: tuple[str, ...] | None = None
        self.subjects: set[str] = set()  # the people that have been a clause's subject

    def mention(self, name: str) -> None:
        if name in self.people:
            self.people.remove(name)
        self.people.append(name)

    def person(self, word: str, as_object: bool = False) -> str:
        """He, she, his, her: the subject if it is one person, else the one person named;
        "him" or "her" as an object: the one person named other than the subject."""
        if as_object and self.object_of is not None:
            others = [p for p in self.people if p not in self.object_of]
            if len(others) == 1:
                return others[0]
            raise Unreadable(f"'{word}' refers to no one named before" if not others else
                             f"two readings of '{word}'")
        if self.subject is not None and len(self.subject) == 1 and self.subject[0] in \
                self.people and self.subjects <= {self.subject[0]}:
            return self.subject[0]  # "Tom gave Fred 16 cards. He ...": Tom
        if len(self.people) == 1:
            return self.people[0]
        if not self.people:
            raise Unreadable(f"'{word}' refers to no one named before")
        raise Unreadable(f"two readings of '{word}'")

    def entity(self, words: Sequence[str], quantity: int = 2) -> str:
        """The entity ``words`` name: an earlier one with that name or that head noun
        ("the marbles" after "64 violet marbles"), else a new one (in the plural: "1 apple"
        counts apples; a noun after another number is kept as written, "25 starfish")."""
        name = plural_noun(list(words)) if quantity == 1 or " ".join(words) in MONEY else \
            " ".join(words)
        if name in self.entities:
            return name
        if words and words[0] in ("new", "old") and " ".join(words[1:]) in self.entities and \
                not any(e.startswith(("new ", "old ")) for e in self.entities):
            return " ".join(words[1:])  # "bought 103 new cakes" after "made 173 cakes"
        same_head = [e for e in self.entities if head_noun(e) == head_noun(name)
                     and (e.endswith(name) or e.startswith(name + " of "))]
        if len(same_head) == 1:
            return same_head[0]
        if len(same_head) > 1:
            raise Unreadable(f"two readings of '{' '.join(words)}'")
        general = [e for e in self.entities if name.endswith(" " + e) or
                   name.startswith(e + " ") or e.startswith(name + " ")]
        if general:  # "103 new cakes" after "173 cakes": more cakes, or other ones?
            raise Unreadable(f"two readings of '{' '.join(words)}' (the {general[0]} or "
                             "others)")
        return name

    def count(self, name: str) -> None:
        if name not in self.entities:
            self.entities.append(name)
        self.last_entity = name


def agents_at(tokens: Sequence[Token], start: int, context: Context
              ) -> tuple[tuple[str, ...], int] | None:
    """The agents a subject or counterparty phrase at ``start`` names, and where it ends:
    names ("Sam", "Sam and Mary", "Sam's friend"), pronouns, "her dad", "the rabbits"."""
    index = start
    names: list[str] = []
    while index < len(tokens):
        one = _one_agent(tokens, index, context)
        if one is None:
            break
        name, index = one
        names.append(name)
        if index + 1 < len(tokens) and tokens[index].lower == "and" and "'s " in name and \
                tokens[index + 1].lower in FAMILY:  # "his aunt and uncle": both his
            names.append(f"{name.split(chr(39) + 's ')[0]}'s {tokens[index + 1].lower}")
            index += 2
            break
        if index < len(tokens) and tokens[index].lower == "and" and index + 1 < len(tokens) \
                and _one_agent(tokens, index + 1, context) is not None:
            index += 1
            continue
        if index + 2 < len(tokens) and tokens[index].text == "," and \
                tokens[index + 1].lower == "and" and \
                _one_agent(tokens, index + 2, context) is not None:
            index += 2  # "Sofie, Anne, and Fawn"
            continue
        if index + 1 < len(tokens) and tokens[index].text == "," and \
                _one_agent(tokens, index + 1, context) is not None and _list_follows(
                    tokens, index + 1, context):
            index += 1
            continue
        break
    if not names:
        return None
    return tuple(names), index


def _list_follows(tokens: Sequence[Token], start: int, context: Context) -> bool:
    """Whether a ", B and C" list continues at ``start`` (not a new clause "..., B has")."""
    one = _one_agent(tokens, start, context)
    return one is not None and one[1] < len(tokens) and tokens[one[1]].lower in ("and", ",")


def _one_agent(tokens: Sequence[Token], index: int, context: Context) -> tuple[str, int] | None:
    token = tokens[index]
    after = index + 1
    if token.lower in ("he", "she"):
        return context.person(token.lower), after
    if token.lower in ("his", "her") and after < len(tokens) and tokens[after].lower in FAMILY:
        return f"{context.person(token.lower)}'s {tokens[after].lower}", after + 1
    if token.lower in ("his", "her") and after + 1 < len(tokens) and \
            tokens[after].lower in _AGES and tokens[after + 1].lower in FAMILY:
        return f"{context.person(token.lower)}'s {tokens[after + 1].lower}", after + 2
    if token.lower in ("his", "her") and after < len(tokens) and tokens[after].text.isalpha() \
            and tokens[after].lower not in PHRASE_ENDS and tokens[after].lower not in VERBS:
        return None  # "her tree": a possession, not a person
    if token.lower in ("her", "him"):
        return context.person(token.lower, as_object=True), after
    if token.lower in context.people and token.text.isalpha():
        return token.lower, after  # a name met before, written in lower case ("jackie")
    if is_name(token):
        # "Edward and his friend": his is Edward; "Tim's cat had kittens. He ...": Tim
        context.mention(token.lower[:-2] if token.lower.endswith("'s") else token.lower)
        if token.lower.endswith("'s"):
            owner = token.lower[:-2]
            if after < len(tokens) and tokens[after].lower in FAMILY:
                return f"{owner}'s {tokens[after].lower}", after + 1
            return None
        if after + 1 < len(tokens) and tokens[after].text.isalpha() and \
                tokens[after].text.islower() and is_plural(tokens[after].lower) and \
                tokens[after].lower not in VERBS | BE | PHRASE_ENDS and \
                tokens[after + 1].lower in VERBS | BE | {"will", "had", "have"}:
            return f"{token.lower} {tokens[after].lower}", after + 1  # "Park workers will"
        return token.lower, after
    if token.lower in ARTICLES and after < len(tokens) and tokens[after].number is None:
        words = []
        end = after
        while end < len(tokens) and tokens[end].lower not in PHRASE_ENDS and \
                tokens[end].lower not in VERBS and tokens[end].lower not in BE and \
                tokens[end].number is None and tokens[end].text.isalpha():
            if tokens[end].lower in PERSONAL or tokens[end].lower in PLURAL_PRONOUNS or \
                    tokens[end].lower in TIME_WORDS or tokens[end].lower in ("next",
                                                                             "following"):
                return None  # "the next day she found": no agent
            words.append(tokens[end].lower)
            end += 1
        if words and words[-1] not in MONEY:
            return " ".join(words), end
    return None


def counts_at(tokens: Sequence[Token], start: int, context: Context
              ) -> tuple[list[Count], int]:
    """The counts at ``start`` ("27 pennies and 15 dimes", "86 yellow and 20 green marbles",
    "14 of the marbles", "another 3") and where they end."""
    found: list[tuple[int, list[str], str | None, bool, bool, int]] = []
    index = start
    while index < len(tokens):
        more = False
        if index + 3 < len(tokens) and tokens[index].lower in ("a", "an") and \
                tokens[index + 2].lower == "of" and tokens[index + 3].number is not None:
            index += 3  # "a box of 440 crayons": the crayons are counted
        if tokens[index].lower in ("another", "an") and index + 1 < len(tokens) and \
                tokens[index + 1].number is not None:
            more = tokens[index].lower == "another"
            index += 1
        if tokens[index].number is None:
            break
        quantity = tokens[index].number
        index += 1
        direction = 0
        while index < len(tokens) and tokens[index].lower in _COUNT_MARKS | MORE | LESS:
            more = more or tokens[index].lower in ("more", "additional", "extra", "another")
            direction = 1 if tokens[index].lower in MORE else -1 if tokens[index].lower in LESS \
                else direction
            index += 1
        owner: str | None = None
        referred = False
        if index < len(tokens) and tokens[index].lower == "of":
            referred = True
            index += 1
            if index < len(tokens) and tokens[index].lower in ("them", "these", "those", "it"):
                index += 1
                words: list[str] = []
            else:
                if index < len(tokens) and tokens[index].lower in ("the", "his", "her",
                                                                   "their", "its"):
                    if tokens[index].lower != "the":
                        owner = context.person(tokens[index].lower) \
                            if tokens[index].lower in ("his", "her") else None
                    index += 1
                elif index < len(tokens) and is_name(tokens[index]) and \
                        tokens[index].lower.endswith("'s"):
                    owner = tokens[index].lower[:-2]
                    index += 1
                words, index = _noun_words(tokens, index)
        else:
            words, index = _noun_words(tokens, index)
        found.append((quantity, words, owner, more, referred, direction))  # type: ignore[arg-type]
        index = _between_counts(tokens, index)
        if index + 1 < len(tokens) and tokens[index].lower in ("and", ",") and (
                tokens[index + 1].number is not None or tokens[index + 1].lower == "another"):
            index += 1
            continue
        if index + 2 < len(tokens) and tokens[index].text == "," and \
                tokens[index + 1].lower == "and" and tokens[index + 2].number is not None:
            index += 2
            continue
        break
    counts: list[Count] = []
    shared_noun = next((w for _q, w, _o, _m, r, _d in reversed(found) if w and not r), None)
    for quantity, words, owner, more, referred, direction in found:
        if not words:
            counts.append(Count(quantity, None, owner, more, referred, direction))
            continue
        if not referred and words != shared_noun and shared_noun is not None and \
                _is_adjectives(words) and len(found) > 1:
            words = [*words, *shared_noun[-1:]]  # "86 yellow and 20 green marbles"
        if words[-1] in ("one", "ones"):
            if len(words) > 1 and words[-2] not in _COLOURS | {"new", "old", "more", "other"}:
                raise Unreadable(f"no reading of '{' '.join(words)}'")
            counts.append(Count(quantity, None, owner, more, referred, direction))
            continue
        counts.append(Count(quantity, context.entity(words, quantity), owner, more, referred,
                            direction))
    return counts, index


def _between_counts(tokens: Sequence[Token], index: int) -> int:
    """Past a time or purpose phrase that stands between two counts of a list ("41 trees
    today and 20 trees tomorrow", "2 dollars on a comic book and 18 dollars on a puzzle",
    "48 dollars in October and 25 dollars in November"); else ``index`` itself."""
    end = index
    if end < len(tokens) and tokens[end].lower in TIME_WORDS:
        end += 1
    elif end < len(tokens) and tokens[end].lower in ("on", "for", "in", "during"):
        end += 1
        if end < len(tokens) and tokens[end].lower in ("a", "an", "the"):
            end += 1
        words = 0
        while end < len(tokens) and tokens[end].text.isalpha() and \
                tokens[end].lower not in ("and",) and words < 3:
            end += 1
            words += 1
        if tokens[index].lower == "in" and not all(t.lower in TIME_WORDS for t in
                                                    tokens[index + 1:end]):
            return index  # "in the drawer": a place, not a time
    else:
        return index
    if end + 1 < len(tokens) and tokens[end].lower == "and" and tokens[end + 1].number is not None:
        return end
    if end + 2 < len(tokens) and tokens[end].text == "," and tokens[end + 1].number is not None:
        return end
    return index


# "his little brother": the brother
_AGES = frozenset("little big older younger baby elder".split())
_COLOURS = frozenset("red blue green yellow violet purple orange pink white black brown gray "
                     "grey silver gold golden big small large old new regular diet".split())


def _is_adjectives(words: list[str]) -> bool:
    return all(w in _COLOURS for w in words)


def _noun_words(tokens: Sequence[Token], index: int) -> tuple[list[str], int]:
    """A noun phrase's words up to a word that ends it ("bales of hay" keeps its "of")."""
    words: list[str] = []
    while index < len(tokens):
        token = tokens[index]
        if token.lower == "of" and words and index + 1 < len(tokens) and \
                tokens[index + 1].lower not in ARTICLES | {"his", "her", "their", "them"} and \
                tokens[index + 1].number is None and tokens[index + 1].text.isalpha():
            words.append("of")
            index += 1
            continue
        if token.lower in PHRASE_ENDS or token.number is not None or not is_word(token.text) \
                or token.lower in VERBS or token.lower in BE or token.lower in TIME_WORDS \
                or (is_name(token) and words and is_plural(words[-1])):  # "balloons Sara has"
            break
        if token.lower in ARTICLES:
            break
        words.append(token.lower)
        index += 1
    if words and words[-1] == "of":
        words.pop()
        index -= 1
    if len(words) > 1 and words[-1] in ("long", "wide", "tall", "high", "deep", "old"):
        words.pop()  # "61 pages long": pages (a predicate, not a kind of pages)
    return words, index


def clause_starts(tokens: Sequence[Token], context: Context) -> list[int]:
    """Where the clauses of a statement begin: after "," "and", "but", "then", "while" or
    ";" where a verb (the subject carried over) or a subject and its verb follow."""
    starts = [0]
    index = 1
    while index < len(tokens):
        token = tokens[index]
        if is_name(token) and tokens[index - 1].text.isalpha() and \
                tokens[index - 1].text.islower() and index + 1 < len(tokens) and \
                tokens[index + 1].lower in VERBS and any(
                    t.lower in VERBS for t in tokens[starts[-1]:index]):
            starts.append(index)  # "Mary has 9 marbles Joan has 3 marbles" (no comma)
            index += 1
            continue
        if token.lower in (",", "and", "but", "while", "then", ";", "so") and any(
                t.lower in VERBS or t.lower in BE or (
                    t.lower in _COUNT_VERBS and tokens[starts[-1]].number is not None)
                for t in tokens[starts[-1]:index]):  # "3 customers left and he got 9 more"
            after = index + 1
            while after < len(tokens) and tokens[after].lower in ("and", "then", "but", ",",
                                                                  "later", "also"):
                after += 1
            if after < len(tokens) and _starts_clause(tokens, after, context):
                starts.append(after)
                index = after
        index += 1
    return starts


# verbs a clause that begins with its count may have ("4 members didn't show up")
_COUNT_VERBS = frozenset("left quit got joined came arrived didn't were was are is".split())


def _starts_clause(tokens: Sequence[Token], index: int, context: Context) -> bool:
    token = tokens[index]
    if token.lower in ("on", "in", "at", "during") and index + 2 < len(tokens):
        for start in range(index + 2, min(index + 5, len(tokens) - 1)):  # "on Sunday he"
            if tokens[start].lower in ("he", "she") or is_name(tokens[start]) or \
                    tokens[start].number is not None:
                return _starts_clause(tokens, start, context)
    if token.number is not None:
        lowered = [t.lower for t in tokens]
        if "than" in lowered[index:] and "than" in lowered[:index]:
            return True  # "... fewer than Steven and 3 more peaches than Jill"
        # "... and left and 15 more got in line": a count with a verb of its own (before the
        # next "," or "and": "35 watermelons and 30 carrots, but ..." is a list)
        end = next((i for i in range(index + 1, len(lowered))
                    if lowered[i] in (",", "and", "but", ";", "while")), len(lowered))
        return any(w in VERBS or w in _COUNT_VERBS for w in lowered[index + 1:end])
    if token.lower in VERBS:
        return True
    if token.lower == "there" and index + 1 < len(tokens) and tokens[index + 1].lower in BE:
        return True
    try:
        found = agents_at(tokens, index, context)
    except Unreadable:
        return True  # a pronoun: a clause, refused when read
    if found is None:
        return False
    end = found[1]
    while end < len(tokens) and tokens[end].lower in _MODIFIERS:
        end += 1
    return end + 1 < len(tokens) and (tokens[end].lower in VERBS or tokens[end].lower in BE) \
        and tokens[end + 1].text.isalnum()  # "... than Adam and Jackie together do."
