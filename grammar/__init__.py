"""vlp.grammar: the language layer.

Templates (``templates.py``) render atoms, derived steps and questions as sentences; the
same table generates the LALR grammar (``sentences.lark`` + generated rules) that reads
sentences back to claims. On top: problem texts to programs (``problem.py``), transcripts
to steps (``transcript.py``), and the canonical atom syntax (``canonical.py``).
"""

from .canonical import CanonicalSyntaxError, parse_atom, parse_query
from .inflect import singular, to_plural
from .problem import (
    ParsedProblem,
    ProblemParseError,
    category_links,
    nearest_template,
    parse_problem,
)
from .sentences import (
    Arithmetic,
    ParsedClaim,
    SentenceParse,
    extract_answer,
    extract_arithmetic,
    normalize_sentence,
    parse_sentence,
)
from .templates import (
    TEMPLATES,
    Template,
    agent_list,
    agent_name,
    question_variants,
    render_conclusion,
    render_question,
    render_statement,
    statement_variants,
)
from .transcript import Step, resolve_partial, split_transcript

__all__ = [
    "Arithmetic", "CanonicalSyntaxError", "ParsedClaim", "ParsedProblem", "ProblemParseError",
    "SentenceParse", "Step", "TEMPLATES", "Template", "agent_list", "agent_name",
    "category_links", "extract_answer", "extract_arithmetic", "nearest_template",
    "normalize_sentence", "parse_atom", "parse_problem", "parse_query", "parse_sentence",
    "question_variants", "render_conclusion", "render_question", "render_statement",
    "resolve_partial", "singular", "split_transcript", "statement_variants", "to_plural",
]
