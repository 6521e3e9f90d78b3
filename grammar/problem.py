"""Read a plain-text problem (statements, then a question) into a program and a query.

Timestamps follow DESIGN §3 'Time': a transfer stated after k earlier transfers happens
at time k; every other statement holds at time k = the number of transfers stated before
it. The query asks about the last time, max over axioms of (time + 1 for a transfer, time
otherwise). Sentences outside the template language are errors with their line and the
nearest template; nothing is guessed.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import cache

import attrs

from vlp.errors import InputError, shown
from vlp.kernel import Agents, Atom, Claim, Program, Query, rate
from vlp.kernel import last_time as axioms_last_time
from vlp.limits import MAX_AXIOMS, MAX_TIME, check_program

from .callbacks import CLAIMS, GROUND, QUESTION_KIND
from .sentences import MAX_SENTENCE_CHARS, SentenceParse, parse_sentence
from .templates import QUESTION, TEMPLATES, Template, render_template


class ProblemParseError(InputError):
    """A problem text that is not in the template language (location ``source:line``)."""


@attrs.frozen
class ParsedProblem:
    """A problem read from text.

    ``axiom_order`` lists the axioms in the order stated; ``sentences[i]`` is the sentence
    that states ``axiom_order[i]`` (a sentence stating two facts appears twice).
    ``question`` is the question sentence. ``category_axioms`` are the axioms added to
    read a question about a category ("the vegetables that they have"), see
    ``category_links``; they are part of ``program`` but were not stated in the text.
    """

    program: Program
    query: Query
    axiom_order: tuple[Atom, ...]
    sentences: tuple[str, ...]
    question: str
    category_axioms: tuple[Atom, ...] = ()


@attrs.frozen
class _Sentence:
    text: str
    line: int
    column: int


_SENTENCE_RE = re.compile(r"[^.?!]*(?:[.?!]+|$)")
_PREFIX_RE = re.compile(r"^\s*(?:Q|Question|Problem)\s*:\s*", re.IGNORECASE)


def split_sentences(text: str) -> list[_Sentence]:
    """Sentences with their 1-based line and column (a period, "?" or "!" ends one)."""
    sentences: list[_Sentence] = []
    line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    line_index = 0
    for match in _SENTENCE_RE.finditer(text):
        raw = match.group(0)
        if not raw.strip():
            continue
        start = match.start() + (len(raw) - len(raw.lstrip()))
        while line_index + 1 < len(line_starts) and line_starts[line_index + 1] <= start:
            line_index += 1
        sentences.append(_Sentence(" ".join(raw.split()), line_index + 1,
                                   start - line_starts[line_index] + 1))
    return sentences


def parse_problem(text: str, source: str = "<text>", *,
                  categories: Mapping[str, str] | None = None) -> ParsedProblem:
    """Read statements and a final question into a program and its query.

    ``categories`` optionally maps entities to a category ("cucumbers" -> "vegetables");
    it is only consulted when the question asks about an entity that no statement
    mentions (see ``category_links``).
    """
    text = _PREFIX_RE.sub("", text, count=1)
    sentences = split_sentences(text)
    if not sentences:
        raise ProblemParseError("the problem is empty", location=f"{source}:1")
    axioms: list[Atom] = []
    stated: set[Atom] = set()  # the axioms, for a membership test in constant time
    axiom_sentences: list[str] = []
    transfers = 0
    query_parse: SentenceParse | None = None
    question_sentence: _Sentence | None = None
    for sentence in sentences:
        where = f"{source}:{sentence.line}"
        if question_sentence is not None:
            raise ProblemParseError(
                f"the question must come last, but {shown(sentence.text, 120)} follows it",
                where)
        parsed = parse_sentence(sentence.text)
        if parsed.kind == CLAIMS:
            for parsed_claim in parsed.claims:
                if not parsed_claim.complete:
                    raise ProblemParseError(
                        f"{shown(sentence.text, 120)} does not say which entity it counts",
                        where)
                atom = parsed_claim.claim.at(transfers)
                if atom.predicate == "transfer":
                    transfers += 1
                if atom not in stated:
                    stated.add(atom)
                    axioms.append(atom)
                    axiom_sentences.append(sentence.text)
            if len(axioms) > MAX_AXIOMS or transfers > MAX_TIME:
                check_program(axioms, where)  # refused here, before the rest is read
        elif parsed.kind in (QUESTION_KIND, GROUND):
            query_parse, question_sentence = parsed, sentence
        else:
            raise ProblemParseError(
                f"cannot read {shown(sentence.text, 120)} (column {sentence.column}): "
                f"{parsed.reason}{_nearest_hint(sentence.text)}", where)
    if query_parse is None or question_sentence is None:
        raise ProblemParseError("the problem has no question (\"How many ... ?\" or "
                                "\"Show that ... .\") after its statements",
                                f"{source}:{sentences[-1].line}")
    if not axioms:
        raise ProblemParseError("the problem states no facts before its question",
                                f"{source}:{question_sentence.line}")
    check_program(axioms, f"{source}:{question_sentence.line}")
    last_time = axioms_last_time(axioms)
    assert query_parse.query is not None
    query = _at_time(query_parse.query, last_time)
    added: list[Atom] = []
    if query.predicate == "cont" and query.entity not in {a.entity for a in axioms}:
        added = category_links(axioms, query, last_time, categories)
        if not added:
            raise ProblemParseError(
                f"the question asks about {query.entity!r}, which no statement mentions",
                f"{source}:{question_sentence.line}")
    return ParsedProblem(Program(axioms + added), query, tuple(axioms), tuple(axiom_sentences),
                         question_sentence.text, tuple(added))


def _at_time(query: Query, time: int) -> Query:
    from vlp.kernel import SIGNATURES

    kinds = SIGNATURES[query.predicate]
    return Query(query.predicate, tuple(time if k == "time" else a
                                        for k, a in zip(kinds, query.args, strict=False)))


def category_links(axioms: list[Atom], query: Query, time: int,
                   categories: Mapping[str, str] | None = None) -> list[Atom]:
    """Axioms that let a question about a category be answered with the kernel's rules.

    "If Kyla and Natalee sum up the vegetables that they have" asks for the union over a
    category while Kyla has spinach leaves and Natalee cucumbers. The union rule (3) needs
    one entity, so each queried agent's count of its member entity is carried into the
    category by a unit rate at the question's ``time``,
    ``rate({kyla}, 1, vegetables, spinach leaves, T)`` (rule 4: 28 spinach leaves * 1 =
    28 vegetables; at T only, since earlier counts may since have been transferred). The
    member entity of each agent is the one
    ``categories`` maps to the category; without a map, it is the only entity the agent
    holds that is not a container of one of its rates (Kyla's plastic bags hold her spinach
    leaves); this guess is only made for a union over agents holding different entities.
    Returns ``[]`` when some agent's member entity is not determined.
    """
    category = query.entity
    if categories is None and len(query.agent_sets[0]) < 2:
        return []  # one agent asked about an unseen entity: a question we cannot read
    links: list[Atom] = []
    for agent in query.agent_sets[0].sorted_names():
        held = _entities_held(axioms, agent)
        if categories is not None:
            members = {e for e in held if categories.get(e) == category}
        else:
            containers = {a.args[3] for a in axioms if a.predicate == "rate"
                          and agent in a.agent_sets[0].names}
            members = held - containers
        if len(members) != 1:
            return []
        links.append(rate(agent, 1, category, members.pop(), time))
    if categories is None and len({link.args[3] for link in links}) < 2:
        return []  # one entity for everyone is not a category reading, just a wrong word
    return links


def _entities_held(axioms: list[Atom], agent: str) -> set[str]:
    """Entities that ``agent`` has a count of in some statement."""
    held: set[str] = set()
    for atom in axioms:
        if any(agent in agents.names for agents in atom.agent_sets):
            held.add(atom.entity)
    return held


# --------------------------------------------------------------------------- diagnostics

_EXAMPLE_VALUES: dict[str, object] = {
    "A": Agents.of("alice"), "B": Agents.of("bob"), "C": Agents.of("carol"),
    "D": Agents.of("dave"), "S": Agents.of("alice"), "R": Agents.of("bob"), "q": 3,
    "e": "apples", "c": "baskets",
}


@cache
def _examples() -> tuple[tuple[Template, str, tuple[str, ...]], ...]:
    examples = []
    for template in TEMPLATES:
        example = render_template(template, dict(_EXAMPLE_VALUES))
        examples.append((template, example, tuple(_shape(example))))
    return tuple(examples)


_WORD_RE = re.compile(r"[A-Za-z']+|\d+|[^\sA-Za-z\d]")


def _shape(sentence: str) -> list[str]:
    """Words with names and numbers abstracted, so only the template's wording counts."""
    shape = []
    for i, word in enumerate(_WORD_RE.findall(sentence)):
        if word[0].isdigit():
            shape.append("#")
        elif word[0].isupper() and i > 0:
            shape.append("N")
        else:
            shape.append(word.lower())
    return shape


def _nearest_hint(sentence: str) -> str:
    """The nearest template, for a text short enough to be one sentence (the search is
    quadratic in the text: a megabyte-long line would take minutes)."""
    if len(sentence) > MAX_SENTENCE_CHARS:
        return ""
    return f"; nearest template: {nearest_template(sentence)!r}"


def nearest_template(sentence: str) -> str:
    """The example sentence of the template closest in wording to ``sentence``."""
    shape = _shape(sentence)
    best = max(_examples(), key=lambda ex: difflib.SequenceMatcher(None, shape, ex[2]).ratio())
    template, example, _ = best
    return example if template.kind != QUESTION else example


def claims_of(parse: SentenceParse) -> list[Claim]:
    return [c.claim for c in parse.claims]
