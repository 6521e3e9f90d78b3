"""A variable list's rate line ("Number of sacks harvested from each field = 45", "Cost per
ride: 7 tickets", "Pages per chapter: 12") read as the program's rate it names, for the loose
reader (``reader.py``), where that rate is a theorem.

Plan-and-Solve transcripts list their variables before they compute: a label, "per" or
"each" and a container, a colon or "=", one number, maybe its unit. The label's other words
("harvested from", "juggled by", "filled") say how the things came to be there, which no claim
states; they are read past only where the number, the entity and the container the line names
are those of rate theorems of the program, and of every rate of them (a rate of another owner
with another number leaves it unread: whose rate the line gives, the words do not say). A line
whose number is no such theorem is left to the other readers, so this reading never judges a
step false.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.loose import Token
from vlp.kernel import Claim

from .align import ClaimPattern
from .discourse import Lexicon
from .reader_items import LooseClaim, as_arithmetic
from .reader_words import LEADS, fits_shortened
from .readings import LOOSE, Reading

_PER = frozenset({"per", "each", "every"})
# words of the label before "per" that name no entity ("Number of", "Cost per ride", "Price
# per stone": the entity is then the unit after the number)
_FILLER = frozenset({"number", "of", "the", "a", "an", "cost", "price", "fee", "fare", "amount",
                     "size", "in", "on", "at", "by", "from", "for", "into", "inside", "to",
                     "with"})
# words that make the line state something other than the one rate it names
_REFUSING = frozenset("""total all left remaining more fewer less than not no average times
twice half double percent extra additional new if or""".split())
# what may stand between "per" / "each" and the container
_ARTICLES = frozenset({"the", "a", "an", "one", "single"})


# "6 dollars/hour", "4 dogs/box": a count's unit per a container, written with a slash
_SLASH_RE = re.compile(r"(\d[\d,.]*\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})/([a-z]+)\b")


def per_slash(text: str) -> str:
    """``text`` with a slash between a count's unit and a container read as "per":
    "6 dollars/hour" is "6 dollars per hour" (a slash between numbers stays a division,
    and one before a plural, "5 apples/oranges", says either)."""
    return _SLASH_RE.sub(lambda m: f"{m.group(1)} per {m.group(2)}"
                         if singular(m.group(2)) == m.group(2) else m.group(0), text)


def _same(said: Sequence[str], named: Sequence[str]) -> bool:
    """The words said are the program's name, or the name shortened, in the singular."""
    said = [singular(w) for w in said]
    named = [singular(w) for w in named]
    return bool(said) and (said == named or fits_shortened(said, named))


class RateLineReading:
    """The part of ``SentenceReader`` that reads a variable list's rate line; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon

    def _rate_line(self, tokens: Sequence[Token], words: tuple[str, ...],
                   numbers: list[int]) -> list[LooseClaim] | None:
        """The rate theorems a line "<label> per <container>: <number> [<unit>]" states,
        or ``None`` (the line is no such line, or no rate theorem of it fits)."""
        if len(numbers) != 1 or numbers[0] < 2 or words[numbers[0] - 1] not in (":", "="):
            return None
        n = numbers[0]
        number = tokens[n]
        if number.arithmetic is not None or number.value is None or number.units:
            return None
        start = 0
        while start < n and (words[start] in LEADS or words[start] in ("-", "*")):
            start += 1
        label: list[str] = []
        depth = 0
        for token in tokens[start:n - 1]:  # "Miles per gallon (mpg)": the note is no word
            depth += token.text == "("
            if depth == 0 and token.kind == "word":
                label.append(token.lower)
            elif depth == 0 and token.kind != "punct":
                return None
            depth -= token.text == ")" and depth > 0
        unit = [t.lower for t in tokens[n + 1:] if t.kind != "punct"]
        if any(t.kind not in ("word", "punct") for t in tokens[n + 1:]) or len(unit) > 4:
            return None
        at = [i for i, w in enumerate(label) if w in _PER]
        if len(at) != 1 or _REFUSING & set(label) or _REFUSING & set(unit):
            return None
        before = label[:at[0]]
        while before and before[0] in _FILLER:
            before = before[1:]
        container = [w for w in label[at[0] + 1:] if w not in _ARTICLES]
        if not container or len(container) > 3 or (not before and not unit):
            return None
        fitting = [c for c in self.lex.index.claims_by_predicate().get("rate", ())
                   if _same(container, str(c.args[3]).split())
                   and self._names_entity(before, unit, str(c.entity))]
        same = [c for c in fitting if c.quantity == number.value]
        if not same or len({(c.entity, c.args[3]) for c in fitting}) != 1 or \
                {c.args[0] for c in fitting} != {c.args[0] for c in same}:
            # nothing fits, or the words fit two things counted per container ("Animals per
            # tank: 46" of fresh- and saltwater tanks), or an owner of another rate: which,
            # the words do not say (the number does not choose)
            return None
        reading = Reading(LOOSE, (label[at[0]], words[n - 1]), ())
        owners: dict[object, Claim] = {}
        for claim in same:
            owners.setdefault(claim.args[0], claim)
        return [LooseClaim(ClaimPattern.of(c), as_arithmetic(number), reading)
                for c in sorted(owners.values(), key=lambda c: c.args[0].sorted_names())]

    def _names_entity(self, before: Sequence[str], unit: Sequence[str], entity: str) -> bool:
        """Do the label's words before "per" (past its filler) and the number's unit name
        the entity: each part said names it, and one of them does ("Number of drums filled
        per day = 324" for drums of grapes, "Cost per ride: 7 tickets", "Number of unripe
        oranges picked per day = 61 sacks" for sacks of unripe oranges)?"""
        named = entity.split()
        if unit and not _same(unit, named):
            return False
        vocabulary = {singular(w) for w in self.lex.entity_vocabulary}
        # a run of the label's words that leaves out none of its words of things counted
        # ("ripe" of "ripe oranges" is no word to pass over for unripe ones)
        runs = [before[i:j] for i in range(len(before)) for j in range(i + 1, len(before) + 1)
                if not any(singular(w) in vocabulary and w not in _FILLER
                           for w in (*before[:i], *before[j:]))]
        if unit and any(_same([*unit, "of", *run], named) for run in runs):
            return True
        if before and not any(_same(run, named) for run in runs):
            return False
        return True
