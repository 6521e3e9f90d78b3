"""A clause of a rate ("She spent 8 minutes on each piece of furniture", "Each plank needs 2
nails", "They harvest 65 sacks every day", "There were 10 balls in each package") read as
the rate theorems of the program it states, for the loose reader (``reader.py``), when its
own words read no claim.

A rate is said with a word of "per": "each", "per", "every" or "apiece" (an "a" that means
"per" is already "per": ``per_article``) right before the thing counted per, the container.
The clause's one number, the words right after it (the entity, or nothing when the program
counts one thing per that container) and the container's words fit rates of the program;
the verb is not read (the rates of the program are what "spent", "harvest", "scores" can
state), but every word that fixes something else is respected:

- a word that makes the clause state another relation ("than", "left", "total", "if", "or",
  "not") leaves it unread, and so do a second number, arithmetic and a second word of "per"
  (a clause that opens with "if" is a condition, read as the rate theorem it restates, which
  ``_conditional`` keeps only when every condition holds; never a need in a condition);
- a word of the clause that only some of the fitting rates have (an owner's "green", "cat
  food", "yesterday"; an entity's "saltwater") settles which; words that none of them have
  are no rate's;
- where no word settles it, the clause states every fitting rate ("each package holds 10
  balls" of the red, green and yellow packs alike) only when the program gives every one of
  them that number and they count the same thing per the same container: a rate the words
  leave open and the program gives another number is no universal truth, and two things
  counted ("46 animals" of fresh- and of saltwater tanks) are a choice the words do not
  make, so the clause stays unread; of a group's rate and its members' the group's is read;
- a name the clause says is an owner of the rate, or the clause is not read; a pronoun
  whose referent owns one of them settles it (one that is unsure leaves several unread); a
  name the program does not know is read past only where the rate's owner is no person's
  name (a name of several words: "first level", "ring toss game").

Only theorems are read here, so this reading never judges a step false.
"""

from __future__ import annotations

from collections.abc import Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.loose import HYPOTHETICAL, SILENT_HYPOTHETICAL, Clause, Token
from vlp.kernel import Agents, Claim

from .align import ClaimPattern
from .discourse import Discourse, Lexicon
from .reader_items import LooseClaim
from .reader_words import (
    NEED_WORDS,
    PER_WORDS,
    RECEIVER_VERBS,
    SENDER_VERBS,
    VERBS,
    fits_shortened,
    question_like,
)
from .readings import LOOSE, Reading

# words that make the clause state something other than the rates it names
_REFUSING = frozenset("""than not no never none nothing without instead except if unless
whether or either neither nor average percent half twice double triple dozen dozens times
minus plus difference remaining left only until since because ago wrong mistake incorrect
maybe perhaps probably approximately about around almost nearly roughly least most total
all altogether together combined both more fewer less extra additional first-time""".split())
# what may stand between "each" and the container ("each of the boxes", "every single day")
_ARTICLES = frozenset({"the", "a", "an", "one", "single", "of"})
# words that end an entity's phrase after the number ("8 minutes on each chair")
_AFTER_ENTITY = frozenset({"to", "in", "on", "for", "per", "each", "every", "a", "an", "from",
                           "at", "into", "off", "with", "inside", "apiece", "and", "that",
                           "which", "so", "by", "during"})
# a measure word before "of" that is no part of the thing counted ("17 pieces of nails")
_MEASURES = frozenset({"piece", "pieces"})
_DOING = VERBS | SENDER_VERBS | RECEIVER_VERBS
# a label's first word before a participle ("Time spent on each chair: 8 minutes")
_LABEL_HEADS = frozenset({"time", "number", "size", "rate", "speed", "distance", "money"})


def _norm(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(singular(w) for w in words)


def _names(said: Sequence[str], named: Sequence[str]) -> bool:
    """The words said are the program's name, or the name shortened, in the singular."""
    said, named = _norm(said), _norm(named)
    return bool(said) and (said == named or fits_shortened(said, named))


def _same_container(said: Sequence[str], container: str) -> bool:
    """"piece of furniture" (or "piece furniture") of pieces of furniture, "aquarium" of
    saltwater aquariums, "package" of packs (one word the other's start, four letters or
    more)."""
    named = container.split()
    if _names(said, named):
        return True
    if len(said) != 1:
        return False
    short, long = sorted((singular(said[0]), singular(named[-1])), key=len)
    # ("shelf" of bookshelves: the head of a compound)
    return len(named) == 1 and len(short) >= 4 and (
        long.startswith(short) or singular(named[-1]).endswith(singular(said[0])))


def _parts(tokens: Sequence[Token]) -> list[Sequence[Token]]:
    """The clause cut before each "and" that opens a rate of its own ("each bus carried 35
    people | and each car carried 3", "60 for each truck tire | and 40 for each car tire")."""
    cuts = [i for i in range(1, len(tokens) - 1) if tokens[i].lower == "and" and (
        tokens[i + 1].lower in PER_WORDS or tokens[i + 1].kind == "number")]
    bounds = [0, *cuts, len(tokens)]
    return [tokens[a + (a > 0):b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _phrase_start(words: Sequence[str], end: int) -> int:
    """Where the noun phrase that ends before ``end`` starts (past "in", "into", "of" ...)."""
    start = end
    while start > 0 and words[start - 1] not in _AFTER_ENTITY and \
            words[start - 1] not in _ARTICLES and end - start < 3:
        start -= 1
    return start


def _same_entity(said: Sequence[str], entity: str) -> bool:
    named = entity.split()
    if _names(said, named):
        return True
    # "17 pieces of nails" of nails
    return len(said) > 2 and said[0] in _MEASURES and said[1] == "of" and \
        _names(said[2:], named)


class RateHypothesisReading:
    """The part of ``SentenceReader`` that reads a clause as the rates of the program it
    states; the attributes are the reader's (set in ``SentenceReader.__init__``)."""

    lex: Lexicon
    discourse: Discourse
    # and, from ``MentionReading``: ``_mentions``

    def _rate_hypotheses(self, clause: Clause, opening: Sequence[Clause] = (),
                         before: Clause | None = None) -> list[LooseClaim]:
        """The rate theorems the clause states (see the module's docstring), or none;
        ``before``: the clause before it in its sentence ("There are 90 ants, | each with 6
        legs": the ants are what "each" is of)."""
        if PER_WORDS.isdisjoint(clause.words) and not any(
                not PER_WORDS.isdisjoint(c.words) for c in opening):
            return []  # no word of "per": no part of it states a rate (the cheap test first)
        if clause.silent is not None and (
                clause.silent != SILENT_HYPOTHETICAL or HYPOTHETICAL & set(clause.words)
                - NEED_WORDS):
            return []
        if any(c.silent is not None for c in opening) or question_like(clause.words):
            return []
        tokens = tuple(t for c in (*opening, clause) for t in c.tokens)
        words = tuple(t.lower for t in tokens)
        refusing = set(_REFUSING & set(words))
        if clause.words[:1] == ("if",) and clause.silent is None:
            # "If she spent 8 minutes on each chair, ...": a condition restates the rate it
            # names when that is a theorem (only theorems are read here; ``_conditional``
            # reads the rest only when every condition holds; a need in a condition, "If
            # Mara needs 3 beads for each bracelet", is doubly unsure)
            refusing.discard("if")
        if refusing == {"together"} and any(  # "putting it together" joins nothing
                words[i - 1] in ("it", "them") for i, w in enumerate(words) if w == "together"):
            refusing = set()
        if refusing or any(t.kind == "sign" or t.text in (":", "|", "=") for t in tokens):
            return []
        found: list[LooseClaim] = []
        for part in _parts(tokens):
            read = self._rate_part(part, tuple(t.lower for t in part), before)
            if not read:
                return []  # "each bus carried 35 and each car 3": every part, or none
            found.extend(read)
        return found

    def _rate_part(self, tokens: Sequence[Token], words: Sequence[str],
                   before: Clause | None) -> list[LooseClaim]:
        """The rates one part of a clause with one number and one word of "per" states."""
        per = [i for i, w in enumerate(words) if w in PER_WORDS]
        numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
        if len(per) != 1 or len(numbers) != 1:
            return []
        at = numbers[0]
        number = tokens[at]
        if number.value is None or number.arithmetic is not None or number.units:
            return []
        rates = self._said_rates(tokens, per[0] + 1)
        if not rates and words[per[0] + 1:per[0] + 2] in (("with",), ("having",)) and \
                per[0] < at and before is not None:
            # "There are 90 ants, | each with 6 legs": each of what the clause before counts
            counted = [i for i, t in enumerate(before.tokens) if t.kind == "number"]
            if counted:
                rates = self._said_rates(before.tokens, counted[-1] + 1)
        if not rates and per[0] > at and words[per[0] - 1] not in _AFTER_ENTITY:
            # "rows of 22 pencils each": each of what the number's "of" follows
            of = at - 1
            if of > 0 and words[of] == "of":
                rates = self._said_rates(tokens, _phrase_start(words, of), end=of)
        if not rates or per[0] + 1 == at:
            return []
        entity_words = self._entity_words(tokens, at + 1, stop=per[0])
        fitting = [c for c in rates if (
            _same_entity(entity_words, str(c.entity)) if entity_words else True)]
        if not entity_words and len({c.entity for c in fitting}) != 1:
            return []  # "They made 144 per day": only where one thing is counted per day
        fitting = self._settled(fitting, words)
        fitting = self._owned(tokens, fitting)
        if not fitting or any(c.quantity != number.value for c in fitting) or \
                len({(c.entity, c.args[3]) for c in fitting}) > 1:
            # none fits, or one the words leave open has another number (no universal
            # truth), or they count different things ("Each aquarium has 46 animals" of
            # fresh- and saltwater ones: which, the words do not say)
            return []
        # "each piece of furniture" where the chairs', the tables' and their union's rates
        # fit: the group's, which the parts' restate
        fitting = [c for c in fitting if not any(c.args[0].names < o.args[0].names
                                                 for o in fitting)]
        reading = Reading(LOOSE, (words[per[0]], "the rates it fits"), ())
        unique = {(c.args[0], c.entity, c.args[3]): c for c in fitting}
        return [LooseClaim(ClaimPattern.of(c), None, reading)
                for _key, c in sorted(unique.items(), key=lambda kv: str(kv[1]))]

    def _said_rates(self, tokens: Sequence[Token], start: int, end: int | None = None
                    ) -> list[Claim]:
        """The program's rates whose container the words from ``start`` name (up to four
        words, past articles; the longest run that names one): "each piece of furniture",
        "each package" of packs, "per shelf" of bookshelves, or whose owner they name as a
        kind of the container ("each large plank" of the large planks' rate per plank,
        "each chair" of the chairs' rate per piece of furniture)."""
        while start < len(tokens) and tokens[start].lower in _ARTICLES:
            start += 1
        run: list[str] = []
        for token in tokens[start:start + 4 if end is None else end]:
            if token.kind != "word":
                break
            run.append(token.lower)
        rates = self.lex.index.claims_by_predicate().get("rate", ())
        for size in range(len(run), 0, -1):
            said = run[:size]
            found = [c for c in rates if _same_container(said, str(c.args[3])) or (
                len(c.args[0].names) == 1 and _names(said, next(iter(c.args[0].names)).split()))]
            if found:
                return found
        return []

    @staticmethod
    def _entity_words(tokens: Sequence[Token], start: int, stop: int) -> list[str]:
        """The words right after the number, up to a preposition, "each" or the end."""
        said: list[str] = []
        for i in range(start, min(len(tokens), start + 6)):
            token = tokens[i]
            if i == stop or token.kind != "word" or (token.lower in _AFTER_ENTITY and not (
                    token.lower == "of" and said)):
                break
            said.append(token.lower)
        return said

    def _settled(self, fitting: list[Claim], words: Sequence[str]) -> list[Claim]:
        """The fitting rates the clause's words single out: those that have every word
        the clause says of the words only some of them have (owner, entity, container),
        and no such word it does not say ("On Monday, he ... made 8 dollars per hour": the
        Monday rate, not the Monday-and-Tuesday one). Where the clause says none, the
        sentence's other clauses may ("On Monday, | ... and made 8 dollars per hour")."""
        if len(fitting) < 2:
            return fitting
        own = {c: {singular(w) for a in c.args if isinstance(a, Agents) for n in a.names
                   for w in n.replace("'s", "").split()} |
                  set(_norm(str(c.entity).split())) | set(_norm(str(c.args[3]).split()))
               for c in fitting}
        common = set.intersection(*own.values())
        telling = set.union(*own.values()) - common
        said = {singular(w) for w in words[1:]} & telling  # (the first word: "First, ...")
        if not said:
            said = {singular(w) for w in self._sentence_words  # type: ignore[attr-defined]
                    } & telling
        if not said:
            return fitting
        return [c for c in fitting if said <= own[c] and own[c] & telling <= said]

    def _owned(self, tokens: Sequence[Token], fitting: list[Claim]) -> list[Claim]:
        """The rates of the owners the clause's names and pronouns name (see the module's
        docstring); none where a name or a referent rules them out."""
        owners = {c.args[0] for c in fitting}
        known = self.lex.index.agent_names
        for mention in self._mentions(tokens, {}):  # type: ignore[attr-defined]
            if mention.kind == "possessive":
                continue  # "his boxes": the owner of the thing, no participant
            agents = mention.agents
            if agents is None:
                self.discourse.ambiguity = None
                agents = self.discourse.resolve(mention.said)
                if self.discourse.ambiguity is not None:
                    self.discourse.ambiguity = None
                    if len(owners) > 1:
                        return []  # "she" of one of them, or of another: which, unsure
                    continue
                if agents is None:
                    continue  # "She spent 8 minutes on each chair": no one the program counts
                if agents in owners:
                    fitting = [c for c in fitting if c.args[0] == agents]
                    owners = {agents}
                continue
            if not agents.names <= known or agents not in owners:
                return []  # "Carol puts 5 in each box": Carol's rate, which is none
            fitting = [c for c in fitting if c.args[0] == agents]
            owners = {agents}
        if self._stranger_owns(tokens, owners):
            return []  # "Rosalind puts 5 in each box": someone the program does not know
        return fitting

    def _stranger_owns(self, tokens: Sequence[Token], owners: set[Agents]) -> bool:
        """Does the clause name someone the program does not know ("Rosalind ties 4
        straps on each crate"), where a rate's owner may be a person (a name of one word:
        "omar", not "first level") the clause does not name? Then the rate is theirs, which
        the program has not, never the owner's."""
        said = {t.lower for t in tokens}
        # (a capitalised first word is a name only before a verb: "Number of ..." is none)
        unknown = any(self._names_no_one_known(t, opening=True)  # type: ignore[attr-defined]
                      for i, t in enumerate(tokens)
                      if i > 0 or (len(tokens) > 1 and tokens[1].lower in _DOING
                                   and t.lower not in _LABEL_HEADS))
        return unknown and any(len(o.names) == 1 and len(next(iter(o.names)).split()) == 1
                               and not o.names <= said for o in owners)

    def _stranger_rate(self, clause: Clause, items: Sequence[object]) -> str | None:
        """A rate read of a clause that names someone the program does not know in place
        of the rate's owner (``_stranger_owns``): why it is unread, else None."""
        owners = {i.pattern.args[0] for i in items if isinstance(i, LooseClaim)
                  and i.pattern.predicate == "rate" and isinstance(i.pattern.args[0], Agents)}
        if owners and self._stranger_owns(clause.tokens, owners):
            return "the clause names someone the program does not know, whose rate is none " \
                "of the program's"
        return None
