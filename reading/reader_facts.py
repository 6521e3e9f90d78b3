"""A clause's number read as a fact, for the loose reader (``reader.py``): the words around
the number (its entity, the verb, "than", "each", "there", a colon label) choose the claim
pattern a clause states, which ``reader_fitting`` then completes from the program; and an
answer clause ("which equals 127") read as the question's claim."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import singular
from vlp.grammar.loose import Clause, Token
from vlp.grammar.templates import CLAIM_SLOTS
from vlp.kernel import Agents, Claim

from .align import ClaimPattern
from .claim_guards import other_than_money
from .discourse import Discourse, Lexicon, show
from .given_up import apart_from_holding, compared_given_up, given_up, gives_up, hands_over
from .reader_items import LooseClaim, LooseGap, as_arithmetic
from .reader_mentions import Mention, program_names
from .reader_words import (
    ARRIVING_VERBS,
    COMPARATIVES,
    CONT_VERBS,
    COPULAS,
    ENTITY_FILLER,
    EVENT_VERBS,
    LABEL_EVENT_WORDS,
    LEADS,
    LEAVING_VERBS,
    LOSE_VERBS,
    ONE_WORDS,
    PARTICIPLES,
    PASSIVE_BE,
    PASSIVE_GIVE,
    PLACE_VERBS,
    RESULT_VERBS,
    TAKE_VERBS,
    TOTALS,
    TRANSFER_VERBS,
    VERBS,
    is_setting,
)
from .readings import LOOSE, Reading

# what may come before "4 of them were cracked" (not "after 4 were sold": an event)
_PART_LEADS = LEADS - {"after", "before"} | {"but", "however", "sadly", "unfortunately", ","}


class FactReading:
    """The part of ``SentenceReader`` that reads a clause's number as a fact; the
    attributes are the reader's (set in ``SentenceReader.__init__``), the methods it calls
    are its other parts' (``reader_mentions``, ``reader_lines``, ``reader_fitting``)."""

    lex: Lexicon
    discourse: Discourse
    query_pattern: ClaimPattern
    _continuation: bool
    _sentence_words: frozenset[str]
    _each_context: tuple[Sequence[Token], int] | None
    _named_names: frozenset[str]
    _modifiers: dict[int, Agents]

    def _fact(self, tokens: Sequence[Token], words: tuple[str, ...], mentions: list[Mention],
              subject: Agents | None, verb_index: int | None, position: int, end: int,
              there: bool, resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap | None:
        number = tokens[position]
        quantity = number.value
        # "Lucy bought 2 packs of cookies and 12 packs of cake": whom the fact's own words
        # name (the cake is the 12's)
        self._named_names = program_names(mentions, self.lex.index.agent_names, end)
        arithmetic = as_arithmetic(number)
        cues: list[str] = []
        entity, shown, ambiguous, after = self._entity(tokens, position + 1)
        phrase_at = position + 1
        if entity is None and not ambiguous and position + 1 < len(tokens) and \
                tokens[position + 1].lower in COMPARATIVES:  # "88 more tadpoles than"
            entity, shown, ambiguous, after = self._entity(tokens, position + 2)
            phrase_at = position + 2
        phrase = " ".join(words[phrase_at:after])
        if ambiguous and phrase_at > position + 1 and phrase in self.lex.index.agent_names \
                and quantity is not None:
            # "There are 30 more gold coins than silver coins": the gold coins' lead, where
            # the program's gold coins are an agent holding coins (the comparison's side)
            head = [e for e in self.lex.entities if phrase.endswith(" " + e) or
                    phrase.endswith(" " + singular(e))]
            if len(head) == 1:
                self._modifiers[quantity] = self.lex.agents[phrase]
                entity, shown, ambiguous = head[0], (phrase, head[0]), []
        if ambiguous and phrase in self.lex.index.agent_names:
            # "There are 2 red peaches": the program counts the red ones as an agent of
            # its own, holding peaches; "Nancy bought 3 country albums" (whoever holds
            # them) only where that is a theorem
            head = [e for e in self.lex.entities if phrase.endswith(" " + e) or
                    phrase.endswith(" " + singular(e))]
            holders = {c.agent_sets[0] for e in head for c in self.lex.index.candidates(
                ClaimPattern("cont", (None, None, e)))}
            category = self.lex.agents[phrase]
            if len(head) == 1 and category in holders and (there or self.lex.index.is_theorem(
                    Claim("cont", (category, quantity, head[0])))):
                return self._resolve(ClaimPattern("cont", (category, quantity, head[0])),
                                     arithmetic, Reading(LOOSE, ("there",), tuple(resolved)))
        kind = self._kind_counted(phrase, entity, quantity)
        if kind is not None:
            return LooseClaim(kind, arithmetic, Reading(LOOSE, (), tuple(resolved)))
        settled = None if not ambiguous else self._settled_entity(
            ambiguous, phrase, words, verb_index, position, after, arithmetic)
        if settled is not None:  # "Salt: 6 cups", "12 tanks for tropical fish"
            entity, shown, ambiguous = settled, (phrase, settled), []
        if ambiguous:
            return LooseGap(f"the entity {phrase!r} could be "
                            + " or ".join(ambiguous), Reading(LOOSE, (), tuple(resolved)))
        if shown is not None:
            resolved.append(shown)
        window = words[position + 1:end]
        verb = words[verb_index] if verb_index is not None else None
        named_before = any(m.position < position for m in mentions)
        if verb == ":" and verb_index is not None and not any(
                m.position < verb_index for m in mentions):
            # "Pennies: 36", "Cracked: 3 seashells": the label says what is counted
            return self._label_line(tokens, words, verb_index, position, entity, after, resolved)
        named = self._named_after(words, after, end, quantity, entity)
        if named is not None:
            return LooseClaim(named, arithmetic, Reading(LOOSE, (), tuple(resolved)))
        part = self._part_in_state(tokens, words, mentions, position, entity, after, there,
                                   arithmetic, resolved)
        if part is not None:
            return part
        if not named_before and verb is None and not there and after < len(words) and (
                words[after] in LEAVING_VERBS or words[after] in ARRIVING_VERBS) and \
                entity is not None:
            # "3 students left.": a transfer out of (or into) whoever held them
            if arithmetic is not None and words[after] == "left":
                # "and 34-15=19 sweet cookies left": a difference left is what remains
                # more often than what went away; the words do not choose
                return LooseGap(f"'left' may say {quantity} remain or {quantity} went away",
                                Reading(LOOSE, ("left",), tuple(resolved)))
            setting = self._setting_count(mentions, after, quantity, entity)
            if setting is not None:
                return LooseClaim(setting, arithmetic,
                                  Reading(LOOSE, (words[after],), tuple(resolved)))
            return self._moved(words[after], quantity, entity, arithmetic, resolved)
        passive_at = after + (after < len(words) and words[after] == "more")
        if not named_before and verb is None and not there and passive_at + 1 < len(words) and \
                words[passive_at] in ("were", "was") and (
                    words[passive_at + 1] in PARTICIPLES or
                    words[passive_at + 1] in LABEL_EVENT_WORDS):
            # "3 hamburgers were served.", "Then 3 were sold.": the one transfer of that
            # many, either way
            moved = entity or self._context_entity(None, arithmetic)
            if moved is not None:
                return self._moved(words[passive_at + 1], quantity, moved, arithmetic,
                                   resolved)
        each = next((i for i, w in enumerate(words[:position]) if w in ("each", "every", "per")),
                    None)
        own = next((i for i in range(position + 1, end) if words[i] in ("each", "every")), None)
        if each is not None and own is not None:
            each = own  # "6 people in each van and 18 people in each bus": the bus's 18
        if each is None and self._each_context is not None and not there and \
                verb not in TRANSFER_VERBS:
            # "In each round, Luke gained 46 points": the rate the opening phrase names
            each_tokens, each_at = self._each_context
            return self._each_rate(each_tokens, each_at, quantity, entity, arithmetic,
                                   resolved)
        if each is not None and not any(m.kind == "possessive" and m.position < position
                                        for m in mentions) and \
                not (verb in TRANSFER_VERBS and named_before):
            # "Each crate holds 12 pears": a rate, never a count
            return self._each_rate(tokens, each, quantity, entity, arithmetic, resolved)
        comparative = next((COMPARATIVES[w] for w in window[:after - position + 1]
                            if w in COMPARATIVES), None)
        predicate = None
        args: dict[str, object] = {}
        group_total = False
        transfer_verb = verb in TRANSFER_VERBS
        event_verb = verb is not None and (verb in EVENT_VERBS or verb not in VERBS)
        if (transfer_verb or event_verb) and "than" not in window:
            comparative = None  # "receives 49 more from Ljiljana": a transfer, not a comparison
        if verb in PASSIVE_BE and verb_index is not None and subject is not None and \
                verb_index + 1 < len(words) and words[verb_index + 1] in PASSIVE_GIVE:
            # "Roscoe was given 69 tiaras by Cassandre": Cassandre gave them to Roscoe
            giver = self._after_preposition(mentions, words, position, end, subject, resolved,
                                            ("by", "from"))
            if giver is None:
                return LooseGap("given by whom, the words do not say",
                                Reading(LOOSE, (words[verb_index + 1],), tuple(resolved)))
            if entity is None:
                entity = self._context_entity(subject, arithmetic)
            if entity is None:
                return None
            return self._resolve(ClaimPattern("transfer", (giver, subject, quantity, entity)),
                                 arithmetic, Reading(LOOSE, (words[verb_index + 1], "by"),
                                                     tuple(resolved)))
        result_of = verb in RESULT_VERBS and (words[0] in ("which", "that") or
                                                verb.startswith(("leav", "making")))
        if result_of:
            # "which gives Nshuti 210 horses", "leaving Maarja with 24": the agent's count
            holder = self._agents_after(mentions, (verb_index or 0) + 1, end, None, resolved)
            if holder is None:
                return None
            cues.append(verb)
            predicate = "cont"
            args = {"A": holder}
        elif comparative is not None and hands_over(verb) and "than" in window:
            # "Paco gave 7 more cookies to his friend than those he ate": what the two
            # verbs moved away, never the giver
            than = position + 1 + window.index("than")
            receiver = self._after_preposition(mentions, words, position, than, subject,
                                               resolved, ("to",))
            sides = compared_given_up(self.lex.index, verb, receiver, words[than + 1:end])
            reading = Reading(LOOSE, (verb or "", comparative, "than"), tuple(resolved))
            if isinstance(sides, str):
                return LooseGap(sides, reading)
            bigger, smaller = sides if comparative == "more" else sides[::-1]
            return self._resolve(ClaimPattern("comp", (bigger, smaller, quantity, entity or
                                                       self._context_entity(None, arithmetic))),
                                 arithmetic, reading)
        elif comparative is not None:
            cues.append(comparative)
            other = None
            if "than" in window:
                than = position + 1 + window.index("than")
                cues.append("than")
                other = self._agents_after(mentions, than, end, subject, resolved)
                if other is None:
                    return None
            predicate = "comp"
            if subject is None and there and isinstance(quantity, int):
                # "There are 8 more green towels than blue ones": the green's lead, as the
                # entity's words name it (never the one theorem that fits the number)
                subject = self._modifiers.get(quantity)
            bigger, smaller = (subject, other) if comparative == "more" else (other, subject)
            args = {"A": bigger, "B": smaller}
        elif transfer_verb:
            cues.append(verb)
            predicate = "transfer"
            between = self._agents_after(mentions, (verb_index or 0) + 1, position, subject,
                                         resolved)
            target = self._after_preposition(mentions, words, position, end, subject, resolved,
                                             ("to", "in", "into", "on"))
            source = self._after_preposition(mentions, words, position, end, subject, resolved,
                                             ("from",))
            owner = next((m.agents for m in mentions
                          if position < m.position < end and m.kind == "possessive"
                          and m.agents != subject), None)  # "for his birthday": no source
            if (verb in ("ate", "eats", "eat") and source is None and owner is None) or (
                    verb in PLACE_VERBS and target is None and between is None):
                # "She ate 17 pieces", "the rabbits ate 23 pumpkins", "She added 10 songs":
                # the one transfer of the program the subject takes part in
                args = {"S": subject, "R": None}
                if subject is not None:
                    if entity is None:
                        entity = self._context_entity(subject, arithmetic)
                    event = None if entity is None else self._event_transfer(
                        subject, quantity, entity, None)
                    if isinstance(event, LooseGap):
                        return attrs.evolve(event, reading=Reading(LOOSE, (verb,),
                                                                   tuple(resolved)))
                    if event is not None:
                        args = {"S": event[0], "R": event[1]}
            elif verb in TAKE_VERBS:
                args = {"S": source or owner, "R": subject}
                if args["S"] is None and subject is not None:
                    # "Paul got a box of 253 crayons": the transfer the program has, or the
                    # count it is
                    if entity is None:
                        entity = self._context_entity(subject, arithmetic)
                    if entity is not None:
                        event = self._event_transfer(subject, quantity, entity, verb,
                                                     more="more" in window)
                        if isinstance(event, LooseGap):
                            return attrs.evolve(event, reading=Reading(LOOSE, (verb,),
                                                                       tuple(resolved)))
                        if event is not None:
                            args = {"S": event[0], "R": event[1]}
                        elif quantity is not None and self.lex.index.is_theorem(
                                Claim("cont", (subject, quantity, entity))):
                            predicate, args = "cont", {"A": subject}
            elif verb in LOSE_VERBS or "away" in words:
                args = {"S": subject, "R": None}
            else:
                args = {"S": subject, "R": between or target}
            if predicate == "transfer" and args["S"] is not None and args["S"] == args["R"]:
                return None
        elif "each" in words[:position] and any(
                m.kind == "possessive" and m.position < position for m in mentions):
            # "Each of his boxes contains 8 pushpins": the owner's rate per container
            owner = next(m for m in mentions if m.kind == "possessive" and m.position < position)
            container, seen, _ambiguous, _after = self._entity(tokens, owner.end)
            if container is None:
                return None
            if seen is not None:
                resolved.append(seen)
            cues.append("each")
            predicate = "rate"
            args = {"A": owner.agents, "c": container}
        elif "each" in window[:after - position + 1] or "per" in window[:after - position + 1]:
            cues.append("each" if "each" in window else "per")
            predicate = "rate"
            args = {"A": subject}
        elif verb in CONT_VERBS or verb in COPULAS or verb == "must" or there or \
                "left" in window or self._continuation or not TOTALS.isdisjoint(words):
            cues.extend(w for w in (verb, "left" if "left" in window else None) if w)
            predicate = "cont"
            agent = subject
            if there:
                # "There are 24 bicycles in the storage area": the agent there; with none
                # named ("There are 22 players."), the one theorem of that count, if one
                agent = self._after_preposition(mentions, words, position, len(tokens), None,
                                                resolved, ("in", "on", "at", "inside"))
                per = next((k for k in range(after, min(after + 2, len(words) - 1))
                            if words[k] in ("in", "on", "per") and words[k + 1] in ONE_WORDS),
                           None)
                if agent is None and per is not None:
                    # "There are 8 calories in 1 candy bar", "8 stickers on 1 page": a rate,
                    # never a count
                    return self._each_rate(tokens, per + 1, quantity, entity, arithmetic,
                                           resolved)
                if agent is None and entity is not None and \
                        TOTALS.isdisjoint(self._sentence_words):
                    # "There are 22 players.": whose, only the program can say, when one
                    # agent alone has a count of them
                    holders = {c.agent_sets[0] for c in self.lex.index.candidates(
                        ClaimPattern("cont", (None, None, entity)))}
                    topic = self.discourse.subjects[-1:]
                    placed = any(w in ("in", "at", "on", "inside") for w in words[after:])
                    if len(holders) > 1 and quantity is not None and topic and not placed:
                        # "So there are 54 songs." after "There are 6 country albums": the
                        # albums just named, when theirs is the one count of 54 songs (not
                        # "620 pupils in the school", which may be everyone's)
                        holders = {c.agent_sets[0] for c in self.lex.index.candidates(
                            ClaimPattern("cont", (None, quantity, entity)))}
                        holders = holders if holders == set(topic) else set()
                    if len(holders) != 1:
                        return None
                    agent = next(iter(holders))
            args = {"A": agent}
            if there and agent is None and not TOTALS.isdisjoint(self._sentence_words):
                group_total = True  # "So, in total, there are 70 pencils": the group's
        elif verb is not None and subject is not None and verb not in VERBS:
            predicate = "event"  # a verb no list holds: read only as a transfer that fits
        elif verb is not None and subject is None and verb not in VERBS and \
                quantity in self._modifiers and entity is not None:
            # "Rachel had to complete 8 pages of math homework", Rachel no agent: the count
            # its words give an owner, read only where it is a theorem and no transfer of
            # as many, to or from that owner, is what the verb may say
            owner = self._modifiers[quantity]
            index = self.lex.index
            if not index.is_theorem(Claim("cont", (owner, quantity, entity))) or any(
                    a.predicate == "transfer" and a.quantity == quantity and
                    a.entity == entity and owner in a.agent_sets
                    for a in index.program.axioms):
                return None
            cues.append(verb)
            predicate, args = "cont", {"A": owner}
        else:
            return None
        if entity is None and any(m.position == position + 1 for m in mentions):
            return None  # "5 action figures" where "action figures" names an agent
        entity_said = entity is not None
        if entity is None:
            entity = self._context_entity(subject, arithmetic)
        if entity is None:
            return None
        if predicate == "cont" and verb == ":" and subject is not None and \
                args.get("A") == subject and quantity is not None and not \
                self.lex.index.is_theorem(Claim("cont", (subject, quantity, entity))) and any(
                    a.predicate == "transfer" and a.quantity == quantity and
                    a.entity == entity and subject in a.agent_sets
                    for a in self.lex.index.program.axioms):
            # "Dan: 28 pears" after Sara gave Dan 28 pears: what Dan has, or what he got
            return LooseGap(f"'{show(subject)}: {quantity}' may be a count or the transfer "
                            f"of {quantity}", Reading(LOOSE, (":",), tuple(resolved)))
        if predicate in ("cont", "event") and subject is not None and args.get("A", subject) \
                == subject and (predicate == "event" or verb in EVENT_VERBS) and not there:
            event = self._event_transfer(subject, quantity, entity, verb,
                                         more=bool({"more", "another"} & set(window)))
            if isinstance(event, LooseGap):
                return attrs.evolve(event, reading=Reading(LOOSE, (verb,), tuple(resolved)))
            if event is not None:
                cues.append(verb or "")
                predicate, args = "transfer", {"S": event[0], "R": event[1]}
            elif gives_up(verb) and self._named_names <= subject.names and \
                    apart_from_holding(self.lex.index, subject, verb, entity) and \
                    (entity_said or not other_than_money(verb, entity)) and not (
                        quantity is not None and self.lex.index.is_theorem(
                            Claim("cont", (subject, quantity, entity)))):
                # "He threw away 35 old ones", "So he spent 3 - 2 = 1": what went away,
                # never a count of the subject that is no theorem ("Shirley sold 25 cases",
                # where the program counts what she sold as hers, is hers; "spends 5 hours
                # on German" names where they went: read as before)
                return self._given_up(verb, quantity, entity, arithmetic, resolved)
            elif predicate == "event":
                index = self.lex.index
                if quantity is None or not (index.is_theorem(
                        Claim("cont", (subject, quantity, entity))) or (
                        sum(t.kind == "number" for t in tokens) == 1 and
                        index.candidates(ClaimPattern("cont", (subject, None, entity))) and
                        not any(a.predicate == "transfer" and a.entity == entity and
                                subject in a.agent_sets for a in index.program.axioms))):
                    # a count the subject has, or has in some quantity with no transfer of
                    # that entity to be read instead ("the mouse jumped 30 inches")
                    return None
                # a verb no list holds, whose subject, number and entity fit one count
                cues.append(verb or "")
                predicate, args = "cont", {"A": subject}
        args.update({"q": quantity, "e": entity})
        values = tuple(map(args.get, CLAIM_SLOTS[predicate]))
        pattern = ClaimPattern(predicate, values)
        if predicate == "transfer" and args["R"] is None and subject is not None and \
                args["S"] == subject and gives_up(verb) and \
                apart_from_holding(self.lex.index, subject, verb, entity) and \
                not self.lex.index.candidates(pattern):
            # "He ate 23 cookies", "He lost 231 crayons", no transfer of them in the program
            receiver = self._after_preposition(mentions, words, position, end, subject,
                                               resolved, ("to",))
            return self._given_up(verb, quantity, entity, arithmetic, resolved, receiver)
        reading = Reading(LOOSE, tuple(dict.fromkeys(cues)), tuple(dict.fromkeys(resolved)))
        group = predicate == "cont" and args.get("A") is None and (
            not TOTALS.isdisjoint(words) or group_total)
        return self._resolve(pattern, arithmetic, reading, group, entity_said)

    def _given_up(self, verb: str | None, quantity: int | None, entity: str,
                  arithmetic: Arithmetic | None, resolved: list[tuple[str, str]],
                  receiver: Agents | None = None) -> LooseClaim | LooseGap:
        """A verb of giving up, no transfer of the program to state: the count of the
        receiver it names, where that is a theorem ("gave away 308 crayons to his
        friends", who had none), else of the holder the verb names ("thrown away"), else
        a gap (``given_up``)."""
        reading = Reading(LOOSE, (verb or "",), tuple(dict.fromkeys(resolved)))
        if receiver is not None:
            received = ClaimPattern("cont", (receiver, quantity, entity))
            if received.is_complete and self.lex.index.is_theorem(received.as_claim()):
                return LooseClaim(received, arithmetic, reading)
            return LooseGap(f"{verb!r} moves {quantity} {entity} to {show(receiver)}, but no "
                            "transfer of the program fits, nor is it their count", reading)
        read = given_up(self.lex.index, verb, quantity, entity)
        if isinstance(read, str):
            return LooseGap(read, reading)
        # (the holder is the verb's, not the pronoun's: no rival owner is weighed)
        return self._unknown_entity(read, reading) or LooseClaim(read, arithmetic, reading)

    def _named_after(self, words: tuple[str, ...], after: int, end: int,
                     quantity: int | None, entity: str | None) -> ClaimPattern | None:
        """"893835 kids went to camp", "there are 300 kids who went to camp", where the
        program names the group so ("went to camp"): the words after the entity, to the
        clause's end (or to the "and" before its next number: "14 games this year and 29
        games last year"), spell an agent of more than one word; its count, if a theorem."""
        if entity is None or quantity is None:
            return None
        start = after + (words[after:after + 1] in (("who",), ("that",)))
        end = min(end, len(words))
        while end > start and words[end - 1] in (".", "!", ",", "and"):
            end -= 1
        name = self.lex.names.get(words[start:end])
        if name is None or end - start < 2:
            return None
        pattern = ClaimPattern("cont", (self.lex.agents[name], quantity, entity))
        return pattern if self.lex.index.is_theorem(pattern.as_claim()) else None

    def _kind_counted(self, phrase: str, entity: str | None, quantity: int | None
                      ) -> ClaimPattern | None:
        """"Emily bought 4 new chairs", where the program counts pieces of furniture by
        kind (chairs, tables: agents): the count of the kind the words name, besides words
        that say nothing of their own ("new"), of the one thing the kind has that many of,
        where that is a theorem."""
        if quantity is None or (entity is not None and entity in self.lex.entities):
            return None
        kept = tuple(w for w in phrase.split() if w not in ENTITY_FILLER)
        name = self.lex.names.get(kept)
        if name is None or len(kept) == len(phrase.split()):
            return None
        held = {c.entity for c in self.lex.index.candidates(
            ClaimPattern("cont", (self.lex.agents[name], quantity, None)))}
        if len(held) != 1:
            return None
        return ClaimPattern("cont", (self.lex.agents[name], quantity, next(iter(held))))

    def _setting_count(self, mentions: list[Mention], after: int, quantity: int | None,
                       entity: str) -> ClaimPattern | None:
        """"557 visitors came that day": where the program moves no such thing and counts
        them by day, the count of the one setting named after the verb, if a theorem."""
        index = self.lex.index
        settings = [m.agents for m in mentions if m.position > after and m.agents is not None
                    and len(m.agents) == 1 and is_setting(next(iter(m.agents.names)))]
        if len(settings) != 1 or quantity is None or any(
                a.predicate == "transfer" and a.entity == entity for a in index.program.axioms):
            return None
        pattern = ClaimPattern("cont", (settings[0], quantity, entity))
        return pattern if index.is_theorem(pattern.as_claim()) else None

    def _part_in_state(self, tokens: Sequence[Token], words: tuple[str, ...],
                       mentions: list[Mention], position: int, entity: str | None,
                       after: int, there: bool, arithmetic: Arithmetic | None,
                       resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap | None:
        """"3 of those seashells were cracked", "9 were torn", "she found that 4 were
        broken": part of what was counted is in a state the program counts as an entity
        of its own ("cracked seashells", of what the clause or the discourse counts). The
        count is of the program's one holder of that entity; the clause ends with the
        state word, and no one is named before the number but a subject whose finding it
        is ("they discovered that 25 were cracked")."""
        opening = words[:position]
        finding = opening[-1:] == ("that",)
        if there or not (finding or all(w in _PART_LEADS for w in opening)) or \
                any(m.position > position and words[m.position] != "them" for m in mentions):
            return None
        at = position + 1
        counted = entity
        if words[at:at + 1] == ("of",) and words[at + 1:at + 2] in (("those",), ("these",),
                                                                   ("them",)):
            at += 2
            if words[at - 1] != "them":
                counted, _shown, ambiguous, at = self._entity(tokens, at)
                if counted is None or ambiguous:
                    return None
        elif entity is not None:
            at = after
        if words[at:at + 1] not in (("were",), ("was",), ("are",), ("is",)) or \
                at + 2 >= len(words) or tokens[at + 2].kind != "punct" or \
                at + 3 < len(words):
            return None
        state = words[at + 1]
        counted = counted or self._context_entity(None, arithmetic)
        if counted is None or f"{state} {counted}" not in self.lex.entities:
            return None
        parted = f"{state} {counted}"
        holders = {c.agent_sets[0] for c in self.lex.index.candidates(
            ClaimPattern("cont", (None, None, parted)))}
        owner = next(iter(holders)) if len(holders) == 1 else None
        return self._resolve(ClaimPattern("cont", (owner, tokens[position].value, parted)),
                             arithmetic, Reading(LOOSE, (words[at], state), tuple(resolved)))

    def _answer_clause(self, clause: Clause) -> LooseClaim | None:
        """"We can find the answer by adding 42 + 38 + 47, which equals 127": the question's
        claim with that quantity."""
        if "answer" not in clause.words:
            return None
        results = [t for t in clause.tokens if t.kind == "number" and t.arithmetic is not None]
        if len(results) != 1 or "quantity" not in self.query_pattern.kinds:
            return None
        position = self.query_pattern.kinds.index("quantity")
        args = list(self.query_pattern.args)
        args[position] = results[0].value
        pattern = ClaimPattern(self.query_pattern.predicate, tuple(args))
        if not pattern.is_complete:
            return None
        return LooseClaim(pattern, as_arithmetic(results[0]), Reading(LOOSE, ("answer",)))

