"""vlp.grammar: the language layer.

Templates (``templates.py``) render atoms, derived steps and questions as sentences; the
same table generates the LALR grammar (``sentences.lark`` + generated rules) that reads
sentences back to claims. On top: problem texts to programs (``problem.py``), transcripts
to steps (``transcript.py``), and the canonical atom syntax (``canonical.py``).
"""

from __future__ import annotations

from vlp.lazy import install

_EXPORTS = {
    "Arithmetic": ".arithmetic",
    "OPERATOR_SPELLINGS": ".arithmetic",
    "extract_arithmetic": ".arithmetic",
    "CanonicalSyntaxError": ".canonical",
    "parse_atom": ".canonical",
    "parse_query": ".canonical",
    "singular": ".inflect",
    "to_plural": ".inflect",
    "ParsedProblem": ".problem",
    "ProblemParseError": ".problem",
    "category_links": ".problem",
    "nearest_template": ".problem",
    "parse_problem": ".problem",
    "ParsedClaim": ".callbacks",
    "SentenceParse": ".sentences",
    "extract_answer": ".sentences",
    "normalize_sentence": ".sentences",
    "parse_sentence": ".sentences",
    "TEMPLATES": ".templates",
    "Template": ".templates",
    "agent_list": ".templates",
    "agent_name": ".templates",
    "question_variants": ".templates",
    "render_conclusion": ".templates",
    "render_question": ".templates",
    "render_statement": ".templates",
    "statement_variants": ".templates",
    "Step": ".transcript",
    "resolve_partial": ".transcript",
    "split_transcript": ".transcript",
}

__all__ = sorted(_EXPORTS)

install(__name__, _EXPORTS)
