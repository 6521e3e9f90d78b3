"""Label lines whose text after the colon is a clause of its own (for ``SentenceReader``).

A plan's notes write "During the year: 3 students left and 42 new students came." (a label
that says only when, before a whole clause) and "Grasshopper: Jumped 35 inches." (the
subject as a label, the clause after it without one). Neither is a label line that counts
one thing; each is the sentence "During the year, 3 students left and ..." or "Grasshopper
jumped 35 inches.", which is read, with every guard, as if written so. Nothing else is
rewritten: a label of other words, a label naming no one or two of the program's agents,
or a text after the colon that is no clause (no verb) stays the label line it is.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .reader_words import ARRIVING_VERBS, LEAVING_VERBS, RECEIVER_VERBS, SENDER_VERBS, VERBS

# words a label may hold that say only when (or in which period) the clause holds
WHEN_WORDS = frozenset("""during in at on the a this that first next then later after
before start end beginning of year day week month morning afternoon evening night today
yesterday tomorrow weekend""".split())
_LINE_RE = re.compile(r"^\s*([A-Za-z][A-Za-z' ]{0,40}?)\s*:\s+(\S.*)$")
_CLAUSE_VERBS = VERBS | LEAVING_VERBS | ARRIVING_VERBS | SENDER_VERBS | RECEIVER_VERBS


def clause_after_label(text: str, agent_names: Collection[str]) -> str:
    """``text`` as the sentence its label and clause make ("During the year, ...",
    "Grasshopper jumped ..."), or ``text`` itself when it is no such line."""
    found = _LINE_RE.match(text)
    if found is None:
        return text
    label, body = found.group(1), found.group(2)
    words = label.lower().split()
    body_words = re.findall(r"[a-z']+", body.lower())
    if not re.search(r"\d", body) or not body_words:
        return text
    if all(w in WHEN_WORDS for w in words) and not _names_agent(label, agent_names):
        # "During the year: 3 students left ...": a clause with its own verb
        if any(w in _CLAUSE_VERBS for w in body_words):
            return f"{label}, {body}"
        return text
    subject = " ".join(w for w in words if w != "the")
    first = body.split()[0]
    if subject in agent_names and first.isalpha() and first.lower() == body_words[0] and \
            (body_words[0] in _CLAUSE_VERBS or body_words[0].endswith("ed")):
        # "Grasshopper: Jumped 35 inches.": the label is the clause's subject
        return f"{label} {first.lower()}{body[len(first):]}"
    return text


def _names_agent(label: str, agent_names: Collection[str]) -> bool:
    """Does the label hold one of the program's agent names ("This morning: ...")?"""
    lowered = f" {label.lower()} "
    return any(f" {name} " in lowered for name in agent_names)


__all__ = ["WHEN_WORDS", "clause_after_label"]
