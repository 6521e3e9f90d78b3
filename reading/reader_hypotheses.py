"""A clause read as the one theorem of the program it can state, for the loose reader
(``reader.py``), when its words fit no reading of their own.

The program is finite and known, so its theorems are the hypotheses a clause can state. A
clause whose verb no word list holds ("Haley's trees died", "Julia played with 15 kids on
Monday", "Then she sold 15") still names a number, maybe a participant and an entity: when
exactly one theorem has that number, names every participant the clause names (and no
other), counts the entity the clause names, and agrees with every word of the clause that
fixes a relation or a direction, the clause states that theorem. Anything less is no reading
(the clause stays unparsed, with its own reason): two theorems that fit, a name the program
does not know, a word after the number that is not the program's entity, a pronoun whose
referent is unsure, a negation, a comparison, a condition.

Only theorems are read here, so this reading never judges a step false; what it can get
wrong is which theorem a sentence states, and each rule above is there to keep that from
happening.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.loose import (
    FIRST_PERSON,
    HYPOTHETICAL,
    SILENT_HYPOTHETICAL,
    SILENT_PLAN,
    Clause,
    Token,
)
from vlp.kernel import Agents, Claim

from .align import ClaimPattern
from .discourse import Discourse, Lexicon
from .existential import moved_to, toward
from .precision_guards import part_for_whole
from .prices import price_number, priced
from .reader_items import LooseClaim, LooseGap
from .reader_open_verbs import (
    SUBORDINATORS,
    activity,
    follows_person,
    kind_entity,
    moves_none,
    need_silence,
    never_counts,
    question_condition,
    refusing_estimates,
    subject_owner,
)
from .reader_words import (
    ARRIVING_VERBS,
    COMPARATIVES,
    DEMONSTRATIVES,
    LEAVING_VERBS,
    MONTHS,
    PERSON_NOUNS,
    PLURAL_PRONOUNS,
    RECEIVER_VERBS,
    SENDER_VERBS,
    SETTING_PREPOSITIONS,
    SINGLE_PRONOUNS,
    TOTALS,
    VERBS,
    is_setting,
    question_like,
)
from .readings import LOOSE, Reading
from .words import KIN_FORMS

# words that make a clause state something other than a plain fact of the program
_REFUSING = frozenset("""than not no never none nothing without instead except if unless
whether or either neither nor each per every apiece average percent half twice double triple
dozen dozens times minus plus difference remaining left only until since because ago
wrong mistake incorrect correct right maybe perhaps probably approximately about around
almost nearly roughly least most""".split())
# the clause's verb names a change, so its theorem is a transfer, never a count
_SIDES = {"sender": SENDER_VERBS | LEAVING_VERBS, "receiver": RECEIVER_VERBS | ARRIVING_VERBS}
# a clause that names no participant states a count only through one of these ("That's a
# total of 21 seashells", "There are 67 raspberries scattered across the bush")
_NAMELESS = frozenset({"there", "total", "that's", "there's", "this", "that", "it", "it's"})
# a clause whose subject is what is counted states a count with these ("18 oak trees are in
# the park"), and a transfer with any other verb ("4 died", "10 of them left")
_STATES = frozenset({"is", "are", "was", "were", "remain", "remained", "remains", "stay",
                     "stayed", "be", "been"})
_SETTING_LEADS = SETTING_PREPOSITIONS | {"from", "this", "last", "next"}
_OPENERS = frozenset("""so then therefore thus now next finally first second third lastly
after before in on at during today yesterday tomorrow later also however altogether together
and
this that these those there it its the a an answer step total all both since when once
overall meanwhile hence money cash amount cost price""".split())


# a clause goes on without a subject when its first word past these is a verb ("and then
# bought 28 more", "after eating 8 pieces", "then used 8 to decorate a card")
_GLUE = frozenset({"and", "then", "later", "after", "before", "also", "so", "but"})
# first person states a result only in these ("This leaves us with 1 watermelon", "so we
# get 49"), never with a word of planning ("we need to add", "we will subtract")
_FIRST_PERSON_RESULTS = (("leaves", "us", "with"), ("gives", "us"), ("we", "get"),
                         ("we", "now", "have"), ("we", "end", "up", "with"))
_PLANNING = frozenset("""need needs must have to will would can could should let let's add
subtract multiply divide find calculate take takes start begin know figure""".split())


def states_despite_silence(clause: Clause) -> bool:
    """A clause the tokenizer marked silent that still states a fact when it fits one
    theorem: "The number of pears picked in total is 11" (silent for its "number", the word
    of a variable list) and a first-person result ("This leaves us with 1 watermelon")."""
    words = set(clause.words)
    if clause.silent == SILENT_HYPOTHETICAL:
        return HYPOTHETICAL & words == {"number"} and not question_like(clause.words)
    if clause.silent == SILENT_PLAN:
        said = clause.words
        return FIRST_PERSON & words <= {"we", "us"} and not _PLANNING & words and any(
            said[i:i + len(p)] == p for p in _FIRST_PERSON_RESULTS
            for i in range(len(said) - len(p) + 1))
    return False


def _conjoined_counts(clause: Clause) -> list[Clause] | None:
    """"Jerry had 5 action figures and 9 books on a shelf": one clause per count, each with
    the words before the first count ("Jerry had 5 action figures", "Jerry had 9 books on a
    shelf"); ``None`` unless the clause is counts joined by "and" before each but the first."""
    tokens = clause.tokens
    numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
    if len(numbers) < 2 or any(tokens[i - 1].lower != "and" for i in numbers[1:]) or any(
            t.kind == "sign" for t in tokens):
        return None
    prefix = tokens[:numbers[0]]
    cuts = [*numbers[1:], len(tokens) + 1]
    parts = [Clause(tokens[:numbers[1] - 1], clause.silent)]
    for start, end in zip(cuts, cuts[1:], strict=False):
        parts.append(Clause((*prefix, *tokens[start:end - 1]), clause.silent))
    return parts


def _goes_on(words: Sequence[str]) -> bool:
    """Does the clause start (past glue words) with a verb of the sentence's subject?"""
    rest = [w for w in words if w not in _GLUE]
    if not rest or rest[0] in ("there", "it", "this", "that"):
        return False
    first = rest[0]
    return first in VERBS or first in SENDER_VERBS or first in RECEIVER_VERBS or (
        len(first) > 4 and first.endswith(("ed", "ing")) and first not in _NOT_VERBS)


# agents a program names by a pronoun ("he", "you"), whom the text may call by any name
_PERSON_WORDS = SINGLE_PRONOUNS | PLURAL_PRONOUNS | FIRST_PERSON | {"you"}
# words after an article that refer to one of the program's agents ("the other had 40")
_REFERRING = frozenset("""other others one first second third last former latter rest same
remaining""".split())
# words ending in -ed / -ing that are no verb of the subject
_NOT_VERBS = frozenset({"morning", "evening", "during", "nothing", "something", "everything",
                        "anything", "hundred", "wedding", "building", "ceiling", "painting",
                        "feeling", "string", "according", "including", "remaining"})


class HypothesisReading:
    """The part of ``SentenceReader`` that reads a clause as the one theorem it fits; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    _next_clause: Clause | None
    _items_by_clause: list[tuple[Clause, list[LooseClaim | LooseGap]]]  # the sentence's so far
    _unsure = False  # the clause has a pronoun whose referent is unsure
    _ambiguous = False  # ... because two fit (or "they" may be several groups)
    _rivals: list[Claim] = []  # the theorems the last clause read fits equally (two or more)
    _possessors: list[tuple[int, Agents]] = []  # the clause's "Sam's" owners of things
    _clause_tokens: tuple[Token, ...]  # the clause read (``SentenceReader._clause``)
    _sentence_words: frozenset[str]  # every clause's words, of the sentence read
    # and, from ``MentionReading``: ``_mentions`` and ``_entity``

    def _hypotheses(self, clause: Clause, opening: Sequence[Clause] = (),
                    inherited: Agents | None = None) -> list[LooseClaim]:
        """The theorems the clause states: the one theorem it fits, or, for counts joined
        by "and" ("Jerry had 5 action figures and 9 books", "There are 2 adults and 5
        children"), the one theorem each count fits, read with the words around it."""
        self._rivals = []
        price = self._priced(clause)  # "He bought a pen for 3": the pen's price
        if price is not None:
            return price
        parts = _conjoined_counts(clause)
        if parts is None:
            one = self._hypothesis(clause, opening, inherited)
            return [] if one is None else [one]
        parts = self._shared_predicate(self._elided_entities(parts))
        found = [self._hypothesis(part, opening, inherited) for part in parts]
        return [f for f in found if f is not None]

    def _priced(self, clause: Clause) -> list[LooseClaim] | None:
        """The one price of a thing the clause states (``prices``), or ``None`` (two that
        fit are the rivals named)."""
        if question_like(clause.words) or clause.silent not in (None, SILENT_HYPOTHETICAL):
            return None
        if price_number(clause) is None:
            self._rivals = []  # no price said: no thing's name is looked up
            return None
        things = [(m.position, m.end or m.position + 1, m.agents)
                  for m in self._mentions(clause.tokens, {})
                  if m.agents is not None and m.kind == "name"]
        fits = priced(clause, things, self.lex.index, HYPOTHETICAL & set(clause.words))
        if len(fits) != 1:
            self._rivals = fits if len(fits) > 1 else []
            return None
        return [LooseClaim(ClaimPattern.of(fits[0]), None, Reading(LOOSE, ("a price",)))]

    def _elided_entities(self, parts: list[Clause]) -> list[Clause]:
        """"served 9 hot dogs during lunch and 2 during dinner": a count after the first
        whose entity is left unsaid (a setting or the end right after its number) counts
        what the first count names; its words are said again for it."""
        first = parts[0].tokens
        at = next(i for i, t in enumerate(first) if t.kind == "number")
        entity, _shown, ambiguous, after = self._entity(first, at + 1)
        if entity is None or ambiguous or entity not in self.lex.entities:
            return parts
        said = first[at + 1:after]
        elided = []
        for part in parts[1:]:
            tokens = part.tokens
            n = next(i for i, t in enumerate(tokens) if t.kind == "number")
            following = tokens[n + 1] if n + 1 < len(tokens) else None
            if following is None or following.kind == "punct" or \
                    following.lower in _SETTING_LEADS:
                part = Clause((*tokens[:n + 1], *said, *tokens[n + 1:]), part.silent)
            elided.append(part)
        return [parts[0], *elided]

    def _shared_predicate(self, parts: list[Clause]) -> list[Clause]:
        """"4 birds and 46 storks were sitting on the fence": counts that open the clause
        share what the last one's words say after its thing; each count said alone before
        the "and" (nothing after its thing) gets those words."""
        last = parts[-1].tokens
        at = next(i for i, t in enumerate(last) if t.kind == "number")
        if any(t.kind == "word" and t.lower not in _OPENERS for t in last[:at]):
            return parts  # the counts follow a subject and its verb: the words before them
        entity, _shown, ambiguous, after = self._entity(last, at + 1)
        if entity is None or ambiguous or after >= len(last) or last[after].kind != "word":
            return parts
        shared = last[after:]
        joined = []
        for part in parts[:-1]:
            tokens = part.tokens
            n = next(i for i, t in enumerate(tokens) if t.kind == "number")
            thing, _shown, unsure, end = self._entity(tokens, n + 1)
            if thing is not None and not unsure and end == len(tokens):
                part = Clause((*tokens, *shared), part.silent)
            joined.append(part)
        return [*joined, parts[-1]]

    def _hypothesis(self, clause: Clause, opening: Sequence[Clause] = (),
                    inherited: Agents | None = None) -> LooseClaim | None:
        """The one theorem the clause can state, or ``None``. ``opening``: the clauses
        before it in its sentence that hold no number ("On Monday,", "After a typhoon,"),
        read with it; ``inherited``: the subject of the clause before, for a clause that
        goes on without one ("..., and then bought 28 more")."""
        if (clause.silent is not None and not states_despite_silence(clause)
                and not need_silence(clause) and not question_condition(
                    clause, [c for c, _items in self._items_by_clause])) or any(
                c.silent is not None for c in opening):
            return None
        tokens = tuple(t for c in (*opening, clause) for t in c.tokens)
        words = tuple(t.lower for t in tokens)
        # "If they used 20 to make lunch, ...": a condition restates the fact it names
        # when that fact is a theorem (only theorems are read here)
        refusing = _REFUSING - {"if"} if clause.words[:1] == ("if",) else _REFUSING
        if question_like(clause.words) or refusing_estimates(tokens, refusing) or any(
                t.text in (":", "|", "=") for t in tokens):
            return None  # labels, tables and equations have readers of their own
        numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
        if len(numbers) != 1 or any(t.kind == "sign" for t in tokens):
            return None
        at = numbers[0]
        number = tokens[at]
        if number.value is None or number.arithmetic is not None or number.units:
            return None
        if at + 1 < len(tokens) and tokens[at + 1].lower in COMPARATIVES and \
                tokens[at + 1].lower != "more":
            return None  # "5 fewer": a comparison, even without its "than" ("5 more": added)
        entity, shown, ambiguous, after = self._entity(tokens, at + 1)
        kind_count = None if entity in self.lex.entities else kind_entity(
            " ".join(t.lower for t in tokens[at + 1:after]), self.lex.names, self.lex.entities)
        if kind_count is not None:  # "12 large planks": the kind's planks
            entity, ambiguous = kind_count[1], []
        if ambiguous or (entity is not None and entity not in self.lex.entities):
            return None
        resolved: list[tuple[str, str]] = [shown] if shown is not None else []
        unnamed = False  # the program counts several things, and the clause names none
        if entity is None:
            entity = self._named_entity(words)
            unnamed = entity == ""
            entity = None if unnamed else entity
        participants = self._participants(tokens, resolved)
        if participants is None:
            return None
        owner = subject_owner(tokens, self._possessors, at, _OPENERS)
        if not participants and owner is not None:
            participants = [owner]  # "Marco's strawberries weighed 8 pounds": Marco's
        kind = next((a for position, a in participants if position == at + 1), None)
        if entity is None and kind is not None:
            # "There are 2 adults": the agent right after the number is the kind counted,
            # and what it counts is the one thing it has that many of
            held = self.lex.index.candidates(ClaimPattern("cont", (kind, number.value, None)))
            if len({c.entity for c in held}) == 1:
                entity = held[0].entity
        if unnamed and entity is None:
            return None
        if not participants and _goes_on(clause.words):
            # "and then bought 28 more": the subject said before; "After eating 8 pieces,
            # they had 23": the subject of the clause it leads to
            doer = inherited if inherited is not None else self._subject_after(clause)
            if doer is not None and doer.names <= self.lex.index.agent_names:
                participants = [(-1, doer)]
        protagonist = self._unsure or self._unknown_name(tokens) is not None
        if entity is not None and self._goes_on_counting_setting(clause, tokens, participants,
                                                                 inherited):
            # "In the morning, Lior got 8 emails | and sent 30 letters": the clause before
            # read the setting's count (Lior is no one the program counts by), and this one
            # goes on with its subject in the same setting: only the setting's count is read
            protagonist = True
        doers = [p for p in participants
                 if p[0] != at + 1 and not self._setting(tokens, p[0], p[1])]
        if entity is not None and len(doers) == 1 and len(participants) > 1 and \
                doers[0][0] < at and never_counts(doers[0][1], entity,
                                                  self._counting_claims()):
            # "On Monday, Julia played with 12 kids": the program counts kids by day, never
            # Julia's; she is the person it follows, as one it does not know is
            participants = [p for p in participants if p is not doers[0]]
            protagonist = True
        # "Finally, he bought 3 books about trains": he is no one the program counts, the
        # one count of 3 books is a kind's (``follows_person``)
        follows = protagonist and not participants and entity is not None and \
            not self._ambiguous and not TOTALS & set(words)
        if protagonist and not participants and entity is not None and \
                not self._ambiguous and TOTALS & set(words):
            # "Jack has received a total of 9 emails so far": he is no one the program
            # counts; the total is the one union of its counts (by time, by kind) that adds
            # up to it, or nothing
            return self._protagonist_total(number.value, entity, resolved)
        if protagonist and not follows and (not participants or not all(
                position == at + 1 or self._setting(tokens, position, agents)
                or activity(tokens, position, agents, at) for position, agents in participants)):
            # (the agent right after the number is the kind counted: "Jerry had 5 action
            # figures", where the program counts items by kind)
            # "Carol gave Bob 5": someone the program does not know, or a pronoun whose
            # referent is unsure, and no setting that the count can be of
            return None
        # "18 oak trees were damaged", "4 died": what is counted is the subject
        own = at - (len(tokens) - len(clause.tokens))  # the number's place in the clause
        counted_subject = all(w in _OPENERS for w in clause.words[:own]) and any(
            t.kind == "word" for t in tokens[after:])
        if entity is None:  # "Then she sold 15.": the entity said last (of her)
            entity = self._context_entity(participants[0][1] if participants else None, None)
            if entity is None:
                return None
        if not participants and not follows and not (counted_subject or _NAMELESS & set(words)
                                                     or clause.silent is not None):
            # "She sold 15." is read by its pronoun; "9844 yen." by nothing
            return None
        side = None if words[0] in DEMONSTRATIVES or "total" in words else next(
            (s for s, verbs in _SIDES.items() if verbs & set(words)), None)
        # ("That would leave them with 4", "That gives them a total of 23": a result, not
        # a giving)
        subject = participants[0] if participants and participants[0][0] < at else None
        if counted_subject:  # the subject is what is counted, not a participant
            subject = None
            if not _STATES & set(words[at:]) and "there" not in words:
                side = "either"  # "4 died", "15 more got in line": a transfer
            if participants and all(self._setting(tokens, position, agents)
                                    for position, agents in participants) and \
                    moves_none(entity, self.lex.index.program.axioms):
                # "In the afternoon, 13 campers went rowing": the program moves no campers
                # and counts them by time, so the verb moves nothing (as ``_setting_count``)
                side = None
        if protagonist:
            # "On Monday, Julia played with 15 kids": the program counts by day, not by
            # who; only the setting's count is read
            side = None
        # "There are 30 kids who went to camp", "42 flew away to Spain": the verb moves them
        # to the place it names, so the place's count or a transfer into it (``existential``)
        moved = moved_to(words, at, after, counted_subject)
        place = next((a for p, a in participants if p == moved[0]), None) \
            if moved is not None and len(participants) == 1 else None
        if place is not None:
            side = None
        # "Jerry had 5 action figures": the agent right after the number is the kind the
        # program counts, and the count is the kind's, whoever holds it
        fits = [c for c in self._theorems(number.value, entity, transfers_only=side is not None)
                if not protagonist or c.predicate == "cont"
                if (kind is not None and c.predicate == "cont" and c.args[0] == kind)
                or self._fits(c, [p for _, p in participants], subject and subject[1], side,
                              total=bool(TOTALS & set(words)))]
        if moved is not None and place is not None:
            fits = toward(fits, place, moved[1])
        union = None
        if not fits and not participants and not protagonist and side is None and \
                TOTALS & set(words):
            # "That means there are a total of 8 peaches": the one union of counts that
            # adds up to it, derived on demand (chaining derives only the unions named)
            union = self._stated_union(number.value, entity)
            fits = [union] if union is not None else []
        if len(fits) > 1 and (entity is not None or len({c.entity for c in fits}) == 1):
            self._rivals = fits  # "she rode 5": a count and a transfer of 5, which the words
            # (no verb of a list) do not choose between
        if len(fits) != 1 or (need_silence(clause) and (
                fits[0].predicate != "cont" or fits[0] not in self.lex.index.axiom_claims)):
            # a need is no giving ("needs 5" is no transfer of 5), and it restates the
            # problem's count, never one worked out ("Mara needs 21 beads": not held)
            return None
        claim = fits[0]
        if follows and not follows_person(claim, self._theorems(
                number.value, entity, transfers_only=False), tokens):
            return None
        if not follows and not participants and not counted_subject and claim is not union and not (
                claim.predicate == "cont" and claim.args[0] in self.lex.asked):
            # "That's a total of 21 seashells": the question's count; "There are 14
            # parrots." of someone else: whose, the words do not say
            return None
        self.discourse.note_fitted(claim, [agents for _, agents in participants])
        return LooseClaim(ClaimPattern.of(claim), None,
                          Reading(LOOSE, ("the one theorem it fits",), tuple(resolved)))

    def _goes_on_counting_setting(self, clause: Clause, tokens: Sequence[Token],
                                  participants: Sequence[tuple[int, Agents]],
                                  inherited: Agents | None) -> bool:
        """Does the clause go on, without a subject of its own, from a clause of its
        sentence that read nothing but counts of the settings it names itself?"""
        if inherited is not None or not participants or not self._items_by_clause or \
                not _goes_on(clause.words) or not all(
                    self._setting(tokens, position, agents) for position, agents in participants):
            return False
        named = {agents for _position, agents in participants}
        items = self._items_by_clause[-1][1]
        return bool(items) and all(isinstance(i, LooseClaim) and i.pattern.predicate == "cont"
                                   and i.pattern.args[0] in named for i in items)

    def _counting_claims(self) -> Iterator[Claim]:
        """The program's theorems that count or move something (counts, transfers,
        comparisons)."""
        by_predicate = self.lex.index.claims_by_predicate()
        return (c for predicate in ("cont", "transfer", "comp")
                for c in by_predicate.get(predicate, ()))

    def _protagonist_total(self, quantity: int, entity: str,
                           resolved: list[tuple[str, str]]) -> LooseClaim | None:
        """The one union of counts of ``entity`` adding up to ``quantity`` whose members are
        all times or settings (never people: "Noor has 10 in total" is no total of Ana's and
        Bo's), as a claim; else ``None``."""
        union = self._stated_union(quantity, entity)
        if union is None or not all(is_setting(name) for name in union.agent_sets[0].names):
            return None
        self.discourse.note_fitted(union, [])
        return LooseClaim(ClaimPattern.of(union), None,
                          Reading(LOOSE, ("the one union it fits",), tuple(resolved)))

    def _subject_after(self, clause: Clause) -> Agents | None:
        """The subject of the next clause of the sentence, for a clause that leads to it
        ("After buying 36 new ones, | he had 43"), or ``None``."""
        following = self._next_clause
        if clause.words[:1] not in (("after",), ("before",)) or following is None or \
                following.silent is not None:
            return None
        unsure = self._unsure
        found = self._participants(following.tokens, [])
        sure = not self._unsure
        self._unsure = unsure
        if not found or not sure or found[0][0] != 0:
            return None
        return found[0][1]

    def _stated_union(self, quantity: int, entity: str) -> Claim | None:
        """The one group of two or more agents whose counts of ``entity`` at one time add up
        to ``quantity``, as the theorem the union rule makes of them; ``None`` when no group
        or several do (at any times)."""
        index = self.lex.index
        demand = index.demand
        if demand is None:
            return None
        groups: set[Agents] = set()
        for group in demand.groups_adding_up(entity, quantity):
            groups.add(group)
            if len(groups) > 1:
                return None
        if len(groups) != 1:
            return None
        pattern = ClaimPattern("cont", (next(iter(groups)), quantity, entity))
        found = index.candidates(pattern)
        return found[0] if len(found) == 1 else None

    def _setting(self, tokens: Sequence[Token], position: int, agents: Agents) -> bool:
        """Is the agent named as a time or a place ("on Monday", "from the pop albums",
        "this year") rather than as someone doing something?"""
        if all(is_setting(name) for name in agents.names):
            return True
        before = position - 1
        while before >= 0 and tokens[before].lower in ("the", "a", "an"):
            before -= 1
        return before >= 0 and tokens[before].lower in _SETTING_LEADS

    def _unknown_name(self, tokens: Sequence[Token]) -> str | None:
        """A capitalised word that is no name of the program ("Rosalind owns 75 hammers"):
        the clause may be about someone the program does not know."""
        return next((t.text for i, t in enumerate(tokens)
                     if self._names_no_one_known(t, opening=i == 0)), None)

    def _names_no_one_known(self, token: Token, *, opening: bool) -> bool:
        """A capitalised word that is no name, entity word or (``opening``: first in its
        clause) a sentence's opening word."""
        if token.kind != "word" or not token.text[:1].isupper():
            return False
        word = token.lower.removesuffix("'s")
        vocabulary = self.lex.entity_vocabulary
        if word in self.lex.first_words or word in vocabulary or singular(word) in vocabulary \
                or word in MONTHS:
            return False
        return not (opening and (word in _OPENERS or word in SUBORDINATORS
                                 or word in SINGLE_PRONOUNS
                                 or word in PLURAL_PRONOUNS))

    def _stranger(self, clause: Clause, items: Sequence[object]) -> str | None:
        """Someone the program does not know, doing what a claim read from the clause gives
        to an agent the clause does not name ("Carol handed Dan 2 marbles" read as Eve's
        gift): that name, else ``None``."""
        # (a count of "Cody bought 80 pieces" may be the program's count by kind, with Cody
        # no agent of it; a transfer names who gives and who gets)
        claims = [i for i in items if isinstance(i, LooseClaim)
                  and i.pattern.predicate == "transfer"]
        if not claims:
            return None
        tokens = clause.tokens
        stranger = None
        for i, token in enumerate(tokens):
            following = tokens[i + 1].lower if i + 1 < len(tokens) else ""
            if i == 0 and following not in VERBS and following not in SENDER_VERBS \
                    and following not in RECEIVER_VERBS:
                continue  # "Number of ...", "Each box ...": a capitalised first word
            if self._names_no_one_known(token, opening=True):
                stranger = token.text
                break
        if stranger is None:
            return None
        said = " ".join(clause.words)
        for item in claims:
            for agents in item.pattern.args:
                if isinstance(agents, Agents) and any(
                        name.partition("'s ")[0] not in said for name in agents.names):
                    return stranger
        return None

    def _stranger_subject(self, clause: Clause, items: Sequence[object],
                          opening: Sequence[Clause] = ()) -> str | None:
        """A clause whose subject is someone the program does not know ("Rosalind has
        118.", after Roscoe), read as a count or a comparison of an agent no word of the
        sentence names (the discourse's last subject, or the one count the number fits):
        that name, else ``None``. (The owner a word of the clause or of its ``opening``
        names is kept: "Yesterday, Helen baked 527 cookies", where the program counts by
        day; "Lucy bought 4 packs of cookies", by kind.)"""
        if not any(isinstance(i, LooseClaim) for i in items):
            return None  # (both tests below are of the claims read)
        tokens = clause.tokens
        at = next((i for i, t in enumerate(tokens) if t.kind != "punct" and t.lower not in
                   _OPENERS), None)
        relative = self._unknown_relative(tokens, at)
        if relative is not None:
            # "Her sister earned 21 dollars", "His mom gave him 23": no one the program has
            said = {w for c in (*opening, clause) for w in c.words}
            named = [a for i in items if isinstance(i, LooseClaim) for a in i.pattern.args
                     if isinstance(a, Agents)]
            if any(all(w not in said for w in name.split()) for a in named for name in a.names):
                return relative
            return None
        owners = [i.pattern.args[0] for i in items if isinstance(i, LooseClaim)
                  and i.pattern.predicate in ("cont", "comp")
                  and isinstance(i.pattern.args[0], Agents) and len(i.pattern.args[0]) == 1
                  and not i.pattern.args[0].names & _PERSON_WORDS]  # ("he": any name may be)
        if not owners:
            return None  # (a group's count may be the person's whole: "Sam went to 43 in all")
        following = tokens[at + 1].lower if at is not None and at + 1 < len(tokens) and \
            tokens[at + 1].kind == "word" else ""
        if at is None or not self._names_no_one_known(tokens[at], opening=True) or not (
                following in VERBS or following in SENDER_VERBS or following in RECEIVER_VERBS):
            return None  # ("Number of pots: 141", "Initial amount: 16": a label, no name)
        first = tokens[at]
        said = {w for c in (*opening, clause) for w in c.words}
        said |= {singular(w) for w in said}
        fitted = [i.pattern.as_claim() for i in items if isinstance(i, LooseClaim)
                  and i.pattern.predicate == "cont" and i.pattern.is_complete]
        if fitted and all(self._left_by_elimination(c, set(self.lex.asked)) for c in fitted):
            return None
        for owner in owners:
            if not any(w.removesuffix("'s") in said or singular(w.removesuffix("'s")) in said
                       for name in owner.names for w in name.split()):
                return first.text
        return None

    def _unknown_subject(self) -> str | None:
        """"The dog has 85 fleas", where the program counts the fleas of each ear: a
        subject that is an article and a word no name or entity of the program holds, right
        before the clause's verb; the words, else ``None``."""
        tokens = self._clause_tokens
        for i in range(len(tokens) - 2):
            if tokens[i].kind == "number":
                break
            if tokens[i].lower not in ("the", "a", "an", "this", "that") or \
                    tokens[i + 1].kind != "word" or tokens[i + 2].lower not in VERBS:
                continue
            word = tokens[i + 1].lower
            if word in _REFERRING or word in self.lex.first_words or \
                    word in self.lex.entity_vocabulary or \
                    singular(word) in self.lex.entity_vocabulary or any(
                        word in name.split() for name in self.lex.index.agent_names):
                return None
            return f"{tokens[i].text} {tokens[i + 1].text}"
        return None

    def _unknown_relative(self, tokens: Sequence[Token], at: int | None) -> str | None:
        """"her sister", "his cousin" at ``at``: a possessive pronoun and a word of a person
        that names no relation the program's agents have ("roscoe's stepfather":
        "stepfather"); the words, else ``None``."""
        if at is None or at + 1 >= len(tokens) or tokens[at].lower not in ("his", "her",
                                                                           "their"):
            return None
        noun = tokens[at + 1]
        relations = {n.rsplit("'s ", 1)[1].split()[-1] for n in self.lex.index.agent_names
                     if "'s " in n}
        word = noun.lower
        if noun.kind != "word" or word not in PERSON_NOUNS or {
                word, singular(word), KIN_FORMS.get(word, word)} & relations or \
                word in self.lex.first_words:
            return None  # ("His room has 40 cabinets": a thing of his, not someone)
        return f"{tokens[at].text} {noun.text}"

    def _joined_stranger(self, clause: Clause, items: Sequence[object]) -> str | None:
        """Someone the program does not know, joined by "and" to the subject of a claim
        read from the clause ("Roscoe and Rosalind have 24", "Roscoe and his sister have
        24"): the claim is of them together, never of the one the program knows; the
        words naming them, else ``None``."""
        if not any(isinstance(i, LooseClaim) for i in items) or (
                "and" not in clause.words and "&" not in clause.words):
            return None
        tokens = clause.tokens
        end = next((i for i, t in enumerate(tokens) if t.kind == "number"), len(tokens))
        for i in range(1, end - 1):
            if tokens[i].lower not in ("and", "&"):
                continue
            following = tokens[i + 1]
            if self._names_no_one_known(following, opening=False):
                return following.text
            relative = self._unknown_relative(tokens[:end], i + 1)
            if relative is not None:
                return relative
        return None

    def _part_for_whole(self, fitted: Claim) -> str | None:
        """A count whose owner the clause leaves unsaid, said of someone the program does
        not know ("Katie earned 12 dollars", the program counting her money by kind of
        necklace), that only one part's count fits: why that part is not read
        (``precision_guards.part_for_whole``), else ``None``."""
        if fitted.predicate != "cont":
            return None
        who = self._unknown_name(self._clause_tokens)
        wholes = set(self.lex.asked)  # the whole: a group the question asks about
        if who is None:
            who = self._unknown_subject()
            # or, for a thing ("The store has 83 bottles"), everyone who has that thing
            everyone = frozenset(n for atom in self.lex.index.program.axioms
                                 if atom.predicate in ("cont", "comp") and
                                 atom.entity == fitted.entity
                                 for a in atom.agent_sets if len(a) == 1 for n in a.names)
            wholes |= {Agents(everyone)} if everyone else set()
        if who is None:
            return None
        owner = fitted.agent_sets[0]
        if self._left_by_elimination(fitted, wholes):
            return None
        return part_for_whole(who, owner, wholes, " ".join(self._sentence_words))

    def _left_by_elimination(self, fitted: Claim, wholes: set[Agents]) -> bool:
        """"Lana bought 8 tickets for her friends and 2 extra tickets": every other part of
        a whole is named in the sentence with a count of its own (a theorem), so the count
        ``fitted`` is of the one part left."""
        owner = fitted.agent_sets[0]
        numbers = {int(w) for w in self._sentence_words if w.isdigit()} - {fitted.quantity}
        return any(all(any(w in self._sentence_words for w in name.split()) and any(
            self.lex.index.is_theorem(Claim("cont", (Agents.of(name), n, fitted.entity)))
            for n in numbers) for name in whole.names - owner.names)
            for whole in wholes if owner.names < whole.names)

    def _named_entity(self, words: Sequence[str]) -> str | None:
        """The one program entity the clause names anywhere ("The number of pears picked is
        6"); ``None`` when it names none, ``""`` when it names several."""
        found = set()
        for entity, entity_words in self.lex.entity_words.items():
            size = len(entity_words)
            for i in range(len(words) - size + 1):
                said = words[i:i + size]
                if tuple(said) == entity_words or tuple(
                        [*said[:-1], singular(said[-1])]) == (*entity_words[:-1],
                                                             singular(entity_words[-1])):
                    found.add(entity)
        # "apples" inside "green apples": the longer name is the one said
        found = {e for e in found if not any(e != o and e in o for o in found)}
        if len(found) > 1:
            return ""
        return next(iter(found), None)

    def _participants(self, tokens: Sequence[Token], resolved: list[tuple[str, str]]
                      ) -> list[tuple[int, Agents]] | None:
        """The agents the clause names, in order, pronouns resolved; ``None`` when one is
        unknown to the program (``_unsure`` is set when a pronoun's referent is unsure)."""
        self._unsure = False
        self._ambiguous = False
        self._possessors = []
        known = self.lex.index.agent_names
        found: list[tuple[int, Agents]] = []
        for mention in self._mentions(tokens, {}):
            agents = mention.agents
            if agents is None:
                if mention.kind == "possessive":
                    continue  # "his boxes": the owner is the count's own agent, said again
                self.discourse.ambiguity = None
                agents = self.discourse.resolve(mention.said)
                if agents is None or self.discourse.ambiguity is not None:
                    self._unsure = True
                    self._ambiguous = self._ambiguous or self.discourse.ambiguity is not None
                    continue
                resolved.append((mention.said, ", ".join(sorted(agents.names))))
            elif mention.kind == "possessive":
                # "Sam's marbles": the owner is said again as the count's agent (else it is
                # the subject's owner: "Marco's strawberries weighed 8 pounds")
                if agents.names <= known:
                    self._possessors.append((mention.position, agents))
                continue
            if not agents.names <= known:
                return None
            found.append((mention.position, agents))
        plural = next((i for i, t in enumerate(tokens) if t.lower in ("they", "them")), None)
        if plural is not None and all(position != plural for position, _ in found):
            # "The school cafeteria had 12 apples. They used 8": the one the question asks
            # about, when the transcript has named it; else who "they" are, the words do not
            # say
            asked = {s for s in self.discourse.subjects if s in self.lex.asked}
            if len(asked) != 1:
                self._unsure = self._ambiguous = True
                return found
            latest = next(iter(asked))
            resolved.append((tokens[plural].text, ", ".join(sorted(latest.names))))
            found.append((plural, latest))
            found.sort(key=lambda item: item[0])
        return found

    def _theorems(self, quantity: int, entity: str | None, *, transfers_only: bool
                  ) -> list[Claim]:
        # a verb of giving or getting ("sold", "bought") states a transfer, never a count
        predicates = ("transfer",) if transfers_only else ("cont", "transfer")
        by_predicate = self.lex.index.claims_by_predicate()
        return [c for predicate in predicates for c in by_predicate.get(predicate, ())
                if c.quantity == quantity and (entity is None or c.entity == entity)]

    @staticmethod
    def _fits(claim: Claim, participants: list[Agents], subject: Agents | None,
              side: str | None, *, total: bool) -> bool:
        if claim.predicate == "cont":
            owner = claim.args[0]
            named = frozenset(n for p in participants for n in p.names)
            return not participants or named == owner.names
        if total:
            return False
        sender, receiver = claim.args[0], claim.args[1]
        if any(p not in (sender, receiver) for p in participants):
            return False
        if side in ("sender", "receiver") and subject is not None:
            return subject == (sender if side == "sender" else receiver)
        return side in (None, "either") or not participants or len(participants) == 2
