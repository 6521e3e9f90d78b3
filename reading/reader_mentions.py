"""Mentions and entity phrases in one clause, for the loose reader (``reader.py``): names,
possessives and pronouns resolved to the program's agents (through the ``Discourse``), and
the entity phrase after a number resolved to the program's entity when only one fits
(shortened, misspelled, or with filler words)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs
from rapidfuzz import fuzz

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import singular, to_plural
from vlp.grammar.loose import Clause, Token
from vlp.kernel import Agents

from .discourse import Discourse, Lexicon, name_of, show
from .reader_words import (
    COMPARATIVES,
    ENTITY_ENDS,
    ENTITY_FILLER,
    GERUNDS,
    LEADS,
    OBJECT_PREPOSITIONS,
    PERSON_NOUNS,
    PLURAL_PRONOUNS,
    POSSESSIVE_PRONOUNS,
    SINGLE_PRONOUNS,
    STOP,
    VERB_ADVERBS,
    VERBS,
    fits_shortened,
    gender_of,
    is_setting,
    relation_gender,
)

# how a pronoun resolved to the question's one agent is shown ("she = florist, the one asked
# about"): such a reading stands only where its claim is a theorem
ASKED_ABOUT = ", the one asked about"
_FUZZY_MIN = 85.0  # rapidfuzz ratio for a misspelled entity ("cantaloupes" ~ "cantelopes")
# words before a clause's subject that are no part of it (besides ``LEADS``)
_OPENING = frozenset({",", "the", "while", "whereas"})


@attrs.frozen
class Mention:
    position: int
    agents: Agents | None  # None: a singular pronoun, resolved by its role in the clause
    said: str  # the words as written ("her dad", "he", "Sandy")
    kind: str  # "name", "pronoun", "possessive" (an owner: "Sam's marbles")
    end: int = 0  # the position after its words
    pronoun: str | None = None  # the pronoun that named it, once resolved


class MentionReading:
    """The part of ``SentenceReader`` that finds and resolves a clause's mentions and
    entities; the attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    _owners: dict[str, Agents]
    _unowned: str | None  # the clause's subject pronoun, which is no agent of the program
    _unowned_saved: tuple[object, ...]  # the discourse before the clause read past it
    _clause_words: tuple[str, ...]
    _next_clause: Clause | None
    _later_clauses: Sequence[Clause]
    _skip_next: bool
    _silent_names: list[tuple[Agents, str | None]]
    # a count's owner named inside its entity ("5 green towels": green's towels), by number
    _modifiers: dict[int, Agents]
    _kinds_said: dict[int, str]  # number -> the entity's words, which say more than it

    def _mentions(self, tokens: Sequence[Token], subject_owner: dict[str, Agents]
                  ) -> list[Mention]:
        lex = self.lex
        words = [t.lower if t.kind == "word" else "" for t in tokens]
        mentions: list[Mention] = []
        first_words, starts, name_sizes = lex.first_words, lex.mention_starts, lex.name_sizes
        # only a name, a possessive or a pronoun starts a mention: the other words are passed
        # over in one scan, and a mention's own words are not looked at again
        taken = 0
        for i in [i for i, word in enumerate(words) if word and (
                word in starts or word[-1] == "'" or word.endswith("'s"))]:
            if i < taken:
                continue
            word = words[i]
            matched = False
            named = word in first_words or (word.endswith("'s") and word[:-2] in first_words)
            # a longer key than the longest name starting with this word matches no name
            longest = name_sizes.get(word, 1)
            for size in range(min(longest, len(tokens) - i) if named else 0, 0, -1):
                key = words[i:i + size]
                kind = "name"
                name = lex.names.get(tuple(key))
                if name is None and key[-1].endswith("'s"):  # "Michael's stepdaughter's"
                    name = lex.names.get((*key[:-1], key[-1][:-2]))
                    kind = "possessive"
                following = words[i + size] if i + size < len(words) else ""
                if name is not None and kind == "possessive" and following in PERSON_NOUNS \
                        and f"{name}'s {following}" not in lex.index.agent_names:
                    # "Wasswa's teacher", "Roscoe's stepfather's landlord": someone the
                    # program does not know (a claim of theirs is invented), not Wasswa
                    said = " ".join([t.text for t in tokens[i:i + size + 1]])
                    mentions.append(Mention(i, Agents.of(f"{name}'s {following}"), said,
                                            "name", i + size + 1))
                    taken = i + size + 1
                    matched = True
                    break
                if name is not None:
                    said = " ".join([t.text for t in tokens[i:i + size]])
                    if said[:1].islower() and "'" not in said:
                        # "the typhoon", "the store": a thing, which "he" / "she" never names
                        self.discourse.things.add(lex.agents[name])
                    mentions.append(Mention(i, lex.agents[name], said, kind, i + size))
                    taken = i + size
                    matched = True
                    break
            if matched:
                continue
            if word.endswith(("'s", "'")):
                owner = word[:-2] if word.endswith("'s") else word[:-1]
                following = words[i + 1] if i + 1 < len(words) else ""
                if owner in lex.index.agent_names and following in PERSON_NOUNS and \
                        f"{owner}'s {following}" not in lex.index.agent_names:
                    mentions.append(Mention(i, Agents.of(f"{owner}'s {following}"),
                                            f"{tokens[i].text} {tokens[i + 1].text}", "name",
                                            i + 2))
                    taken = i + 2
                    continue
                if owner in lex.index.agent_names:
                    mentions.append(Mention(i, lex.agents[owner], tokens[i].text,
                                            "possessive"))
                    continue
            following = words[i + 1] if i + 1 < len(words) else ""
            if word in POSSESSIVE_PRONOUNS and following in lex.owners:
                agents = self._possessive(word, following, subject_owner)
                if agents is not None:
                    mentions.append(Mention(i, agents, f"{word} {following}", "pronoun",
                                            i + 2))
                taken = i + 2
                continue
            if word in ("his", "her", "its") and following and tokens[i + 1].kind == "word" \
                    and following not in STOP:  # "his boxes": an owner
                mentions.append(Mention(i, None, word, "possessive", i + 1))
            elif word in SINGLE_PRONOUNS:
                mentions.append(Mention(i, None, word, "pronoun", i + 1))
            elif word in PLURAL_PRONOUNS:
                group = lex.plural_group or self.discourse.latest_group()
                if group is not None:
                    mentions.append(Mention(i, group, word, "pronoun"))
                elif word == "they" and len(lex.asked) == 1 and all(
                        t.lower in LEADS or t.lower in VERB_ADVERBS for t in tokens[:i]):
                    # "they" with no group: maybe the one the question asks about ("the
                    # cafeteria ... how many apples would they have?"), resolved below
                    mentions.append(Mention(i, None, word, "pronoun", i + 1))
        return mentions

    def _asked_person(self, pronoun: str) -> Agents | None:
        """A transcript that opens with "She had 50 roses." before naming anyone: "he" or
        "she" is the one agent the question asks about (the problem's "A florist had 50
        roses... how many would she have?"), never a setting or a group. Only a claim that
        is then a theorem is read so (``ProgramFitting._resolve``)."""
        if len(self.lex.asked) != 1:
            return None
        asked = next(iter(self.lex.asked))
        if pronoun == "they":  # "They bought 28 more apples" of the question's cafeteria
            return asked if len(asked) == 1 and not is_setting(name_of(asked)) else None
        if gender_of(pronoun) is None or self.discourse.records or self._silent_names:
            return None  # (a plan's names: "how many Vivek has after he gives 32 ...")
        name = name_of(asked)
        if len(asked) != 1 or is_setting(name) or relation_gender(name) not in (
                None, gender_of(pronoun)):
            return None
        return self.discourse.learn(pronoun, asked)

    def _possessive(self, pronoun: str, relation: str, subject_owner: dict[str, Agents]
                    ) -> Agents | None:
        owners = self.lex.owners[relation]
        antecedent = self.discourse.resolve(pronoun) if pronoun != "their" else \
            self.discourse.latest_group()
        chosen = None
        if antecedent is not None and len(antecedent) == 1:
            name = next(iter(antecedent.names))
            base = name.partition("'s ")[0]
            chosen = next((o for o in (name, base) if o in owners), None)
        if chosen is None:
            recent = [next(iter(s.names)) for s in reversed(self.discourse.subjects)
                      if len(s) == 1]
            chosen = next((o for o in recent if o in owners), None)
        if chosen is None and len(owners) == 1:
            chosen = owners[0]
        if chosen is None:
            return None
        subject_owner[pronoun] = self.discourse.learn(pronoun, Agents.of(chosen))
        return Agents.of(f"{chosen}'s {relation}")

    # -- entities --

    def _entity(self, tokens: Sequence[Token], start: int
                ) -> tuple[str | None, tuple[str, str] | None, list[str], int]:
        """The entity phrase after a number at ``start - 1``: (entity, resolution shown,
        candidates when ambiguous, index after the phrase). "7 cans of lemon tea", where
        the program's lemon tea is an agent holding cans: the count is lemon tea's (as
        "5 green towels" is green's), where that is a theorem (``_resolve``)."""
        entity, shown, ambiguous, after = self._entity_phrase(tokens, start)
        if entity is None or start < 1 or tokens[start - 1].kind != "number" or \
                after + 1 >= len(tokens) or tokens[after].lower != "of":
            return entity, shown, ambiguous, after
        for size in (3, 2, 1):
            named = tokens[after + 1:after + 1 + size]
            # a thing the program names, written in lower case: "of Tom" is a person's,
            # whose words ("5 apples of Tom's") say more than whose count it is
            if len(named) < size or any(t.kind != "word" or not t.text[:1].islower()
                                        for t in named):
                continue
            name = self.lex.names.get(tuple(t.lower for t in named))
            if name is not None:
                self._modifiers[tokens[start - 1].value] = self.lex.agents[name]
                said = " ".join(t.lower for t in tokens[start:after + 1 + size])
                return entity, (said, f"{name}'s {entity}"), ambiguous, after + 1 + size
        return entity, shown, ambiguous, after

    def _entity_phrase(self, tokens: Sequence[Token], start: int
                       ) -> tuple[str | None, tuple[str, str] | None, list[str], int]:
        i = start
        words: list[str] = []
        if i < len(tokens) and tokens[i].lower == "of":
            i += 1
            while i < len(tokens) and (tokens[i].lower in ("the", "his", "her", "their", "its")
                                       or tokens[i].lower.endswith("'s")):
                i += 1
        vocabulary = self.lex.entity_vocabulary
        while i < len(tokens) and len(words) < 3 and tokens[i].kind == "word" and (
                tokens[i].lower in vocabulary or (tokens[i].lower not in STOP
                                                 and tokens[i].lower not in COMPARATIVES
                                                 and tokens[i].lower not in ENTITY_ENDS)):
            words.append(tokens[i].lower)
            i += 1
        if not words:
            return None, None, [], start
        entities = self.lex.entities
        if i + 1 < len(tokens) and tokens[i].lower == "of":
            # "8 cups of flour", "2 slices of pie": the program's entity holds the "of"
            longer = [*words, "of"]
            for token in tokens[i + 1:i + 4]:
                if token.kind != "word":
                    break
                longer.append(token.lower)
                tail = longer[len(words):]
                for form in (" ".join(longer),
                             " ".join([*words[:-1], to_plural(words[-1]), *tail])):
                    if form in entities:  # ("1 cup of flour": the program's cups of flour)
                        return form, None, [], i + len(tail)
        said = " ".join(words)
        for form in (said, to_plural(said)):
            if form in entities:
                return form, None, [], i
        for size in range(len(words) - 1, 0, -1):
            # "46 storks sitting", "47 dollars last week": the entity, then other words
            head = " ".join(words[:size])
            for form in (head, to_plural(head)):
                if form in entities:
                    return form, None, [], start + (i - start) - (len(words) - size)
        plural_head = [*words[:-1], to_plural(words[-1])]  # "1 card" of pokemon cards
        found = [e for e, ew in self.lex.entity_words.items()
                 if fits_shortened(words, ew) or fits_shortened([singular(w) for w in words], ew)
                 or fits_shortened(plural_head, ew)]
        if len(found) > 1:
            general = self._general_kind(found)
            if general is not None:
                found = [general]
        if not found and len(words) > 1 and i < len(tokens) and tokens[i].kind == "punct":
            # "39 games last year.": a shortened entity, then the clause's setting
            head = words[:1]
            shortened = [e for e, ew in self.lex.entity_words.items()
                         if fits_shortened(head, ew) or fits_shortened([to_plural(head[0])], ew)]
            kind = shortened[0] if len(shortened) == 1 else self._general_kind(shortened) \
                if shortened else None
            rest = tuple(words[1:])
            if kind is not None and rest in self.lex.names:
                return kind, (head[0], kind), [], start + (i - start) - len(rest)
        if len(found) == 1:
            return found[0], (said, found[0]), [], i
        if len(found) > 1:
            return None, None, sorted(found), i
        close = [e for e in entities if fuzz.ratio(said, e) >= _FUZZY_MIN]
        if len(close) == 1:
            return close[0], (said, close[0]), [], i
        if len(close) > 1:
            return None, None, sorted(close), i
        kept = [w for w in words if w not in ENTITY_FILLER and not w.endswith("ly")]
        if kept and len(kept) < len(words):
            # "tall trees currently": the program's "tall trees", the filler word dropped
            core = " ".join(kept)
            fits = [e for e in entities if e in (core, to_plural(core))] or \
                [e for e, ew in self.lex.entity_words.items()
                 if fits_shortened(kept, ew) or fits_shortened([singular(w) for w in kept], ew)]
            if len(fits) == 1:
                return fits[0], (said, fits[0]), [], i
            if len(fits) > 1:
                return None, None, sorted(fits), i
        if not kept:
            return None, None, [], i  # "26 new": the entity is the context's
        for size in range(1, len(words)):
            # "5 green towels", where the program counts the green ones as an agent's towels
            name = self.lex.names.get(tuple(words[:size]))
            rest = " ".join(words[size:])
            entity = next((f for f in (rest, to_plural(rest)) if f in entities), None)
            number = _number_before(tokens, start)
            if name is not None and entity is not None and number is not None:
                # ("8 more green towels than blue ones": the green's lead, as a comparison)
                self._modifiers[number.value] = self.lex.agents[name]
                return entity, (said, f"{name}'s {entity}"), [], i
        near = sorted(e for e, ew in self.lex.entity_words.items()
                      if {singular(w) for w in words} & {singular(w) for w in ew})
        kind = self._kind_said(words, near)
        if kind is not None and start > 0 and tokens[start - 1].kind == "number":
            # "91 puzzle games" of the program's one kind of games: read only as a theorem
            self._kinds_said[tokens[start - 1].value] = said
            return kind, (said, kind), [], i
        if near:
            # "18 whole seashells": some seashells, but not the program's: no claim of it
            return None, None, [f"{e} (the words {said!r} say more)" for e in near], i
        if all(w.isalpha() and len(w) > 2 for w in words) and \
                " ".join(words) not in self.lex.index.agent_names:
            return said, None, [], i  # a noun of no entity: read, and judged unknown
        return None, None, [], start

    def _kind_said(self, words: list[str], near: list[str]) -> str | None:
        """"91 puzzle games" where the program counts one thing of those words, games: the
        words before it are no word of another entity, of an agent or of a comparison (the
        "whole" of "18 whole seashells" beside "cracked seashells" stays unread, and so
        does the "green" of "8 more green peaches", green peaches being an agent)."""
        if len(near) != 1:
            return None
        kind = near[0].split()
        size = len(kind)
        if len(words) <= size or len(words) > size + 2 or \
                [singular(w) for w in words[-size:]] != [singular(w) for w in kind]:
            return None
        extra = set(words[:-size])
        taken = {w for e in self.lex.entities for w in e.split()} | {
            w for name in self.lex.index.agent_names for w in name.replace("'s", "").split()}
        if extra & taken or extra & COMPARATIVES.keys() or extra & STOP or \
                not all(w.isalpha() for w in extra):
            return None
        return near[0]

    def _general_kind(self, found: list[str]) -> str | None:
        """"39 games" of "basketball games" and "missed basketball games": the kind the
        others are kinds of (each ends with its words), where the clause says none of the
        words that make the others ("he missed 41 games" stays a choice)."""
        general = min(found, key=len)
        said = set(self._clause_words)
        for other in found:
            if other == general:
                continue
            if not other.endswith(" " + general):
                return None
            extra = other[:-len(general)].split()
            if said & {w for e in extra for w in (e, singular(e))}:
                return None
        return general

    def _context_entity(self, agents: Agents | None, arithmetic: Arithmetic | None
                        ) -> str | None:
        claims = self.discourse.claims
        if arithmetic is not None:
            numbers = set(arithmetic.operands)
            # a product counts what the rate among its operands counts ("177 × 46" after
            # "46 points in each round"), never what the count multiplied counts (rounds)
            predicates = ("rate",) if arithmetic.operator == "*" else ("cont", "comp",
                                                                        "transfer")
            hit = next((c.entity for c in reversed(claims)
                        if c.predicate in predicates and c.quantity in numbers), None)
            if hit is not None:
                return hit
        if agents is not None:
            hit = next((c.entity for c in reversed(claims)
                        if any(a == agents for a in c.agent_sets)), None)
            if hit is not None:
                return hit
        found = next((c.entity for c in reversed(claims)), None)
        if found is None and len(self.lex.entities) == 1:
            found = next(iter(self.lex.entities))  # "he grew 38": the program counts one thing
        return found

    def _note(self, mentions: list[Mention], subject: Agents | None) -> None:
        mentioned = [] if subject is None else [(subject, None)]
        for mention in mentions:
            if mention.pronoun is not None and " " in mention.said:  # "her dad": her = owner
                owner = self._owners.get(mention.pronoun)
                mentioned.append((mention.agents, None))
                if owner is not None:
                    mentioned.append((owner, mention.pronoun))
            elif mention.agents is not None and mention.agents is not subject and \
                    mention.agents != subject:  # the same object is the same agents
                mentioned.append((mention.agents, mention.pronoun))
            elif mention.agents == subject and mention.pronoun and mentioned:
                mentioned[0] = (subject, mention.pronoun)
        self.discourse.note_clause(mentioned)

    def _resolve_mentions(self, mentions: list[Mention], boundary: int,
                          resolved: list[tuple[str, str]], inherited: Agents | None = None
                          ) -> tuple[list[Mention] | None, Agents | None]:
        """Pronouns to agents: the subject's first (in the discourse), then the others (not
        the subject: "Florencio gives him 82"); a pronoun with no referent, or one that may
        be the subject the clause carries on from or a person it names, reads nothing."""
        done: list[Mention] = []
        subject_parts: list[Agents] = []
        last_end = 0
        for phase in (0, 1):
            subject = _joined(subject_parts)
            for mention in mentions:
                if (mention.position < boundary) != (phase == 0):
                    continue
                value = mention.agents
                if value is None:
                    word = mention.said
                    value = self._owners.get(word)
                    if value is None and phase == 1 and subject is None and \
                            inherited is not None and mention.kind == "pronoun":
                        named = self._named_object(done, mention, inherited)
                        if named is not None:
                            # "Naoko then gives Vivek 50 (bringing him to 95)": Naoko, whom
                            # the clause goes on about, or Vivek, named in it
                            self.discourse.ambiguity = f"{word!r} may be {show(inherited)} " \
                                f"or {show(named)}"
                            return None, None
                    if word not in PLURAL_PRONOUNS:  # ("they" with no group: below)
                        value = value or self.discourse.resolve(
                            word, exclude=None if phase == 0 or mention.kind == "possessive"
                            or _subject_after_than(self._clause_words, mention.position)
                            else subject)
                    asked = value is None and self._asked_person(word)
                    if asked:
                        value = asked
                    if value is None and mention.kind == "possessive":
                        continue  # "in her bank": an owner that is no agent of the program
                    if value is None and phase == 0 and mention.kind == "pronoun" and \
                            word in ("he", "she") and self.discourse.ambiguity is None and \
                            all(w in LEADS for w in self._clause_words[:mention.position]):
                        # "Mike went to 15 games this year. He went to 39 last year.": the
                        # doer is no agent of the program, whose agents are the years
                        self._unowned = word
                        self._unowned_saved = self.discourse.snapshot()
                        continue
                    if value is None:
                        return None, None
                    resolved.append((word, show(value) + (ASKED_ABOUT if asked else "")))
                    mention = attrs.evolve(mention, agents=value, pronoun=word)
                elif mention.kind == "pronoun":
                    resolved.append((mention.said, show(value)))
                    mention = attrs.evolve(mention, pronoun=mention.said.split()[0])
                if phase == 0 and mention.kind != "possessive" and \
                        not self._after_preposition_word(mention):
                    # ("For his birthday he got": not birthday); names join only by "and" or
                    # a comma ("Last week she bought": she)
                    between = self._clause_words[last_end:mention.position] if subject_parts \
                        else ()
                    if subject_parts and not {"and", ",", "&", "both"} & set(between):
                        subject_parts.clear()
                    subject_parts.append(value)
                    last_end = mention.end or mention.position + 1
                done.append(mention)
        done.sort(key=lambda m: m.position)
        subject = _joined(subject_parts)
        return done, subject

    def _unknown_verb(self, words: tuple[str, ...], mentions: list[Mention],
                      first_number: int) -> int | None:
        """"She sold 6 of them", "Edward won 9 tickets": the word right after a subject
        that opens the clause, when no list holds it (read only as a transfer that fits)."""
        start = 0
        # ("while Jake brought 5 balloons": a second subject, after the first clause's)
        while start < len(words) and (words[start] in LEADS or words[start] in _OPENING):
            start += 1
        subject = next((m for m in mentions if m.position == start and m.kind != "possessive"),
                       None)
        if subject is None:
            return None
        j = subject.end or subject.position + 1
        while j < first_number and words[j] in VERB_ADVERBS:
            j += 1
        if j >= first_number or j + 1 > first_number:
            return None
        word = words[j]
        if not word.isalpha() or word in STOP or word in COMPARATIVES or \
                (word in self.lex.first_words and not word.endswith("ed")) or \
                not (word.endswith("ed") or j + 1 == first_number
                                                     or words[j + 1] in ("away", "up", "out",
                                                                         "off", "down")):
            return None
        return j

    def _after_preposition_word(self, mention: Mention) -> bool:
        """Is the mention the object of a preposition ("for his birthday", "at the store")?"""
        words = self._clause_words
        i = mention.position - 1
        while i >= 0 and words[i] in ("the", "a", "an", "his", "her", "their", "its"):
            i -= 1
        return i >= 0 and words[i] in OBJECT_PREPOSITIONS

    def _named_object(self, done: list[Mention], pronoun: Mention,
                      subject: Agents | None) -> Agents | None:
        """The one person named before the pronoun in its own clause, other than its
        subject, whom the pronoun may be ("gives Vivek 50 (bringing him to 95)")."""
        gender = gender_of(pronoun.said.split()[0])
        named = {m.agents for m in done if m.kind == "name" and m.agents is not None
                 and m.position < pronoun.position and m.agents != subject
                 and len(m.agents) == 1
                 and self.discourse.gender.get(name_of(m.agents), gender) == gender}
        return named.pop() if gender is not None and len(named) == 1 else None

    def _names_continued(self) -> tuple[Agents, ...] | None:
        """The names the next clause adds to a list this clause ends with ("owned by Aditya
        | and Leire together", split at "and"): () when it starts no list or is a clause of
        its own; None when it starts with a name and holds more than names, but no verb
        (unclear whose the count is)."""
        following = self._next_clause
        if following is None:
            return ()
        mentions = self._mentions(following.tokens, {})
        first = next((i for i, t in enumerate(following.tokens) if t.lower not in LEADS), 0)
        if not mentions or mentions[0].position != first:
            return ()
        taken = {i for m in mentions for i in range(m.position, m.end or m.position + 1)}
        rest = [t for i, t in enumerate(following.tokens) if i not in taken and
                t.kind != "punct" and t.lower not in ("and", "together", "combined")]
        if any(t.lower in VERBS for t in rest):
            return ()  # "owned by Nora, and Oskar has 7": a clause of its own
        if rest or any(m.kind != "name" or m.agents is None for m in mentions) or \
                following.silent is not None:
            return None
        self._skip_next = True
        return tuple(m.agents for m in mentions if m.agents is not None)

    def _main_subject(self) -> Agents | None:
        """The name that opens the first clause after a run of gerund clauses ("..., Ottilie
        has 10"): who does what the gerunds say."""
        for clause in self._later_clauses:
            if clause.words[:1] and clause.words[0] in GERUNDS:
                continue
            if clause.after_colon:
                return None
            mentions = self._mentions(clause.tokens, {})
            first = mentions[0] if mentions else None
            if first is None or first.position != 0 or first.kind != "name" or \
                    first.end >= len(clause.words) or clause.words[first.end] not in VERBS:
                return None
            return first.agents
        return None

    def _counted_last(self) -> Agents | None:
        """The agent whose count the last claim read states, when it is that clause's
        subject: whom a following change label ("After giving 22 to Isabel:") is about."""
        if not self.discourse.claims or not self.discourse.subjects:
            return None
        last = self.discourse.claims[-1]
        agents = last.args[0] if last.predicate == "cont" else None
        return agents if agents == self.discourse.subjects[-1] else None

    def _agents_after(self, mentions: list[Mention], start: int, end: int,
                      subject: Agents | None, resolved: list[tuple[str, str]],
                      kinds: tuple[str, ...] = ("name", "pronoun")) -> Agents | None:
        found: list[Agents] = []
        for mention in mentions:
            if not (start <= mention.position < end) or mention.kind not in kinds:
                continue
            if mention.agents is not None:
                found.append(mention.agents)
        return _joined(found)

    def _after_preposition(self, mentions: list[Mention], words: tuple[str, ...],
                           position: int, end: int, subject: Agents | None,
                           resolved: list[tuple[str, str]], prepositions: tuple[str, ...]
                           ) -> Agents | None:
        for i in range(position + 1, end):
            if words[i] in prepositions:
                start = i + 1
                while start < end and words[start] in ("the", "a", "an"):
                    start += 1
                found = [m for m in mentions if m.position == start]
                if found:
                    named = self._agents_after(mentions, start, start + 1, subject, resolved)
                    after = found[0].end or start + 1
                    if named is not None and all(w in (".", "?", "!") for w in words[after:]):
                        # "in the morning | and afternoon" (split at "and"): the list the
                        # preposition governs goes on in the next clause
                        more = self._names_continued()
                        if more is None:
                            return None
                        named = _joined([named, *more])
                    return named
        return None


def program_names(mentions: Sequence[Mention], known: frozenset[str],
                  end: int | None = None) -> frozenset[str]:
    """The program's agent names the mentions (before ``end``, when given) resolve to."""
    return frozenset(n for m in mentions if m.agents is not None and
                     (end is None or m.position < end) for n in m.agents.names) & known


def subject_joiner(tokens: Sequence[Token], mentions: Sequence[Mention],
                    boundary: int) -> str | None:
    """The sign between two of the subject's names, when one stands there: only "and", "&"
    and commas join names into a group, so "Dennie - Dianna" or "Edgar / Pieter" is no
    group of agents."""
    subject = [m for m in mentions if m.position < boundary and m.kind != "possessive"]
    for left, right in itertools.pairwise(subject):
        between = tokens[max(left.end, left.position + 1):right.position]
        sign = next((t.text for t in between if t.kind == "sign"), None)
        if sign is not None:
            return sign
    return None


def _joined(parts: Sequence[Agents]) -> Agents | None:
    """The union of agent sets; one set is itself, not rebuilt (reading runs per sentence)."""
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else parts[0].union(parts[1:])


def _number_before(tokens: Sequence[Token], start: int) -> Token | None:
    """The number an entity phrase at ``start`` counts: right before it, or before the
    comparative before it ("8 more green towels")."""
    at = start - 1
    if at > 0 and tokens[at].lower in COMPARATIVES:
        at -= 1
    return tokens[at] if at >= 0 and tokens[at].kind == "number" else None


def _subject_after_than(words: tuple[str, ...], position: int) -> bool:
    """"gave 11 more plums than those he ate": a subject pronoun right after "than" (and
    "those"), before a verb, may be the clause's own subject (never only someone else)."""
    before = [w for w in words[max(0, position - 2):position] if w not in ("those", "what")]
    return words[position] in ("he", "she") and before[-1:] == ["than"]
