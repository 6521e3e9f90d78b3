"""The sampler's only contact with the language layer (vlp.grammar): rendering atoms,
conclusions and questions, and reading a problem text back."""

from __future__ import annotations

from vlp.kernel import Atom, Query


def statement_variants(atom: Atom) -> int:
    from vlp.grammar import statement_variants as variants

    return variants(atom)


def render_statement(atom: Atom, variant: int) -> str:
    from vlp.grammar import render_statement as render

    return render(atom, variant)


def render_conclusion(rule_id: str, premises: tuple[Atom, ...], conclusion: Atom) -> str:
    from vlp.checker import Hyperedge
    from vlp.grammar import render_conclusion as render

    return render(Hyperedge(rule_id, premises, conclusion))


def question_variants(query: Query) -> int:
    try:
        from vlp.grammar import question_variants as variants
    except ImportError:
        return 1
    return variants(query)


def render_question(query: Query, variant: int) -> str:
    from vlp.grammar import render_question as render

    return render(query, variant)


def parse_problem(text: str, source: str = "<text>"):  # noqa: ANN201 - grammar's ParsedProblem
    from vlp.grammar import parse_problem as parse

    return parse(text, source)
