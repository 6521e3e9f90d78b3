"""A comparison whose sides the clause names around its number ("Julia played with 1 more
kid on Tuesday than on Wednesday", "24 more campers went rowing in the afternoon than in the
evening", "David did 29 more push-ups"), read as the program's comparison of those sides,
for the loose reader (``reader.py``), when the clause's own words read no claim.

The clause has one number, a word of comparison right after it or after its thing ("1 more
kid", "22 inches farther"), and its sides are the program's agents it names:

- with "than": the one agent named between the number and "than" (or, when none is, the
  one named before the number) is compared with the one named after "than";
- without "than" ("David did 29 more push-ups"): the one agent the clause names, compared
  with the one other agent the program itself compares it with in that thing (a comparison
  of the problem's), where the program moves none of that thing to or from it (else "29
  more" may be what it got).

The direction is the words': "more", "farther", "longer" put the first side above the
other, "fewer", "less", "shorter" below it, whatever the program holds, so a comparison
said the wrong way round is judged false, never turned. The thing compared is the one the
words after the number name, or, when they name none, the one thing both sides are counted
in. A clause that names a third agent, someone the program does not know, a pronoun whose
referent is unsure, a negation, a condition or alternatives is not read here; nor is one
whose sides are not both counted in that thing (then no comparison of the program is of
them). With a pronoun of no one the program counts ("she met 7 more friends on Tuesday than on
Monday", the program counting by day), only a comparison that holds is read: the clause may
be about someone else.
"""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.loose import Clause, Token
from vlp.kernel import Agents

from .align import ClaimPattern
from .discourse import Discourse, Lexicon
from .reader_items import LooseClaim, as_arithmetic
from .reader_words import COMPARATIVES, fits_shortened, question_like
from .readings import LOOSE, Reading

# words that make the clause state something other than one comparison
_REFUSING = frozenset("""not no never none if unless whether or either neither nor each per
every times twice half double triple percent total all altogether together combined both
maybe perhaps probably about around almost nearly roughly wrong instead except""".split())


class ComparisonSides:
    """The part of ``SentenceReader`` that reads a comparison of the sides a clause names;
    the attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    _compared_unowned = False  # the clause has a pronoun of no one the program counts
    # and, from ``MentionReading``: ``_mentions``; from ``HypothesisReading``:
    # ``_names_no_one_known``

    def _compared(self, clause: Clause) -> list[LooseClaim]:
        """The comparison the clause states (see the module's docstring), or none."""
        if clause.silent is not None or question_like(clause.words):
            return []
        tokens = clause.tokens
        words = clause.words
        numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
        if len(numbers) != 1 or _REFUSING & set(words) or any(
                t.text in (":", "|", "=") for t in tokens):
            return []
        at = numbers[0]
        number = tokens[at]
        value = number.value if number.arithmetic is None else number.arithmetic.result
        if value is None or number.units or (number.arithmetic is not None and
                                             not number.arithmetic.correct):
            return []
        # the word of comparison: right after the number, or after its thing
        comparative = next((i for i in range(at + 1, min(len(words), at + 5))
                            if words[i] in COMPARATIVES), None)
        if comparative is None or any(w in COMPARATIVES for w in words[comparative + 1:]) or \
                any(w in COMPARATIVES for w in words[:at]):
            return []
        than = next((i for i, w in enumerate(words) if w == "than"), None)
        if than is not None and than < comparative:
            return []
        self._compared_unowned = False
        named = self._sides_named(tokens)
        if named is None:
            return []
        said = _thing_words(words, at + 1, comparative)
        if than is not None:
            first = [a for p, a in named if at < p < than] or [a for p, a in named if p < at]
            second = [a for p, a in named if p > than]
            if len(first) != 1 or len(second) != 1 or len(named) != 2 or first[0] == second[0]:
                return []
            sides = (first[0], second[0])
            entity = self._compared_thing(sides, said)
        else:
            if len(named) != 1:
                return []
            sides_entity = self._stated_rival(named[0][1], said)
            if sides_entity is None:
                return []
            sides, entity = sides_entity
        if entity is None:
            return []
        if COMPARATIVES[words[comparative]] == "fewer":
            sides = (sides[1], sides[0])
        pattern = ClaimPattern("comp", (sides[0], sides[1], value, entity))
        if self._compared_unowned and not self.lex.index.is_theorem(pattern.as_claim()):
            return []
        reading = Reading(LOOSE, (words[comparative], "the sides it names"), ())
        return [LooseClaim(pattern, as_arithmetic(number), reading)]

    def _sides_named(self, tokens: Sequence[Token]) -> list[tuple[int, Agents]] | None:
        """The program's agents the clause names, with their places (a pronoun only where
        its referent is sure); ``None`` when it names someone the program does not know or
        a pronoun is unsure."""
        known = self.lex.index.agent_names
        found: list[tuple[int, Agents]] = []
        for mention in self._mentions(tokens, {}):  # type: ignore[attr-defined]
            if mention.kind == "possessive":
                continue
            agents = mention.agents
            if agents is None:
                self.discourse.ambiguity = None
                agents = self.discourse.resolve(mention.said)
                unsure = self.discourse.ambiguity is not None
                self.discourse.ambiguity = None
                if unsure:
                    return None
                if agents is None:
                    # "she" of someone the program does not count: only what holds is read
                    # of her (the clause may be about someone else)
                    self._compared_unowned = True
                    continue
            if not agents.names <= known:
                return None
            found.append((mention.position, agents))
        if any(self._names_no_one_known(t, opening=True)  # type: ignore[attr-defined]
               for i, t in enumerate(tokens) if i > 0):
            return None  # "Carol had 5 more than Dan": whom the program does not know
        return found

    def _counted_in(self, agents: Agents) -> set[str]:
        return {str(c.args[2]) for c in self.lex.index.candidates(
            ClaimPattern("cont", (agents, None, None)))}

    def _compared_thing(self, sides: tuple[Agents, Agents], said: Sequence[str]
                        ) -> str | None:
        """The one thing both sides are counted in that the words name (or the one thing
        both are counted in, when they name none)."""
        shared = self._counted_in(sides[0]) & self._counted_in(sides[1])
        if said:
            shared = {e for e in shared if _names_thing(said, e)}
        return next(iter(shared)) if len(shared) == 1 else None

    def _stated_rival(self, side: Agents, said: Sequence[str]
                      ) -> tuple[tuple[Agents, Agents], str] | None:
        """"David did 29 more push-ups": the one agent the program compares ``side`` with
        in the thing the words name (a comparison axiom of the problem), where no transfer
        of that thing has ``side`` on either end; (sides, thing), else ``None``."""
        found = set()
        for axiom in self.lex.index.program.axioms:
            if axiom.predicate == "transfer" and side in axiom.args[:2] and (
                    not said or _names_thing(said, str(axiom.entity))):
                return None  # "29 more" may be what they got
            if axiom.predicate == "comp" and side in axiom.args[:2] and said and \
                    _names_thing(said, str(axiom.entity)):
                other = axiom.args[1] if axiom.args[0] == side else axiom.args[0]
                found.add((other, str(axiom.entity)))
        if len(found) != 1:
            return None
        other, entity = next(iter(found))
        return (side, other), entity


def _thing_words(words: Sequence[str], start: int, comparative: int) -> list[str]:
    """The words of the thing compared: between the number and the word of comparison
    ("22 inches farther"), else right after that word ("1 more kid on Tuesday")."""
    if comparative > start:
        return list(words[start:comparative])
    said = []
    for w in words[comparative + 1:comparative + 5]:
        if w in ("on", "in", "at", "than", "to", "for", "from", "during", "by", "with", ",",
                 ".", "that", "who", "which", "so", "and", "this", "last", "the"):
            break
        said.append(w)
    return said


def _names_thing(said: Sequence[str], entity: str) -> bool:
    """Do the words (or their first ones: "camper went rowing") name the entity?"""
    named = [singular(w) for w in entity.split()]
    for size in range(len(said), 0, -1):
        words = [singular(w) for w in said[:size]]
        if words == named or fits_shortened(words, named) or (
                len(words) > 2 and words[1] == "of" and (
                    words[2:] == named or fits_shortened(words[2:], named))):
            return True
    return False
