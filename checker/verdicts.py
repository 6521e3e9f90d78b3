"""Per-step verdicts (DESIGN §6).

Every claim a transcript makes gets one :class:`StepVerdict`. A sentence that states two
facts ("Dennie has 19 parrots and Dianna has 4 parrots.") yields two verdicts with the
same ``sentence`` index; a sentence that yields no claim yields one ``unparsed`` verdict.
"""

from __future__ import annotations

import enum
import functools
from typing import Any

import attrs

from vlp.grammar.arithmetic import Arithmetic
from vlp.kernel import Atom, Claim
from vlp.reading.readings import TEMPLATE_READING, Reading


class Status(str, enum.Enum):
    AXIOM = "axiom"  # restates a given fact
    DERIVED = "derived"  # one kernel-checked rule application from axioms and earlier claims
    DERIVED_MULTI = "derived-multi"  # a theorem, but several applications away (skipped step)
    FALSE = "false"  # not a theorem: wrong arithmetic, wrong quantity, invented fact
    UNPARSED = "unparsed"  # no claim could be read from the text

    @property
    def is_theorem(self) -> bool:
        return self in (Status.AXIOM, Status.DERIVED, Status.DERIVED_MULTI)

    def __str__(self) -> str:
        return self.value


# the text of a claim, atom or expression, kept: every report writes each one many times
# (a claim in its own step, as a premise, as a skipped step, in later reports of the same
# problem), and formatting one costs more than finding it here (hashes are cached)
text_of = functools.lru_cache(maxsize=1 << 16)(str)


@attrs.frozen
class StepVerdict:
    """The verdict on one claim (or on one unreadable sentence) of a transcript."""

    sentence: int  # 1-based index of the sentence in the transcript
    text: str
    status: Status
    claim: Claim | None = None
    atom: Atom | None = None  # the theorem the claim was aligned to (time resolved)
    relevant: bool = False  # on the shortest proof
    duplicate: bool = False  # the claim was already stated earlier
    rule: str | None = None  # "axiom", or the rule id of the accepted hyperedge
    premises: tuple[Atom, ...] = ()
    missing: tuple[Claim, ...] = ()  # derived-multi: intermediate claims the text skipped
    arithmetic: Arithmetic | None = None
    reason: str | None = None  # false / unparsed: why; otherwise an optional note
    reading: Reading = TEMPLATE_READING

    def to_json(self) -> dict[str, Any]:
        # every report writes each of its steps: a batch of long transcripts spent a tenth
        # of its time here (the enum's ``value`` is a descriptor; ``map`` skips a frame)
        claim, atom, arithmetic = self.claim, self.atom, self.arithmetic
        return {
            "sentence": self.sentence,
            "text": self.text,
            "status": _STATUS_TEXT[self.status],
            "claim": None if claim is None else text_of(claim),
            "atom": None if atom is None else text_of(atom),
            "relevant": self.relevant,
            "duplicate": self.duplicate,
            "rule": self.rule,
            "premises": list(map(text_of, self.premises)),
            "missing": list(map(text_of, self.missing)),
            "arithmetic": None if arithmetic is None else text_of(arithmetic),
            "reason": self.reason,
            "reading": self.reading.to_json(),
        }


_STATUS_TEXT = {status: status.value for status in Status}
