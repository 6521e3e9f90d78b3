"""Templates render and parse from one table: parse(render(a)) == a.claim() for every
template, rendering of derived steps with their arithmetic, questions, inflection."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Lark
from lark import logger as lark_logger

from vlp.grammar import (
    TEMPLATES,
    parse_sentence,
    question_variants,
    render_conclusion,
    render_question,
    render_statement,
    singular,
    statement_variants,
    to_plural,
)
from vlp.grammar.sentences import LEAD_WORDS, grammar_text
from vlp.grammar.templates import CLAIM_SLOTS, QUESTION, VERB_FORMS, render_template
from vlp.kernel import Agents, Atom, Claim, Query, comp, compeq, cont, rate, transfer


def _keywords() -> set[str]:
    words = set(LEAD_WORDS) | {"combined", "in", "total", "all", "altogether", "together",
                               "their", "collection", "totaled", "of", "show", "prove"}
    for template in TEMPLATES:
        for token in template.tokens:
            if not token.startswith("{"):
                for word in token.strip("()[]").split("|"):
                    words.add(word)
                    words.update(VERB_FORMS.get(word, ()))
    return words


KEYWORDS = _keywords()
_word = st.from_regex(r"[a-z]{2,9}", fullmatch=True).filter(lambda w: w not in KEYWORDS)
_simple_name = st.one_of(
    _word,
    st.builds(lambda a, b: f"{a}-{b}", _word, _word),
    st.builds(lambda a, b: f"{a} {b}", _word, _word),  # "la verne"
)
NAMES = st.one_of(
    _simple_name,
    st.builds(lambda owner, relation: f"{owner}'s {relation}", _simple_name, _word),
    st.builds(lambda o, r1, r2: f"{o}'s {r1}'s {r2}", _simple_name, _word, _word),
)
# an entity whose singular is a template word ("dos" -> "do") is no entity a lexicon has
_plural = st.from_regex(r"[a-z]{2,8}s", fullmatch=True).filter(
    lambda w: w not in KEYWORDS and singular(w) not in KEYWORDS and to_plural(w) == w)
ENTITIES = st.one_of(
    _plural,
    st.sampled_from(["apples", "puzzles", "pet stores", "spinach leaves", "boxes", "berries",
                     "rolls of toilet paper", "sheep", "knives", "potatoes", "paper clips"]),
    st.builds(lambda a, b: f"{a} {b}", _word, _plural),
    st.builds(lambda a, b: f"{a} of {b}", _plural, _word),
)
QUANTITIES = st.integers(min_value=0, max_value=10**6) | st.just(1)


@st.composite
def agent_sets(draw: st.DrawFn, max_size: int = 4) -> Agents:
    names = draw(st.lists(NAMES, min_size=1, max_size=max_size, unique=True))
    # a name that is a possessive of another listed name is fine; equal names are not
    return Agents(frozenset(names))


def _single(draw: st.DrawFn) -> Agents:
    return Agents.of(draw(NAMES))


@st.composite
def atoms(draw: st.DrawFn) -> Atom:
    predicate = draw(st.sampled_from(["cont", "comp", "transfer", "rate", "compeq"]))
    q, e, t = draw(QUANTITIES), draw(ENTITIES), draw(st.integers(0, 5))
    if predicate == "cont":
        return cont(draw(agent_sets()), q, e, t)
    if predicate == "comp":
        return comp(draw(agent_sets(2)), draw(agent_sets(2)), max(q, 1), e, t)
    if predicate == "transfer":
        return transfer(draw(agent_sets(2)), draw(agent_sets(2)), q, e, t)
    if predicate == "rate":
        return rate(draw(agent_sets(2)), q, e, draw(ENTITIES.filter(lambda c: c != e)), t)
    return compeq(*(draw(agent_sets(2)) for _ in range(4)), e, t)


def _claims(sentence: str) -> list[Claim]:
    parsed = parse_sentence(sentence)
    assert parsed.kind == "claims", (sentence, parsed.reason)
    return [c.claim for c in parsed.claims]


@given(atoms(), st.data())
def test_every_statement_variant_parses_back_to_the_claim(atom: Atom, data: st.DataObject) -> None:
    count = statement_variants(atom)
    assert count >= 1
    for variant in range(count):
        sentence = render_statement(atom, variant)
        assert sentence.endswith(".") and sentence[0].isupper()
        assert _claims(sentence) == [atom.claim()], sentence


@st.composite
def template_values(draw: st.DrawFn) -> tuple:
    template = draw(st.sampled_from(TEMPLATES))
    values: dict[str, object] = {}
    for slot in CLAIM_SLOTS[template.predicate]:
        if slot in "ABCDSR":
            single = any(t in (f"{{{slot}!}}", f"{{{slot}'s}}") for t in template.tokens)
            values[slot] = _single(draw) if single else draw(agent_sets())
        elif slot == "q":
            values[slot] = draw(QUANTITIES) if template.predicate != "comp" else \
                draw(QUANTITIES.map(lambda q: max(q, 1)))
        elif slot == "e":
            values[slot] = draw(ENTITIES)
        else:
            values[slot] = draw(ENTITIES.filter(lambda c: c != values["e"]))
    if template.agents != "any":
        subject = values[template.subject or "A"]
        if (len(subject) > 1) != (template.agents == "plural"):
            values[template.subject or "A"] = (
                Agents(frozenset(draw(st.lists(NAMES, min_size=2, max_size=4, unique=True))))
                if template.agents == "plural" else _single(draw))
    return template, values


@given(template_values(), st.booleans())
def test_every_template_parses_back_to_what_it_renders(case: tuple, arithmetic: bool) -> None:
    """All templates, the parse-only ones included, with and without inline arithmetic."""
    template, values = case
    expression = None
    if arithmetic and "q" in values and template.kind != QUESTION:
        q = values["q"]
        expression = f"{q + 3} - 3"
    sentence = render_template(template, values, expression)
    parsed = parse_sentence(sentence)
    slots = CLAIM_SLOTS[template.predicate]
    if template.kind == QUESTION:
        assert parsed.kind == "question", (sentence, parsed.reason)
        expected = tuple(None if s == "q" else values[s] for s in slots) + (None,)
        assert parsed.query == Query(template.predicate, expected), sentence
        return
    assert parsed.kind == "claims", (sentence, parsed.reason)
    (claim,) = parsed.claims
    expected_args = tuple(None if s == "e" and template.partial else values[s] for s in slots)
    assert claim.claim == Claim(template.predicate, expected_args), sentence
    assert claim.template == template.id
    if expression is not None:
        assert claim.arithmetic is not None and claim.arithmetic.correct
        assert str(claim.arithmetic) == f"{expression} = {values['q']}"


def test_the_generated_grammar_has_no_conflicts() -> None:
    """LALR conflicts would mean two templates (or a template and a name) can read one
    sentence two ways: templates must be disjoint, so the grammar must be conflict-free."""
    records: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    handler = Collect(level=logging.DEBUG)
    old_level = lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar_text(), parser="lalr", lexer="contextual", debug=True)
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(old_level)
    assert not [r for r in records if "conflict" in r.lower()], records


def test_paper_phrasings_render() -> None:
    assert render_statement(cont("lib", 20, "puzzles", 0), 2) == "Lib possesses 20 puzzles."
    assert render_statement(comp("shanna", "lib", 4, "puzzles", 0)) == \
        "Shanna has 4 puzzles more than Lib."
    assert render_statement(comp("stacee", "valencia", 11, "necklaces", 0), 1) == \
        "Valencia has 11 necklaces less than Stacee."
    assert render_statement(transfer("shanna", "costa", 5, "puzzles", 0)) == \
        "Shanna then donates 5 puzzles to Costa."
    assert render_statement(transfer("felic", "stacee", 14, "necklaces", 0), 3) == \
        "Stacee then gets 14 more necklaces from Felic."
    assert render_statement(cont(["alice", "bob"], 8, "apples", 0)) == \
        "Alice and Bob have 8 apples combined."
    assert render_statement(rate("alice", 4, "apples", "baskets", 0), 1) == \
        "Each of Alice's baskets contains 4 apples."
    assert render_statement(rate("trueman", 16, "hamsters", "pet stores", 1)) == \
        "Trueman possesses 16 hamsters per pet store."
    assert render_statement(cont("bernhard's son", 1, "apples", 0)) == "Bernhard's son has 1 apple."
    assert render_statement(compeq("leona", "henrieta", "alvan", "ki", "wrenches", 0)) == (
        "The number of wrenches that Leona has more than Henrieta is the same as the difference"
        " between the number of wrenches that Alvan has compared to Ki.")


def test_typographic_apostrophes_name_the_same_agent_and_never_the_owner() -> None:
    (claim,) = _claims("Curcio’s stepbrother has 5 hamsters fewer than Tuck.")
    assert claim == comp("tuck", "curcio's stepbrother", 5, "hamsters", 0).claim()
    assert Agents.of("curcio") not in claim.agent_sets


class _Edge:
    """Any object with rule_id, premises and conclusion will do (vlp.checker.Hyperedge)."""

    def __init__(self, rule_id: str, premises: tuple[Atom, ...], conclusion: Atom):
        self.rule_id, self.premises, self.conclusion = rule_id, premises, conclusion


@pytest.mark.parametrize("edge, sentence", [
    (_Edge("1a", (cont("lib", 20, "puzzles", 0), comp("shanna", "lib", 4, "puzzles", 0)),
           cont("shanna", 24, "puzzles", 0)), "So Shanna has 20 + 4 = 24 puzzles."),
    (_Edge("1b", (cont("shanna", 19, "puzzles", 1), comp("shanna", "valeria", 6, "puzzles", 1)),
           cont("valeria", 13, "puzzles", 1)), "So Valeria has 19 - 6 = 13 puzzles."),
    (_Edge("1c", (cont("dennie", 19, "parrots", 1), cont("dianna", 4, "parrots", 1)),
           comp("dennie", "dianna", 15, "parrots", 1)),
     "So the difference between the number of parrots Dennie and Dianna have is 19 - 4 = 15."),
    (_Edge("2a", (cont("stacee", 18, "necklaces", 0),
                  transfer("felic", "stacee", 14, "necklaces", 0)),
           cont("stacee", 32, "necklaces", 1)), "So Stacee has 18 + 14 = 32 necklaces."),
    (_Edge("2b", (cont("shanna", 24, "puzzles", 0), transfer("shanna", "costa", 5, "puzzles", 0)),
           cont("shanna", 19, "puzzles", 1)), "So Shanna has 24 - 5 = 19 puzzles."),
    (_Edge("4", (cont("trueman", 8, "pet stores", 1),
                 rate("trueman", 16, "hamsters", "pet stores", 1)),
           cont("trueman", 128, "hamsters", 1)), "So Trueman has 8 * 16 = 128 hamsters."),
    (_Edge("3", (cont("curcio", 10, "hamsters", 1), cont("neely", 32, "hamsters", 1),
                 cont("trueman", 128, "hamsters", 1), cont("gwendolin", 9, "hamsters", 1)),
           cont(["curcio", "neely", "trueman", "gwendolin"], 179, "hamsters", 1)),
     "So Curcio, Neely, Trueman and Gwendolin have 10 + 32 + 128 + 9 = 179 hamsters combined."),
    (_Edge("5a", (cont("pieter", 14, "parrots", 1), comp("dennie", "dianna", 15, "parrots", 1),
                  compeq("edgar", "pieter", "dennie", "dianna", "parrots", 1)),
           cont("edgar", 29, "parrots", 1)), "So Edgar has 14 + 15 = 29 parrots."),
    (_Edge("5b", (comp("a", "b", 3, "pens", 0), comp("c", "d", 3, "pens", 0)),
           compeq("a", "b", "c", "d", "pens", 0)),
     "So the number of pens that A has more than B is the same as the number of pens that C"
     " has more than D."),
])
def test_conclusions_carry_the_rules_arithmetic(edge: _Edge, sentence: str) -> None:
    assert render_conclusion(edge) == sentence
    parsed = parse_sentence(sentence)
    assert [c.claim for c in parsed.claims] == [edge.conclusion.claim()]
    assert all(a.correct for a in parsed.arithmetic)


def test_the_frame_rule_is_not_verbalized() -> None:
    edge = _Edge("6", (cont("a", 1, "pens", 0),), cont("a", 1, "pens", 1))
    with pytest.raises(ValueError, match="not verbalized"):
        render_conclusion(edge)


def test_questions_and_ground_queries() -> None:
    eddie = Query("cont", (Agents.of("eddie"), None, "parrots", None))
    phrasings = [render_question(eddie, v) for v in range(question_variants(eddie))]
    assert phrasings == [
        "How many parrots does Eddie have?", "How many parrots does Eddie have in all?",
        "How many parrots does Eddie have in total?", "How many parrots does Eddie have totaled?",
        "How many parrots does Eddie have in their collection?"]
    group = Query("cont", (Agents(frozenset({"curcio", "neely"})), None, "hamsters", None))
    for variant in range(question_variants(group)):
        parsed = parse_sentence(render_question(group, variant))
        assert parsed.kind == "question" and parsed.query == group
    ground = Query("cont", (Agents.of("yanick"), 5, "drones", None))
    assert render_question(ground) == "Show that Yanick has 5 drones."
    combined = Query("cont", (Agents(frozenset({"curcio", "neely"})), 179, "hamsters", None))
    assert render_question(combined, 2) == "Prove that combined Curcio and Neely have 179 hamsters."
    for query in (ground, combined):
        for variant in range(question_variants(query)):
            parsed = parse_sentence(render_question(query, variant))
            assert parsed.kind == "ground" and parsed.query == query


@pytest.mark.parametrize("plural, one", [
    ("apples", "apple"), ("boxes", "box"), ("berries", "berry"), ("pet stores", "pet store"),
    ("spinach leaves", "spinach leaf"), ("potatoes", "potato"), ("sheep", "sheep"),
    ("rolls of toilet paper", "roll of toilet paper"), ("glasses", "glass"),
    ("zucchinis", "zucchini"), ("bookshelves", "bookshelf"), ("canvases", "canvas"),
    ("cookies", "cookie"), ("toolboxes", "toolbox"), ("knives", "knife"), ("dice", "die"),
])
def test_inflection(plural: str, one: str) -> None:
    assert singular(plural) == one
    assert to_plural(one) == plural
    (claim,) = _claims(f"Alice has 1 {one}.")
    assert claim.entity == plural
