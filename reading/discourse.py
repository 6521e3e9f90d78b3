"""What the loose reader reads a sentence against: the program's names, indexed once per
problem (``Lexicon``), and what the transcript has said so far (``Discourse``: the agents
each clause mentioned, the claims read, the gender a pronoun revealed), which resolves a
pronoun to its referent."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.templates import CLAIM_SLOTS, TEMPLATES
from vlp.kernel import Agents, Claim

from .align import ProgramIndex
from .reader_words import (
    FUNCTION_WORDS,
    MENTION_WORDS,
    gender_of,
    is_setting,
    may_be_person,
    relation_gender,
)

_BY_TEMPLATE = {t.id: t for t in TEMPLATES}


class Lexicon:
    """A program's names, indexed for reading mentions (built once per problem)."""

    def __init__(self, index: ProgramIndex, query_agents: Sequence[Agents]):
        self.index = index
        self.names: dict[tuple[str, ...], str] = {}
        self.owners: dict[str, list[str]] = {}  # relation ("dad") -> owners ("melanie")
        for name in index.agent_names:
            self.names[tuple(name.split())] = name
            owner, _, relation = name.partition("'s ")
            if relation:
                self.owners.setdefault(relation, []).append(owner)
        # built once: a mention of a name is looked up, not rebuilt, on every sentence
        self.agents = {name: Agents.of(name) for name in index.agent_names}
        self.first_words = frozenset(k[0] for k in self.names)
        # the words a mention may start with, and the most words a name starting with each
        # has: a sentence's words are looked up once, not once per possible name length
        self.mention_starts = self.first_words | MENTION_WORDS
        self.name_sizes: dict[str, int] = {}
        for key in self.names:
            self.name_sizes[key[0]] = max(self.name_sizes.get(key[0], 1), len(key))
        self.entities = frozenset(index.entities)
        self.entity_words = {e: tuple(e.split()) for e in self.entities}
        # words of the program's entities that are never function words ("plants", "ends")
        self.entity_vocabulary = frozenset(
            w for words in self.entity_words.values() for w in words
            for form in (w, singular(w)) if form not in FUNCTION_WORDS)
        self.plural_group = next((a for a in query_agents if len(a) > 1), None)
        self.asked = frozenset(query_agents)  # the agents the question asks about


@functools.lru_cache(maxsize=256)
def lexicon(index: ProgramIndex, query_agents: tuple[Agents, ...]) -> Lexicon:
    return Lexicon(index, query_agents)


def name_of(agents: Agents) -> str:
    return next(iter(agents.names))


def show(agents: Agents) -> str:
    return " and ".join(agents.sorted_names())


class Discourse:
    """What the transcript has said so far: per clause, the agents it mentioned (subject
    first, with the pronoun that named each, if any); the claims read; and the gender a
    pronoun revealed ("she" for Hong: a later "he" is someone else)."""

    def __init__(self) -> None:
        self._records: list[list[tuple[Agents, str | None]]] = []
        self._claims: list[Claim] = []
        # claims the template grammar read, noted when the discourse is next looked at (most
        # transcripts never need the loose reader, so most are never noted)
        self._pending: list[tuple[Claim, str | None]] = []
        self.gender: dict[str, str] = {}
        self.topic: tuple[Agents, str] | None = None  # a heading's owner and entity
        self.heading: Agents | None = None  # a heading of one name ("- Aditya:")
        self.ambiguity: str | None = None  # why the last pronoun was left unresolved
        # the pronoun and the people it may be, when ``ambiguity`` says it fits two or more
        self.rivals: tuple[str, tuple[Agents, ...]] | None = None
        self.bound: tuple[str, Agents] | None = None  # a pronoun read as one of its rivals
        self.things: set[Agents] = set()  # agents written in lower case: "he" / "she" last

    @property
    def records(self) -> list[list[tuple[Agents, str | None]]]:
        if self._pending:
            self._note_pending()
        return self._records

    @property
    def claims(self) -> list[Claim]:
        if self._pending:
            self._note_pending()
        return self._claims

    @property
    def subjects(self) -> list[Agents]:
        return [record[0][0] for record in self.records if record]

    def note_clause(self, mentioned: list[tuple[Agents, str | None]]) -> None:
        if mentioned:
            self.records.append(mentioned)

    def note_claim(self, claim: Claim, template: str | None = None) -> None:
        self._pending.append((claim, template))

    def note_fitted(self, claim: Claim, named: Sequence[Agents]) -> None:
        """A claim read as the one theorem a clause fits: a later pronoun refers to whom
        the clause named, not to the theorem's first agent (its sender, say)."""
        self.claims.append(claim)
        self.note_clause([(agents, None) for agents in named])

    def _note_pending(self) -> None:
        pending, self._pending = self._pending, []
        for claim, template in pending:
            self._claims.append(claim)
            subject = subject_of(claim, template)
            others = [a for a in claim.agent_sets if a is not subject and a != subject]
            if subject or others:
                self._records.append([(a, None) for a in ([subject] if subject else [])
                                      + others])

    def resolve(self, pronoun: str, exclude: Agents | None = None) -> Agents | None:
        """A singular pronoun's referent: the previous clause's pronoun of the same gender
        ("gives him 82, so he has"), else the latest agent that fits, subjects first, a
        relation ("nora's aunt") only when no one else fits."""
        gender = gender_of(pronoun)
        if self.bound is not None and self.bound[0] == pronoun:
            return self.learn(pronoun, self.bound[1])

        def fits(agents: Agents) -> bool:
            return len(agents) == 1 and agents != exclude and \
                self.gender.get(name_of(agents), gender) == gender and \
                not (gender is not None and is_setting(name_of(agents)))

        if self.records:
            chained = next((a for a, said in self.records[-1]
                            if said is not None and gender_of(said) == gender and fits(a)), None)
            if chained is not None:
                return self.learn(pronoun, chained)
            # "Stephen gives Aram 68, so he has 69": two people the pronoun fits equally
            fitting = {name_of(a): a for a, _said in self.records[-1]
                       if fits(a) and "'s " not in name_of(a) and a not in self.things}
            rivals = sorted(fitting)
            if gender is not None and len(rivals) > 1 and \
                    not any(name in self.gender for name in rivals):
                self.ambiguity = f"{pronoun!r} may be {' or '.join(rivals)}"
                self.rivals = (pronoun, tuple(fitting[name] for name in rivals))
                return None
        candidates = [a for record in reversed(self.records) for a, _said in record if fits(a)]
        if gender is not None:  # "he" / "she": a person named as one before a thing
            candidates = [a for a in candidates if a not in self.things] or \
                [a for a in candidates if may_be_person(name_of(a))]
        plain = next((a for a in candidates if "'s " not in name_of(a)), None)
        chosen = plain or (candidates[0] if candidates else None)
        if gender is not None and plain is not None and candidates and \
                candidates[0] != plain and relation_gender(name_of(candidates[0])) == gender:
            # "Roscoe has 24. Roscoe's stepfather possesses 57. He now has 118.": the
            # stepfather, named last, is a "he" as much as Roscoe
            self.ambiguity = f"{pronoun!r} may be {show(candidates[0])} or {show(plain)}"
            return None
        return None if chosen is None else self.learn(pronoun, chosen)

    def snapshot(self) -> tuple[object, ...]:
        return (list(self.records), list(self.claims), dict(self.gender), set(self.things),
                self.topic, self.heading)

    def restore(self, saved: tuple[object, ...]) -> None:
        records, claims, gender, things, self.topic, self.heading = saved
        self._records, self._claims = list(records), list(claims)  # type: ignore[call-overload]
        self.gender, self.things = dict(gender), set(things)  # type: ignore[call-overload]
        self._pending = []

    def learn(self, pronoun: str, agents: Agents) -> Agents:
        gender = gender_of(pronoun)
        if gender is not None and len(agents) == 1:
            self.gender.setdefault(name_of(agents), gender)
        return agents

    def latest_group(self) -> Agents | None:
        group = next((s for s in reversed(self.subjects) if len(s) > 1), None)
        if group is not None:
            return group
        singles: list[Agents] = []
        for subject in reversed(self.subjects):
            if subject in self.things:
                return None  # "The cafeteria had 23. They used 20": whose, unclear
            if subject not in singles:
                singles.append(subject)
            if len(singles) == 2:
                return singles[0].union(singles[1:])
        return None


def subject_of(claim: Claim, template: str | None) -> Agents | None:
    """The agent set a sentence was about (what a following "he" or "she" refers to)."""
    value = claim.args[_subject_position(claim.predicate, template)]
    return value if isinstance(value, Agents) else None


@functools.cache
def _subject_position(predicate: str, template: str | None) -> int:
    slot = "A"
    if template is not None and template in _BY_TEMPLATE:
        slot = _BY_TEMPLATE[template].subject or "A"
    slots = CLAIM_SLOTS[predicate]
    return slots.index(slot) if slot in slots else 0
