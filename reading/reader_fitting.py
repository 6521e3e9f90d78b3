"""A partial reading completed by the program, for the loose reader (``reader.py``): the
one theorem a claim pattern with open slots fits (else a gap naming the candidates), and
the one transfer or rate of the program that a clause of movement ("3 students left"),
an event ("Cody spent 19 dollars") or "each" can state."""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import to_plural
from vlp.grammar.loose import Token
from vlp.kernel import Agents, Claim

from .align import ClaimPattern
from .discourse import Discourse, Lexicon, show
from .precision_guards import renamed_entity, rival_referent
from .reader_items import LooseClaim, LooseGap
from .reader_mentions import ASKED_ABOUT
from .reader_words import (
    ARRIVING_VERBS,
    GROUP_CUES,
    LEAVING_VERBS,
    NO_TOTAL_CUES,
    PLURAL_PRONOUNS,
    PRONOUNS,
    RECEIVER_VERBS,
    SENDER_VERBS,
    TOTAL_CUES,
    TOTALS,
)
from .readings import LOOSE, Reading


class ProgramFitting:
    """The part of ``SentenceReader`` that completes a reading from the program; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    query_pattern: ClaimPattern
    _words: frozenset[str]
    _names_agents: bool
    _named_names: frozenset[str]
    _modifiers: dict[int, Agents]
    _kinds_said: dict[int, str]

    def _moved(self, verb: str, quantity: int | None, entity: str,
               arithmetic: Arithmetic | None, resolved: list[tuple[str, str]]
               ) -> LooseClaim | LooseGap:
        """"3 students left": the one transfer of the program of that entity in the verb's
        direction (the holder gives them up, or gets them)."""
        leaving = verb in LEAVING_VERBS
        reading = Reading(LOOSE, (verb,), tuple(resolved))
        fitting = [a for a in self.lex.index.program.axioms
                   if a.predicate == "transfer" and a.entity == entity]
        same = [a for a in fitting if a.quantity == quantity]
        pool = same or fitting
        if verb not in LEAVING_VERBS and verb not in ARRIVING_VERBS:
            # a passive "were served": no direction, so only a transfer of that many
            if len({(a.args[0], a.args[1]) for a in same}) != 1:
                return LooseGap(f"{verb!r}: which transfer of {entity}, the words do not say",
                                reading)
            found = same[0]
            return LooseClaim(ClaimPattern("transfer", (found.args[0], found.args[1], quantity,
                                                        entity)), arithmetic, reading)
        sides = {(a.args[0], a.args[1]) for a in pool}
        if not sides:  # ("13 campers went rowing" where nothing moves: left to be refitted)
            return LooseGap(f"{verb!r} moves {entity}, which no theorem of the program fits",
                            reading)
        if len(sides) != 1:
            return LooseGap(f"{verb!r}: the words do not say who {'gave up' if leaving else 'got'}"
                            f" the {entity}", reading)
        sender, receiver = next(iter(sides))
        holders = {c.agent_sets[0] for c in self.lex.index.candidates(
            ClaimPattern("cont", (None, None, entity)))}
        if (sender if leaving else receiver) not in holders:
            return LooseGap(f"{verb!r} fits no transfer of the program in its direction",
                            reading)
        return LooseClaim(ClaimPattern("transfer", (sender, receiver, quantity, entity)),
                          arithmetic, reading)

    def _each_rate(self, tokens: Sequence[Token], each: int, quantity: int | None,
                   entity: str | None, arithmetic: Arithmetic | None,
                   resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap:
        """"Each bag has 41 cookies": the rate of the program's one owner of such bags."""
        reading = Reading(LOOSE, ("each",), tuple(resolved))
        start = each + 1
        if start < len(tokens) and tokens[start].lower == "of":
            start += 1
        kind = self._kind_each(tokens, start, entity)
        if kind is not None:
            # "Each large seat can hold 12 people": the large seats' rate per seat
            return LooseClaim(ClaimPattern("rate", (kind[0], quantity, entity, kind[1])),
                              arithmetic, reading)
        container, shown, _ambiguous, _after = self._entity(tokens, start)
        if shown is not None:
            resolved.append(shown)
        if container is None or entity is None:
            return LooseGap("'each' names a rate whose container or entity the words do not "
                            "say", reading)
        rates = [a for a in self.lex.index.program.axioms if a.predicate == "rate"
                 and a.args[3] == container and a.entity == entity]
        owners = {a.args[0] for a in rates}
        if len(owners) > 1 and {a.quantity for a in rates} == {quantity}:
            # "Each deck cost 9 dollars" when Edward's and his friend's decks both do: the
            # sentence states every such rate
            self._also = [LooseClaim(ClaimPattern("rate", (owner, quantity, entity, container)),
                                     arithmetic, reading)
                          for owner in sorted(owners, key=lambda a: a.sorted_names())[1:]]
            owners = {min(owners, key=lambda a: a.sorted_names())}
        if len(owners) != 1:
            return LooseGap(f"'each {container}' fits {len(owners) or 'no'} rate(s) of the "
                            f"program", reading)
        return LooseClaim(ClaimPattern("rate", (next(iter(owners)), quantity, entity,
                                                container)), arithmetic, reading)

    def _kind_each(self, tokens: Sequence[Token], start: int, entity: str | None
                   ) -> tuple[Agents, str] | None:
        """"each large seat" where the program's agent "large seats" holds seats, with one
        rate of ``entity`` per seat: (the agent, the container)."""
        words = [t.lower for t in tokens[start:start + 3] if t.kind == "word"]
        if entity is None or len(words) < 2:
            return None
        for size in (3, 2):
            said = words[:size]
            name = " ".join([*said[:-1], to_plural(said[-1])])
            if len(said) < size or name not in self.lex.index.agent_names:
                continue
            owner = self.lex.agents[name]
            rates = [a for a in self.lex.index.program.axioms if a.predicate == "rate"
                     and a.args[0] == owner and a.entity == entity]
            if len(rates) == 1 and rates[0].args[3] == name.split()[-1]:
                return owner, rates[0].args[3]
        return None

    def _event_transfer(self, subject: Agents, quantity: int | None, entity: str,
                        verb: str | None, more: bool = False
                        ) -> tuple[Agents, Agents] | LooseGap | None:
        """The one transfer of the program that "Cody spent 19 dollars" can state: the
        subject on one side, the entity, and a side the verb does not contradict. ``None``
        when the program has none (or the clause is the count it also is); a gap when
        two fit, or when the count reading fits as well."""
        index = self.lex.index
        fitting = []
        for atom in index.program.axioms:
            if atom.predicate != "transfer" or atom.entity != entity:
                continue
            sender, receiver = atom.args[0], atom.args[1]
            if subject == sender and verb not in RECEIVER_VERBS:
                fitting.append((sender, receiver, atom.quantity))
            elif subject == receiver and verb not in SENDER_VERBS:
                fitting.append((sender, receiver, atom.quantity))
        if not fitting:
            return None
        same = [f for f in fitting if f[2] == quantity]
        # "Gwen spent 3 dollars" when she spends 3 and has 3 left: a verb of giving up
        # never says the giver has them, so the count does not compete with the transfer
        gives_up = verb in SENDER_VERBS and any(f[0] == subject for f in same)
        count_fits = quantity is not None and not gives_up and index.is_theorem(
            Claim("cont", (subject, quantity, entity)))
        if count_fits and not (more and same):  # "Jake brought 6" when he has 6: the count
            if same:
                return LooseGap(f"{verb!r} may state the count {quantity} or the transfer of "
                                f"{quantity}", Reading(LOOSE))
            return None
        if not same and verb not in SENDER_VERBS and any(
                a.predicate == "cont" and a.entity == entity and a.args[0] == subject
                for a in index.program.axioms):
            # "Edward won 9 tickets" (he won 4, and had 9): a count or a transfer, wrong
            # either way; which one, the words do not say
            return LooseGap(f"{verb!r} may state a count or a transfer of {entity}",
                            Reading(LOOSE))
        chosen = same or fitting
        if len({(f[0], f[1]) for f in chosen}) > 1:
            return LooseGap(f"{verb!r} fits several transfers of the program", Reading(LOOSE))
        return chosen[0][0], chosen[0][1]

    def _unknown_entity(self, pattern: ClaimPattern, reading: Reading) -> LooseGap | None:
        """A count of an entity the program lacks that may be one it has, said otherwise
        (``precision_guards.renamed_entity``): a gap naming it; else ``None`` (an invented
        fact, judged false)."""
        renamed = renamed_entity(pattern, self.lex.index, self.query_pattern)
        return None if renamed is None else LooseGap(renamed, reading)

    def _shortened_agent(self, pattern: ClaimPattern, reading: Reading) -> LooseGap | None:
        """"Katie's friends had 88 games" where the program has Katie's new friends and old
        friends: a name the program lacks whose words all open or sit in a name it has, with
        the same owner, is a shortened name (unparsed, naming them), not an invented one."""
        shortened = shortened_name(pattern, self.lex.index.agent_names)
        return None if shortened is None else LooseGap(shortened, reading)

    def _others_sum(self, pattern: ClaimPattern, arithmetic: Arithmetic) -> str | None:
        """"So he spent 3 + 7 = 10" where the 3 and the 7 are the chocolate's and the candy
        bar's: a right sum of other agents' counts, which the words may give as theirs."""
        if pattern.predicate != "cont" or arithmetic.operator != "+" or \
                not arithmetic.correct or not isinstance(pattern.args[0], Agents):
            return None
        owners: list[Agents] = []
        for operand in arithmetic.operands:
            fits = [c.agent_sets[0] for c in self.lex.index.candidates(
                ClaimPattern("cont", (None, int(operand), pattern.args[2])))]
            if len(fits) != 1 or not fits[0].isdisjoint(pattern.args[0]):
                return None
            owners.append(fits[0])
        return "the sum of the counts of " + " and ".join(map(show, owners))

    def _complete(self, pattern: ClaimPattern, arithmetic: Arithmetic | None,
                  reading: Reading) -> LooseClaim | LooseGap:
        """A complete reading, read as it is unless its words may name what the program has
        otherwise, or it is no theorem and the words leave open whom it is about (then a gap
        saying why: a misread judged false punishes a true step)."""
        renamed = self._unknown_entity(pattern, reading) or \
            self._shortened_agent(pattern, reading)
        if renamed is not None:
            return renamed
        if self.lex.index.is_theorem(pattern.as_claim()):
            return LooseClaim(pattern, arithmetic, reading)
        guessed = [said for said, meant in reading.resolved if meant.endswith(ASKED_ABOUT)]
        if guessed:
            return LooseGap(f"reads as {pattern} only if {guessed[0]!r} is the one the "
                            "question asks about, and that is no theorem", reading)
        pronoun = next((said for said, _meant in reading.resolved if said in PRONOUNS), None)
        rival_person = None if pronoun is None else rival_referent(
            pronoun, pattern, self.discourse, self.lex.index)
        if rival_person is not None:  # "She has 45 pears.", Sara's 45, after Sally
            return LooseGap(rival_person, reading)
        owners = pattern.args[0] if pattern.predicate == "cont" else None
        if pronoun in PLURAL_PRONOUNS and isinstance(owners, Agents) and \
                owners != self.discourse.latest_group() and TOTALS.isdisjoint(self._words):
            narrower = sorted(str(c) for c in self.lex.index.candidates(
                ClaimPattern("cont", (None, *pattern.args[1:])))
                if c.agent_sets[0].names < owners.names)
            if narrower:
                # "They have 12 sets of tables" where only the hosts, of the question's
                # hosts and extra chairs, have tables: "they" may be fewer than the group
                # (a group the text names, or "in all", is "they" as named)
                return LooseGap(f"reads as {pattern} if {pronoun!r} is {show(owners)}, but "
                                "it may be fewer: " + " or ".join(narrower[:3]), reading)
        others = self._named_names - frozenset(
            n for a in pattern.args if isinstance(a, Agents) for n in a.names)
        rival: Claim | str | None = None
        if pattern.predicate == "cont":
            rival = next((c for c in (Claim("cont", (Agents.of(n), *pattern.args[1:]))
                                      for n in sorted(others)) if self.lex.index.is_theorem(c)),
                         None)
        if rival is None and arithmetic is not None:
            rival = self._others_sum(pattern, arithmetic)
        if rival is not None:
            # "A store had 5 oranges in a bin": the bin's 5, a theorem, or the store's
            return LooseGap(f"reads as {pattern}, but the words may say {rival}", reading)
        if pattern.predicate == "cont" and pronoun is not None and others:
            # "She also spends 5 hours on German" after "... 8 hours on French": the
            # pronoun's referent, or the agent the clause names, has the 5
            return LooseGap(f"reads as {pattern} only if {pronoun!r} is who has them, but "
                            f"the clause also names {', '.join(sorted(others))}, and that is "
                            "no theorem", reading)
        return LooseClaim(pattern, arithmetic, reading)

    def _resolve(self, pattern: ClaimPattern, arithmetic: Arithmetic | None,
                 reading: Reading, group: bool = False, entity_said: bool = True
                 ) -> LooseClaim | LooseGap:
        if pattern.predicate == "comp" and pattern.args[0] is not None and \
                pattern.args[0] == pattern.args[1]:
            # "Jill: 8 more peaches than Jill": no one is compared with themselves
            return LooseGap(f"compares {show(pattern.args[0])} with themselves", reading)
        receivers = pattern.args[1] if pattern.predicate == "transfer" else None
        if isinstance(receivers, Agents) and len(receivers.names) > 1 and \
                "each" in self._words:  # "gives each of Ragna and Sonam 32": 32 apiece
            return LooseGap(f"reads as {pattern}, but 'each' says otherwise", reading)
        owners = pattern.args[0] if pattern.predicate == "cont" else None
        if isinstance(owners, Agents):
            # "Vivek and Sonam each have 63", "the difference between them is 46": no total;
            # "Sonam has 15, so together 78": a total, but not Sonam's
            cue = (NO_TOTAL_CUES if len(owners.names) > 1 else TOTAL_CUES) & self._words
            if cue:
                return LooseGap(f"reads as {pattern}, but {'/'.join(sorted(cue))!r} says "
                                "otherwise", reading)
        modifier = self._modifiers.get(pattern.args[1]) if pattern.predicate == "cont" and \
            isinstance(pattern.args[1], int) and isinstance(pattern.args[2], str) else None
        if modifier is not None and pattern.args[0] != modifier:
            # "Emily bought 5 green towels": the count is green's, where that is a theorem
            pattern = ClaimPattern("cont", (modifier, *pattern.args[1:]))
            if not self.lex.index.is_theorem(pattern.as_claim()):
                return LooseGap(f"reads as {pattern}, whose owner the entity's words name, "
                                "and that is no theorem", reading)
        quantity = pattern.args[pattern.kinds.index("quantity")] if "quantity" in \
            pattern.kinds else None
        said = self._kinds_said.get(quantity) if isinstance(quantity, int) else None
        if said is not None and pattern.is_complete and \
                not self.lex.index.is_theorem(pattern.as_claim()):
            # "91 puzzle games": the words say more than the program's games; only a
            # theorem is read of them
            return LooseGap(f"reads as {pattern}, and the words {said!r} say more than "
                            f"{pattern.args[-1]!r}: no theorem", reading)
        if pattern.is_complete:
            return self._complete(pattern, arithmetic, reading)
        candidates = self.lex.index.candidates(pattern)
        heading = self.discourse.heading
        if group and heading is not None and not GROUP_CUES & self._words:
            # "- Aditya: ... - total: 187": Aditya's total, or everyone's
            return LooseGap(f"a total under the heading {show(heading)!r}: theirs or the "
                            "group's", reading)
        if group:  # "Together: 276 horses": only a group's count fits
            candidates = [c for c in candidates if len(c.agent_sets[0]) > 1]
        rivals = _rival_rates(pattern, candidates, self.lex.index.program.axioms)
        if rivals:
            # "There were 10 marbles in each box" of red boxes of 10 and blue boxes of 12:
            # the number does not choose whose boxes the words mean
            return LooseGap(f"reads as {pattern}, which fits {candidates[0]}, but the words "
                            f"may say {rivals}", reading)
        if len(candidates) == 1:
            fitted = candidates[0]
            if self._named_names and all(self._named_names.isdisjoint(a.names)
                                         for a in fitted.agent_sets):
                # "there are 7 more swimmers in the afternoon" fits only evening's lead
                # over morning: the one theorem that fits is about someone else
                return LooseGap(f"reads as {pattern}, which fits only {fitted}, and that is "
                                "not about whom the clause names", reading)
            pinned = self._part_for_whole(fitted) if pattern.predicate == "cont" and \
                pattern.args[0] is None else None
            if pinned is not None:  # "Katie earned 12 dollars", her parts the agents
                return LooseGap(pinned, reading)
            return LooseClaim(ClaimPattern.of(fitted), arithmetic, reading)
        named = [c for c in candidates if self._named_names and any(
            not self._named_names.isdisjoint(a.names) for a in c.agent_sets)]
        if len(candidates) > 1 and len(named) == 1 and all(
                any(n in a.names for a in named[0].agent_sets) for n in self._named_names):
            # "Ana found 3 gems on the second stage", where both stages have 3: the one
            # the clause names, and it names no other
            return LooseClaim(ClaimPattern.of(named[0]), arithmetic, reading)
        if candidates:
            shown = " or ".join(map(str, sorted(candidates, key=str)[:3]))
            return LooseGap(f"reads as {pattern}, which fits several theorems: {shown}", reading,
                            tuple(candidates))
        if pattern.predicate == "cont" and pattern.args[0] is None and \
                ("there" in self._words or not TOTALS.isdisjoint(self._words)) and \
                not self._names_agents and \
                (entity_said or not TOTALS.isdisjoint(self._words)) and \
                self.query_pattern.predicate == "cont" and \
                self.query_pattern.args[2] == pattern.args[2] and \
                (not group or len(self.query_pattern.args[0]) > 1):
            # "there are 75 scissors in all": the question's container ("so in 9 days
            # there will be 72", of what was said before, names no total of it)
            completed = ClaimPattern("cont", (self.query_pattern.args[0], *pattern.args[1:]))
            if completed.is_complete:
                return LooseClaim(completed, arithmetic, reading)
        return LooseGap(f"reads as {pattern}, which no theorem of the program fits", reading)


def _rival_rates(pattern: ClaimPattern, candidates: Sequence[Claim],
                 axioms: Sequence[Claim]) -> str | None:
    """A rate of another owner, of the same thing per the same container but another
    number, that a rate pattern with its owner open may equally mean ("10 marbles in each
    box" of the red boxes' 10 and the blue boxes' 12), shown; else None."""
    if pattern.predicate != "rate" or pattern.args[0] is not None or len(candidates) != 1:
        return None
    found = candidates[0]
    rivals = sorted(str(a) for a in axioms if a.predicate == "rate" and
                    a.entity == found.entity and a.args[3] == found.args[3] and
                    a.args[0] != found.args[0] and a.quantity != found.quantity)
    return " or ".join(rivals[:3]) or None


def shortened_name(pattern: ClaimPattern, known: frozenset[str]) -> str | None:
    """Why a name of ``pattern`` that the program lacks may be a shortened one it has
    ("katie's friends" of "katie's new friends" and "katie's old friends": the same first
    word, and every word in the longer name), else None."""
    for value in pattern.args:
        if not isinstance(value, Agents):
            continue
        for name in sorted(value.names - known):
            words = name.split()
            longer = sorted(k for k in known if k.split()[:1] == words[:1] and
                            len(k.split()) > len(words) and set(words) <= set(k.split()))
            if longer:
                return f"{name!r} is no name of the program; it may be " + " or ".join(
                    map(repr, longer[:3]))
    return None
