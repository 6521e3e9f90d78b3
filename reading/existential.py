"""Existential counts with a relative clause, for the loose reader's fitting of a clause to
the one theorem it states (``reader_hypotheses``).

"There are 30 kids who went to camp", "There were 12 birds that stayed at the lake": the
things counted are there, and the relative clause says where they are. The clause's verb is
the relative clause's, and it moves the things *to* the place it names (or keeps them there);
it is no giving of the place's. So the clause states the place's count, or a transfer into
the place, never a transfer out of it: the direction the verb says is kept, and the program
chooses between the two (both fitting: unparsed, naming both). A verb of leaving ("who left
camp") or a place after "from" is not read here: the things are not at that place.
"""

from __future__ import annotations

from collections.abc import Sequence

from vlp.kernel import Agents, Claim

from .words import BE

_RELATIVES = frozenset({"who", "that", "which"})
# the relative clause's verbs that move the things to the place named, or keep them there
_INTO = frozenset("""went go goes came come comes moved move moves ran run runs flew fly flies
walked walk walks stayed stay stays remained remain remains lived live lives are were is was
sat sit sits""".split())
# the words that may stand between such a verb and its place
_TOWARD = frozenset({"to", "into", "at", "in", "on", "the", "a", "an", "inside"})
_LEADS = frozenset({"so", "then", "therefore", "thus", "now", "and", "also", ","})


def relative_destination(words: Sequence[str], at: int, after: int) -> int | None:
    """In "there BE <number> <entity> who <verb> (to) <place>", where ``at`` is the number and
    ``after`` the word after the entity: the position of the place's first word; else
    ``None``."""
    start = 0
    while start < at and words[start] in _LEADS:
        start += 1
    if at - start != 2 or words[start] != "there" or words[start + 1] not in BE:
        return None
    if after + 1 >= len(words) or words[after] not in _RELATIVES or \
            words[after + 1] not in _INTO:
        return None
    place = after + 2
    while place < len(words) and words[place] in _TOWARD:
        place += 1
    return place if place < len(words) else None


def into_place(claims: Sequence[Claim], place: Agents) -> list[Claim]:
    """The claims that say what the relative clause says of ``place``: its count, or a
    transfer into it (never one out of it)."""
    return [c for c in claims if (c.predicate == "cont" and c.args[0] == place) or
            (c.predicate == "transfer" and c.args[1] == place)]
