"""Real word problems (AddSub / SingleEq / MultiArith / SVAMP style) into programs.

``encode(text)`` reads a problem sentence by sentence into the rule table's facts (counts,
transfers, comparisons, rates, unions) and its question into a query, or refuses it with the
first sentence it cannot read and the reason ("division is not in the rule table", "two
readings of 'they'"). Precision first: a sentence is read only where its words have one
reading; anything else is a refusal, never a guess. A sentence in the template language is
read by the grammar (``vlp.grammar.parse_sentence``), so generated problems read as before.

Times follow DESIGN §3 as ``vlp.grammar.parse_problem`` does: the k-th transfer stated
happens at time k, every other fact holds at the number of transfers stated before it, and
the question asks about the last time. A counterparty the text does not name is an agent
named for what it is ("Tom ate 3 apples": ``transfer({tom}, {eaten}, 3, apples, t)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from vlp.errors import InputError
from vlp.grammar.inflect import to_plural
from vlp.kernel import Agents, Atom, Claim, Program, Query, last_time
from vlp.limits import check_program

from .clauses import (
    VERBS,
    Context,
    Count,
    Unreadable,
    agents_at,
    clause_starts,
    counts_at,
    is_name,
)
from .words import (
    ACQUIRE,
    BE,
    BUY,
    GAIN,
    GIVE,
    HAVE,
    LEMMA,
    LESS,
    LOSE,
    LOST_PARTICIPLES,
    MORE,
    NOT_WHOLE_RE,
    PERSONAL_CONTAINERS,
    PHRASE_ENDS,
    PLACE,
    PLURAL_PRONOUNS,
    REMOVE,
    TAKE,
    TIME_WORDS,
    UNKNOWN_AMOUNTS,
    Token,
    plural_noun,
    prepare,
    tokens,
)

_SENTENCE_END_RE = re.compile(r"(?<=[.?!])\s+|(?<=\S)\s+(?=(?:How|What)\s)")
_QUESTION_START_RE = re.compile(r",?\s*\b(?=(?:how|what)\s+(?:many|much)\b)", re.IGNORECASE)
_DIVISION = re.compile(r"\b(?:split|splits|divide|divided|divides|equally|evenly|share|shared|"
                       r"shares|average|ratio|equal number|same number|same amount)\b",
                       re.IGNORECASE)
_MULTIPLE = re.compile(r"\b(?:twice|double|doubled|triple|tripled|thrice|times as|as many as|"
                       r"as much as|quadruple|times|dozens?)\b", re.IGNORECASE)
_PER_TIME = re.compile(r"\b(?:a|an|per|each|every) (?:day|week|month|year|hour|minute|night)\b|"
                       r"\bdaily\b|\bweekly\b", re.IGNORECASE)
_EARLIER = re.compile(r"\b(?:at first|at the start|in the beginning|at the beginning|to begin "
                      r"with|to start with|to start|originally|initially|before|after)\b",
                      re.IGNORECASE)
_TOTAL_WORDS = frozenset("all total altogether together combined".split())
_LEADING = frozenset("then later now so also after finally meanwhile yesterday today "
                     "afterwards".split())
_PREPOSITIONS = frozenset("at on in for during after before by with over from while when as "
                          "since".split())


@attrs.frozen
class Refusal:
    """A problem not encoded: the first sentence that could not be read, and why."""

    sentence: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason}: {self.sentence!r}"


@attrs.frozen
class Encoding:
    """A problem read into a program: ``axiom_order[i]`` stated by ``sentences[i]``."""

    program: Program
    query: Query
    axiom_order: tuple[Atom, ...]
    sentences: tuple[str, ...]
    question: str


@attrs.frozen
class _Fact:
    claim: Claim
    sentence: str
    verb: str  # the lemma of the verb that stated it ("have", "grow")


class _Problem:
    def __init__(self) -> None:
        self.context = Context()
        self.facts: list[_Fact] = []
        self.rates: list[tuple[int, str, str, str | None, str]] = []  # deferred rates
        self.counterparties: set[str] = set()

    def holders(self, entity: str) -> list[str]:
        """Agents stated to hold a count of ``entity``, in order of mention."""
        found: list[str] = []
        for fact in self.facts:
            claim = fact.claim
            if claim.predicate == "cont" and claim.entity == entity:
                for name in sorted(claim.args[0].names):  # type: ignore[union-attr]
                    if name not in found:
                        found.append(name)
        return found

    def has_count(self, agent: str, entity: str) -> bool:
        return any(f.claim.predicate in ("cont", "transfer") and f.claim.entity == entity
                   and any(agent in a.names for a in f.claim.agent_sets) for f in self.facts)

    def add(self, claim: Claim, sentence: str, verb: str) -> None:
        self.facts.append(_Fact(claim, sentence, verb))
        self.context.count(claim.entity)


def encode(text: str) -> Encoding | Refusal:
    """The program and query of a word problem, or the first sentence refused and why."""
    templated = _in_template_language(text)
    if templated is not None:
        return templated
    problem = _Problem()
    sentences = [s.strip() for s in _SENTENCE_END_RE.split(text.strip()) if s.strip()]
    if not sentences:
        return Refusal("", "the problem is empty")
    question: tuple[str, list[Token]] | None = None
    for position, sentence in enumerate(sentences):
        statement, asked = _split_question(sentence)
        for cue, reason in ((NOT_WHOLE_RE, "a quantity that is not a whole number is not in "
                                          "the rule table"),
                            (_DIVISION, "division is not in the rule table"),
                            (_MULTIPLE, "'twice as many' is not a rule"),
                            (_PER_TIME, "a rate over time is not in the rule table")):
            found = cue.search(sentence)
            if found:
                return Refusal(sentence, f"{reason} ('{found.group(0)}')")
        if asked is not None and position != len(sentences) - 1:
            return Refusal(sentence, "the question must come last")
        if statement:
            try:
                _read_statement(problem, statement, sentence)
            except Unreadable as error:
                return Refusal(sentence, error.reason)
        if asked is not None:
            asked = re.sub(r"\s+when\s+[^?]*", "", asked, flags=re.IGNORECASE)
            asked = re.sub(r"^what amount of money\b", "How much money", asked.strip(),
                           flags=re.IGNORECASE)
            question = (sentence, tokens(prepare(asked)))
    if question is None:
        return Refusal(sentences[-1], "the problem asks no question")
    try:
        _place_rates(problem)
        query_claim = _read_question(problem, question[1])
    except Unreadable as error:
        return Refusal(question[0], error.reason)
    if not problem.facts:
        return Refusal(sentences[0], "the problem states no facts")
    return _program(problem, query_claim, question[0])


def _in_template_language(text: str) -> Encoding | None:
    """The grammar's reading of a problem in the template language (generated problems are
    read exactly as ``parse_problem`` reads them), else ``None``."""
    from vlp.grammar import parse_problem

    try:
        parsed = parse_problem(text)
    except InputError:
        return None
    return Encoding(parsed.program, parsed.query, parsed.axiom_order, parsed.sentences,
                    parsed.question)


def _split_question(sentence: str) -> tuple[str, str | None]:
    """(statement part, question part) of a sentence: "If each box has 3 pieces, how many
    pieces ...?" is a statement then a question; "How much ... if Edward bought 3 decks?"
    is a question whose condition is stated first."""
    if not sentence.rstrip().endswith("?") and not re.match(r"(?i)\s*(how|what)\s", sentence):
        return sentence, None
    match = _QUESTION_START_RE.search(sentence)
    if match is None or not re.match(r"(?i)(how|what)", sentence[match.end():]):
        return "", sentence
    statement = sentence[:match.start()].strip(" ,")
    asked = sentence[match.end():]
    condition = re.search(r"\s+if\s+(.*?)\??$", asked, re.IGNORECASE)
    if condition is not None:
        asked = asked[:condition.start()] + "?"
        statement = f"{statement}. {condition.group(1)}" if statement else condition.group(1)
    return statement, asked


def _read_statement(problem: _Problem, statement: str, sentence: str) -> None:
    for part in re.split(r"(?<=[.?!])\s+", statement):
        words = tokens(prepare(re.sub(r"^(?:if|when)\s+", "", part.strip(),
                                      flags=re.IGNORECASE)))
        words = _strip_leading(words)
        if not words:
            continue
        if _EARLIER.search(part) and problem.facts:
            raise Unreadable("a count stated for a time before a change already read")
        unknown = next((t.lower for t in words if t.lower in UNKNOWN_AMOUNTS), None)
        if unknown is not None:
            raise Unreadable(f"an unknown quantity ('{unknown}') is not in the rule table")
        words = _relative_subjects(_out_of(words))
        if not any(t.number is not None for t in words):
            try:  # "Danny collects bottle caps.": Danny is who "he" is next
                named = agents_at(words, 0, problem.context)
            except Unreadable:
                named = None
            if named is not None and words[0].text[:1].isupper():
                problem.context.subject = named[0]
            verb_at = next((i for i, t in enumerate(words) if t.lower in HAVE), None)
            if verb_at is not None and verb_at + 1 < len(words) and \
                    words[verb_at + 1].text.isalpha() and words[verb_at + 1].lower not in (
                        "a", "an", "the", "to", "been", "no", "one") and \
                    words[verb_at + 1].lower not in LEMMA:  # "Jason had Pokemon cards."
                raise Unreadable("a count with no number")
            if any(t.lower in LOSE or t.lower in GIVE or t.lower in TAKE or t.lower in PLACE
                   or t.lower in REMOVE or t.lower in ("all", "rest", "remaining")
                   for t in words):
                raise Unreadable("a change of a count with no number")
            continue  # a sentence with no number states no fact the rule table holds
        starts = clause_starts(words, problem.context)
        for begin, end in zip(starts, [*starts[1:], len(words)], strict=True):
            clause = words[begin:end]
            while clause and clause[-1].lower in (",", "and", "but", "then", ";", "while"):
                clause = clause[:-1]
            _read_clause(problem, _strip_leading(clause), sentence)


def _out_of(words: list[Token]) -> list[Token]:
    """"took 3 crayons out of the drawer" reads as "from the drawer"."""
    found: list[Token] = []
    for index, token in enumerate(words):
        if token.lower == "out" and index + 1 < len(words) and words[index + 1].lower == "of":
            found.append(Token("from", "from"))
        elif not (token.lower == "of" and index > 0 and words[index - 1].lower == "out"):
            found.append(token)
    return found


def _relative_subjects(words: list[Token]) -> list[Token]:
    """"Steven who has 8 more peaches" -> "Steven, Steven has 8 more peaches": a relative
    clause becomes a clause of its own about the name before it."""
    found: list[Token] = []
    for index, token in enumerate(words):
        if token.lower == "who" and index > 0 and index + 1 < len(words) and \
                words[index + 1].lower in HAVE | ACQUIRE:
            if is_name(words[index - 1]):
                found += [Token(",", ","), words[index - 1]]
                continue
            if index > 1 and words[index - 2].lower == "the" and words[index - 1].text.isalpha():
                found += [Token(",", ","), words[index - 2], words[index - 1]]  # "the frog who"
                continue
        found.append(token)
    return found


def _strip_leading(words: list[Token]) -> list[Token]:
    """Drop leading "Then", "Later", "At the arcade," and "On Monday" before a subject."""
    if len(words) > 2 and words[0].lower in ("last", "this", "next") and \
            words[1].lower in TIME_WORDS:  # "Last week Tim had 12 dollars"
        words = words[2:]
        if words and words[0].text == ",":
            words = words[1:]
    while words and words[0].lower in _LEADING and len(words) > 1:
        words = words[1:]
        if words and words[0].text == ",":
            words = words[1:]
    if words and (words[0].lower in _PREPOSITIONS or (
            words[0].lower == "the" and len(words) > 1 and words[1].lower in ("next",
                                                                               "following"))):
        comma = next((i for i, t in enumerate(words) if t.text == ","), None)
        if comma is not None and not any(t.number is not None for t in words[:comma]):
            return _strip_leading(words[comma + 1:])
        for start in range(2, min(len(words), 7)):  # "At the arcade Dave had won ..."
            if words[start].lower == "there" and start + 1 < len(words) and \
                    words[start + 1].lower in BE:
                return words[start:]  # "At the fair there were 12 people in line"
            if (is_name(words[start]) or words[start].lower in ("he", "she")) and \
                    not any(t.number is not None for t in words[:start]) and \
                    start + 1 < len(words) and (words[start + 1].lower in VERBS or
                                                words[start + 1].lower in BE):
                return words[start:]
    return words


def _read_clause(problem: _Problem, clause: list[Token], sentence: str) -> None:
    if not clause or not any(t.number is not None for t in clause):
        return
    context = problem.context
    said = " ".join(t.text for t in clause)
    if clause[0].lower in ("each", "every"):
        _read_rate(problem, clause, sentence)
        return
    if clause[0].lower == "there" and len(clause) > 1 and clause[1].lower in BE:
        start = 2
        while start < len(clause) and clause[start].lower in _PLACE_ADVERBS:
            start += 1
        while True:  # "There are 43 pencils in the drawer and 19 pencils on the desk"
            counts, end = counts_at(clause, start, context)
            holder = _location(clause, end, context)
            if not counts or holder is None:
                raise Unreadable(f"no holder of the count in '{said}'")
            for count in counts:
                problem.add(_cont(holder, _entity_of(problem, count, said), count.quantity),
                            sentence, "have")
            end = _location_end(clause, end)
            if end + 1 < len(clause) and clause[end].lower == "and" and \
                    clause[end + 1].number is not None:
                start = end + 1
                continue
            _check_rest(clause, end, said)
            return
    if clause[0].number is not None and context.subject is not None and \
            any(t.lower == "than" for t in clause):  # "and 3 more peaches than Jill"
        clause = [Token("has", "has"), *clause]
        found_subject: tuple[str, ...] | None = context.subject
    else:
        found_subject = None
    if clause[0].number is not None:  # "44 campers went rowing": no holder
        _read_count_first(problem, clause, sentence, said)
        return
    if clause[0].lower == "they" and context.subject is not None and \
            len(context.subject) == 1 and context.subject[0] not in context.people:
        clause = [Token("the", "the"), *(Token(w, w) for w in context.subject[0].split()),
                  *clause[1:]]  # "A store had 50 oranges. They threw away 40": the store
    elif clause[0].lower in PLURAL_PRONOUNS:
        raise Unreadable("two readings of 'they'")
    together = clause[0].lower == "together"
    start = 1 if together else 0
    found = agents_at(clause, start, context) if found_subject is None else None
    if found is None:
        if context.subject is None or not (clause[0].lower in HAVE | ACQUIRE | GIVE | TAKE |
                                           PLACE or clause[0].lower in LOSE or
                                           found_subject is not None):
            raise Unreadable(f"no reading of '{said}'")
        names, index = context.subject, 0  # "and gave 3 to Sam": the subject carried over
    else:
        names, index = found
        for name in names:
            if " " not in name and clause[start].text[:1].isupper() or name in context.people:
                context.mention(name)
    together = together or (index < len(clause) and clause[index].lower == "together")
    context.subject = names
    while index < len(clause) and clause[index].lower in ("also", "then", "still", "already",
                                                          "only", "just", "now", "together",
                                                          "later", "initially", "originally",
                                                          "will", "each"):
        index += 1
    if index + 1 < len(clause) and clause[index].lower in ("had", "has", "have") and \
            clause[index + 1].lower == "to":
        index += 2  # "had to cut down 2 oak trees"
    if index >= len(clause):
        raise Unreadable(f"no verb in '{said}'")
    verb = clause[index].lower
    if verb in ("had", "has", "have") and index + 1 < len(clause) and \
            clause[index + 1].lower in ACQUIRE | GIVE | TAKE | PLACE:
        index += 1
        verb = clause[index].lower
    if verb in ("was", "were", "is", "are") and index + 1 < len(clause) and \
            clause[index + 1].lower.endswith("ing"):  # "were buying"
        index += 1
        verb = clause[index].lower
    if verb in ("was", "were") and index + 1 < len(clause) and \
            clause[index + 1].lower in ("given", "sent", "handed"):
        counts, end = counts_at(clause, index + 2, context)
        sender = _after(clause, end, "by", context) or ("givers",)
        _check_rest(clause, end, said, allowed=_phrase_end(clause, end, "by", context))
        _transfers(problem, sender, names, counts, sentence, said)
        return
    if len(names) > 1 and not together and not _each_follows(clause, index):
        raise Unreadable(f"two readings of '{' and '.join(n.title() for n in names)}' "
                         f"(each, or together)")
    if verb in LOSE and index + 1 < len(clause) and clause[index + 1].lower in ("away", "out"):
        index += 1  # "threw away 54 of the old ones", "threw out 11 of them"
    down = verb in REMOVE and index + 1 < len(clause) and clause[index + 1].lower == "down"
    if down:
        index += 1  # "cut down 2 oak trees"
    holder: tuple[str, ...] = tuple(sorted(names)) if together else names
    if together:
        context.subject = holder
    counts, end = counts_at(clause, index + 1, context)
    if verb in GIVE:
        receiver = None
        if not counts:  # "gave Mary 14 of the marbles"
            receiver_found = agents_at(clause, index + 1, context)
            if receiver_found is None:
                raise Unreadable(f"no reading of '{said}'")
            receiver = receiver_found[0]
            counts, end = counts_at(clause, receiver_found[1], context)
        if receiver is None and end < len(clause) and clause[end].lower == "away":
            receiver, end = ("given away",), end + 1
        if receiver is None:
            receiver = _after(clause, end, "to", context)
            end = _phrase_end(clause, end, "to", context)
        if receiver is None:
            raise Unreadable(f"'{said}' names no one it is given to")
        _transfers(problem, holder, receiver, counts, sentence, said)
        while end + 1 < len(clause) and clause[end].lower == "and" and \
                clause[end + 1].number is not None:  # "gave 3 to Jessica and 6 to Sara"
            counts, end = counts_at(clause, end + 1, context)
            receiver = _after(clause, end, "to", context)
            if receiver is None:
                raise Unreadable(f"'{said}' names no one it is given to")
            end = _phrase_end(clause, end, "to", context)
            _transfers(problem, holder, receiver, counts, sentence, said)
        _check_rest(clause, end, said)
        return
    if not counts:  # "were buying trick decks for 6 dollars each": a price, no count
        words_end = index + 1
        while words_end < len(clause) and clause[words_end].number is None and \
                clause[words_end].lower not in ("for", "at"):
            words_end += 1
        noun: list[str] = []
        for token in clause[index + 1:words_end]:
            if token.lower in ("the", "a", "some"):
                continue
            if token.lower in PHRASE_ENDS or not token.text.isalpha():
                break
            noun.append(token.lower)
        rate = _rate_after(clause, words_end, context)
        price = _price_after(clause, words_end, context) if rate is None else None
        if price is not None and verb in BUY and noun and \
                all(problem.has_count(name, "dollars") for name in holder):
            _check_rest(clause, price[1], said)  # "bought a hot dog for 3 dollars"
            _transfers(problem, holder, ("sellers",), [price[0]], sentence, said)
            return
        if rate is None or not noun or verb not in BUY | {"buying", "selling", "sold"}:
            raise Unreadable(f"no count in '{said}'")
        _check_rest(clause, rate[2], said)
        container = context.entity(noun)
        for name in names:
            problem.add(Claim("rate", (Agents.of(name), rate[0], rate[1], container)),
                        sentence, "have")
        problem.context.count(container)
        return
    comparison = _comparison(clause, end, counts, context)
    if comparison is not None:
        more, than, rest = comparison
        _check_rest(clause, rest, said)
        for count in counts:
            entity = _entity_of(problem, count, said)
            this_more = more if len(counts) == 1 or not count.direction else count.direction > 0
            first, second = (holder, than) if this_more else (than, holder)
            if set(first) & set(second):
                raise Unreadable(f"'{said}' compares an agent with itself")
            problem.add(Claim("comp", (Agents(first), Agents(second), count.quantity,
                                       entity)), sentence, "have")
        return
    if verb in TAKE:
        owner = counts[0].owner
        source = _after(clause, end, "from", context) or ((owner,) if owner else None)
        end = _phrase_end(clause, end, "from", context)
        if source is None:
            raise Unreadable(f"'{said}' names no one it is taken from")
        _check_rest(clause, end, said)
        _transfers(problem, source, holder, counts, sentence, said)
        return
    if verb in REMOVE and (down or verb.startswith("remove")):
        places = {h for count in counts for h in
                  problem.holders(_entity_of(problem, count, said))}
        if len(places) != 1 or not counts:
            raise Unreadable(f"'{said}' names no one it is taken from")
        _check_rest(clause, end, said, allowed=_trailing_ok(clause, end))
        _transfers(problem, tuple(places), (REMOVE[verb],), counts, sentence, said)
        return
    if verb in PLACE:
        place = _location(clause, end, context)
        if place is None:  # "Park workers will plant 3 oak trees": where the oak trees are
            places = {h for count in counts for h in
                      problem.holders(_entity_of(problem, count, said))}
            place = tuple(places) if len(places) == 1 else None
        if place is None:
            raise Unreadable(f"'{said}' names no place")
        _check_rest(clause, end, said, allowed=_location_end(clause, end))
        _transfers(problem, holder, place, counts, sentence, said)
        return
    if verb in LOSE and verb not in BUY:
        receiver = _after(clause, end, "to", context) if verb in ("sold", "sell", "sells") \
            else None
        end = _phrase_end(clause, end, "to", context)
        owners = (counts[0].owner,) if counts[0].owner else holder
        taker = receiver or (LOSE[verb],)
        for count in counts:
            entity = _entity_of(problem, count, said)
            if not all(problem.has_count(name, entity) for name in owners):
                others = [h for h in problem.holders(entity) if h not in holder]
                if not (len(others) == 1 and len(counts) == 1 and (
                        count.referred or clause[0].lower in ("the", "a", "an"))):
                    raise Unreadable(f"'{said}' takes {entity} from a count never stated")
                owners, taker = (others[0],), holder  # "the rabbits ate 3 of the potatoes"
        _check_rest(clause, end, said, allowed=_trailing_ok(clause, end))
        _transfers(problem, owners, taker, counts, sentence, said)
        return
    per = _per_after(problem, clause, end)
    if per is not None and (verb in HAVE or verb in ACQUIRE) and len(counts) == 1:
        container, after = per
        _check_rest(clause, after, said)
        entity = _entity_of(problem, counts[0], said)
        for name in holder if not together else (None,):
            agents = (name,) if name is not None else holder
            problem.add(Claim("rate", (Agents(agents), counts[0].quantity, entity, container)),
                        sentence, "have")
        return
    if verb in HAVE or verb in ACQUIRE:
        rate = _rate_after(clause, end, context)
        location_end = _location_end(clause, end)
        source = _after(clause, end, "from", context) if verb in GAIN | BUY else None
        if source is not None:
            location_end = _phrase_end(clause, end, "from", context)
        if rate is not None:
            location_end = rate[2]
        _check_rest(clause, location_end, said, allowed=_trailing_ok(clause, location_end))
        lemma = LEMMA.get(verb, verb)
        for name in holder if not together else (None,):
            agents = (name,) if name is not None else holder
            for count in counts:
                entity = _entity_of(problem, count, said)
                stated = any(problem.has_count(a, entity) for a in agents)
                if count.referred and count.owner is None and stated and verb not in HAVE | GAIN \
                        | BUY:  # "picked 56 of them": taken from the count, or more of it?
                    raise Unreadable(f"two readings of '{said}' (out of the count, or more)")
                if count.owner is not None and verb not in HAVE:  # "bought 2 of Jason's cards"
                    _transfers(problem, (count.owner,), agents, [count], sentence, said)
                elif verb in HAVE or not (stated or count.more or source):
                    problem.add(_cont(agents, entity, count.quantity), sentence, lemma)
                else:
                    giver = source or (("sellers",) if verb in BUY else ("givers",)
                                       if verb in GAIN else ("sources",))
                    _transfers(problem, giver, agents, [count], sentence, said)
                if rate is not None:
                    problem.add(Claim("rate", (Agents(agents), rate[0], rate[1], entity)),
                                sentence, lemma)
        return
    raise Unreadable(f"no reading of '{said}' (verb '{clause[index].text}')")


def _read_count_first(problem: _Problem, clause: list[Token], sentence: str, said: str) -> None:
    """"N Es are in the C" (a count with a holder after it); "3 customers left" (a count
    leaving its only holder)."""
    counts, end = counts_at(clause, 0, problem.context)
    if len(counts) == 1 and end + 1 < len(clause) and clause[end].lower in ("were", "was") and \
            clause[end + 1].lower in LOST_PARTICIPLES and end + 2 == len(clause):
        entity = _entity_of(problem, counts[0], said)  # "5 were eaten": from the only holder
        holders = problem.holders(entity)
        if len(holders) != 1:
            raise Unreadable(f"'{said}' leaves no one holder")
        _transfers(problem, (holders[0],), (LOST_PARTICIPLES[clause[end + 1].lower],), counts,
                   sentence, said)
        return
    if len(counts) == 1 and end < len(clause) and clause[end].lower in ("left", "quit") and \
            end + 1 == len(clause):
        entity = _entity_of(problem, counts[0], said)
        holders = problem.holders(entity)
        if len(holders) != 1:
            raise Unreadable(f"'{said}' leaves no one holder")
        _transfers(problem, (holders[0],), ("gone",), counts, sentence, said)
        return
    if end < len(clause) and clause[end].lower in BE:
        holder = _location(clause, end + 1, problem.context)
        if holder is not None:
            _check_rest(clause, end + 1, said, allowed=_location_end(clause, end + 1))
            for count in counts:
                problem.add(_cont(holder, _entity_of(problem, count, said), count.quantity),
                            sentence, "have")
            return
    rate = _rate_after(clause, end, problem.context)
    if rate is not None:
        raise Unreadable(f"a rate of no one's {rate[1]} in '{said}'")
    raise Unreadable(f"no holder of the count in '{said}'")


def _read_rate(problem: _Problem, clause: list[Token], sentence: str) -> None:
    """"Each box has 3 pieces", "each ride cost 7 tickets": a rate of whoever holds boxes."""
    said = " ".join(t.text for t in clause)
    index = 1
    words: list[str] = []
    while index < len(clause) and clause[index].lower not in HAVE | BE and \
            clause[index].lower not in ("cost", "costs", "had", "weighs") and \
            clause[index].number is None:
        words.append(clause[index].lower)
        index += 1
    if not words or index >= len(clause) or len(words) > 3 or any(
            w in ("and", "with", "of", "in", "on", "came", "that", "which") for w in words):
        raise Unreadable(f"no reading of '{said}'")
    index += 1
    counts, end = counts_at(clause, index, problem.context)
    if len(counts) != 1:
        raise Unreadable(f"no reading of '{said}'")
    count = counts[0]
    entity = _entity_of(problem, count, said)
    _check_rest(clause, end, said, allowed=_trailing_ok(clause, end))
    container = problem.context.entity(words, 1)  # "each crate": crates
    problem.rates.append((count.quantity, entity, container, None, sentence))
    problem.facts.append(_Fact(Claim("cont", (Agents.of("unplaced rate"), 0, entity)), sentence,
                               "rate"))


def _place_rates(problem: _Problem) -> None:
    """Each rate stated for no agent belongs to every agent with a count of its container,
    at the time it was stated (its place among the facts)."""
    if not problem.rates:
        return
    rates = iter(problem.rates)
    placed: list[_Fact] = []
    for fact in problem.facts:
        if fact.verb != "rate":
            placed.append(fact)
            continue
        quantity, entity, container, _agent, sentence = next(rates)
        holders = problem.holders(container)
        if not holders:
            raise Unreadable(f"a rate of {entity} per {container}, but no one holds "
                             f"{container}")
        for holder in holders:
            placed.append(_Fact(Claim("rate", (Agents.of(holder), quantity, entity,
                                               container)), sentence, "have"))
    problem.facts = placed


def _read_question(problem: _Problem, words: list[Token]) -> Claim:
    said = " ".join(t.text for t in words)
    while words and words[-1].text in ("?", ".", "!"):
        words = words[:-1]
    context = problem.context
    lowered = [t.lower for t in words]
    if any(t.number is not None for t in words):
        raise Unreadable("a question with a number of its own is not read")
    if _EARLIER.search(said):
        raise Unreadable("the question asks about an earlier time (the rule table derives "
                         "no earlier count from a later one)")
    far = lowered[:2] == ["how", "far"] or lowered[:3] in (["how", "much", w] for w in MORE)
    if lowered[:2] not in (["how", "many"], ["how", "much"]) and not far:
        raise Unreadable("only 'how many' and 'how much' questions are read")
    index = 2
    comparative = index < len(words) and lowered[index] in MORE | LESS
    if comparative:
        index += 1
    entity_words: list[str] = []
    while index < len(words) and lowered[index] not in BE | {"do", "does", "did", "will",
                                                            "would", "can", "could", "have",
                                                            "has", "had", "than", "in"}:
        entity_words.append(lowered[index])
        index += 1
    if index >= len(words) and entity_words and entity_words[-1] in (
            "remained", "remain", "remains", "left"):
        entity_words.pop()  # "how many goldfish remained": what the holder still has
        words = [*words[:index], Token("are", "are"), Token("left", "left"), *words[index:]]
        lowered = [t.lower for t in words]
    if index >= len(words):
        raise Unreadable(f"no reading of the question '{said}'")
    money = lowered[1] == "much" and not far
    if money and entity_words not in ([], ["money"]):
        raise Unreadable(f"'how much {' '.join(entity_words)}' is not a count")
    if far or (not entity_words and not money):  # "how far did the frog jump": its unit
        stated = list(dict.fromkeys(f.claim.entity for f in problem.facts))
        if len(stated) != 1:
            raise Unreadable("the question names no entity")
        entity = stated[0]
    else:
        entity = "dollars" if money else _question_entity(problem, entity_words)
    aux = lowered[index]
    index += 1
    if aux == "will" and index < len(words) and lowered[index] == "be":
        aux = "be"  # "how many trees will be in the park"
        index += 1
    subject: tuple[str, ...] | None = None
    while index < len(words) and lowered[index] in ("now", "still"):
        index += 1
    passive: str | None = None
    if aux in BE and index < len(words) and (lowered[index] in LEMMA or lowered[index] in
                                             ACQUIRE) and lowered[index] not in HAVE:
        passive = lowered[index]  # "how many pears were picked in total"
        index += 1
    if passive is not None or (index < len(words) and lowered[index] in ("?", "left")):
        pass
    elif index < len(words) and lowered[index] == "there":
        index += 1
    elif aux in BE | {"be"} and index < len(words) and lowered[index] in ("in", "on", "at"):
        place = _location(words, index, context)
        if place is None:
            raise Unreadable(f"no reading of the question '{said}'")
        subject = place
    elif index < len(words):
        if lowered[index] in PLURAL_PRONOUNS:
            subject = ("they",)
            index += 1
        else:
            found = agents_at(words, index, context)
            if found is None:
                raise Unreadable(f"no reading of who the question '{said}' asks about")
            subject, index = found
    while index < len(words) and lowered[index] in ("now", "still", "all", "together",
                                                    "altogether", "collectively"):
        index += 1
    rest = lowered[index:]
    if "each" in rest or "every" in rest:
        raise Unreadable("a question about each one is division, not in the rule table")
    verb: str | None = None
    if aux not in BE and rest and rest[0] not in ("left", "in", "?", "total", "combined",
                                                  "than", "now", "then", "together",
                                                  "altogether"):
        verb = rest[0]
        if verb not in LEMMA and verb not in HAVE and verb not in ACQUIRE:
            raise Unreadable(f"the question asks what was done ('{verb}'), not a count held")
    elif aux in ("have", "has", "had"):
        verb = "have"
    if passive is not None:
        verb = passive
    lemma = LEMMA.get(verb, verb) if verb is not None else "have"
    if lemma in ("spend", "use", "eat", "lose", "sell", "give") or (verb in GIVE):
        if not (lemma == "spend" and money and _only_rates(problem, entity)):
            raise Unreadable(f"the question asks what was {verb}, not a count held")
    if comparative:
        if "than" not in rest or subject is None or subject == ("they",):
            raise Unreadable(f"no reading of the comparison '{said}'")
        than = agents_at(words, index + rest.index("than") + 1, context)
        if than is None:
            raise Unreadable(f"no reading of the comparison '{said}'")
        return Claim("comp", (Agents(subject), Agents(than[0]), 0, entity))
    total = bool(_TOTAL_WORDS & set(rest)) or subject in (None, ("they",))
    if subject is None or subject == ("they",):
        holders = [h for h in problem.holders(entity) if h not in problem.counterparties]
        holders += [name for f in problem.facts if f.claim.predicate == "rate" and
                    f.claim.entity == entity for name in sorted(f.claim.args[0].names)
                    if name not in holders]  # type: ignore[union-attr]
        holders = list(dict.fromkeys(holders))
        compared = [name for f in problem.facts if f.claim.predicate == "comp"
                    and f.claim.entity == entity for agents in f.claim.agent_sets
                    for name in sorted(agents.names)]
        holders += [name for name in dict.fromkeys(compared) if name not in holders]
        if not holders and _only_rates(problem, entity):  # "how much did they spend"
            holders = [name for f in problem.facts if f.claim.predicate == "rate"
                       and f.claim.entity == entity
                       for name in sorted(f.claim.args[0].names)]  # type: ignore[union-attr]
            holders = list(dict.fromkeys(holders))
        if subject == ("they",) and context.subject is not None and len(context.subject) > 1 \
                and set(context.subject) <= set(holders) and set(context.subject) != \
                set(holders):
            raise Unreadable("two readings of 'they'")
        if not holders:
            raise Unreadable(f"no one holds {entity}")
        subject = tuple(holders)
    elif not total and len(subject) > 1:
        raise Unreadable(f"two readings of '{' and '.join(subject)}' (each, or together)")
    if lemma not in ("have", "be") and not all(
            f.verb in (lemma, "rate") for f in problem.facts
            if f.claim.predicate == "cont" and f.claim.entity == entity):
        raise Unreadable(f"the question asks what was {verb}, and other counts are stated")
    return Claim("cont", (Agents(subject), 0, entity))


def _only_rates(problem: _Problem, entity: str) -> bool:
    return not any(f.claim.predicate != "rate" and f.claim.entity == entity
                   for f in problem.facts) and any(
        f.claim.predicate == "rate" and f.claim.entity == entity for f in problem.facts)


def _question_entity(problem: _Problem, words: list[str]) -> str:
    if not words:
        raise Unreadable("the question names no entity")
    name = plural_noun(words)
    stated = {f.claim.entity for f in problem.facts}
    if name in stated:
        return name
    head, _, complement = name.partition(" of ")
    if complement and head in stated and (to_plural(complement) in stated or any(
            f.claim.predicate == "rate" and f.claim.args[3] == to_plural(complement)
            for f in problem.facts)):
        return head  # "slices of pizza" where each pizza has slices
    ending = [e for e in stated if e.endswith(" " + name) or e.split(" of ")[0] == name]
    if len(ending) == 1:
        return ending[0]
    if len(ending) > 1:
        raise Unreadable(f"two readings of '{' '.join(words)}'")
    raise Unreadable(f"the question asks about {name}, which no statement counts")


def _program(problem: _Problem, query_claim: Claim, question: str) -> Encoding | Refusal:
    axioms: list[Atom] = []
    sentences: list[str] = []
    transfers = 0
    for fact in problem.facts:
        atom = fact.claim.at(transfers)
        if atom.predicate == "transfer":
            transfers += 1
        if atom not in axioms:
            axioms.append(atom)
            sentences.append(fact.sentence)
    try:
        check_program(axioms, None)
    except InputError as error:
        return Refusal(question, error.message)
    time = last_time(axioms)
    args = list(query_claim.args)
    args[args.index(0)] = None  # the unknown quantity
    query = Query(query_claim.predicate, (*args, time))
    return Encoding(Program(axioms), query, tuple(axioms), tuple(sentences), question)


# -- phrase helpers ------------------------------------------------------------------------

def _cont(holder: Sequence[str], entity: str, quantity: int) -> Claim:
    return Claim("cont", (Agents(holder), quantity, entity))


def _entity_of(problem: _Problem, count: Count, said: str) -> str:
    if count.entity is not None:
        return count.entity
    last = problem.context.last_entity
    if last is None:
        raise Unreadable(f"'{said}' does not say what it counts")
    return last


def _transfers(problem: _Problem, sender: Sequence[str], receiver: Sequence[str],
               counts: list[Count], sentence: str, said: str) -> None:
    if not counts:
        raise Unreadable(f"no count in '{said}'")
    if set(sender) & set(receiver):
        raise Unreadable(f"'{said}' moves a count from an agent to itself")
    for name in (*sender, *receiver):
        if name in LOSE.values() or name in ("givers", "sellers", "given away", "buyers",
                                             "sources", "gone", "cut down", "removed", "stolen"):
            problem.counterparties.add(name)
    for count in counts:
        entity = _entity_of(problem, count, said)
        problem.add(Claim("transfer", (Agents(sender), Agents(receiver), count.quantity,
                                       entity)), sentence, "transfer")


def _comparison(clause: list[Token], end: int, counts: list[Count], context: Context
                ) -> tuple[bool, tuple[str, ...], int] | None:
    """(more?, the agents compared with, where the phrase ends) for "5 more apples than
    Tom", "5 apples fewer than Tom"; ``None`` without "than"."""
    lowered = [t.lower for t in clause]
    if "than" not in lowered[end - 3 if end >= 3 else 0:]:
        return None
    window = lowered[:end + 2]
    more = any(w in MORE for w in window)
    fewer = any(w in LESS for w in window)
    if len(counts) > 1 and all(c.direction for c in counts):
        more, fewer = True, False  # each count's own side: "6 fewer peaches and 8 more apples"
    if more == fewer:
        raise Unreadable("no reading of the comparison in "
                         f"'{' '.join(t.text for t in clause)}'")
    at = lowered.index("than", max(end - 3, 0))
    than = agents_at(clause, at + 1, context)
    if than is None and at + 1 < len(clause) and clause[at + 1].text.isalpha() and \
            clause[at + 1].lower not in context.entities and (
            at + 2 == len(clause) or not clause[at + 2].text.isalpha()):
        than = ((clause[at + 1].lower,), at + 2)  # "than jackie": a name in lower case
        context.mention(clause[at + 1].lower)
    if than is None:
        raise Unreadable(f"no reading of whom '{' '.join(t.text for t in clause)}' compares "
                         "with")
    rest = than[1]
    while rest < len(clause) and lowered[rest] in ("together", "do", "does", "did", "have",
                                                   "has", "had", "combined"):
        rest += 1
    names = than[0]
    return more, tuple(sorted(names)) if len(names) > 1 else names, rest


def _after(clause: list[Token], end: int, word: str, context: Context
           ) -> tuple[str, ...] | None:
    if end < len(clause) and clause[end].lower == word:
        found = agents_at(clause, end + 1, context)
        if found is not None:
            return found[0]
    return None


def _phrase_end(clause: list[Token], end: int, word: str, context: Context) -> int:
    if end < len(clause) and clause[end].lower == word:
        found = agents_at(clause, end + 1, context)
        if found is not None:
            return found[1]
    return end


def _location(clause: list[Token], end: int, context: Context) -> tuple[str, ...] | None:
    """The place of "in the drawer", "on the shelf", "into her bank" (an agent)."""
    while end < len(clause) and clause[end].lower in _PLACE_ADVERBS:
        end += 1
    if end < len(clause) and clause[end].lower in ("in", "on", "into", "onto", "at", "inside"):
        index = end + 1
        if index + 1 < len(clause) and is_name(clause[index]) and \
                clause[index].lower.endswith("'s") and \
                clause[index + 1].lower.split(" ")[-1] in PERSONAL_CONTAINERS:
            context.mention(clause[index].lower[:-2])
            return (clause[index].lower[:-2],)  # "in Olivia's wallet": Olivia's money
        if index < len(clause) and clause[index].lower in ("the", "a", "an", "his", "her",
                                                           "their"):
            owner = clause[index].lower
            index += 1
            words = []
            while index < len(clause) and clause[index].text.isalpha() and \
                    clause[index].lower not in ("today", "now", "yesterday", "and", "for",
                                                "to", "from", "in", "on", "at", "with"):
                words.append(clause[index].lower)
                index += 1
            if words:
                name = " ".join(words)
                if owner in ("his", "her"):
                    name = f"{context.person(owner)}'s {name}"
                return (name,)
    return None


_PLACE_ADVERBS = frozenset("currently now still already".split())


def _location_end(clause: list[Token], end: int) -> int:
    while end < len(clause) and clause[end].lower in _PLACE_ADVERBS:
        end += 1
    if end < len(clause) and clause[end].lower in ("in", "on", "into", "onto", "at", "inside"):
        index = end + 1
        while index < len(clause) and clause[index].text.isalpha() and \
                clause[index].lower not in ("and", "for", "to", "from", "with"):
            index += 1
        return index
    return end


def _rate_after(clause: list[Token], end: int, context: Context
                ) -> tuple[int, str, int] | None:
    """(quantity, entity, end) of "for 6 dollars each", "at 3 dollars each"."""
    index = end
    if index < len(clause) and clause[index].lower in ("for", "at"):
        index += 1
        counts, after = counts_at(clause, index, context)
        if len(counts) == 1 and after < len(clause) and clause[after].lower in ("each",
                                                                                "apiece"):
            count = counts[0]
            if count.entity is None:
                return None
            return count.quantity, count.entity, after + 1
    return None


def _per_after(problem: _Problem, clause: list[Token], end: int) -> tuple[str, int] | None:
    """(container, end) of "per box", "in each box", "on each page"."""
    index = end
    if index < len(clause) and clause[index].lower == "per":
        index += 1
    elif index + 1 < len(clause) and clause[index].lower in ("in", "on") and \
            clause[index + 1].lower in ("each", "every"):
        index += 2
    else:
        return None
    words = []
    while index < len(clause) and clause[index].text.isalpha() and clause[index].lower not in (
            "and", "to", "from", "in", "on", "for", "with"):
        words.append(clause[index].lower)
        index += 1
    if not words:
        return None
    return problem.context.entity(words, 1), index  # "per box": boxes


def _price_after(clause: list[Token], end: int, context: Context) -> tuple[Count, int] | None:
    """(the money, end) of "for 3 dollars" (one price, no "each")."""
    if end < len(clause) and clause[end].lower == "for":
        counts, after = counts_at(clause, end + 1, context)
        if len(counts) == 1 and counts[0].entity == "dollars" and not (
                after < len(clause) and clause[after].lower in ("each", "apiece")):
            return counts[0], after
    return None


def _each_follows(clause: list[Token], index: int) -> bool:
    """"Mary, Sam and Keith each have 6 cards" (``index``: the verb's place)."""
    return any(t.lower == "each" for t in clause[max(index - 1, 0):])


def _trailing_ok(clause: list[Token], end: int) -> int:
    """How far a clause's trailing words may be passed over: time and place phrases with no
    number ("today", "on the beach", "from the orchard", "in the morning")."""
    index = end
    while index < len(clause):
        if clause[index].number is not None or clause[index].lower in ("than", "each", "per",
                                                                         "more", "fewer",
                                                                         "less", "times"):
            return index
        index += 1
    return index


def _check_rest(clause: list[Token], end: int, said: str, allowed: int | None = None) -> None:
    """Refuse a clause whose words after what was read still hold a number or a rate."""
    stop = max(end, allowed if allowed is not None else _trailing_ok(clause, end))
    rest = clause[stop:]
    if any(t.number is not None for t in rest) or any(
            t.lower in ("per", "each", "than", "times") for t in rest):
        raise Unreadable(f"no reading of '{said}' after "
                         f"'{' '.join(t.text for t in clause[:end])}'")


__all__ = ["Encoding", "Refusal", "encode"]
