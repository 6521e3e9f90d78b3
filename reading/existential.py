"""Existential counts with a relative clause, for the loose reader's fitting of a clause to
the one theorem it states (``reader_hypotheses``).

"There are 30 kids who went to camp", "There were 12 birds that stayed at the lake", "Then 42
flew away to Spain": the things counted are there, and the (relative) clause says where
they are. The clause's verb is
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
_AWAY = frozenset({"away", "back", "over", "off", "out", "together"})
_LEADS = frozenset({"so", "then", "therefore", "thus", "now", "and", "also", ","})


def moved_to(words: Sequence[str], at: int, after: int, counted_subject: bool = False
             ) -> tuple[int, bool] | None:
    """In "there BE <number> <entity> who <verb> (to) <place>" or, where what is counted is
    the subject (``counted_subject``), "<number> <entity> <verb> (away) to <place>", with
    ``at`` the number and ``after`` the word after the entity: the position of the place's
    first word, and whether the things are there (``False``: "flew away from <place>");
    else ``None``."""
    start = 0
    while start < at and words[start] in _LEADS:
        start += 1
    if at - start == 2 and words[start] == "there" and words[start + 1] in BE and \
            after < len(words) and words[after] in _RELATIVES:
        verb = after + 1
    elif counted_subject:
        verb = after
    else:
        return None
    if verb >= len(words) or words[verb] not in _INTO:
        return None
    place = verb + 1
    while place < len(words) and words[place] in _AWAY:
        place += 1
    into = place >= len(words) or words[place] != "from"
    if not into:
        place += 1
    while place < len(words) and words[place] in _TOWARD:
        place += 1
    return (place, into) if place < len(words) else None


def toward(claims: Sequence[Claim], place: Agents, into: bool) -> list[Claim]:
    """The claims that say what the clause says of ``place``: its count or a transfer into
    it (``into``), else a transfer out of it; never the other direction."""
    if not into:
        return [c for c in claims if c.predicate == "transfer" and c.args[0] == place]
    return [c for c in claims if (c.predicate == "cont" and c.args[0] == place) or
            (c.predicate == "transfer" and c.args[1] == place)]
