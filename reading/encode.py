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

import attrs

from vlp.errors import InputError
from vlp.kernel import Atom, Claim, Program, Query, last_time
from vlp.limits import check_program

from .clauses import (
    VERBS,
    Unreadable,
    agents_at,
    clause_starts,
    counts_at,
    is_name,
)
from .facts import THERE, Fact, Facts, add_transfers, cont_claim, entity_of
from .idioms import (
    FIRST_TIME,
    QUESTION_REWRITES,
    STATEMENT_REWRITES,
    problem_rewrites,
    rewrite,
    without_titles,
)
from .phrases import (
    PLACE_ADVERBS,
    agents_after,
    check_rest,
    each_follows,
    location_at,
    location_end,
    phrase_end,
)
from .predicates import place_rates, read_count_first, read_predicate, read_rate
from .question import EARLIER, START, read_question
from .words import (
    ACQUIRE,
    BE,
    GIVE,
    HAVE,
    LEMMA,
    LOSE,
    NOT_WHOLE_RE,
    PLACE,
    PLURAL_PRONOUNS,
    POSSESSIVE_PRONOUNS,
    REMOVE,
    TAKE,
    TIME_WORDS,
    UNKNOWN_AMOUNTS,
    Token,
    prepare,
    tokens,
)

# a stop ends a sentence, but not the one of a title ("Mrs. Hilt read 4 books.")
_SENTENCE_END_RE = re.compile(r"(?<=[.?!])(?<!\bMrs\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)\s+|"
                              r"(?<=\S)\s+(?=(?:How|What)\s)")
_QUESTION_START_RE = re.compile(r",?\s*\b(?=(?:how|what)\s+(?:many|much)\b|what would (?:his|her) "
                                r"score be\b)", re.IGNORECASE)
_DIVISION = re.compile(r"\b(?:split|splits|divide|divided|divides|equally|evenly|share|shared|"
                       r"shares|average|ratio|equal number|same number|same amount)\b",
                       re.IGNORECASE)
_MULTIPLE = re.compile(r"\b(?:twice|double|doubled|triple|tripled|thrice|times as|as many as|"
                       r"as much as|quadruple|times|dozens?)\b", re.IGNORECASE)
_PER_TIME = re.compile(r"\b(?:a|an|per|each|every) (?:day|week|month|year|hour|minute|night)\b|"
                       r"\bdaily\b|\bweekly\b", re.IGNORECASE)
# "If he had 59 blocks", after he used some of them: the count he had before he used them
_IF_HAD = re.compile(r"(?:^|[.?!]\s+)if (?:he|she|[A-Z][a-z]+) had \d+(?: (?!(?:left|remaining|"
                     r"now|still|then|more|fewer|less|after|later)\b)[a-z]+){1,2}\s*"
                     r"(?:[.,?]|$|(?=how\b))", re.IGNORECASE)
_LEADING = frozenset("then later now so also after finally meanwhile yesterday today "
                     "afterwards and".split())
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


def encode(text: str) -> Encoding | Refusal:
    """The program and query of a word problem, or the first sentence refused and why."""
    templated = _in_template_language(text)
    if templated is not None:
        return templated
    problem = Facts()
    sentences = [s.strip() for s in _SENTENCE_END_RE.split(text.strip()) if s.strip()]
    if not sentences:
        return Refusal("", "the problem is empty")
    question: tuple[str, list[Token]] | None = None
    problem.start_stated_later = any(START.search(s) or _IF_HAD.search(s) for s in sentences[1:])
    titled = without_titles(text)
    read = problem_rewrites(sentences)  # what is read of each sentence
    for position, sentence in enumerate(sentences):
        statement, asked = _split_question(titled(read[position]))
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
            asked = rewrite(re.sub(r"\s+when\s+[^?]*", "", asked, flags=re.IGNORECASE),
                            QUESTION_REWRITES)
            asked = re.sub(r"^what amount of money\b", "How much money", asked.strip(),
                           flags=re.IGNORECASE)
            question = (sentence, tokens(prepare(asked)))
    if question is None:
        return Refusal(sentences[-1], "the problem asks no question")
    for agent, entity, said, sentence in problem.taken_before_start:
        if not any(f.at_start and f.claim.predicate == "cont" and f.claim.entity == entity
                   and agent in f.claim.args[0].names for f in problem.facts):  # type: ignore[union-attr]
            return Refusal(sentence, f"'{said}' takes {entity} from a count never stated")
    try:
        place_rates(problem)
        query_claim = read_question(problem, question[1])
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


def _read_statement(problem: Facts, statement: str, sentence: str) -> None:
    if not problem.facts:  # "at the start of the year" before anything happened: time 0
        statement = FIRST_TIME.sub("", statement)
    statement = rewrite(statement, STATEMENT_REWRITES)
    for part in re.split(r"(?<=[.?!])\s+", statement):
        words = tokens(prepare(re.sub(r"^(?:if|when)\s+", "", part.strip(),
                                      flags=re.IGNORECASE)))
        for token in words[:4]:  # "For Gwen's birthday she ...": she is Gwen
            if is_name(token) and token.lower.endswith("'s"):
                problem.context.mention(token.lower[:-2])
        words = _strip_leading(words)
        if not words:
            continue
        if _IF_HAD.match(part) and problem.taken_before_start:
            _read_start(problem, words, sentence)  # "Randy uses 36 blocks ... If he had 59"
            continue
        if EARLIER.search(part) and problem.facts:
            if START.search(part) and not EARLIER.search(START.sub("", part)):
                _read_start(problem, words, sentence)
                continue
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
            verb_at = next((i for i, t in enumerate(words) if t.lower in HAVE and not (
                i > 0 and words[i - 1].lower in POSSESSIVE_PRONOUNS)), None)  # "his own"
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


def _read_start(problem: Facts, words: list[Token], sentence: str) -> None:
    """"If he initially had 36 pieces of candy", after what he did with them: counts that
    hold at the start (time 0), never a change."""
    before = len(problem.facts)
    problem.reading_start = True
    try:
        _read_clause(problem, _strip_leading([t for t in words if not START.fullmatch(
            t.lower)]), sentence)
    finally:
        problem.reading_start = False
    changed = {(name, f.claim.entity) for f in problem.facts[:before]
               if f.claim.predicate == "transfer" for agents in f.claim.agent_sets
               for name in agents.names}
    # only the start of a count already changed: "Rachel picked 4 apples from her tree. If
    # the tree had 7 apples initially" names no change of the tree's apples that it reads
    if any(f.claim.predicate != "cont" or not all(
            (name, f.claim.entity) in changed for name in f.claim.args[0].names)  # type: ignore[union-attr]
            for f in problem.facts[before:]):
        raise Unreadable("a count stated for a time before a change already read")


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
        for start in range(2, min(len(words), 10)):  # "At the arcade Dave had won ..."
            if words[start].lower == "there" and start + 1 < len(words) and \
                    words[start + 1].lower in BE:  # "At the fair there were 12 people in line"
                if words[0].lower == "in" and words[1].lower in ("a", "an", "the") and \
                        all(w.text.isalpha() for w in words[2:start]) and \
                        not any(t.lower in ("in", "on", "at") for t in words[start + 2:]):
                    return [*words[start:], *words[:start]]  # "In a school there are 868
                    # girls": the girls are in the school
                return words[start:]
            if words[start].number is not None and not any(
                    t.number is not None for t in words[:start]) and words[0].lower in (
                    "during", "in", "at", "on"):
                return words[start:]  # "during a game 4 members didn't show up"
            if (is_name(words[start]) or words[start].lower in ("he", "she")) and \
                    not any(t.number is not None for t in words[:start]) and \
                    start + 1 < len(words) and (words[start + 1].lower in VERBS or
                                                words[start + 1].lower in BE):
                return words[start:]
    return words


def _read_clause(problem: Facts, clause: list[Token], sentence: str) -> None:
    if not clause:
        return
    if not any(t.number is not None for t in clause):  # states nothing, but names a subject
        try:  # "Wendy was playing a video game and had 10 lives": Wendy had them
            named = agents_at(clause, 0, problem.context)
        except Unreadable:
            named = None
        if named is not None and clause[0].text[:1].isupper():
            problem.context.subject = named[0]
        return
    context = problem.context
    said = " ".join(t.text for t in clause)
    if clause[0].lower in ("each", "every"):
        read_rate(problem, clause, sentence)
        return
    if clause[0].lower == "there" and len(clause) > 1 and clause[1].lower in BE:
        start = 2
        while start < len(clause) and clause[start].lower in PLACE_ADVERBS:
            start += 1
        while True:  # "There are 43 pencils in the drawer and 19 pencils on the desk"
            counts, end = counts_at(clause, start, context)
            holder = location_at(clause, end, context)
            if holder is None and start == 2 and end == len(clause) and counts and not any(
                    c.more or c.referred or c.owner or c.direction for c in counts):
                holder = (THERE,)  # "There are 141 pots.": held by no one named
            if not counts or holder is None:
                raise Unreadable(f"no holder of the count in '{said}'")
            for count in counts:
                problem.add(cont_claim(holder, entity_of(problem, count, said), count.quantity),
                            sentence, "have")
            end = location_end(clause, end)
            if end + 1 < len(clause) and clause[end].lower == "and" and \
                    clause[end + 1].number is not None:
                start = end + 1
                continue
            check_rest(clause, end, said)
            return
    if clause[0].number is not None and context.subject is not None and \
            any(t.lower == "than" for t in clause):  # "and 3 more peaches than Jill"
        clause = [Token("has", "has"), *clause]
        found_subject: tuple[str, ...] | None = context.subject
    else:
        found_subject = None
    if clause[0].number is not None:  # "44 campers went rowing": no holder
        read_count_first(problem, clause, sentence, said)
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
    context.subjects.update(n for n in names if n in context.people)
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
        sender = agents_after(clause, end, "by", context) or ("givers",)
        check_rest(clause, end, said, allowed=phrase_end(clause, end, "by", context))
        add_transfers(problem, sender, names, counts, sentence, said)
        return
    if len(names) > 1 and not together and not each_follows(clause, index):
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
    context.object_of = names  # the objects' pronouns are other people than the subject
    try:
        read_predicate(problem, clause, sentence, said, verb, index, names, holder, together,
                        down)
    finally:
        context.object_of = None


def _program(problem: Facts, query_claim: Claim, question: str) -> Encoding | Refusal:
    axioms: list[Atom] = []
    sentences: list[str] = []
    transfers = 0
    for position, fact in enumerate(problem.facts):
        atom = fact.claim.at(0 if fact.at_start else
                             _rate_time(problem.facts, position, transfers))
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


def _rate_time(facts: list[Fact], position: int, transfers: int) -> int:
    """A fact's time: the transfers stated before it; but a rate ("scores 7 points for each
    treasure she finds") stated before changes of its container alone holds when they are
    done too, so it is given the last time, where it multiplies the container's count then
    (at its own time it would multiply the count before the changes, and the product would
    be carried unchanged past them). A rate whose own entity changes later keeps its time."""
    claim = facts[position].claim
    if claim.predicate != "rate":
        return transfers
    later = [f.claim for f in facts[position + 1:] if f.claim.predicate == "transfer"]
    entity = claim.args[2]
    if any(t.args[3] == entity for t in later):
        return transfers
    return transfers + len(later)


__all__ = ["Encoding", "Refusal", "encode"]
