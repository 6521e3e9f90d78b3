"""How a sentence was read (the reading recorded on every verdict): by the template
grammar, by the loose reader, or from its arithmetic alone."""

from __future__ import annotations

from typing import Any

import attrs

TEMPLATE, LOOSE, ARITHMETIC = "template", "loose", "arithmetic"


@attrs.frozen
class Reading:
    """How a step was read: by the template grammar, by the loose reader (with the cue words
    it relied on and what each pronoun or shortened name was resolved to), or from its
    arithmetic alone (matched with a rule instance's built-in)."""

    method: str  # TEMPLATE, LOOSE or ARITHMETIC
    cues: tuple[str, ...] = ()
    resolved: tuple[tuple[str, str], ...] = ()  # ("he", "tom"), ("balloons", "violet balloons")

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "cues": list(self.cues), "resolved": dict(self.resolved)}

    def __str__(self) -> str:
        details = []
        if self.cues:
            details.append(", ".join(self.cues))
        details.extend(f"{said} = {meant}" for said, meant in self.resolved)
        return self.method + (f" ({'; '.join(details)})" if details else "")


TEMPLATE_READING = Reading(TEMPLATE)
