"""Facts reported as known, for the loose reader (``reader.py``).

"We know that she started with 62.", "We are also given that 8 friends were playing.": a
first-person lead that reports what the problem states is no plan; the clause it leads to
is read as stated (a false one is judged false, as any stated claim). Only leads of
knowing or being told are taken: "we think that", "we assume that", "we guess" are hedges,
and "we need to ..." a plan, which stay unread; a lead after anything but an opening
phrase without a number ("For the big wheel, we know that ...") is not taken.
"""

from __future__ import annotations

import re

_LEAD = re.compile(
    r"^(?P<opening>(?:[A-Za-z][\w' -]{0,40},\s+)?)"
    r"(?:we|you)\s+(?:also\s+|already\s+)?"
    r"(?:know|knew|are\s+(?:also\s+)?(?:given|told)|were\s+(?:also\s+)?(?:given|told))"
    r"\s+that\s+(?P<fact>\S)", re.IGNORECASE)


def reported_fact(text: str) -> str:
    """The sentence with a lead of knowing or being told taken off ("We know that Ana has
    40 plums." -> "Ana has 40 plums."), its opening phrase kept; else the sentence."""
    found = _LEAD.match(text)
    if found is None or any(c.isdigit() for c in found.group("opening")):
        return text
    fact = found.start("fact")
    return found.group("opening") + text[fact].upper() + text[fact + 1:]
