"""A problem in any accepted form, read into the one :class:`ProblemSpec` verification needs.

:func:`problem_spec` accepts a spec, a sampler ``Problem``, a program file, a problem record
(dict), a resolved reference, or a problem reference (a path, ``FILE.jsonl:ID``, or the
problem's text; :mod:`vlp.checker.references`). Text outside the template language is
encoded by :mod:`vlp.reading`. A record's spec is kept by its JSON text.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from vlp.errors import InputError
from vlp.kernel import Atom, Hyperedge, Program, Query


@attrs.frozen
class ProblemSpec:
    """What verification needs to know about a problem, however it was given."""

    program: Program
    query: Query
    axiom_order: tuple[Atom, ...] = ()
    problem_id: str | None = None
    gold_answer: int | None = None  # defaults to the goal's quantity
    certified_proof: tuple[Hyperedge, ...] = ()  # a generated record's shortest proof
    hidden_axioms: tuple[Atom, ...] = ()  # axioms the text never states (category links)
    reference_proof: tuple[str, ...] = ()  # the verbalized shortest proof, if the record has it


_TEXT_KEYS = ("problem", "text", "problem_text")
_ID_KEYS = ("id", "problem_id", "uid")
_PROOF_KEYS = ("proof_text", "reference_proof", "shortest_proof_text")


def problem_spec(problem: Any, *, source: str = "<problem>") -> ProblemSpec:
    """Accept a problem in any form: a :class:`ProblemSpec`, a sampler ``Problem``, a program
    file (``ProgramFile``), a problem record (dict), a resolved
    :class:`~vlp.checker.references.Reference`, or a problem reference (a ``str`` or
    ``pathlib.Path``: ``FILE.jsonl:ID``, a ``.jsonl`` file of one record, a ``.json`` record
    or program file, a text file, or the problem's text; see :mod:`vlp.checker.references`)."""
    from .programfile import ProgramFile
    from .references import Reference, resolve

    if isinstance(problem, ProblemSpec):
        return problem
    if isinstance(problem, ProgramFile):
        return _spec_from_program_file(problem, source)
    if isinstance(problem, (str, Path)):
        problem = resolve(problem, source=source)
    if isinstance(problem, Reference):
        if problem.record is not None:
            return _record_spec(problem.record, problem.source)
        if problem.path is not None:
            return _spec_from_file(problem.path)
        return _spec_from_text(problem.text or "", problem.source)
    if isinstance(problem, Mapping):
        return _record_spec(problem, source)
    to_json = getattr(problem, "to_json", None)
    if callable(to_json):  # a sampler Problem: its record carries everything
        return _spec_from_record(to_json(), source)
    raise InputError(f"cannot read a problem from a {type(problem).__name__}", source)


_RECORD_SPECS: dict[tuple[str, str], ProblemSpec] = {}  # by the record's JSON text
_RECORD_SPECS_KEPT = 256
_RECORD_SPECS_LOCK = threading.Lock()


def _record_spec(record: Mapping[str, Any], source: str) -> ProblemSpec:
    """A problem record's spec, read once per distinct content: a caller that verifies many
    transcripts of one record passes the record each time, and reading it (its atoms, its
    proof) costs as much as verifying a transcript. Keyed by the record's JSON text, so a
    record changed in place is read again; a record JSON cannot write is read every time.
    Errors are not kept: a bad record is refused on every call."""
    from vlp.records import canonical_json

    try:
        key = (canonical_json(record), source)
    except (TypeError, ValueError, RecursionError):  # not JSON, or nested past the stack
        return _spec_from_record(record, source)
    spec = _RECORD_SPECS.get(key)
    if spec is None:
        spec = _spec_from_record(record, source)
        with _RECORD_SPECS_LOCK:  # evaluation verifies from several threads
            if len(_RECORD_SPECS) >= _RECORD_SPECS_KEPT:
                del _RECORD_SPECS[next(iter(_RECORD_SPECS))]  # the oldest first
            _RECORD_SPECS[key] = spec
    return spec


def _spec_from_file(path: Path) -> ProblemSpec:
    """A ``.json`` problem record or program file (its fields checked), else a word
    problem's text."""
    from vlp.records import load_json_text, read_text_file
    from vlp.validate import check_loose_problem

    text = read_text_file(path, "problem")
    if path.suffix.lower() != ".json":
        return _spec_from_text(text, str(path))
    record = load_json_text(text, str(path))
    if not isinstance(record, dict):
        raise InputError("a problem file holds one JSON object", f"{path}:1")
    check_loose_problem(record, str(path))
    return _spec_from_record(record, str(path))


def _spec_from_program_file(program_file: Any, source: str, **extra: Any) -> ProblemSpec:
    if program_file.query is None:
        raise InputError("the program has no query: add \"query\", e.g. "
                         "\"cont({eddie}, ?, parrots, ?)\"", source)
    order = tuple(program_file.axiom_order)
    # a word problem's category links are in the program but were never stated
    hidden = tuple(sorted(program_file.program.axioms - set(order), key=str))
    return ProblemSpec(program_file.program, program_file.query, order,
                       hidden_axioms=hidden, **extra)


def _spec_from_text(text: str, source: str, **extra: Any) -> ProblemSpec:
    from vlp.grammar import ProblemParseError, parse_problem

    if not text.strip():
        raise InputError("the problem text is empty", source)
    try:
        parsed = parse_problem(text, source=source)
    except ProblemParseError as error:  # not the template language: a real word problem?
        from vlp.reading import encode

        encoded = encode(text)
        if not hasattr(encoded, "program"):
            raise InputError(f"{error.message}; nor could it be encoded ({encoded})",
                             error.location) from None
        return ProblemSpec(encoded.program, encoded.query, encoded.axiom_order, **extra)
    if parsed.query is None:
        raise InputError("the problem asks no question", source)
    return ProblemSpec(parsed.program, parsed.query, tuple(parsed.axiom_order),
                       hidden_axioms=tuple(getattr(parsed, "category_axioms", ())), **extra)


def _first(record: Mapping[str, Any], keys: Sequence[str]) -> Any:
    return next((record[k] for k in keys if record.get(k) is not None), None)


def _spec_from_record(record: Mapping[str, Any], source: str) -> ProblemSpec:
    from .programfile import program_from_json

    identifier = _first(record, _ID_KEYS)
    answer = record.get("answer")
    if answer is not None and not (isinstance(answer, int) and not isinstance(answer, bool)):
        try:
            answer = int(str(answer).strip())
        except ValueError:
            raise InputError(f"the record's answer {answer!r} is not a whole number",
                             source) from None
    proof = _first(record, _PROOF_KEYS)
    if isinstance(proof, str):
        proof = tuple(s for s in _split_sentences(proof))
    elif isinstance(proof, list) and all(isinstance(s, str) for s in proof):
        proof = tuple(proof)
    else:
        proof = ()
    extra = {"problem_id": None if identifier is None else str(identifier),
             "gold_answer": answer, "reference_proof": proof,
             "certified_proof": _record_proof(record, source)}
    program_data = record.get("program") if isinstance(record.get("program"), Mapping) else record
    if isinstance(program_data.get("axioms"), list) and program_data["axioms"] and all(
        isinstance(a, str) or (isinstance(a, Mapping) and isinstance(a.get("atom"), str))
        for a in program_data["axioms"]
    ):
        program_file = program_from_json(dict(program_data), source)
        return _spec_from_program_file(program_file, source, **extra)
    text = _first(record, _TEXT_KEYS)
    if isinstance(text, str):
        return _spec_from_text(text, source, **extra)
    raise InputError("malformed problem record: it needs \"axioms\" and \"query\" "
                     "(canonical atoms) or the problem text under \"problem\"", source)


def _record_proof(record: Mapping[str, Any], source: str) -> tuple[Hyperedge, ...]:
    """The shortest proof a generated record carries under ``proof.hyperedges`` (schema 1),
    or ``()``. Its atoms are parsed like the axioms; bad atoms are input errors."""
    from vlp.grammar.canonical import CanonicalSyntaxError, parse_atom

    proof = record.get("proof")
    edges = proof.get("hyperedges") if isinstance(proof, Mapping) else None
    if not isinstance(edges, list) or not edges:
        return ()
    try:
        return tuple(Hyperedge(str(e["rule"]), tuple(parse_atom(p) for p in e["premises"]),
                               parse_atom(e["conclusion"])) for e in edges)
    except (CanonicalSyntaxError, KeyError, TypeError) as error:
        raise InputError(f"malformed proof in the record: {error}", source) from None


def _split_sentences(text: str) -> list[str]:
    from vlp.grammar import split_transcript

    return [getattr(step, "text", str(step)) for step in split_transcript(text)]
