"""Record schemas: one table of field specs per record kind, and the check of a decoded
record against it, with errors at ``FILE:LINE:FIELD`` (exit code 2).

A bottom module (it imports only :mod:`vlp.errors` and :mod:`vlp.records`): the sampler,
the model runner, the report and every command read records through it, so a record that
one command refuses is refused by all of them in the same words. What a record *claims*
(its answer is the goal's quantity, its goal answers the query, its axioms carry its overlap)
needs the parser and the kernel, and is checked above this layer (``vlp.sampler.certify``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from vlp.errors import InputError, shown
from vlp.records import ID_KEYS

# The names of the dataset design (docs/schema.md); vlp.sampler.design re-exports them.
SETTINGS: tuple[str, ...] = ("base", "axiom", "tree", "trees")
OVERLAPS: tuple[str, ...] = ("none", "entity", "agent", "both")
CONNECTIONS: tuple[str, ...] = ("disconnected", "connected")
QUERY_KINDS: tuple[str, ...] = ("nonground", "ground")

SCHEMA_VERSION = 1  # the problem-record format vlp generate writes
KNOWN_SCHEMAS = (1,)  # the formats this version reads

# Whole numbers in records stay within a signed 64-bit integer: what every JSON reader and
# Parquet column holds exactly.
INT_LIMIT = 2**63


class Field(NamedTuple):
    """One field of a record: its JSON type (``int``, ``number``, ``str``, ``bool``,
    ``list``, ``object``), whether it may be null or absent, its allowed values or bounds, and for a
    list or an object the spec of its items or fields."""

    kind: str
    nullable: bool = False
    required: bool = True
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    item: Field | None = None  # a list's items
    fields: Mapping[str, Field] | None = None  # an object's fields (others are allowed)
    nonempty: bool = False

    def optional(self) -> Field:
        """This field, allowed to be null or absent."""
        return self._replace(nullable=True, required=False)


_ATOM = Field("str", nonempty=True)
_COUNT = Field("int", low=0, high=INT_LIMIT - 1)

AXIOM_FIELDS: dict[str, Field] = {
    "atom": _ATOM, "sentence": Field("str"), "relevant": Field("bool"),
}
HYPEREDGE_FIELDS: dict[str, Field] = {
    "rule": Field("str", nonempty=True), "premises": Field("list", item=_ATOM),
    "conclusion": _ATOM,
}

# A problem record as vlp generate writes it (docs/schema.md).
PROBLEM_FIELDS: dict[str, Field] = {
    "schema": Field("int", choices=KNOWN_SCHEMAS),
    "id": Field("str", nonempty=True),
    "seed": _COUNT,
    "setting": Field("str", choices=SETTINGS),
    "overlap": Field("str", nullable=True, choices=OVERLAPS),
    "connection": Field("str", nullable=True, choices=CONNECTIONS),
    "control": Field("bool"),
    "query_kind": Field("str", choices=QUERY_KINDS),
    "axioms": Field("list", nonempty=True, item=Field("object", fields=AXIOM_FIELDS)),
    "question": Field("str", nonempty=True),
    "query": _ATOM,
    "goal": _ATOM,
    "answer": _COUNT,  # the goal's quantity: a natural number
    "proof": Field("object", fields={
        "claims": Field("list", item=_ATOM),
        "hyperedges": Field("list", item=Field("object", fields=HYPEREDGE_FIELDS)),
    }),
    "proof_text": Field("str"),
    "text": Field("str", nonempty=True),
    "certificate": Field("object", fields={
        "optimal_size": Field("int", low=1, high=INT_LIMIT - 1),
        "runner_up_size": Field("int", nullable=True, low=1, high=INT_LIMIT - 1),
        "unique": Field("bool"),
    }),
    "depth": _COUNT,
    "derived_steps": _COUNT,
    "irrelevant_trees": _COUNT,
    "connected_trees": _COUNT,
    "base_id": Field("str", nullable=True, required=False),
}

# A problem record as vlp encode writes it (docs/encode.md): the problem fields of a generated
# record, none of the sampler's (seed, setting, overlap, ...), marked ``"encoded": true``.
ENCODED_FIELDS: dict[str, Field] = {
    "id": Field("str", nullable=True, nonempty=True),
    **{key: PROBLEM_FIELDS[key] for key in (
        "axioms", "question", "query", "goal", "answer", "proof", "text", "certificate")},
    "encoded": Field("bool", choices=(True,)),
    "gold_answer": Field("number", required=False),
}

# The fields a problem given to a model (vlp evaluate, verify) may carry when it is not a
# generated record: each is checked when present.
LOOSE_PROBLEM_FIELDS: dict[str, Field] = {
    **{key: Field("str", nullable=True, required=False, nonempty=True) for key in ID_KEYS},
    "answer": _COUNT.optional(),
    **{key: PROBLEM_FIELDS[key].optional()
       for key in ("setting", "overlap", "connection", "control", "query_kind")},
}

def _optional(kind: str, **options: Any) -> Field:
    return Field(kind, nullable=True, required=False, **options)


_OPTIONAL_COUNT = _optional("int", low=0, high=INT_LIMIT - 1)

# A step of a verifier's report (vlp.checker.verdicts.StepVerdict.to_json()).
STEP_FIELDS: dict[str, Field] = {
    **{key: _optional("str") for key in (
        "arithmetic", "atom", "claim", "reason", "rule", "status", "text")},
    **{key: _optional("bool") for key in ("duplicate", "relevant")},
    "sentence": _OPTIONAL_COUNT,
    **{key: _optional("list", item=Field("str")) for key in ("missing", "premises")},
    "reading": _optional("str|object", fields={
        "method": _optional("str"), "cues": _optional("list", item=Field("str")),
        "resolved": _optional("object", fields=None)}),
}

# The score of a result: the verifier's report (vlp.checker.report.Report.to_json()).
SCORE_FIELDS: dict[str, Field] = {
    **{key: _optional("bool") for key in ("answer_correct", "exact_match")},
    **{key: _optional("number") for key in ("efficiency", "efficiency_non_axioms", "recall")},
    **{key: _OPTIONAL_COUNT for key in (
        "claims", "duplicate_steps", "false_claims", "irrelevant_claims", "non_axiom_claims",
        "proof_claims", "proof_non_axiom_claims", "reference_tokens", "relevant_claims",
        "relevant_non_axiom_claims", "step_count", "transcript_tokens", "unparsed_steps")},
    **{key: _optional("int", low=-INT_LIMIT, high=INT_LIMIT - 1)
       for key in ("gold_answer", "predicted_answer")},
    **{key: _optional("str") for key in ("answer_source", "goal", "mode", "problem_id")},
    "notes": _optional("list"),
    "reference_proof": _optional("list", item=Field("str")),
    "search_order": _optional("object"),
    "steps": _optional("list", item=Field("object", fields=STEP_FIELDS)),
}

# A line of a run's results.jsonl (vlp evaluate), as vlp report reads it.
RESULT_FIELDS: dict[str, Field] = {
    "problem_id": Field("str"),
    "sample": _optional("int", low=0, high=INT_LIMIT - 1),
    "score": _optional("object", fields=SCORE_FIELDS),
    "usage": _optional("object", fields={
        key: _OPTIONAL_COUNT for key in ("input_tokens", "output_tokens")}),
    **{key: _optional("str") for key in (
        "answer_text", "finish_reason", "model", "proof", "thinking", "transcript")},
    "depth": _OPTIONAL_COUNT,
    **{key: PROBLEM_FIELDS[key].optional()
       for key in ("setting", "overlap", "connection", "control", "query_kind")},
}

# A line of a transcripts file (verify-proof --batch): its id and the answer given apart.
# Transcript texts are looked up by name (vlp.records.TRANSCRIPT_KEYS), the first that is a
# string, so other values under those names are not errors.
TRANSCRIPT_FIELDS: dict[str, Field] = {
    **{key: _optional("str|int") for key in ID_KEYS},
    # a whole number within a signed 64-bit integer, as in every record; a string is the
    # model's own text, read as the answer it gives
    "answer": _optional("int|str", low=-INT_LIMIT, high=INT_LIMIT - 1),
}

# A run's run.json, in the fields vlp report reads.
RUN_FIELDS: dict[str, Field] = {
    "model": _optional("str"),
    "seed": _optional("int", low=-INT_LIMIT, high=INT_LIMIT - 1),
    "samples": _OPTIONAL_COUNT,
    "sessions": _optional("list", item=Field("object")),
}

_KINDS: dict[str, tuple[type, ...]] = {
    "int": (int,), "number": (int, float), "str": (str,), "bool": (bool,), "list": (list,),
    "object": (dict,),
}
_NAMES = {"int": "a whole number", "number": "a number", "str": "a string",
          "bool": "true or false", "list": "a list", "object": "an object"}


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


_ACCEPTED: dict[str, tuple[type, ...]] = {}  # a spec's kind ("str|object") -> its types


def _accepted(kind: str) -> tuple[type, ...]:
    types = _ACCEPTED.get(kind)
    if types is None:
        types = _ACCEPTED[kind] = tuple(t for k in kind.split("|") for t in _KINDS[k])
    return types


def field_problem(value: Any, spec: Field) -> str:
    """What is wrong with ``value`` as ``spec`` itself (its items aside); "" if nothing."""
    if value is None:
        return "" if spec.nullable else f"must be {_NAMES[spec.kind.split('|')[0]]}, not null"
    types = _ACCEPTED.get(spec.kind) or _accepted(spec.kind)
    # exact types first (what json gives); bool is an int subclass but never a number here
    if type(value) not in types and (isinstance(value, bool) or not isinstance(value, types)):
        names = " or ".join(_NAMES[kind] for kind in spec.kind.split("|"))
        return f"must be {names}, not {_type_name(value)}"
    if type(value) is float and not math.isfinite(value):
        return f"must be a finite number, not {shown(value)}"
    if spec.choices and value not in spec.choices:
        allowed = ", ".join(map(str, spec.choices))
        return f"{shown(value)} is not one of {allowed}" if spec.kind != "int" else \
            f"{shown(value)} is not a known version ({allowed})"
    bounded = type(value) is not str  # the bounds of an "int|str" field are the int's
    if bounded and spec.low is not None and value < spec.low:
        return f"{shown(value)} is below {spec.low}"
    if bounded and spec.high is not None and value > spec.high:
        return f"{shown(value)} is above {spec.high}"
    if spec.nonempty and not value:
        return "must not be empty"
    return ""


_Link = tuple[Any, str | int] | None  # a field's path: (its parent's link, its key)


def _path(link: _Link) -> str:
    keys: list[str | int] = []
    while link is not None:
        link, key = link
        keys.append(key)
    text = ""
    for key in reversed(keys):
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


def record_problem(record: Mapping[str, Any], fields: Mapping[str, Field],
                   ) -> tuple[str, str] | None:
    """The first field of ``record`` (depth first, in table order) that breaks ``fields``:
    (its path such as ``axioms[2].atom``, what is wrong), or None. Walked with a stack, not
    recursion: scalars are checked where they are met, only lists and objects with specs of
    their own wait on the stack; a path is spelt out only for the field that is wrong."""
    stack: list[tuple[Any, Field, _Link]] = [(record, Field("object", fields=fields), None)]
    while stack:
        value, spec, link = stack.pop()
        if spec.fields is not None and isinstance(value, Mapping):
            named: Any = ((name, child, value[name] if name in value else _MISSING)
                          for name, child in spec.fields.items())
        elif spec.item is not None and isinstance(value, list):
            named = ((i, spec.item, item) for i, item in enumerate(value))
        else:
            continue
        nested = []
        for key, child, item in named:
            if item is _MISSING:
                if child.required:
                    return _path((link, key)), "is missing"
                continue
            problem = field_problem(item, child)
            if problem:
                return _path((link, key)), problem
            if (child.fields is not None or child.item is not None) and item is not None:
                nested.append((item, child, (link, key)))
        stack.extend(reversed(nested))
    return None


_MISSING = object()


def check_record(record: Mapping[str, Any], fields: Mapping[str, Field],
                 location: str) -> None:
    """Raise :class:`InputError` at ``location:FIELD`` for the first field of ``record``
    that breaks ``fields``."""
    found = record_problem(record, fields)
    if found is not None:
        raise InputError(found[1], f"{location}:{found[0]}")


def design_problem(record: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first design field that contradicts another (a base problem with an overlap, a
    control with irrelevant trees, ...): (field, what is wrong), or None."""
    setting = record.get("setting")
    if setting == "base":
        for name in ("overlap", "connection"):
            if record.get(name) is not None:
                return name, f"a base problem has no {name}, but the record says " \
                             f"{shown(record[name])}"
        if record.get("control"):
            return "control", "a base problem has no control"
    elif setting is not None:
        for name in ("overlap", "connection"):
            if name in record and record[name] is None:
                return name, f"a {setting} problem needs its {name}"
    trees = record.get("irrelevant_trees")
    if (setting == "base" or record.get("control")) and trees:
        return "irrelevant_trees", "a base or control problem has no irrelevant trees"
    connected = record.get("connected_trees")
    if isinstance(trees, int) and isinstance(connected, int) and connected > trees:
        return "connected_trees", f"{connected} connected trees of {trees} irrelevant trees"
    kind, query = record.get("query_kind"), record.get("query")
    if isinstance(query, str) and kind in QUERY_KINDS and ("?" in query) != (kind == "nonground"):
        return "query", f"a {kind} query {'needs' if kind == 'nonground' else 'has no'} '?'"
    return None


def check_problem_record(record: Mapping[str, Any], location: str) -> None:
    """A generated problem record (docs/schema.md): every field's type, value and range,
    the schema version, and the design fields agreeing with each other."""
    check_record(record, PROBLEM_FIELDS, location)
    found = design_problem(record)
    if found is not None:
        raise InputError(found[1], f"{location}:{found[0]}")


def check_loose_problem(record: Mapping[str, Any], location: str) -> None:
    """A problem as a model is given it: a generated record is checked in full (it carries
    ``schema``); any other record (hand-written, a program file) in the types of the fields
    it has."""
    if "schema" in record:
        check_problem_record(record, location)
    else:
        check_record(record, LOOSE_PROBLEM_FIELDS, location)


# Unicode TR39's augmented script sets: Han is written with kana in Japanese (Jpan), with
# Hangul in Korean (Kore) and with Bopomofo (Hanb), so those mixes are one script.
_AUGMENTED = {"Hani": {"Hanb", "Jpan", "Kore"}, "Hira": {"Jpan"}, "Kana": {"Jpan"},
              "Hang": {"Kore"}, "Bopo": {"Hanb"}}
_ANY_SCRIPT = {"Zyyy", "Zinh"}  # Common and Inherited: digits, spaces, marks of any script


@lru_cache(maxsize=4096)
def mixed_scripts(name: str) -> tuple[str, ...]:
    """The scripts a name mixes (ISO 15924 codes), or () if it is single-script by Unicode
    TR39's mixed-script test: some script is in the (augmented) Script_Extensions of every
    character. Latin ``alice`` and ``аlice`` with a Cyrillic ``а`` print the same and would
    be two agents; the second mixes Latn and Cyrl."""
    if name.isascii():
        return ()
    from fontTools.unicodedata import script_extension  # Unicode's script data

    resolved: set[str] | None = None
    seen: list[str] = []
    for character in name:
        scripts = set(script_extension(character))
        if scripts & _ANY_SCRIPT:
            continue
        for script in list(scripts):
            scripts |= _AUGMENTED.get(script, set())
        seen += sorted(scripts - set(seen) - {"Hanb", "Jpan", "Kore"})
        resolved = scripts if resolved is None else resolved & scripts
    return tuple(seen) if resolved is not None and not resolved else ()
