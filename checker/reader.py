"""The loose reader: a sentence outside the template language, read with what the verifier
knows about the problem (DESIGN §6).

The program is finite and known: its agents (possessive agents like "melanie's dad"
included), its entities and its theorems. A clause's mentions (``vlp.grammar.loose``) are
resolved against them: names to agents, pronouns to the discourse ("he" is the latest
subject, "they" the question's group, "her dad" is "melanie's dad" when Melanie is the
antecedent), shortened or misspelled entities to the program's entity when only one fits,
and relation cues (more / fewer / than, give / take / lose / place, each / per) to a claim
pattern. Precision over recall: a clause whose words leave a choice between theorems is a
gap naming the candidates, never a guess; a complete claim that is not a theorem goes on
to be judged false, as on the template path.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence

import attrs
from rapidfuzz import fuzz

from vlp.grammar.inflect import singular, to_plural
from vlp.grammar.loose import HYPOTHETICAL as _HYPOTHETICAL
from vlp.grammar.loose import Clause, Token, read_clauses
from vlp.grammar.sentences import LEAD_WORDS
from vlp.grammar.templates import CLAIM_SLOTS, TEMPLATES
from vlp.kernel import SIGNATURES, Agents, Claim

from .align import ClaimPattern, ProgramIndex
from .verdicts import LOOSE, Arithmetic, Reading

_BY_TEMPLATE = {t.id: t for t in TEMPLATES}

CONT_VERBS = frozenset("""has have had owns own owned possesses possess possessed grew grow
grows found find finds picked pick picks collected collect collects bought buy buys caught
catch catches made make makes baked bake bakes spent spend spends earned earn earns saved save
saves holds hold held contains contain contained keeps keep kept starts start started begins
began ends ended scored score scores gathered gather gathers harvested planted plants plant
counted count counts left remain remains remaining""".split())
COPULAS = frozenset({"is", "are", "was", "were", "that's", "there's", "it's", "be", ":"})
GIVE_VERBS = frozenset("""gave gives give donated donates donate handed hands hand sent sends
send lent lends lend passed passes pass paid pays pay shared shares""".split())
PLACE_VERBS = frozenset("placed places place put puts added adds".split())
TAKE_VERBS = frozenset("""took takes take got gets get received receives receive ate eats eat
borrowed borrows borrow stole steals steal""".split())
LOSE_VERBS = frozenset("lost loses lose spent".split()) - CONT_VERBS
# a step label "After giving 22 to Isabel:" names its change with a gerund: the verb it reads as
_GERUNDS = {"giving": "gave", "donating": "donated", "handing": "handed", "sending": "sent",
            "passing": "passed", "lending": "lent", "getting": "got", "receiving": "received",
            "taking": "took", "losing": "lost", "eating": "ate", "placing": "placed",
            "putting": "put", "adding": "added"}
_RESULT_VERBS = frozenset({"gives", "makes", "leaves", "leaving", "leave", "left", "making"})
_TRANSFER_VERBS = GIVE_VERBS | PLACE_VERBS | LOSE_VERBS | TAKE_VERBS
_VERBS = CONT_VERBS | _RESULT_VERBS | GIVE_VERBS | TAKE_VERBS | PLACE_VERBS | LOSE_VERBS | COPULAS
# verbs of CONT_VERBS that name an event, not a possession: "Cody spent 19 dollars" is the
# transfer the program has when it has exactly one that fits, not a count of 19
_POSSESSION_VERBS = frozenset("""has have had owns own owned possesses possess possessed holds
hold held contains contain contained keeps keep kept left remain remains remaining starts start
started begins began ends ended""".split())
EVENT_VERBS = CONT_VERBS - _POSSESSION_VERBS
# the side of a transfer a verb puts its subject on (a verb in neither set fixes no side)
# ("picked", "collected", "found" fix no side: picking from a plant gives them up)
_RECEIVER_VERBS = TAKE_VERBS - {"ate", "eats", "eat"} | frozenset("""bought buy buys caught
catch catches earned earn earns won win wins bringing brought brings acquired acquires
purchased purchases purchase added adds""".split())
_SENDER_VERBS = GIVE_VERBS | LOSE_VERBS | frozenset("""sold sells sell spent spend spends
used uses use threw throws throw donated deleted deletes delete recycled recycles
recycle removed removes remove dropped drops broke breaks wasted wastes sent gave paid
shipped ships mailed""".split())
# words around an entity that say nothing of what is counted ("36 new stamps", "27 pine trees
# currently", "7 carrots too"): dropped when what remains is one of the program's entities
_ENTITY_FILLER = frozenset("""new old more extra additional remaining current currently
originally initially now too also left total still already altogether original initial final
finally today yesterday then there here brand in all combined together overall""".split())
# a number right after these is a time, a place or a price, not what the subject has
# ("grew 24 pumpkins in 34 days"), unless a rate's "each" / "per" follows it
# words of a variable list's label that say nothing of their own ("Number of pencils in the
# drawer = 9", "Number of oak trees initially in the park: 33")
_LABEL_GLUE = frozenset("""number numbers of the a an in on at by to from into inside out
be been is are was were has have had that which who total amount count initially originally
now currently left remaining remain start beginning end first initial final today yesterday
tomorrow still already altogether all there here for during with""".split())
# the words of a label that name an event: the line is the one transfer they fit
_LABEL_EVENT_WORDS = frozenset("""sold given gave away taken took cut down planted placed
added removed served eaten ate used lost spent bought received got borrowed donated
thrown threw moved additional extra more made built joined baked grown grew picked
collected found won earned saved""".split())
_ONE_WORDS = frozenset({"a", "an", "one", "1", "each", "every"})
_PARTICIPLES = frozenset("""given taken eaten thrown stolen sold used lost spent bought got
gotten received donated made baked picked collected found""".split())
_VERB_ADVERBS = frozenset({"then", "also", "now", "only", "just", "still", "already",
                           "finally", "later", "eventually", "again"})
_HYPOTHETICAL_SILENCE = "a hypothetical or its condition"
_OBJECT_PREPOSITIONS = frozenset({"for", "at", "from", "in", "on", "with", "to", "of", "by",
                                  "into", "onto", "during", "after", "before"})
_SETTING_PREPOSITIONS = frozenset({"in", "for", "after", "during", "within", "over", "on", "at",
                                   "every", "since", "until"})
# a clause "3 students left." / "42 new students came": the things counted moved, and the
# verb says which way: out of the program's holder, or into it
_LEAVING_VERBS = frozenset("""left leave leaves went go goes departed depart departs moved
quit quits died died fell falls flew escaped ran""".split())
_ARRIVING_VERBS = frozenset("""came come comes arrived arrive arrives joined join joins entered
enter enters""".split())
# verbs that end an entity phrase ("42 new students came", "3 hamburgers were served")
_ENTITY_ENDS = _LEAVING_VERBS | _ARRIVING_VERBS | _SENDER_VERBS | _RECEIVER_VERBS
COMPARATIVES = {"more": "more", "fewer": "fewer", "less": "fewer", "farther": "more",
                "further": "more", "longer": "more", "taller": "more", "higher": "more",
                "shorter": "fewer"}
TOTALS = frozenset({"total", "all", "altogether", "combined", "together", "both"})
_SINGLE_PRONOUNS = frozenset({"he", "she", "him", "her"})
_PLURAL_PRONOUNS = frozenset({"they", "them", "both"})
_POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their"})
# the words (besides names and possessives) that can start a mention
_MENTION_WORDS = _SINGLE_PRONOUNS | _PLURAL_PRONOUNS | _POSSESSIVE_PRONOUNS | {"its"}
# words that end an entity phrase after a number
_FUNCTION_WORDS = frozenset("""more fewer less than of the a an to from in into on at for each
per left and or now total all as with so then by is are was were be this that it he she they
we you one""".split())
_STOP = frozenset("""more fewer less than of the a an to from in into on at for each per left
and or now total all altogether combined together as with so then by is are was were be has
have had than this that these those it its his her their them they he she we you one ones
until while which who whom whose
times dollar's if but after before over under more.""".split()) | CONT_VERBS | GIVE_VERBS \
    | TAKE_VERBS | PLACE_VERBS | LOSE_VERBS | COPULAS
_LEADS = frozenset(LEAD_WORDS) | {"means", "then"}
_START_LABELS = frozenset({"start", "initially", "beginning", "begin", "before", "first"})
_DEMONSTRATIVES = frozenset({"which", "that", "this", "it", "that's", "it's", "who", "what"})
_NOTE_RE = re.compile(r"\s*\(.*\)\s*$")  # "Elio (after Efua donates 59)": a note
_VALUE_COLUMNS = frozenset({"value", "quantity", "count", "number", "amount", "total"})
# a variable list's line "Sally: turnips (113), pumpkins (118)." (words, then a count)
_NAMED_LIST_RE = re.compile(r"^\s*[A-Z][\w']*(?: [\w']+)?:\s*[a-z][a-z ]*\(\d+\)"
                            r"(?:,\s*[a-z][a-z ]*\(\d+\))*\s*\.?\s*$")
_COUNT_IN_PARENS_RE = re.compile(r"([a-z][a-z ]*?)\s*\((\d+)\)")
_UNIT_IN_PARENS_RE = re.compile(r"(?P<number>\d[\d,]*)\s*\((?P<unit>[A-Za-z][A-Za-z ]*)\)")
_NAME = r"(?-i:[A-Z][\w']*(?: [a-z][\w']*)?)"  # "Jackie", "Melanie's dad"
_OFFSET_RE = re.compile(
    rf"start with the number of (?P<entity>[a-z][a-z ]*?) (?P<first>{_NAME}) has,? and "
    r"(?P<op>add|subtract) (?P<number>\d+),? (?:we|you) (?:will |would )?get the number of "
    rf"(?P=entity) (?P<second>{_NAME}) has", re.IGNORECASE)
_FUZZY_MIN = 85.0  # rapidfuzz ratio for a misspelled entity ("cantaloupes" ~ "cantelopes")


@attrs.frozen
class LooseClaim:
    """A complete claim the loose reader read, with its expression and how it was read."""

    pattern: ClaimPattern
    arithmetic: Arithmetic | None
    reading: Reading


@attrs.frozen
class LooseArithmetic:
    """A clause that states nothing but an expression: read from its arithmetic alone."""

    expression: Arithmetic


@attrs.frozen
class LooseGap:
    """A clause that states a fact the reader cannot pin down (ambiguous, or no theorem fits
    its partial reading): the step is ``unparsed`` with this reason."""

    reason: str
    reading: Reading


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
        self.mention_starts = self.first_words | _MENTION_WORDS
        self.name_sizes: dict[str, int] = {}
        for key in self.names:
            self.name_sizes[key[0]] = max(self.name_sizes.get(key[0], 1), len(key))
        self.entities = frozenset(index.entities)
        self.entity_words = {e: tuple(e.split()) for e in self.entities}
        # words of the program's entities that are never function words ("plants", "ends")
        self.entity_vocabulary = frozenset(
            w for words in self.entity_words.values() for w in words
            for form in (w, singular(w)) if form not in _FUNCTION_WORDS)
        self.plural_group = next((a for a in query_agents if len(a) > 1), None)


@functools.lru_cache(maxsize=256)
def lexicon(index: ProgramIndex, query_agents: tuple[Agents, ...]) -> Lexicon:
    return Lexicon(index, query_agents)


@attrs.frozen
class _Mention:
    position: int
    agents: Agents | None  # None: a singular pronoun, resolved by its role in the clause
    said: str  # the words as written ("her dad", "he", "Sandy")
    kind: str  # "name", "pronoun", "possessive" (an owner: "Sam's marbles")
    end: int = 0  # the position after its words
    pronoun: str | None = None  # the pronoun that named it, once resolved


_MALE = frozenset({"he", "him", "his", "himself"})
_FEMALE = frozenset({"she", "her", "hers", "herself"})


def _gender(word: str) -> str | None:
    return "m" if word in _MALE else "f" if word in _FEMALE else None


_MALE_RELATIONS = frozenset("""father stepfather dad brother stepbrother son stepson uncle
grandfather grandpa husband boyfriend nephew grandson""".split())
_FEMALE_RELATIONS = frozenset("""mother stepmother mom mum sister stepsister daughter
stepdaughter aunt grandmother grandma wife girlfriend niece granddaughter""".split())


# nouns that name a person by their relation to someone ("Eve's teacher")
_PERSON_NOUNS = _MALE_RELATIONS | _FEMALE_RELATIONS | frozenset("""friend friends teacher
landlord landlady neighbor neighbour boss coach cousin classmate roommate partner parents
family grandparents children kids boss colleague""".split())


def _may_be_person(name: str) -> bool:
    """Can an agent written in lower case be "he" or "she"? "the florist", "the farmer",
    "the waiter" can; "the typhoon", "the morning", "green" cannot."""
    head = name.split()[-1]
    return "'s " in name or head in _PERSON_NOUNS or head.endswith(
        ("er", "or", "ist", "ian", "ant", "ent", "man", "woman", "ess"))


def _relation_gender(name: str) -> str | None:
    """The gender a relation's noun says ("roscoe's stepfather": "m"), if any."""
    head = name.rpartition("'s ")[2].split()[-1] if "'s " in name else ""
    return "m" if head in _MALE_RELATIONS else "f" if head in _FEMALE_RELATIONS else None


def _name(agents: Agents) -> str:
    return next(iter(agents.names))


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
        gender = _gender(pronoun)

        def fits(agents: Agents) -> bool:
            return len(agents) == 1 and agents != exclude and \
                self.gender.get(_name(agents), gender) == gender

        if self.records:
            chained = next((a for a, said in self.records[-1]
                            if said is not None and _gender(said) == gender and fits(a)), None)
            if chained is not None:
                return self.learn(pronoun, chained)
            # "Stephen gives Aram 68, so he has 69": two people the pronoun fits equally
            rivals = sorted({_name(a) for a, _said in self.records[-1]
                             if fits(a) and "'s " not in _name(a) and a not in self.things})
            if gender is not None and len(rivals) > 1 and \
                    not any(name in self.gender for name in rivals):
                self.ambiguity = f"{pronoun!r} may be {' or '.join(rivals)}"
                return None
        candidates = [a for record in reversed(self.records) for a, _said in record if fits(a)]
        if gender is not None:  # "he" / "she": a person named as one before a thing
            candidates = [a for a in candidates if a not in self.things] or \
                [a for a in candidates if _may_be_person(_name(a))]
        plain = next((a for a in candidates if "'s " not in _name(a)), None)
        chosen = plain or (candidates[0] if candidates else None)
        if gender is not None and plain is not None and candidates and \
                candidates[0] != plain and _relation_gender(_name(candidates[0])) == gender:
            # "Roscoe has 24. Roscoe's stepfather possesses 57. He now has 118.": the
            # stepfather, named last, is a "he" as much as Roscoe
            self.ambiguity = f"{pronoun!r} may be {_show(candidates[0])} or {_show(plain)}"
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
        gender = _gender(pronoun)
        if gender is not None and len(agents) == 1:
            self.gender.setdefault(_name(agents), gender)
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


class SentenceReader:
    """Reads the clauses of one sentence against a lexicon, in a discourse."""

    def __init__(self, lex: Lexicon, discourse: Discourse, query_pattern: ClaimPattern):
        self.lex = lex
        self.discourse = discourse
        self.query_pattern = query_pattern
        self._owners: dict[str, Agents] = {}  # pronoun -> owner, in the current clause
        self._continuation = False  # the clause continues the previous one's subject
        self._last_predicate: str | None = None
        self._words: frozenset[str] = frozenset()  # the current clause's words
        self._next_clause: Clause | None = None  # the clause after it, in its sentence
        self._skip_next = False  # the next clause was read with the current one
        self._in_gerund_chain = False  # the clause before was a gerund label ("After getting")
        self._later_clauses: Sequence[Clause] = ()  # the clauses after it, in its sentence
        self._table_header: tuple[str, ...] | None = None  # the last table's column names
        self._clause_words: tuple[str, ...] = ()
        self._names_agents = False  # the current clause mentions an agent
        self._after_colon = False  # the current clause goes on after a colon
        # an opening "In each round," whose rate the next clause states
        self._each_context: tuple[Sequence[Token], int] | None = None
        self._items_by_clause: list[tuple[Clause, list[LooseClaim | LooseGap]]] = []
        self._sentence_words: frozenset[str] = frozenset()  # every clause's words

    def read(self, text: str) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        if "(" in text:
            if _NAMED_LIST_RE.match(text):
                # "Sally: turnips (113), pumpkins (118)." is "Sally: 113 turnips, 118 pumpkins."
                text = _COUNT_IN_PARENS_RE.sub(r"\2 \1", text)
            text = _UNIT_IN_PARENS_RE.sub(self._unwrap_unit, text)
        if text.lstrip().startswith("|"):
            row = self._table_row(text)
            if row is not None:
                return row
        offset = self._offset(text)
        if offset is not None:
            return [offset]
        self._last_predicate = None
        clauses = read_clauses(text)
        self._sentence_words = frozenset(w for c in clauses for w in c.words)
        if any(c.silent == _HYPOTHETICAL_SILENCE for c in clauses):
            return self._conditional(text, clauses)
        return self._read_clauses(clauses)

    def _conditional(self, text: str, clauses: tuple[Clause, ...]
                     ) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        """"If 3 customers left, he would have 11 customers left": when every claim of the
        condition is a theorem (it restates what holds), the conclusion is read too; a
        condition that does not hold ("If Ilse had 10, ...") makes it all state nothing."""
        saved = self.discourse.snapshot()
        opened = tuple(attrs.evolve(c, silent=None) if c.silent == _HYPOTHETICAL_SILENCE
                       else c for c in clauses)
        found = self._read_clauses(opened)
        conditions = [i for c, i in self._items_by_clause if c.words[:1] == ("if",)]
        stated = [i for items in conditions for i in items]
        index = self.lex.index
        if stated and all(isinstance(i, LooseClaim) and i.pattern.is_complete and
                          index.is_theorem(i.pattern.as_claim()) for i in stated):
            return found
        self.discourse.restore(saved)
        return self._read_clauses(clauses)

    def _read_clauses(self, clauses: tuple[Clause, ...]
                      ) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        found: list[LooseClaim | LooseGap | LooseArithmetic] = []
        inherited: Agents | None = None
        self._items_by_clause: list[tuple[Clause, list[LooseClaim | LooseGap]]] = []
        self._each_context: tuple[Sequence[Token], int] | None = None
        self._skip_next = False
        self._in_gerund_chain = False
        for n, clause in enumerate(clauses):
            if self._skip_next:  # "... owned by Aditya | and Leire together": read with it
                self._skip_next = False
                continue
            self._next_clause = clauses[n + 1] if n + 1 < len(clauses) else None
            self._later_clauses = clauses[n + 1:]
            self.discourse.ambiguity = None
            items, subject = self._clause(clause, inherited)
            self._items_by_clause.append((clause, items))
            words = clause.words
            self._each_context = (clause.tokens, 1) if len(words) > 2 and words[0] in (
                "in", "for", "on", "at") and words[1] in ("each", "every") and not any(
                t.kind == "number" for t in clause.tokens) else None
            inherited = subject or inherited
            found.extend(items)
            if self.discourse.ambiguity is not None and items and \
                    isinstance(items[-1], LooseGap):
                break  # "He then gives Ragna 32": the rest goes on about the same "he"
            claims = [i for i in items if isinstance(i, LooseClaim)]
            if claims:
                self._last_predicate = claims[-1].pattern.predicate
            elif not items and clause.silent is None:
                # a clause with nothing but arithmetic ("Shahana gives 90 to Tala: 63 + 90 =
                # 153"): matched by the verifier with a rule instance's built-in
                found.extend(LooseArithmetic(e) for e in
                             (as_arithmetic(t) for t in clause.tokens) if e is not None)
        return found

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
            if entity is None and column in _VALUE_COLUMNS and len(entity_cells) == 1:
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

    def _mentions(self, tokens: Sequence[Token], subject_owner: dict[str, Agents]
                  ) -> list[_Mention]:
        lex = self.lex
        words = [t.lower if t.kind == "word" else "" for t in tokens]
        mentions: list[_Mention] = []
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
                if name is not None and kind == "possessive" and following in _PERSON_NOUNS \
                        and f"{name}'s {following}" not in lex.index.agent_names:
                    # "Wasswa's teacher", "Roscoe's stepfather's landlord": someone the
                    # program does not know (a claim of theirs is invented), not Wasswa
                    said = " ".join([t.text for t in tokens[i:i + size + 1]])
                    mentions.append(_Mention(i, Agents.of(f"{name}'s {following}"), said,
                                             "name", i + size + 1))
                    taken = i + size + 1
                    matched = True
                    break
                if name is not None:
                    said = " ".join([t.text for t in tokens[i:i + size]])
                    if said[:1].islower() and "'" not in said:
                        # "the typhoon", "the store": a thing, which "he" / "she" never names
                        self.discourse.things.add(lex.agents[name])
                    mentions.append(_Mention(i, lex.agents[name], said, kind, i + size))
                    taken = i + size
                    matched = True
                    break
            if matched:
                continue
            if word.endswith(("'s", "'")):
                owner = word[:-2] if word.endswith("'s") else word[:-1]
                following = words[i + 1] if i + 1 < len(words) else ""
                if owner in lex.index.agent_names and following in _PERSON_NOUNS and \
                        f"{owner}'s {following}" not in lex.index.agent_names:
                    mentions.append(_Mention(i, Agents.of(f"{owner}'s {following}"),
                                             f"{tokens[i].text} {tokens[i + 1].text}", "name",
                                             i + 2))
                    taken = i + 2
                    continue
                if owner in lex.index.agent_names:
                    mentions.append(_Mention(i, lex.agents[owner], tokens[i].text,
                                             "possessive"))
                    continue
            following = words[i + 1] if i + 1 < len(words) else ""
            if word in _POSSESSIVE_PRONOUNS and following in lex.owners:
                agents = self._possessive(word, following, subject_owner)
                if agents is not None:
                    mentions.append(_Mention(i, agents, f"{word} {following}", "pronoun",
                                             i + 2))
                taken = i + 2
                continue
            if word in ("his", "her", "its") and following and tokens[i + 1].kind == "word" \
                    and following not in _STOP:  # "his boxes": an owner
                mentions.append(_Mention(i, None, word, "possessive", i + 1))
            elif word in _SINGLE_PRONOUNS:
                mentions.append(_Mention(i, None, word, "pronoun", i + 1))
            elif word in _PLURAL_PRONOUNS:
                group = lex.plural_group or self.discourse.latest_group()
                if group is not None:
                    mentions.append(_Mention(i, group, word, "pronoun"))
        return mentions

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
        candidates when ambiguous, index after the phrase)."""
        i = start
        words: list[str] = []
        if i < len(tokens) and tokens[i].lower == "of":
            i += 1
            while i < len(tokens) and (tokens[i].lower in ("the", "his", "her", "their", "its")
                                       or tokens[i].lower.endswith("'s")):
                i += 1
        vocabulary = self.lex.entity_vocabulary
        while i < len(tokens) and len(words) < 3 and tokens[i].kind == "word" and (
                tokens[i].lower in vocabulary or (tokens[i].lower not in _STOP
                                                 and tokens[i].lower not in COMPARATIVES
                                                 and tokens[i].lower not in _ENTITY_ENDS)):
            words.append(tokens[i].lower)
            i += 1
        if not words:
            return None, None, [], start
        said = " ".join(words)
        entities = self.lex.entities
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
        if len(found) == 1:
            return found[0], (said, found[0]), [], i
        if len(found) > 1:
            return None, None, sorted(found), i
        close = [e for e in entities if fuzz.ratio(said, e) >= _FUZZY_MIN]
        if len(close) == 1:
            return close[0], (said, close[0]), [], i
        if len(close) > 1:
            return None, None, sorted(close), i
        kept = [w for w in words if w not in _ENTITY_FILLER and not w.endswith("ly")]
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
        near = sorted(e for e, ew in self.lex.entity_words.items()
                      if {singular(w) for w in words} & {singular(w) for w in ew})
        if near:
            # "18 whole seashells": some seashells, but not the program's: no claim of it
            return None, None, [f"{e} (the words {said!r} say more)" for e in near], i
        if all(w.isalpha() and len(w) > 2 for w in words) and \
                " ".join(words) not in self.lex.index.agent_names:
            return said, None, [], i  # a noun of no entity: read, and judged unknown
        return None, None, [], start

    def _context_entity(self, agents: Agents | None, arithmetic: Arithmetic | None
                        ) -> str | None:
        claims = self.discourse.claims
        if arithmetic is not None:
            numbers = set(arithmetic.operands)
            hit = next((c.entity for c in reversed(claims)
                        if c.predicate in ("cont", "comp", "transfer") and c.quantity in numbers),
                       None)
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

    # -- one clause --

    def _clause(self, clause: Clause, inherited: Agents | None
                ) -> tuple[list[LooseClaim | LooseGap], Agents | None]:
        tokens = clause.tokens
        self._words = frozenset(clause.words)
        self._clause_words = clause.words
        self._after_colon = clause.after_colon
        subject_owner: dict[str, Agents] = {}
        self._owners = subject_owner
        mentions = self._mentions(tokens, subject_owner)
        # "Total cost of the bead necklaces = 21": a clause naming someone is not the
        # question's total
        self._names_agents = any(m.agents is not None for m in mentions)
        numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
        words = clause.words
        if words[:1] == ("to",) and len(words) > 1 and words[1] not in ("the", "a", "an") \
                and clause.silent is None and tokens[1].kind == "word" and \
                tokens[1].text[:1].islower() and not any(m.position == 1 for m in mentions):
            # "To make 8 batches of suckers, he needs ...": a purpose, not what holds
            return [], None
        if clause.silent is not None:
            if not question_like(words) and _HYPOTHETICAL & set(words) == {"number"}:
                # "Number of books Joan sold = 26": a variable list's line, not an unknown
                variable = self._variable_line(tokens, words, mentions, numbers)
                if variable is not None:
                    return [variable], None
            answer = self._answer_clause(clause)
            return ([answer] if answer is not None else []), None
        signed = self._signed_change(tokens, mentions)
        if signed is not None:
            return signed, None
        gerund = 1 if words[:1] == ("after",) else 0
        if len(words) > gerund + 1 and words[gerund] in _GERUNDS and \
                self._next_clause is not None and (gerund or self._in_gerund_chain):
            # "After giving 22 to Isabel: 23 - 22 = 1": the label's doer is the person the
            # line before counted (or the name before "after"), read as "gave 22 to Isabel";
            # "After getting 1 from Nexhat and giving 76 to Kosal, Ottilie has ...": the
            # doer is the subject of the clause the gerunds lead to
            if self._next_clause.after_colon:
                doer = inherited or self._counted_last() if gerund else None
            else:
                doer = self._main_subject()
            if doer is None:
                return [LooseGap(f"who is {words[1]!r}, the words do not say",
                                 Reading(LOOSE, (words[1],), ()))], None
            verb = Token(_GERUNDS[words[gerund]], "word")
            read = self._clause(Clause((verb, *tokens[gerund + 1:])), doer)
            self._in_gerund_chain = True
            return read
        self._in_gerund_chain = False
        passive = self._passive(tokens, mentions, numbers)
        if passive is not None:
            return passive
        terse = self._terse(tokens, mentions, numbers)
        if terse is not None:
            return terse
        colon = self._colon_form(tokens, mentions, numbers)
        if colon is not None:
            return [colon], None
        variable = self._variable_line(tokens, words, mentions, numbers)
        if variable is not None:
            return [variable], None
        started = self._topic_line(tokens, words, mentions, numbers)
        if started is not None:
            return [started], None
        first_number = numbers[0] if numbers else len(tokens)
        verb_index = None
        for i, w in enumerate(words[:first_number]):
            if w in ("has", "have", "had") and words[i + 1:i + 2] == ("to",):
                if i + 2 < first_number:  # "had to cut down 2 oak trees": the verb is "cut"
                    verb_index = i + 2
                break
            if w in ("has", "have", "had") and i + 1 < first_number:
                j = i + 1
                while j < first_number and words[j] in ("either", "already", "also", "just",
                                                        "now", "then", "since"):
                    j += 1
                following = words[j] if j < first_number else ""
                if following == "got":
                    pass  # "Tala has got 63 hammers": has
                elif following in _TRANSFER_VERBS or following in _SENDER_VERBS or \
                        following in _RECEIVER_VERBS or following in _PARTICIPLES:
                    verb_index = j  # "he had used 35", "had given away 70": the verb
                    break
            if w in _VERBS or w == "must" or (
                    w == ":" and any(m.end == i and m.position == 0 for m in mentions)):
                verb_index = i  # "Nigel: 75" (but "After Shahana: 63 + 90 = 153" labels a step)
                break
        if verb_index is None:
            verb_index = self._unknown_verb(words, mentions, first_number)
        boundary = verb_index if verb_index is not None else first_number
        resolved: list[tuple[str, str]] = []
        if "every" in self._words and any(m.position > 0 and words[m.position - 1] == "every"
                                          and m.kind == "name" for m in mentions):
            # "4 popsicles for every Sonam popsicle": a ratio between people
            return [LooseGap("a ratio to another person, which no claim states",
                             Reading(LOOSE, ("every",), ()))], None
        mentions, subject = self._resolve_mentions(mentions, boundary, resolved,
                                                         inherited)
        if mentions is None:
            ambiguity = self.discourse.ambiguity
            return ([LooseGap(ambiguity, Reading(LOOSE, (), tuple(resolved)))]
                    if ambiguity else []), None
        joiner = _subject_joiner(tokens, mentions, boundary)
        if joiner is not None:
            # "Dennie - Dianna: 19 - 4 = 15" names a difference, not the two together
            return [LooseGap(f"the names before the verb are joined by {joiner!r}, not 'and'",
                             Reading(LOOSE, (joiner,), tuple(resolved)))], None
        start = next((i for i, w in enumerate(words) if w not in _LEADS or w in _DEMONSTRATIVES),
                     len(words))
        opening = words[start] if start < len(words) else ""
        following = words[start + 1] if start + 1 < len(words) else ""
        if following in ("would", "will", "must") and start + 2 < len(words):
            following = words[start + 2]  # "That would leave them with 4 apples"
        refers = opening == "who" or following == "there" or following in _RESULT_VERBS or (
            opening == "which" and "than" in words and COMPARATIVES.keys() & set(words))
        if opening in _DEMONSTRATIVES and not refers and \
                not any(m.position < boundary for m in mentions):
            # "which is 83", "so that is 54", "That's 3 × 6 = 18 dollars": what "that" is
            # the words do not say; an expression in it is matched by its arithmetic
            return [], None
        if opening == "who" and inherited is not None and self.discourse.records and \
                not any(m.position < boundary for m in mentions):
            nearest = self.discourse.records[-1][-1][0]
            if nearest != inherited:  # "Nadeesha has 32, 13 fewer than Vivek, who has 45"
                self.discourse.ambiguity = f"'who' may be {_show(nearest)} or " \
                    f"{_show(inherited)}"
                return [LooseGap(self.discourse.ambiguity,
                                 Reading(LOOSE, ("who",), tuple(resolved)))], None
        there = "there" in words[:boundary + 1]
        self._continuation = False
        if subject is None and not there and inherited is not None and \
                not any(m.position < boundary for m in mentions):
            if verb_index is not None:
                subject = inherited
            elif clause.after_colon and self._last_predicate in ("cont", "comp"):
                # "Rasha has 52 fewer: 75 - 52 = 23 salamanders"
                subject, self._continuation = inherited, True
        if not numbers:
            if len(mentions) == 1 and mentions[0].kind == "name" and \
                    mentions[0].position == 0 and mentions[0].agents is not None and \
                    all(t.kind == "punct" for t in tokens[mentions[0].end or 1:]):
                self.discourse.heading = mentions[0].agents  # "- Aditya:" heads what follows
            self._note(mentions, subject)
            return [], subject
        items: list[LooseClaim | LooseGap] = []
        for n, position in enumerate(numbers):
            end = numbers[n + 1] if n + 1 < len(numbers) else len(tokens)
            if n > 0 and tokens[position - 1].kind == "sign" and \
                    tokens[position - 1].text in _OPERAND_SIGNS:
                continue  # "77 toasters (start) + 66 (from Olegario) = 143": an operand
            if position > 0 and words[position - 1] in _SETTING_PREPOSITIONS and \
                    (position < 2 or words[position - 2] not in PLACE_VERBS) and \
                    not {"each", "per", "apiece"} & set(words[position + 1:end]):
                continue  # "Joan grew 24 pumpkins in 34 days": 34 is no count of Joan's
            item = self._fact(tokens, words, mentions, subject, verb_index, position, end,
                              there, list(resolved))
            if n > 0 and isinstance(item, LooseClaim) and item.pattern.predicate == "transfer" \
                    and items and isinstance(items[-1], LooseClaim) and \
                    items[-1].pattern.predicate == "transfer":
                # "after Efua donates 59 to him he has 128", "gives 61 to Ndeye (1 left)":
                # the second number is no second transfer; "(1 left)" right after it is
                # what the giver has left
                first = items[-1].pattern
                second = item.pattern
                if position > 0 and words[position - 1] in ("and", ",") and \
                        second.args[:2] == first.args[:2] and second.args[3] != first.args[3] \
                        and tokens[position + 1:position + 2] and \
                        tokens[position + 1].kind == "word":
                    pass  # "His dad gave him 39 nickels and 31 quarters": two things given
                elif position > 0 and words[position - 1] == "(" and \
                        words[position + 1:position + 2] == ("left",) and \
                        (position + 2 == len(words) or words[position + 2].startswith(")")) and \
                        first.args[0] == subject:
                    item = self._resolve(ClaimPattern("cont", (subject, tokens[position].value,
                                                               first.args[3])),
                                         None, Reading(LOOSE, ("left",), tuple(resolved)))
                else:
                    item = LooseGap(f"a second number ({tokens[position].text}) for one "
                                    f"{words[verb_index] if verb_index is not None else 'verb'}",
                                    item.reading)
            if item is not None:
                if isinstance(item, LooseClaim) and item.pattern.predicate == "cont":
                    items.extend(self._unit_claims(tokens[position], item))
                items.append(item)
                if isinstance(item, LooseClaim):
                    self.discourse.claims.append(item.pattern.as_claim())
        self._note(mentions, subject)
        return items, subject

    def _note(self, mentions: list[_Mention], subject: Agents | None) -> None:
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

    def _resolve_mentions(self, mentions: list[_Mention], boundary: int,
                          resolved: list[tuple[str, str]], inherited: Agents | None = None
                          ) -> tuple[list[_Mention] | None, Agents | None]:
        """Pronouns to agents: the subject's first (in the discourse), then the others (not
        the subject: "Florencio gives him 82"); a pronoun with no referent, or one that may
        be the subject the clause carries on from or a person it names, reads nothing."""
        done: list[_Mention] = []
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
                            self.discourse.ambiguity = f"{word!r} may be {_show(inherited)} " \
                                f"or {_show(named)}"
                            return None, None
                    value = value or self.discourse.resolve(
                        word, exclude=None if phase == 0 or mention.kind == "possessive"
                        else subject)
                    if value is None and mention.kind == "possessive":
                        continue  # "in her bank": an owner that is no agent of the program
                    if value is None:
                        return None, None
                    resolved.append((word, _show(value)))
                    mention = attrs.evolve(mention, agents=value, pronoun=word)
                elif mention.kind == "pronoun":
                    resolved.append((mention.said, _show(value)))
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

    def _unknown_verb(self, words: tuple[str, ...], mentions: list[_Mention],
                      first_number: int) -> int | None:
        """"She sold 6 of them", "Edward won 9 tickets": the word right after a subject
        that opens the clause, when no list holds it (read only as a transfer that fits)."""
        start = 0
        while start < len(words) and (words[start] in _LEADS or words[start] in (",", "the")):
            start += 1
        subject = next((m for m in mentions if m.position == start and m.kind != "possessive"),
                       None)
        if subject is None:
            return None
        j = subject.end or subject.position + 1
        while j < first_number and words[j] in _VERB_ADVERBS:
            j += 1
        if j >= first_number or j + 1 > first_number:
            return None
        word = words[j]
        if not word.isalpha() or word in _STOP or word in COMPARATIVES or \
                (word in self.lex.first_words and not word.endswith("ed")) or \
                not (word.endswith("ed") or j + 1 == first_number
                                                     or words[j + 1] in ("away", "up", "out",
                                                                         "off", "down")):
            return None
        return j

    def _after_preposition_word(self, mention: _Mention) -> bool:
        """Is the mention the object of a preposition ("for his birthday", "at the store")?"""
        words = self._clause_words
        i = mention.position - 1
        while i >= 0 and words[i] in ("the", "a", "an", "his", "her", "their", "its"):
            i -= 1
        return i >= 0 and words[i] in _OBJECT_PREPOSITIONS

    def _named_object(self, done: list[_Mention], pronoun: _Mention,
                      subject: Agents | None) -> Agents | None:
        """The one person named before the pronoun in its own clause, other than its
        subject, whom the pronoun may be ("gives Vivek 50 (bringing him to 95)")."""
        gender = _gender(pronoun.said.split()[0])
        named = {m.agents for m in done if m.kind == "name" and m.agents is not None
                 and m.position < pronoun.position and m.agents != subject
                 and len(m.agents) == 1
                 and self.discourse.gender.get(_name(m.agents), gender) == gender}
        return named.pop() if gender is not None and len(named) == 1 else None

    def _topic_line(self, tokens: Sequence[Token], words: tuple[str, ...],
                    mentions: list[_Mention], numbers: list[int]) -> LooseClaim | None:
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
                words[numbers[0] - 1] != ":" or words[0] not in _START_LABELS:
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

    def _passive(self, tokens: Sequence[Token], mentions: list[_Mention], numbers: list[int]
                 ) -> tuple[list[LooseClaim | LooseGap], Agents | None] | None:
        """The passive voice, names after the verb: "71 visors are owned by Ujjwal",
        "70 visors were given to Ujjwal by Cornel", "48 visors are left with Ujjwal",
        "41 fewer toasters are owned by Eunbi than by Bryan". Every name is read as written
        (no pronoun), and the clause holds nothing else; a passive clause of another shape is
        unparsed, not read by the active clause's rules."""
        if len(numbers) != 1:
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in _LEADS:
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
        if entity is None or ambiguous or len(words) < 3 or words[0] not in _PASSIVE_BE:
            return None
        words = [w for w in words[1:] if w not in _PASSIVE_ADVERBS]
        if not words or (words[0] not in _PASSIVE_OWNED and words[0] not in _PASSIVE_GIVE
                         and words[0] != "left"):
            return None
        gap = LooseGap("a passive clause of no shape read ('owned by', 'given to ... by')",
                       Reading(LOOSE, (words[0],), ()))
        by_name = {m.position: m.agents for m in mentions}
        named = [by_name[j] for j in range(i, len(tokens)) if j in by_name]
        roles = tuple(w for w in words if w not in {_name(a) for a in named})
        # the words left once the names are taken out: the shape of the clause
        agents = tuple(named)
        pattern: ClaimPattern | None = None
        joined = roles[2:] == ("and",) * (len(agents) - 1) or \
            roles[2:] == ("and",) * (len(agents) - 1) + ("together",)
        if comparative is None and roles[:2] in _PASSIVE_OWN_SHAPES and agents and joined:
            more = self._names_continued()
            if more is None:
                return [gap], None
            agents = (*agents, *more)
            # "owned by Aditya and Leire together": the group's
            owners = agents[0].union(agents[1:])
            if len(owners) != len(agents):
                return [gap], None
            pattern = ClaimPattern("cont", (owners, number.value, entity))
        elif comparative is None and len(roles) == 3 and roles[0] in _PASSIVE_GIVE and \
                roles[1:] == ("to", "by") and len(agents) == 2 and agents[0] != agents[1]:
            pattern = ClaimPattern("transfer", (agents[1], agents[0], number.value, entity))
        elif comparative is None and len(roles) == 3 and roles[0] in _PASSIVE_GIVE and \
                roles[1:] == ("by", "to") and len(agents) == 2 and agents[0] != agents[1]:
            pattern = ClaimPattern("transfer", (agents[0], agents[1], number.value, entity))
        elif comparative is not None and len(roles) == 4 and roles[0] in _PASSIVE_OWNED and \
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

    def _terse(self, tokens: Sequence[Token], mentions: list[_Mention], numbers: list[int]
               ) -> tuple[list[LooseClaim | LooseGap], Agents | None] | None:
        """Notes without verbs: "Soizic 80 gyms" (a name, its count, nothing else) and
        "Vivek 13 more → 45" (more or fewer than the previous subject, then the count)."""
        if len(mentions) != 1:
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in _LEADS:
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

    def _names_continued(self) -> tuple[Agents, ...] | None:
        """The names the next clause adds to a list this clause ends with ("owned by Aditya
        | and Leire together", split at "and"): () when it starts no list or is a clause of
        its own; None when it starts with a name and holds more than names, but no verb
        (unclear whose the count is)."""
        following = self._next_clause
        if following is None:
            return ()
        mentions = self._mentions(following.tokens, {})
        first = next((i for i, t in enumerate(following.tokens) if t.lower not in _LEADS), 0)
        if not mentions or mentions[0].position != first:
            return ()
        taken = {i for m in mentions for i in range(m.position, m.end or m.position + 1)}
        rest = [t for i, t in enumerate(following.tokens) if i not in taken and
                t.kind != "punct" and t.lower not in ("and", "together", "combined")]
        if any(t.lower in _VERBS for t in rest):
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
            if clause.words[:1] and clause.words[0] in _GERUNDS:
                continue
            if clause.after_colon:
                return None
            mentions = self._mentions(clause.tokens, {})
            first = mentions[0] if mentions else None
            if first is None or first.position != 0 or first.kind != "name" or \
                    first.end >= len(clause.words) or clause.words[first.end] not in _VERBS:
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

    def _signed_change(self, tokens: Sequence[Token], mentions: list[_Mention]
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
            return [LooseGap(f"{preposition!r} {_show(other)} with the sign {sign!r}: which "
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

    def _colon_form(self, tokens: Sequence[Token], mentions: list[_Mention],
                    numbers: list[int]) -> LooseClaim | LooseGap | None:
        """"Lib's puzzles: 20" (a possessive, an entity, a colon, the number): a possession."""
        if len(numbers) != 1 or numbers[0] < 2 or tokens[numbers[0] - 1].text != ":":
            return None
        start = 0
        while start < len(tokens) and tokens[start].lower in _LEADS:
            start += 1
        owner = next((m for m in mentions if m.position == start), None)
        if owner is None or owner.agents is None or any(m.position > start for m in mentions):
            return None
        number = tokens[numbers[0]]
        if owner.kind in ("possessive", "pronoun"):
            entity, shown, ambiguous, after = self._entity(tokens, max(owner.end, start + 1))
            if after != numbers[0] - 1:
                return None
        else:
            return None
        if entity is None:
            return None
        resolved = [shown] if shown is not None else []
        reading = Reading(LOOSE, (":",), tuple(resolved))
        return self._resolve(ClaimPattern("cont", (owner.agents, number.value, entity)),
                             as_arithmetic(number), reading)

    def _agents_after(self, mentions: list[_Mention], start: int, end: int,
                      subject: Agents | None, resolved: list[tuple[str, str]],
                      kinds: tuple[str, ...] = ("name", "pronoun")) -> Agents | None:
        found: list[Agents] = []
        for mention in mentions:
            if not (start <= mention.position < end) or mention.kind not in kinds:
                continue
            if mention.agents is not None:
                found.append(mention.agents)
        return _joined(found)

    def _fact(self, tokens: Sequence[Token], words: tuple[str, ...], mentions: list[_Mention],
              subject: Agents | None, verb_index: int | None, position: int, end: int,
              there: bool, resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap | None:
        number = tokens[position]
        quantity = number.value
        arithmetic = as_arithmetic(number)
        cues: list[str] = []
        entity, shown, ambiguous, after = self._entity(tokens, position + 1)
        if entity is None and not ambiguous and position + 1 < len(tokens) and \
                tokens[position + 1].lower in COMPARATIVES:  # "88 more tadpoles than"
            entity, shown, ambiguous, after = self._entity(tokens, position + 2)
        if ambiguous:
            return LooseGap(f"the entity {' '.join(words[position + 1:after])!r} could be "
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
        if not named_before and verb is None and not there and after < len(words) and (
                words[after] in _LEAVING_VERBS or words[after] in _ARRIVING_VERBS) and \
                entity is not None:
            # "3 students left.": a transfer out of (or into) whoever held them
            return self._moved(words[after], quantity, entity, arithmetic, resolved)
        passive_at = after + (after < len(words) and words[after] == "more")
        if not named_before and verb is None and not there and passive_at + 1 < len(words) and \
                words[passive_at] in ("were", "was") and (
                    words[passive_at + 1] in _PARTICIPLES or
                    words[passive_at + 1] in _LABEL_EVENT_WORDS):
            # "3 hamburgers were served.", "Then 3 were sold.": the one transfer of that
            # many, either way
            moved = entity or self._context_entity(None, arithmetic)
            if moved is not None:
                return self._moved(words[passive_at + 1], quantity, moved, arithmetic,
                                   resolved)
        each = next((i for i, w in enumerate(words[:position]) if w in ("each", "every", "per")),
                    None)
        if each is None and self._each_context is not None and not there and \
                verb not in _TRANSFER_VERBS:
            # "In each round, Luke gained 46 points": the rate the opening phrase names
            each_tokens, each_at = self._each_context
            return self._each_rate(each_tokens, each_at, quantity, entity, arithmetic,
                                   resolved)
        if each is not None and not any(m.kind == "possessive" and m.position < position
                                        for m in mentions) and \
                not (verb in _TRANSFER_VERBS and named_before):
            # "Each crate holds 12 pears": a rate, never a count
            return self._each_rate(tokens, each, quantity, entity, arithmetic, resolved)
        comparative = next((COMPARATIVES[w] for w in window[:after - position + 1]
                            if w in COMPARATIVES), None)
        predicate = None
        args: dict[str, object] = {}
        group_total = False
        transfer_verb = verb in _TRANSFER_VERBS
        event_verb = verb is not None and (verb in EVENT_VERBS or verb not in _VERBS)
        if (transfer_verb or event_verb) and "than" not in window:
            comparative = None  # "receives 49 more from Ljiljana": a transfer, not a comparison
        if verb in _PASSIVE_BE and verb_index is not None and subject is not None and \
                verb_index + 1 < len(words) and words[verb_index + 1] in _PASSIVE_GIVE:
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
        result_of = verb in _RESULT_VERBS and (words[0] in ("which", "that") or
                                                verb.startswith(("leav", "making")))
        if result_of:
            # "which gives Nshuti 210 horses", "leaving Maarja with 24": the agent's count
            holder = self._agents_after(mentions, (verb_index or 0) + 1, end, None, resolved)
            if holder is None:
                return None
            cues.append(verb)
            predicate = "cont"
            args = {"A": holder}
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
                            if words[k] in ("in", "per") and words[k + 1] in _ONE_WORDS), None)
                if agent is None and per is not None:
                    # "There are 8 calories in 1 candy bar": a rate, never a count
                    return self._each_rate(tokens, per + 1, quantity, entity, arithmetic,
                                           resolved)
                if agent is None and entity is not None and \
                        TOTALS.isdisjoint(self._sentence_words):
                    # "There are 22 players.": whose, only the program can say, when one
                    # agent alone has a count of them
                    holders = {c.agent_sets[0] for c in self.lex.index.candidates(
                        ClaimPattern("cont", (None, None, entity)))}
                    if len(holders) != 1:
                        return None
                    agent = next(iter(holders))
            args = {"A": agent}
            if there and agent is None and not TOTALS.isdisjoint(self._sentence_words):
                group_total = True  # "So, in total, there are 70 pencils": the group's
        elif verb is not None and subject is not None and verb not in _VERBS:
            predicate = "event"  # a verb no list holds: read only as a transfer that fits
        else:
            return None
        if entity is None and any(m.position == position + 1 for m in mentions):
            return None  # "5 action figures" where "action figures" names an agent
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
            return LooseGap(f"'{_show(subject)}: {quantity}' may be a count or the transfer "
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
        reading = Reading(LOOSE, tuple(dict.fromkeys(cues)), tuple(dict.fromkeys(resolved)))
        group = predicate == "cont" and args.get("A") is None and (
            not TOTALS.isdisjoint(words) or group_total)
        return self._resolve(pattern, arithmetic, reading, group)

    def _variable_line(self, tokens: Sequence[Token], words: tuple[str, ...],
                       mentions: list[_Mention], numbers: list[int]
                       ) -> LooseClaim | LooseGap | None:
        """A variable list's line: "Number of short trees initially: 112", "Number of books
        Joan sold = 26", "Crayons on the desk = 6", "6 short bushes.", "2 short bushes to be
        cut down." Its words name an entity of the program, maybe an agent, maybe an event;
        it is read as the one count or transfer they fit, and a word that fits none of
        those (nor a time) leaves it unread. ``None`` when the clause is no such line."""
        if len(numbers) != 1 or tokens[numbers[0]].arithmetic is not None or \
                self._after_colon:
            return None  # an expression, or a clause going on after a colon: other readers'
        n = numbers[0]
        start = 0
        while start < len(words) and (words[start] in _LEADS or words[start] in ("-", "*")):
            start += 1
        if n >= 2 and words[n - 1] in ("is", "was", "are", "were") and \
                words[start:start + 3] in (("the", "number", "of"), ("the", "total", "number")):
            start += 1  # "The number of pears that were picked in total is 11."
        if n >= 2 and words[n - 1] in (":", "=", "is", "was", "are", "were") and \
                n - 1 > start and (words[n - 1] in (":", "=") or words[start] in ("number",
                                                                                 "total")):
            label = list(range(start, n - 1))
            # what follows the number: a unit of the entity, punctuation, nothing more
            unit, _shown, _ambiguous, after = self._entity(tokens, n + 1)
            if any(tokens[i].kind == "word" for i in range(after, len(tokens))):
                return None
        elif n == start and not any(w in _VERBS or w in _LEAVING_VERBS or w in _ARRIVING_VERBS
                                    for w in words):
            label = list(range(n + 1, len(words)))  # "6 short bushes." "7 trees in the park."
            unit = None
        else:
            return None
        label_words = [words[i] for i in label if tokens[i].kind == "word"]
        if not label_words or any(tokens[i].kind == "number" for i in label):
            return None
        if {"per", "each", "every"} & set(label_words):
            return None  # a rate's label ("Slices per pizza: 4"): the rate paths read it
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
        if entity is None:
            entity = unit
        if entity is None:
            return None
        if unit is not None and unit != entity:
            return LooseGap(f"the label names {entity}, its number {unit}",
                            Reading(LOOSE, tuple(reading_cues), ()))
        agents = [m for m in mentions if m.position in label and m.agents is not None
                  and m.said.lower() not in _LABEL_EVENT_WORDS and m.said.lower() not in
                  _LABEL_GLUE]
        for m in agents:
            used.update(range(m.position, m.end or m.position + 1))
        event = [words[i] for i in label if words[i] in _LABEL_EVENT_WORDS and i not in used]
        others = [words[i] for i in label if i not in used and tokens[i].kind == "word"
                  and words[i] not in _LABEL_GLUE and words[i] not in _LABEL_EVENT_WORDS
                  and words[i] not in _ENTITY_FILLER]
        reading = Reading(LOOSE, tuple(reading_cues + event), tuple(resolved))
        if others:
            return LooseGap(f"the line's words {' '.join(others)!r} say what no claim states",
                            reading)
        number = tokens[n]
        if "left" in label_words and any(
                a.predicate == "transfer" and a.entity == entity and a.quantity == number.value
                for a in self.lex.index.program.axioms):
            # "Number of customers left: 5": those remaining, or those who went away
            return LooseGap(f"'left' may say {number.value} remain or {number.value} went "
                            "away", reading)
        named = {m.agents for m in agents}
        if len(named) > 1:
            return LooseGap("the line names several agents", reading)
        agent = next(iter(named), None)
        if event:
            fitting = [a for a in self.lex.index.program.axioms if a.predicate == "transfer"
                       and a.entity == entity and (agent is None or agent in a.agent_sets)]
            same = [a for a in fitting if a.quantity == number.value]
            sides = {(a.args[0], a.args[1]) for a in (same or fitting)}
            if not fitting and "total" not in label_words:
                event = []  # "Number of decks bought: 3" when buying is a count: the count
            elif len(sides) != 1:
                return LooseGap(f"{' '.join(event)!r}: which transfer of {entity}, the words "
                                "do not say", reading)
            sender, receiver = next(iter(sides))
            return self._resolve(ClaimPattern("transfer", (sender, receiver, number.value,
                                                           entity)),
                                 as_arithmetic(number), reading)
        if agent is None:
            holders = {c.agent_sets[0] for c in self.lex.index.candidates(
                ClaimPattern("cont", (None, None, entity)))}
            if "total" in label_words or "altogether" in label_words:
                holders = {h for h in holders if len(h) > 1} or holders
            if len(holders) != 1:
                return LooseGap(f"whose {entity} the line counts, the words do not say",
                                reading)
            agent = next(iter(holders))
        elif not self.lex.index.is_theorem(Claim("cont", (agent, number.value, entity))) and \
                any(a.predicate == "transfer" and a.quantity == number.value and
                    a.entity == entity and agent in a.agent_sets
                    for a in self.lex.index.program.axioms):
            # "Dan: 28 pears" after Sara gave Dan 28 pears: what Dan has, or what he got
            return LooseGap(f"'{_show(agent)}: {number.value}' may be a count or the "
                            f"transfer of {number.value}", reading)
        return self._resolve(ClaimPattern("cont", (agent, number.value, entity)),
                             as_arithmetic(number), reading)

    def _label_line(self, tokens: Sequence[Token], words: tuple[str, ...], colon: int,
                    position: int, entity: str | None, after: int,
                    resolved: list[tuple[str, str]]) -> LooseClaim | LooseGap | None:
        """"Pennies: 36" is the count of pennies of the one agent the program gives
        pennies; "Cracked: 3 seashells" the count of cracked seashells. A label whose words
        name no entity of the program ("Time to paint each wall: 3") is not read."""
        start = 0
        while start < colon and words[start] in _LEADS:
            start += 1
        label = [w for w in words[start:colon] if w not in _ENTITY_FILLER]
        reading = Reading(LOOSE, (":",), tuple(resolved))
        if not label:
            return None
        said = " ".join(words[start:colon])
        candidates = []
        for phrase in (label + (entity.split() if entity else []), label):
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
        return self._resolve(ClaimPattern("cont", (next(iter(holders)), number.value, counted)),
                             as_arithmetic(number), reading)

    def _moved(self, verb: str, quantity: int | None, entity: str,
               arithmetic: Arithmetic | None, resolved: list[tuple[str, str]]
               ) -> LooseClaim | LooseGap:
        """"3 students left": the one transfer of the program of that entity in the verb's
        direction (the holder gives them up, or gets them)."""
        leaving = verb in _LEAVING_VERBS
        reading = Reading(LOOSE, (verb,), tuple(resolved))
        fitting = [a for a in self.lex.index.program.axioms
                   if a.predicate == "transfer" and a.entity == entity]
        same = [a for a in fitting if a.quantity == quantity]
        pool = same or fitting
        if verb not in _LEAVING_VERBS and verb not in _ARRIVING_VERBS:
            # a passive "were served": no direction, so only a transfer of that many
            if len({(a.args[0], a.args[1]) for a in same}) != 1:
                return LooseGap(f"{verb!r}: which transfer of {entity}, the words do not say",
                                reading)
            found = same[0]
            return LooseClaim(ClaimPattern("transfer", (found.args[0], found.args[1], quantity,
                                                        entity)), arithmetic, reading)
        sides = {(a.args[0], a.args[1]) for a in pool}
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
        container, shown, _ambiguous, _after = self._entity(tokens, start)
        if shown is not None:
            resolved.append(shown)
        if container is None or entity is None:
            return LooseGap("'each' names a rate whose container or entity the words do not "
                            "say", reading)
        rates = [a for a in self.lex.index.program.axioms if a.predicate == "rate"
                 and a.args[3] == container and a.entity == entity]
        owners = {a.args[0] for a in rates}
        if len(owners) != 1:
            return LooseGap(f"'each {container}' fits {len(owners) or 'no'} rate(s) of the "
                            f"program", reading)
        return LooseClaim(ClaimPattern("rate", (next(iter(owners)), quantity, entity,
                                                container)), arithmetic, reading)

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
            if subject == sender and verb not in _RECEIVER_VERBS:
                fitting.append((sender, receiver, atom.quantity))
            elif subject == receiver and verb not in _SENDER_VERBS:
                fitting.append((sender, receiver, atom.quantity))
        if not fitting:
            return None
        same = [f for f in fitting if f[2] == quantity]
        count_fits = quantity is not None and index.is_theorem(
            Claim("cont", (subject, quantity, entity)))
        if count_fits and not (more and same):  # "Jake brought 6" when he has 6: the count
            if same:
                return LooseGap(f"{verb!r} may state the count {quantity} or the transfer of "
                                f"{quantity}", Reading(LOOSE))
            return None
        if not same and verb not in _SENDER_VERBS and any(
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

    def _after_preposition(self, mentions: list[_Mention], words: tuple[str, ...],
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
                    return self._agents_after(mentions, start, start + 1, subject, resolved)
        return None

    def _resolve(self, pattern: ClaimPattern, arithmetic: Arithmetic | None,
                 reading: Reading, group: bool = False) -> LooseClaim | LooseGap:
        receivers = pattern.args[1] if pattern.predicate == "transfer" else None
        if isinstance(receivers, Agents) and len(receivers.names) > 1 and \
                "each" in self._words:  # "gives each of Ragna and Sonam 32": 32 apiece
            return LooseGap(f"reads as {pattern}, but 'each' says otherwise", reading)
        owners = pattern.args[0] if pattern.predicate == "cont" else None
        if isinstance(owners, Agents):
            # "Vivek and Sonam each have 63", "the difference between them is 46": no total;
            # "Sonam has 15, so together 78": a total, but not Sonam's
            cue = (_NO_TOTAL_CUES if len(owners.names) > 1 else _TOTAL_CUES) & self._words
            if cue:
                return LooseGap(f"reads as {pattern}, but {'/'.join(sorted(cue))!r} says "
                                "otherwise", reading)
        if pattern.is_complete:
            return LooseClaim(pattern, arithmetic, reading)
        candidates = self.lex.index.candidates(pattern)
        heading = self.discourse.heading
        if group and heading is not None and not _GROUP_CUES & self._words:
            # "- Aditya: ... - total: 187": Aditya's total, or everyone's
            return LooseGap(f"a total under the heading {_show(heading)!r}: theirs or the "
                            "group's", reading)
        if group:  # "Together: 276 horses": only a group's count fits
            candidates = [c for c in candidates if len(c.agent_sets[0]) > 1]
        if len(candidates) == 1:
            return LooseClaim(ClaimPattern.of(candidates[0]), arithmetic, reading)
        if candidates:
            shown = " or ".join(map(str, sorted(candidates, key=str)[:3]))
            return LooseGap(f"reads as {pattern}, which fits several theorems: {shown}", reading)
        if pattern.predicate == "cont" and pattern.args[0] is None and \
                ("there" in self._words or not TOTALS.isdisjoint(self._words)) and \
                not self._names_agents and \
                self.query_pattern.predicate == "cont" and \
                self.query_pattern.args[2] == pattern.args[2] and \
                (not group or len(self.query_pattern.args[0]) > 1):
            # "there are 75 scissors in all": the question's container
            completed = ClaimPattern("cont", (self.query_pattern.args[0], *pattern.args[1:]))
            if completed.is_complete:
                return LooseClaim(completed, arithmetic, reading)
        return LooseGap(f"reads as {pattern}, which no theorem of the program fits", reading)

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


_OPERAND_SIGNS = frozenset({"+", "-", "−", "–", "×", "*", "/"})
_NO_TOTAL_CUES = frozenset({"each", "difference"})
_TOTAL_CUES = frozenset({"together", "combined"})
_PASSIVE_BE = frozenset({"is", "are", "was", "were"})
_PASSIVE_ADVERBS = frozenset({"now", "then", "also", "still", "initially", "originally", "all"})
_PASSIVE_OWNED = frozenset({"owned", "possessed", "had", "held", "kept"})
_PASSIVE_GIVE = frozenset({"given", "donated", "handed", "passed", "sent", "gifted", "lent"})
_PASSIVE_OWN_SHAPES = frozenset({(verb, "by") for verb in _PASSIVE_OWNED} |
                                {("left", "with"), ("left", "for")})
# words that name a group's total, where "total" alone may be one person's
_GROUP_CUES = frozenset({"together", "combined", "altogether", "both", "all"})

PRONOUNS = _SINGLE_PRONOUNS | _PLURAL_PRONOUNS | frozenset({"it", "this", "that"})


def question_like(words: Sequence[str]) -> bool:
    return bool(words) and (words[-1] == "?" or words[0] in ("how", "what", "which", "who"))


def _subject_joiner(tokens: Sequence[Token], mentions: Sequence[_Mention],
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


def _cell_count(cell: str) -> Token | None:
    """A table cell that is one count ("45", "17 × 11 = 187"), else None."""
    tokens = [t for clause in read_clauses(cell) for t in clause.tokens if t.kind != "punct"]
    return tokens[0] if len(tokens) == 1 and tokens[0].kind == "number" else None


def misread_names(pattern: ClaimPattern, index: ProgramIndex) -> bool:
    """Did the template grammar take a pronoun for a name, or read words the program does
    not know as a name or an entity ("He gave Fred 16 of the balloons")? Then the loose
    reader, which resolves them, reads the sentence instead."""
    args = pattern.args
    for position, is_agents in _NAME_POSITIONS[pattern.predicate]:
        value = args[position]
        if is_agents:
            if isinstance(value, Agents) and not value.names <= index.agent_names:
                return True
        elif value is not None and value not in index.entities:
            return True
    return False


# per predicate: the claim positions of agent sets and entities (True for an agent set)
_NAME_POSITIONS = {
    predicate: tuple((i, kind == "agents") for i, kind in
                     enumerate(k for k in kinds if k != "time") if kind in ("agents", "entity"))
    for predicate, kinds in SIGNATURES.items()}


def overreaching_names(pattern: ClaimPattern, index: ProgramIndex) -> str | None:
    """A name or entity the template grammar read past a program's name into words around
    it ("suppose iosefa", "popsicles each", "times as many footballs as gyms"): the words
    hold a name of the program and more, so the sentence says something the template does
    not state (a supposition, a per-person count, a ratio). The misread name, else None."""
    for kind, value in zip(pattern.kinds, pattern.args, strict=True):
        if kind == "agents" and isinstance(value, Agents):
            for name in value.names - index.agent_names:
                if any(_holds_words(name, known) for known in index.agent_names):
                    return name
        if kind == "entity" and isinstance(value, str) and value not in index.entities:
            if any(_holds_words(value, known) for known in index.entities):
                return value
    return None


def _holds_words(said: str, known: str) -> bool:
    """``said`` holds ``known`` as a run of whole words, with more words around it."""
    words, part = said.split(), known.split()
    return len(words) > len(part) and any(
        words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


def fits_shortened(words: Sequence[str], entity_words: Sequence[str]) -> bool:
    """A shortened entity: the words said are the entity's words with some left out, in
    order, keeping its head noun or its first word ("balloons", "yellow" for yellow marbles)."""
    if len(words) >= len(entity_words):
        return False
    iterator = iter(entity_words)
    return all(w in iterator for w in words) and (
        words[-1] == entity_words[-1] or words[0] == entity_words[0])


def as_arithmetic(token: Token) -> Arithmetic | None:
    expression = token.arithmetic
    if expression is None:
        return None
    return expression if expression.rule_shaped else None


def _show(agents: Agents) -> str:
    return " and ".join(agents.sorted_names())


__all__ = ["Discourse", "Lexicon", "LooseArithmetic", "LooseClaim", "LooseGap", "PRONOUNS",
           "SentenceReader", "as_arithmetic", "fits_shortened", "lexicon", "misread_names",
           "overreaching_names",
           "subject_of"]
