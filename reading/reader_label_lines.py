"""Label and variable-list lines for the loose reader (``reader.py``): "Number of books
Joan sold = 26", "Pennies: 36", "Initial oil leak: 6522 liters": a line whose label names an
entity of the program (maybe an agent, an event) is read as the one theorem it fits."""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.inflect import singular, to_plural
from vlp.grammar.loose import Token
from vlp.kernel import Agents, Claim

from .align import ClaimPattern
from .discourse import Discourse, Lexicon, name_of, show
from .reader_items import LooseClaim, LooseGap, as_arithmetic
from .reader_mentions import Mention
from .reader_words import (
    ARRIVING_VERBS,
    ENTITY_FILLER,
    LABEL_EVENT_WORDS,
    LABEL_GLUE,
    LEADS,
    LEAVING_VERBS,
    RECEIVER_VERBS,
    SENDER_VERBS,
    SETTING_NOUNS,
    VERBS,
    fits_shortened,
    is_setting,
)
from .readings import LOOSE, Reading
from .words import FAMILY, KIN_FORMS

# label words that may name what was added, not what is there ("New socks: 26")
_ADDED_WORDS = frozenset({"new", "more", "additional", "extra"})
# a label's words that say only when the count holds ("At the start of the year:", "In
# the end:"), not what is counted
_WHEN_LABEL = frozenset({"at", "in", "the", "start", "end", "beginning", "of", "year", "day",
                         "week", "month"})
# a label's words that compare, divide or negate: the line states no plain count or change
_LINE_REFUSING = frozenset("""more fewer less than difference increase decrease change left
remaining each per every times twice half percent not no average if or""".split())




class LabelLineReading:
    """The part of ``SentenceReader`` that reads label and variable-list lines; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    _after_colon: bool
    _line_owner: Agents | None = None

    def _variable_line(self, tokens: Sequence[Token], words: tuple[str, ...],
                       mentions: list[Mention], numbers: list[int], rates: bool = False
                       ) -> LooseClaim | LooseGap | None:
        """A variable list's line: "Number of short trees initially: 112", "Number of books
        Joan sold = 26", "Crayons on the desk = 6", "6 short bushes.", "2 short bushes to be
        cut down." Its words name an entity of the program, maybe an agent, maybe an event;
        it is read as the one count or transfer they fit, and a word that fits none of
        those (nor a time) leaves it unread. With ``rates`` (a variable list's line), "Number
        of students per grade = 75" is the program's one rate of students per grade; else a
        rate's line is left to the rate paths. ``None`` when the clause is no such line."""
        if len(numbers) != 1 or tokens[numbers[0]].arithmetic is not None or \
                (self._after_colon and self._line_owner is None):
            # an expression, or a clause going on after a colon: other readers' (past a
            # heading's colon, "Morning: Emails = 6", the first label is a line of its own)
            return None
        n = numbers[0]
        start = 0
        while start < len(words) and (words[start] in LEADS or words[start] in ("-", "*")):
            start += 1
        for m in mentions:  # a lead word that opens a name ("First chapter: 66 pages.")
            if m.agents is not None and m.position < start < (m.end or m.position + 1):
                start = m.position
        if n >= 2 and words[n - 1] in ("is", "was", "are", "were") and \
                words[start:start + 3] in (("the", "number", "of"), ("the", "total", "number")):
            start += 1  # "The number of pears that were picked in total is 11."
        if n >= 2 and words[n - 1] in (":", "=", "is", "was", "are", "were") and \
                n - 1 > start and (words[n - 1] in (":", "=") or words[start] in ("number",
                                                                                 "total")):
            label = list(range(start, n - 1))
            # what follows the number: a unit of the entity, punctuation, nothing more
            unit, _shown, units, after = self._entity(tokens, n + 1)
            if any(tokens[i].kind == "word" for i in range(after, len(tokens))):
                return None
        elif n == start and not any(w in VERBS or w in LEAVING_VERBS or w in ARRIVING_VERBS
                                    for w in words):
            label = list(range(n + 1, len(words)))  # "6 short bushes." "7 trees in the park."
            unit, units = None, []
        else:
            return None
        label_words = [words[i] for i in label if tokens[i].kind == "word"]
        if not label_words or any(tokens[i].kind == "number" for i in label):
            return None
        # a rate's label ("Number of students per grade = 75", "Number of apples in each
        # basket = 17"): the entity before "per" / "each", the container after it
        rate_at = next((i for i in label if words[i] in ("per", "each", "every")), None)
        if rate_at is not None and not rates:
            return None  # the rate paths read it ("Slices per pizza: 4")
        if rate_at is not None:
            label = [i for i in label if i < rate_at]
        reading_cues: list[str] = [":" if n and words[n - 1] == ":" else "="]
        resolved: list[tuple[str, str]] = []
        # the entity: the longest run of label words that is one of the program's entities
        entity, used = None, set()
        for size in range(min(4, len(label)), 0, -1):
            for i in range(len(label) - size + 1):
                run = label[i:i + size]
                phrase = " ".join(words[j] for j in run)
                fits = [e for e in self.lex.entities if e in (phrase, to_plural(phrase))]
                if len(fits) == 1:
                    entity, used = fits[0], set(run)
                    break
            if entity is not None:
                break
        if entity is None and (unit is not None or units):
            entity = unit
            said = [words[i] for i in range(n + 1, after) if tokens[i].kind == "word"]
            content = [i for i in label if tokens[i].kind == "word" and words[i] not in
                       LABEL_GLUE]
            for k in range(len(content)):
                # "Cracked: 31 seashells": the label's last words and the unit name the entity
                run = content[k:]
                phrase = " ".join([*(words[i] for i in run), *said])
                # ("Missed: 41 games" for missed basketball games, when "games" alone may be
                # basketball games as well)
                named = [e for e in units if fits_shortened(phrase.split(), e.split())]
                if said and run == list(range(run[0], run[-1] + 1)) and (
                        phrase in self.lex.entities or len(named) == 1):
                    entity = phrase if phrase in self.lex.entities else named[0]
                    unit, used = entity, set(run)
                    break
        if entity is None and unit is None and not units and n > start:
            # "Number of girls = 34" where the program counts girls' pupils: the one thing
            # the agent the label names is counted in ("41 more than Tamaz" is no label)
            kinds = [m for m in mentions if m.position in label and m.agents is not None
                     and m.kind == "name"]
            held = {c.entity for c in self.lex.index.candidates(
                ClaimPattern("cont", (kinds[0].agents, None, None)))} if len(kinds) == 1 \
                else set()
            entity = next(iter(held)) if len(held) == 1 else None
        if entity is None:
            return None
        if unit is not None and unit != entity:
            return LooseGap(f"the label names {entity}, its number {unit}",
                            Reading(LOOSE, tuple(reading_cues), ()))
        # ("yesterday" names the program's agent yesterday: a setting, no mere glue)
        agents = [m for m in mentions if m.position in label and m.agents is not None
                  and m.said.lower() not in LABEL_EVENT_WORDS and (m.said.lower() not in
                  LABEL_GLUE or is_setting(m.said.lower()))]
        for m in agents:
            used.update(range(m.position, m.end or m.position + 1))
        # (a label before the number: "8 packs of yellow balls" names its unit, not a holder)
        holder = None if agents or n == start else self._holder_in_words(entity, label, words,
                                                                        used)
        if holder is not None:
            used.update(holder[1])
        event = [words[i] for i in label if words[i] in LABEL_EVENT_WORDS and i not in used]
        others = [words[i] for i in label if i not in used and tokens[i].kind == "word"
                  and words[i] not in LABEL_GLUE and words[i] not in LABEL_EVENT_WORDS
                  and words[i] not in ENTITY_FILLER]
        reading = Reading(LOOSE, tuple(reading_cues + event), tuple(resolved))
        number = tokens[n]
        named = {m.agents for m in agents} if holder is None else {holder[0]}
        if rate_at is not None:
            rate = None if others or event or named else self._each_rate(
                tokens, rate_at, number.value, entity, as_arithmetic(number), resolved)
            return rate if isinstance(rate, LooseClaim) else None
        fitted = self._line_theorem(entity, number, named, event, list(words[:n]), reading) \
            if others else None
        if fitted is not None:
            return fitted
        if others and not (len(named) == 1 and not event and not set(label_words) & (
                SENDER_VERBS | LEAVING_VERBS) and self.lex.index.is_theorem(
                Claim("cont", (next(iter(named)), number.value, entity)))):
            # words no list holds ("Math homework: 7 pages", "Number of students who
            # suggested adding bacon = 467") are read past only where the one agent named,
            # the number and the entity are a theorem: they cannot then turn it into another
            # (a verb of losing, "that died in the pond", says a change, never the count)
            return LooseGap(f"the line's words {' '.join(others)!r} say what no claim states",
                            reading)
        if "left" in label_words and any(
                a.predicate == "transfer" and a.entity == entity and a.quantity == number.value
                for a in self.lex.index.program.axioms):
            # "Number of customers left: 5": those remaining, or those who went away
            return LooseGap(f"'left' may say {number.value} remain or {number.value} went "
                            "away", reading)
        if len(named) > 1:
            return LooseGap("the line names several agents", reading)
        agent = next(iter(named), None)
        if event:
            fitting = [a for a in self.lex.index.program.axioms if a.predicate == "transfer"
                       and a.entity == entity and (agent is None or agent in a.agent_sets)]
            same = [a for a in fitting if a.quantity == number.value]
            sides = {(a.args[0], a.args[1]) for a in (same or fitting)}
            if fitting and len(sides) == 1:
                sender, receiver = next(iter(sides))
                return self._resolve(ClaimPattern("transfer", (sender, receiver,
                                                               number.value, entity)),
                                     as_arithmetic(number), reading)
            if fitting or "total" in label_words:
                return LooseGap(f"{' '.join(event)!r}: which transfer of {entity}, the words "
                                "do not say", reading)
            # "Number of decks bought: 3" when buying is a count: the count, read below
        if agent is None:
            holders = {c.agent_sets[0] for c in self.lex.index.candidates(
                ClaimPattern("cont", (None, None, entity)))}
            if "total" in label_words or "altogether" in label_words:
                holders = {h for h in holders if len(h) > 1} or holders
            if self._line_owner is not None and self._line_owner in holders:
                holders = {self._line_owner}  # "Morning: Emails = 6": the morning's emails
            # ("Total" opening the line is a lead word, not one of the label's)
            union = self._stated_union(number.value, entity) if len(holders) != 1 and (
                {"total", "altogether"} & set(words[:n])) else None
            if union is not None:
                # "Total number of limes picked = 103 limes": the one group whose counts
                # add up to it
                return LooseClaim(ClaimPattern.of(union), as_arithmetic(number), reading)
            if len(holders) != 1:
                return LooseGap(f"whose {entity} the line counts, the words do not say",
                                reading)
            agent = next(iter(holders))
            off_topic = self._off_topic(agent, number.value, entity, reading)
            if off_topic is not None:
                return off_topic
        elif not self.lex.index.is_theorem(Claim("cont", (agent, number.value, entity))) and \
                any(a.predicate == "transfer" and a.quantity == number.value and
                    a.entity == entity and agent in a.agent_sets
                    for a in self.lex.index.program.axioms):
            # "Dan: 28 pears" after Sara gave Dan 28 pears: what Dan has, or what he got
            return LooseGap(f"'{show(agent)}: {number.value}' may be a count or the "
                            f"transfer of {number.value}", reading)
        added = _ADDED_WORDS & set(label_words)
        if added and (not self.lex.index.is_theorem(Claim("cont", (agent, number.value, entity)))
                      or any(a.predicate == "transfer" and a.quantity == number.value and
                             a.entity == entity and a.args[1] == agent
                             for a in self.lex.index.program.axioms)):
            # "New socks: 26": the socks added, which no count states (or a transfer of 26
            # does, while the count of 26 is the total's only by chance)
            return LooseGap(f"{'/'.join(sorted(added))!r} {entity}: the ones added, or all",
                            reading)
        return self._resolve(ClaimPattern("cont", (agent, number.value, entity)),
                             as_arithmetic(number), reading)

    def _holder_in_words(self, entity: str, label: list[int], words: tuple[str, ...],
                         used: set[int]) -> tuple[Agents, set[int]] | None:
        """The one holder of ``entity`` whose name's words the label says, in any order
        and form ("books about outer space" for space books, "kids who went to camp" for went
        to camp, "people who immigrated" for immigrants), with the label positions they
        take; ``None`` when none or several are said."""
        holders = {c.agent_sets[0] for c in self.lex.index.candidates(
            ClaimPattern("cont", (None, None, entity)))}
        if len(holders) < 2:
            return None
        free = [i for i in label if i not in used]
        found = []
        for agents in holders:
            if len(agents) != 1:
                continue
            name = [w for w in name_of(agents).split() if w not in LABEL_GLUE]
            if all(w in SETTING_NOUNS for w in name):
                continue  # "that day" said as "day": no word of its own
            # ("space books" in "books about outer space": the entity's word may be one)
            taken = {i for w in name for i in free if _same_word(words[i], w)}
            if taken and all(any(_same_word(words[i], w) for i in label) for w in name):
                found.append((agents, taken))
        return found[0] if len(found) == 1 else None

    def _line_theorem(self, entity: str, number: Token, named: set[Agents],
                      event: list[str], label_words: list[str], reading: Reading
                      ) -> LooseClaim | LooseGap | None:
        """A line whose label holds words no list holds ("Initial oil leak: 6522 liters",
        "Total number of balls needed = 2268", "Number of houses built during the boom:
        900") read as the one theorem it fits: its number, its entity, the agent it names
        (if any), a transfer where a word of the label names a change ("built",
        "additional") and the program has transfers of the entity, else a count, with the
        side a verb of giving or getting fixes; a count naming no agent only where the
        program has one holder of the entity or the line's total is the one group adding up
        to it (a transfer naming no agent is the one of that number, as "Number of apples
        picked: 5" is). ``None`` when none or several fit, or when a word compares,
        divides or negates."""
        words = set(label_words)
        if len(named) > 1 or words & _LINE_REFUSING:
            return None
        agent = next(iter(named), None)
        program = self.lex.index.program
        # ("Number of girls before joining = 632": a count at the time of a change)
        moving = not words & {"before", "after"} and (bool(event) or bool(words & (
            _ADDED_WORDS | SENDER_VERBS | RECEIVER_VERBS | LEAVING_VERBS | ARRIVING_VERBS)))
        if moving and any(a.predicate == "transfer" and a.entity == entity
                          for a in program.axioms):
            predicate = "transfer"
        elif words & (SENDER_VERBS | LEAVING_VERBS):
            return None  # "Number of goldfish that died: 15" is no count, whatever it fits
        else:
            predicate = "cont"  # ("Number of shells found: 9" when finding is a count)
        fits = set()
        holders = set()  # who holds the entity, whatever the number
        for claim in self.lex.index.claims_by_predicate().get(predicate, ()):
            if claim.entity != entity:
                continue
            holders.add(claim.args[0])
            if claim.quantity != number.value:
                continue
            if predicate == "cont" and agent is not None and claim.args[0] != agent:
                continue
            if predicate == "transfer" and agent is not None and not (
                    (agent == claim.args[0] and not words & RECEIVER_VERBS)
                    or (agent == claim.args[1] and not words & SENDER_VERBS)):
                continue
            fits.add(claim)
        if predicate == "cont" and agent is None and len(holders) != 1:
            # "Letters sent = 7" where the morning and the afternoon have letters: whose,
            # the words do not say (the number does not choose), unless the line's total is
            # the one group adding up to it
            union = self._stated_union(number.value, entity) if {"total", "altogether"} & \
                words else None
            fits = {union} if union is not None else set()
        if len(fits) != 1:
            return None
        fit = next(iter(fits))
        other = self._other_agent_said(fit, label_words)
        if other is not None:
            # "Little brother: 7 boxes" where Ned keeps 7 of his 14: the line is about the
            # brother, whatever Ned's count that the number fits by chance
            whom = "someone" if other[1] is None else show(other[1])
            return LooseGap(f"the label's {other[0]!r} names {whom}, not whom the one fitting "
                            f"claim is about ({show(fit.agent_sets[0])})", reading)
        said = [w for w in label_words[:-1] if w not in LEADS and w not in LABEL_GLUE
                and w not in _WHEN_LABEL] if label_words and label_words[-1] in (":", "=") \
            else []
        if predicate == "cont" and agent is None and said and not any(
                _same_word(w, e) for w in said for e in self.lex.entity_words[entity]) and len(
                [a for a in program.axioms if a.entity == entity and fit.args[0] in a.agent_sets
                 and a.predicate in ("cont", "transfer")]) > 1:
            # "Winter: 4 dollars" where Lena had 4 and earned 30 in the winter: a label saying
            # neither holder nor entity may name any part of the holder's; the number
            # fitting one (by chance, or falsely) does not say which
            return LooseGap(f"which of {show(fit.args[0])}'s {entity} the label's words name, "
                            f"the number alone does not say", reading)
        return LooseClaim(ClaimPattern.of(fit), as_arithmetic(number), reading)

    def _other_agent_said(self, claim: Claim, label_words: list[str]
                          ) -> tuple[str, Agents | None] | None:
        """A word of the label naming a person ("brother", "sister") that no name of the
        claim's agents has, with the program's agent of that word (``None`` where it has
        none: the program may call that one otherwise, or not know them). Only a person's
        word: a place's or a group's ("county", "camp") may be the setting of the count."""
        def base(word: str) -> str:
            said = singular(word.removesuffix("'s"))
            return KIN_FORMS.get(said, said)

        own = {base(w) for agents in claim.agent_sets for name in agents.names
               for w in name.split()}
        person = next((w for w in label_words if {w.removesuffix("'s"), base(w)} & FAMILY
                       and base(w) not in own), None)
        if person is None:
            return None
        others = {agents for atom in self.lex.index.program.axioms for agents in atom.agent_sets
                  if any(base(w) == base(person) for name in agents.names for w in name.split())}
        return person, next(iter(others)) if len(others) == 1 else None

    def _label_line(self, tokens: Sequence[Token], words: tuple[str, ...], colon: int,
                    position: int, entity: str | None, after: int,
                    resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap | None:
        """"Pennies: 36" is the count of pennies of the one agent the program gives
        pennies; "Cracked: 3 seashells" the count of cracked seashells. A label whose words
        name no entity of the program ("Time to paint each wall: 3") is not read."""
        start = 0
        while start < colon and words[start] in LEADS:
            start += 1
        label = [w for w in words[start:colon] if w not in ENTITY_FILLER]
        reading = Reading(LOOSE, (":",), tuple(resolved))
        if not label:
            return None
        said = " ".join(words[start:colon])
        candidates = [entity] if entity is not None and all(w in _WHEN_LABEL for w in label) \
            else []  # "At the end: 10 + 42 - 4 = 48 students": the label says only when
        for phrase in () if candidates else (label + (entity.split() if entity else []), label):
            joined = " ".join(phrase)
            found = [e for e in self.lex.entities if e in (joined, to_plural(joined))]
            if found:
                candidates = found
                break
        if not candidates:
            named, _shown, _ambiguous, end = self._entity(tokens, start)
            if named is not None and named in self.lex.entities and end == colon:
                candidates = [named]
        if len(candidates) != 1 or (entity is not None and entity != candidates[0]
                                    and not candidates[0].endswith(" " + entity)):
            return LooseGap(f"the label {said!r} names no one thing the program counts",
                            reading)
        counted = candidates[0]
        holders = {c.agent_sets[0] for c in self.lex.index.candidates(
            ClaimPattern("cont", (None, None, counted)))}
        if len(holders) != 1:
            return LooseGap(f"whose {counted} the label {said!r} counts, the words do not say",
                            reading)
        if after != len(words) and any(t.kind == "word" for t in tokens[after:]):
            return LooseGap("words after the label's number are not read", reading)
        number = tokens[position]
        holder = next(iter(holders))
        return self._off_topic(holder, number.value, counted, reading) or self._resolve(
            ClaimPattern("cont", (holder, number.value, counted)), as_arithmetic(number),
            reading)

    def _off_topic(self, holder: Agents, quantity: int | None, entity: str, reading: Reading
                   ) -> LooseGap | None:
        """"old games = 38" while the text is about her friends: the program's one holder
        of old games is Katie, but the ownerless line may count the friends' (where the
        holder's count is no theorem, the line is left open)."""
        topic = self.discourse.subjects[-1] if self.discourse.subjects else None
        if topic is None or topic == holder or len(holder) > 1 or quantity is None or \
                self.lex.index.is_theorem(Claim("cont", (holder, quantity, entity))):
            return None
        return LooseGap(f"whose {entity} the line counts: {show(holder)} holds them, but "
                        f"the text is about {show(topic)}", reading)


def _same_word(said: str, named: str) -> bool:
    """One word in two forms: "book" and "books", "immigrated" and "immigrants" (six
    letters in common at the start)."""
    said, named = singular(said.removesuffix("'s")), singular(named)
    return said == named or (len(said) >= 6 and len(named) >= 6 and said[:6] == named[:6])
