"""Lines of notes rather than prose, for the loose reader (``reader.py``): markdown table
rows, variable lists ("Number of books Joan sold = 26"), labels ("Pennies: 36"), colon
forms ("Lib's puzzles: 20"), headings and their signed changes ("From Florencio: +82 →
134"), terse notes ("Soizic 80 gyms"), the passive voice ("71 visors are owned by Ujjwal"),
a comparison stated as a computation, and operands written with their units."""

from __future__ import annotations

import re
from collections.abc import Sequence

from vlp.grammar.inflect import to_plural
from vlp.grammar.loose import Clause, Token, read_clauses
from vlp.kernel import Agents

from .align import ClaimPattern
from .discourse import Discourse, Lexicon, name_of, show
from .reader_items import LooseArithmetic, LooseClaim, LooseGap, as_arithmetic
from .reader_mentions import Mention
from .reader_words import (
    COMPARATIVES,
    LEADS,
    PASSIVE_ADVERBS,
    PASSIVE_BE,
    PASSIVE_GIVE,
    PASSIVE_OWN_SHAPES,
    PASSIVE_OWNED,
    START_LABELS,
    VALUE_COLUMNS,
)
from .readings import LOOSE, Reading

_NOTE_RE = re.compile(r"\s*\(.*\)\s*$")  # "Elio (after Efua donates 59)": a note
_NAME = r"(?-i:[A-Z][\w']*(?: [a-z][\w']*)?)"  # "Jackie", "Melanie's dad"
_OFFSET_RE = re.compile(
    rf"start with the number of (?P<entity>[a-z][a-z ]*?) (?P<first>{_NAME}) has,? and "
    r"(?P<op>add|subtract) (?P<number>\d+),? (?:we|you) (?:will |would )?get the number of "
    rf"(?P=entity) (?P<second>{_NAME}) has", re.IGNORECASE)



class LineReading:
    """The part of ``SentenceReader`` that reads notes, tables, lists and labels; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    _next_clause: Clause | None
    _table_header: tuple[str, ...] | None
    _after_colon: bool
    _skip_next: bool
    _line_owner: Agents | None = None  # "Morning: Letters = 8": the agent the line opens with

    def _table_row(self, text: str) -> list[LooseClaim | LooseGap | LooseArithmetic] | None:
        """A markdown table row: a header row ("| Who | Popsicles | Why |") names the
        columns; a row that starts with a name (a note in parentheses after it allowed) gives
        that person's count where exactly one cell is a count whose column is an entity
        ("| Vivek | 45 | 32 + 13 |") or a value column beside an entity cell ("| Soizic |
        gyms | 80 |"). Any other row is read as prose."""
        cells = [c.strip().strip("*").strip() for c in
                 text.strip().rstrip(".").strip().strip("|").split("|")]
        if not any(ch.isdigit() for c in cells for ch in c):
            self._table_header = tuple(c.lower() for c in cells)
            return []
        header = self._table_header
        if header is None or len(header) != len(cells) or len(cells) < 2:
            return None
        owner = self.lex.names.get(tuple(_NOTE_RE.sub("", cells[0]).lower().split()))
        if owner is None:
            return None
        entity_cells = [c.lower() for c in cells[1:] if c.lower() in self.lex.entities]
        found: list[tuple[str, Token]] = []
        for column, cell in zip(header[1:], cells[1:], strict=True):
            count = _cell_count(cell)
            if count is None:
                continue
            entity = next((form for form in (column, to_plural(column))
                           if form in self.lex.entities), None)
            if entity is None and column in VALUE_COLUMNS and len(entity_cells) == 1:
                entity = entity_cells[0]
            if entity is not None:
                found.append((entity, count))
        if len(found) != 1:
            return None
        entity, count = found[0]
        agents = Agents.of(owner)
        item = self._resolve(ClaimPattern("cont", (agents, count.value, entity)),
                             as_arithmetic(count), Reading(LOOSE, ("|",), ()))
        if isinstance(item, LooseClaim):
            self.discourse.claims.append(item.pattern.as_claim())
        self.discourse.note_clause([(agents, None)])
        return [item]

    def _unwrap_unit(self, match: re.Match[str]) -> str:
        """"80 (gyms)", "11 (bookmarks per binder)": a unit in parentheses is the unit;
        anything else in them ("(start)", "(from Olegario)") stays as written."""
        words = match.group("unit").lower().split()
        known = all(w in self.lex.entity_vocabulary or w in ("per", "each") for w in words)
        return f"{match.group('number')} {match.group('unit')}" if known and \
            words[0] not in ("per", "each") else match.group(0)

    def _offset(self, text: str) -> LooseClaim | None:
        """"If we start with the number of apples Jackie has and add 3, we get the number of
        apples Adam has": a comparison stated as a computation (add: the second has more)."""
        # the phrase holds "start", whose letters casefold as re's IGNORECASE reads them
        match = _OFFSET_RE.search(text) if "start" in text.casefold() else None
        if match is None:
            return None
        first, second = (self.lex.names.get(tuple(match.group(g).lower().split()))
                         for g in ("first", "second"))
        quantity = match.group("number")
        if first is None or second is None or first == second or not quantity.isdigit():
            return None
        entity, shown, _ambiguous, _after = self._entity(read_clauses(match.group("entity"))[0]
                                                         .tokens, 0)
        if entity is None:
            return None
        bigger, smaller = (second, first) if match.group("op").lower() == "add" else \
            (first, second)
        pattern = ClaimPattern("comp", (Agents.of(bigger), Agents.of(smaller), int(quantity),
                                        entity))
        cues = (match.group("op").lower(), "the number of")
        return LooseClaim(pattern, None, Reading(LOOSE, cues, (shown,) if shown else ()))

    # -- mentions --

    def _topic_line(self, tokens: Sequence[Token], words: tuple[str, ...],
                    mentions: list[Mention], numbers: list[int]) -> LooseClaim | None:
        """A heading "Mael's tennis balls:" sets the topic; a following "Start: 52" is the
        topic owner's count at the start."""
        content = [i for i, t in enumerate(tokens) if t.kind != "punct"]
        if not numbers and mentions and mentions[0].kind == "possessive" and \
                mentions[0].agents is not None and mentions[0].position == 0:
            entity, _shown, _ambiguous, after = self._entity(tokens, mentions[0].end or 1)
            if entity is not None and after > max(content, default=0):
                self.discourse.topic = (mentions[0].agents, entity)
            return None
        topic = self.discourse.topic
        if topic is None or mentions or len(numbers) != 1 or numbers[0] < 2 or \
                words[numbers[0] - 1] != ":" or words[0] not in START_LABELS:
            return None
        number = tokens[numbers[0]]
        if number.arithmetic is not None:
            return None
        return self._resolve(ClaimPattern("cont", (topic[0], number.value, topic[1])), None,
                             Reading(LOOSE, (words[0], ":")))

    def _unit_claims(self, number: Token, result: LooseClaim) -> list[LooseClaim | LooseGap]:
        """"Nshuti: 42 farms × 5 horses per farm = 210 horses" also states Nshuti's 42 farms
        and the rate of 5 horses per farm: operands written with their units."""
        expression = number.arithmetic
        if expression is None or len(number.units) != 2 or expression.operators != ("*",):
            return []
        agents = result.pattern.args[0]
        first, second = number.units
        count, seen_count, _a, _b = self._entity(read_clauses(first)[0].tokens, 0) \
            if first else (None, None, [], 0)
        rate_tokens = read_clauses(second)[0].tokens if second else ()
        per, seen_per, _c, after = self._entity(rate_tokens, 0) if second else (None, None, [], 0)
        if count is not None and not second and count != result.pattern.args[2]:
            # "Dimitra: 2 fish tanks × 2 = 4 swordtails": the count alone is said with its unit
            reading = Reading(LOOSE, ("×",), (seen_count,) if seen_count else ())
            return [self._resolve(ClaimPattern("cont", (agents, expression.operands[0], count)),
                                  None, reading)]
        if count is None or per is None or per != result.pattern.args[2]:
            return []
        container = count
        if after < len(rate_tokens) and rate_tokens[after].lower == "per":
            container, _seen, _d, _e = self._entity(rate_tokens, after + 1)
            if container != count:
                return []
        resolved = tuple(r for r in (seen_count, seen_per) if r is not None)
        reading = Reading(LOOSE, ("×", "per"), resolved)
        operands = expression.operands
        return [self._resolve(ClaimPattern("cont", (agents, operands[0], count)), None, reading),
                self._resolve(ClaimPattern("rate", (agents, operands[1], per, container)), None,
                              reading)]

    def _passive(self, tokens: Sequence[Token], mentions: list[Mention], numbers: list[int]
                 ) -> tuple[list[LooseClaim | LooseGap], Agents | None] | None:
        """The passive voice, names after the verb: "71 visors are owned by Ujjwal",
        "70 visors were given to Ujjwal by Cornel", "48 visors are left with Ujjwal",
        "41 fewer toasters are owned by Eunbi than by Bryan". Every name is read as written
        (no pronoun), and the clause holds nothing else; a passive clause of another shape is
        unparsed, not read by the active clause's rules."""
        if len(numbers) != 1:
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in LEADS:
            start += 1
        if numbers != [start] or any(m.agents is None or m.kind != "name" for m in mentions):
            return None
        number = tokens[start]
        i = start + 1
        comparative = COMPARATIVES.get(tokens[i].lower) if i < len(tokens) else None
        if comparative is not None:
            i += 1
        entity, shown, ambiguous, i = self._entity(tokens, i)
        words = [t.lower for t in tokens[i:] if t.kind != "punct"]
        if entity is None or ambiguous or len(words) < 3 or words[0] not in PASSIVE_BE:
            return None
        words = [w for w in words[1:] if w not in PASSIVE_ADVERBS]
        if not words or (words[0] not in PASSIVE_OWNED and words[0] not in PASSIVE_GIVE
                         and words[0] != "left"):
            return None
        gap = LooseGap("a passive clause of no shape read ('owned by', 'given to ... by')",
                       Reading(LOOSE, (words[0],), ()))
        by_name = {m.position: m.agents for m in mentions}
        named = [by_name[j] for j in range(i, len(tokens)) if j in by_name]
        roles = tuple(w for w in words if w not in {name_of(a) for a in named})
        # the words left once the names are taken out: the shape of the clause
        agents = tuple(named)
        pattern: ClaimPattern | None = None
        joined = roles[2:] == ("and",) * (len(agents) - 1) or \
            roles[2:] == ("and",) * (len(agents) - 1) + ("together",)
        if comparative is None and roles[:2] in PASSIVE_OWN_SHAPES and agents and joined:
            more = self._names_continued()
            if more is None:
                return [gap], None
            agents = (*agents, *more)
            # "owned by Aditya and Leire together": the group's
            owners = agents[0].union(agents[1:])
            if len(owners) != len(agents):
                return [gap], None
            pattern = ClaimPattern("cont", (owners, number.value, entity))
        elif comparative is None and len(roles) == 3 and roles[0] in PASSIVE_GIVE and \
                roles[1:] == ("to", "by") and len(agents) == 2 and agents[0] != agents[1]:
            pattern = ClaimPattern("transfer", (agents[1], agents[0], number.value, entity))
        elif comparative is None and len(roles) == 3 and roles[0] in PASSIVE_GIVE and \
                roles[1:] == ("by", "to") and len(agents) == 2 and agents[0] != agents[1]:
            pattern = ClaimPattern("transfer", (agents[0], agents[1], number.value, entity))
        elif comparative is not None and len(roles) == 4 and roles[0] in PASSIVE_OWNED and \
                roles[1:] == ("by", "than", "by") and len(agents) == 2 and \
                agents[0] != agents[1]:
            smaller, bigger = agents if comparative == "fewer" else agents[::-1]
            pattern = ClaimPattern("comp", (bigger, smaller, number.value, entity))
        if pattern is None:
            return [gap], None
        resolved = [shown] if shown is not None else []
        reading = Reading(LOOSE, tuple(w for w in roles if w not in ("to", "by", "than")),
                          tuple(resolved))
        item = self._resolve(pattern, as_arithmetic(number), reading)
        if isinstance(item, LooseClaim):
            self.discourse.claims.append(item.pattern.as_claim())
        owner = pattern.args[0] if pattern.predicate == "cont" else None
        self._note(mentions, owner)
        return [item], owner

    def _terse(self, tokens: Sequence[Token], mentions: list[Mention], numbers: list[int]
               ) -> tuple[list[LooseClaim | LooseGap], Agents | None] | None:
        """Notes without verbs: "Soizic 80 gyms" (a name, its count, nothing else) and
        "Vivek 13 more → 45" (more or fewer than the previous subject, then the count)."""
        if len(mentions) != 1:
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in LEADS:
            start += 1
        if mentions[0].position != start or \
                mentions[0].kind != "name" or mentions[0].agents is None or \
                not numbers or numbers[0] != mentions[0].end:
            return None
        owner = mentions[0].agents
        first = tokens[numbers[0]]
        i = numbers[0] + 1
        comparative = COMPARATIVES.get(tokens[i].lower) if i < len(tokens) else None
        entity, shown, ambiguous, i = self._entity(tokens, i + (comparative is not None))
        result: Token | None = None
        if comparative is not None and len(numbers) == 2 and numbers[1] == i + 1 and \
                tokens[i].kind == "sign" and tokens[i].text in ("→", "=", "->"):
            result = tokens[numbers[1]]
            later, later_shown, later_ambiguous, i = self._entity(tokens, numbers[1] + 1)
            if entity is not None and later is not None and later != entity:
                return None
            entity, shown = entity or later, shown or later_shown
            ambiguous = ambiguous or later_ambiguous
        elif comparative is not None or len(numbers) != 1:
            return None
        if ambiguous or any(t.kind != "punct" for t in tokens[i:]) or \
                (entity is not None and entity not in self.lex.entities):
            return None  # "| Nadeesha | 32 | given |": no note of a count
        if entity is None:
            entity = self._context_entity(owner, as_arithmetic(first)) or (
                next(iter(self.lex.entities)) if len(self.lex.entities) == 1 else None)
        if entity is None:
            return None
        resolved = [shown] if shown is not None else []
        items: list[LooseClaim | LooseGap] = []
        if comparative is not None and result is not None:
            # the other is the owner of the count read just before, if no one was
            # mentioned since ("Nadeesha 32, Vivek 13 more → 45")
            claims, subjects = self.discourse.claims, self.discourse.subjects
            other = claims[-1].agent_sets[0] if claims and claims[-1].predicate == "cont" \
                else None
            if other is None or other == owner or len(other) != 1 or not subjects or \
                    subjects[-1] != other:
                return None
            bigger, smaller = (owner, other) if comparative == "more" else (other, owner)
            items.append(self._resolve(ClaimPattern("comp", (bigger, smaller, first.value,
                                                             entity)),
                                       None, Reading(LOOSE, (comparative,), tuple(resolved))))
            first = result
        items.append(self._resolve(ClaimPattern("cont", (owner, first.value, entity)),
                                   as_arithmetic(first), Reading(LOOSE, (), tuple(resolved))))
        for item in items:
            if isinstance(item, LooseClaim):
                self.discourse.claims.append(item.pattern.as_claim())
        self._note(mentions, owner)
        return items, owner

    def _signed_change(self, tokens: Sequence[Token], mentions: list[Mention]
                       ) -> list[LooseClaim | LooseGap] | None:
        """Under a heading "Mael's tennis balls:", "From Florencio: +82 → 134" is a transfer
        from Florencio to Mael and Mael's new count; "To Ramon: -94 → 8" the reverse."""
        topic = self.discourse.topic
        after = self._next_clause
        if topic is None or after is None or not after.after_colon or len(tokens) != 2 or \
                tokens[0].lower not in ("from", "to") or len(mentions) != 1 or \
                mentions[0].kind != "name" or mentions[0].position != 1 or \
                mentions[0].agents is None:
            return None
        shape = [t for t in after.tokens if t.kind != "punct"]
        if len(shape) != 4 or shape[0].kind != "sign" or shape[1].kind != "number" or \
                shape[1].arithmetic is not None or shape[2].text not in ("→", "->", "=") or \
                shape[3].kind != "number" or shape[3].arithmetic is not None:
            return None
        owner, entity = topic
        other = mentions[0].agents
        sign, preposition = shape[0].text, tokens[0].lower
        self._skip_next = True
        if (preposition, sign) not in (("from", "+"), ("to", "-"), ("to", "−"), ("to", "–")) \
                or other == owner:
            return [LooseGap(f"{preposition!r} {show(other)} with the sign {sign!r}: which "
                             "way the change goes, the words do not settle",
                             Reading(LOOSE, (preposition, sign), ()))]
        giver, taker = (other, owner) if preposition == "from" else (owner, other)
        reading = Reading(LOOSE, (preposition, sign, shape[2].text), ())
        found = [self._resolve(ClaimPattern("transfer", (giver, taker, shape[1].value, entity)),
                               None, reading),
                 self._resolve(ClaimPattern("cont", (owner, shape[3].value, entity)), None,
                               reading)]
        for item in found:
            if isinstance(item, LooseClaim):
                self.discourse.claims.append(item.pattern.as_claim())
        self.discourse.note_clause([(owner, None), (other, None)])
        return found

    def _colon_form(self, tokens: Sequence[Token], mentions: list[Mention],
                    numbers: list[int]) -> LooseClaim | LooseGap | None:
        """"Lib's puzzles: 20" (a possessive, an entity, a colon, the number): a possession."""
        if len(numbers) != 1 or numbers[0] < 2 or tokens[numbers[0] - 1].text != ":":
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in LEADS:
            start += 1
        # a lead word that opens a name ("This year: 15 games")
        start = next((m.position for m in mentions if m.agents is not None and m.kind == "name"
                      and m.position < start < (m.end or m.position + 1)), start)
        owner = next((m for m in mentions if m.position == start), None)
        if owner is None or owner.agents is None or any(m.position > start for m in mentions):
            return None
        number = tokens[numbers[0]]
        if owner.kind in ("possessive", "pronoun"):
            entity, shown, ambiguous, after = self._entity(tokens, max(owner.end, start + 1))
            if after != numbers[0] - 1:
                return None
        elif owner.kind == "name" and owner.end == numbers[0] - 1:
            # "Last year: 39 games" where the program counts games and missed games, but
            # last year only games: the one of them the owner has (whatever the number)
            _none, shown, ambiguous, after = self._entity(tokens, numbers[0] + 1)
            if any(t.kind != "punct" for t in tokens[after:]):
                return None
            if after == numbers[0] + 1 and not ambiguous and (
                    number.arithmetic is None or "*" in number.arithmetic.operators):
                # "T-shirt: 86." where the program's t-shirt is an agent holding dollars:
                # the one thing the owner holds (never the thing the owner's name says); a
                # sum is left to its arithmetic ("Pieter: 20 - 6 = 14")
                ambiguous = sorted(self.lex.entities)
            held = [e for e in ambiguous if self.lex.index.candidates(
                ClaimPattern("cont", (owner.agents, None, e)))]
            if len(held) > 1 and number.arithmetic is not None:
                # "Monday: 8 hours x 8 dollars/hour = 64": a product counts what the rate
                # among its operands counts (dollars), never what it multiplies (hours)
                held = [e for e in held if self._computes(e, number.arithmetic)]
            if len(held) != 1:
                return None
            entity = held[0]
        else:
            return None
        if entity is None:
            return None
        resolved = [shown] if shown is not None else []
        reading = Reading(LOOSE, (":",), tuple(resolved))
        return self._resolve(ClaimPattern("cont", (owner.agents, number.value, entity)),
                             as_arithmetic(number), reading)


def _cell_count(cell: str) -> Token | None:
    """A table cell that is one count ("45", "17 × 11 = 187"), else None."""
    tokens = [t for clause in read_clauses(cell) for t in clause.tokens if t.kind != "punct"]
    return tokens[0] if len(tokens) == 1 and tokens[0].kind == "number" else None
