"""The hyperedge value (a rule application as data) and the consistency check over atoms:
plain values and a scan the untrusted parts share; the kernel itself needs neither."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ..rules import is_frame_rule
from ..terms import Atom


@attrs.frozen(cache_hash=True, order=False, repr=False)
class Hyperedge:
    """One rule application: ``premises |- conclusion`` (premises in pattern order)."""

    rule_id: str
    premises: tuple[Atom, ...] = attrs.field(converter=tuple)
    conclusion: Atom

    @property
    def is_frame(self) -> bool:
        return is_frame_rule(self.rule_id)

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule_id, "premises": [str(p) for p in self.premises],
                "conclusion": str(self.conclusion)}

    def __repr__(self) -> str:
        return f"[{self.rule_id}] {', '.join(map(str, self.premises))} |- {self.conclusion}"

    __str__ = __repr__


def find_clash(atoms: Iterable[Atom]) -> tuple[Atom, Atom] | None:
    """Two atoms that differ only in their quantity (numerical inconsistency), if any."""
    seen: dict[tuple, Atom] = {}
    for atom in atoms:
        if atom.quantity is None:
            continue
        key = atom.consistency_key()
        other = seen.setdefault(key, atom)
        if other != atom:
            return other, atom
    return None
