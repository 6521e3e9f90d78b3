"""A word problem's record from its text (``vlp encode``): the program ``vlp.reading.encode``
reads, answered by chaining with its certified shortest proof, in the schema ``vlp
generate`` writes (docs/schema.md: ``axioms`` with their sentences, ``query``, ``goal``,
``answer``, ``proof``, ``text``, ``certificate``).

Precision first: a problem the reader refuses, one whose program is numerically
inconsistent or does not answer its question, and one whose answer differs from the gold
answer given with it is refused with its reason (the last keeps the answer it got, so a
bench can print each such program).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from vlp.errors import InputError


@attrs.frozen
class EncodeResult:
    """``record`` (the problem record) or ``reason`` (why not, with ``sentence``, the first
    sentence refused); ``answer`` is the program's answer where it was computed."""

    record: dict[str, object] | None
    reason: str | None = None
    sentence: str | None = None
    answer: int | None = None
    program_text: str = ""


def gold_number(gold: object) -> int | float | None:
    """A gold answer as a number ("18", "18.0", 18) or ``None`` when it is not one."""
    if gold is None or isinstance(gold, bool):
        return None
    if isinstance(gold, (int, float)):
        return gold
    try:
        value = float(str(gold).replace(",", "").strip())
    except ValueError:
        return None
    return int(value) if value.is_integer() else value


def encode_record(text: str, gold_answer: object = None, problem_id: str | None = None
                  ) -> EncodeResult:
    """The record of the problem ``text``, or why it is refused (cached per problem:
    encoding is done once and kept with the record). ``gold_answer``: a number or its text."""
    gold = gold_answer if gold_answer is None or isinstance(gold_answer, (int, float, str)) \
        else str(gold_answer)
    return _encode_record(text, gold, problem_id)


@lru_cache(maxsize=1024)
def _encode_record(text: str, gold_answer: object, problem_id: str | None) -> EncodeResult:
    from vlp.reading import encode

    from .chaining import NumericalInconsistencyError
    from .shortest import NoProofError, solve

    encoding = encode(text)
    if not hasattr(encoding, "program"):
        return EncodeResult(None, encoding.reason, encoding.sentence)  # type: ignore[union-attr]
    shown = "; ".join(map(str, encoding.axiom_order)) + f" ? {encoding.query}"
    try:
        solution = solve(encoding.program, encoding.query, axiom_order=encoding.axiom_order)
    except NumericalInconsistencyError as error:
        return EncodeResult(None, f"the facts read are numerically inconsistent: "
                                  f"{error.message}", None, None, shown)
    except NoProofError as error:
        return EncodeResult(None, f"the facts read do not answer the question: {error.message}",
                            encoding.question, None, shown)
    except InputError as error:
        return EncodeResult(None, error.message, None, None, shown)
    answer = solution.answer
    gold = gold_number(gold_answer)
    if gold_answer is not None and gold != answer:
        return EncodeResult(None, f"the program's answer {answer} differs from the gold "
                                  f"answer {gold_answer}", None, answer, shown)
    proof = solution.proof
    claims = [a.claim() for a in proof.dfs_atoms()]
    # no "schema": that key marks a sampler's record (seed, setting, overlap ...), which an
    # encoded problem has not; every other key is the generated records' own, and
    # "encoded" is what `vlp certify` re-checks such a record by (vlp.sampler.encoded)
    record: dict[str, object] = {
        "id": problem_id,
        "axioms": [{"atom": str(atom), "sentence": sentence,
                    "relevant": atom.claim() in claims}
                   for atom, sentence in zip(encoding.axiom_order, encoding.sentences,
                                             strict=True)],
        "question": encoding.question,
        "query": str(encoding.query),
        "goal": str(solution.goal),
        "answer": answer,
        "proof": {"claims": [str(claim) for claim in claims],
                  "hyperedges": [edge.to_json() for edge in proof.hyperedges]},
        "text": text,
        "certificate": {"optimal_size": proof.size, "runner_up_size": proof.runner_up_size,
                        "unique": proof.unique},
        "encoded": True,
    }
    if gold_answer is not None:
        record["gold_answer"] = gold
    return EncodeResult(record, None, None, answer, shown)
