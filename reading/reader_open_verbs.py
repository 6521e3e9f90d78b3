"""Clauses whose verb no word list holds, read as the one theorem they fit
(``reader_hypotheses``): what may open such a clause, and which words still refuse it.

Closed word lists are not the design. A clause "Julia played with 12 kids on Monday", "Tom
needs 12 planks", "he bought 3 books about trains" names a participant (a name, or a pronoun
with one candidate), a number and an entity; when exactly one theorem
of the program has that number, names that participant and counts that entity, the clause
states it (``HypothesisReading._hypothesis`` checks the fit). The verb itself is never asked
which way a transfer goes: a verb no list holds fixes no side, so a clause whose number fits
a count and a transfer, or two transfers that go opposite ways, fits two theorems and stays
unread, naming them (``rivals_gap``). Here are the gates before the fit and the checks
of it:

- a clause silent only for a word of need ("needs 12 planks", "will need to buy 50") still
  states the one count it fits when that count is one the problem gives (an axiom: a count
  worked out is what is wanted, not held), never a transfer (a need is no giving), and
  never in first person, a question, a condition or beside a word of planning;
- a capitalised subordinator opening a clause ("If", "When") is no unknown name;
- the condition of a question that restates the problem ("If she got 27 more lives in the
  next level, how many ...?") states the one theorem it fits, as a condition of a
  conclusion does when it holds (``SentenceReader._conditional``);
- "12 large planks", where the program counts planks by kind ("large planks" is an agent):
  the entity is the kind's head noun, the kind the count's owner;
- "On Monday, Julia played with 12 kids", where the program counts kids by day and never
  counts Julia's kids: the subject is the person the problem follows, no participant of
  the count, as a person the program does not know is (the setting's count is read);
- "Marco's strawberries weighed 8 pounds": the owner of the subject is the count's owner;
- "Tom won 32 tickets playing whack a mole", where Tom is no agent: the activity named by a
  gerund (a thing in lower case) is whose count it is;
- "In the afternoon, 13 campers went rowing", where the program moves no campers and counts
  them by time: the verb of leaving moves nothing, the setting's count is read;
- "about" or "around" right before a number is an estimate, right after a number and what
  it counts a topic ("3 books about trains"), which refuses nothing.

Data and pure functions only: the program's theorems and names are passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from vlp.grammar.inflect import singular
from vlp.grammar.loose import FIRST_PERSON, HYPOTHETICAL, SILENT_HYPOTHETICAL, Clause, Token
from vlp.kernel import Agents, Atom, Claim

from .reader_items import LooseGap
from .reader_words import may_be_person, question_like
from .readings import LOOSE, Reading

# the words of need a clause may be silent for and still state a count ("John needs 12
# planks", "Howie will need to buy 50 cupcakes in total")
_NEED_WORDS = frozenset({"need", "needs"})
# words beside a need that make the clause a plan ("needs to add 4 more cups")
_PLANNING = frozenset("""add subtract multiply divide find calculate figure know solve
compute determine answer""".split())
# words that open a clause and are no name, even capitalised ("If he sold 10 cakes")
SUBORDINATORS = frozenset("""if when whenever while because as once though although
whereas""".split())
# words that refuse a reading only right before a number ("about 40", "around 12")
_ESTIMATE_WORDS = frozenset({"about", "around"})


def need_silence(clause: Clause) -> bool:
    """Is the clause silent only for a word of need ("needs 12 planks", "will need to buy
    50 cupcakes")? Then it may state the one count it fits (a need is what the program
    counts when its problem says "needs"). Never with first person ("we need to add"), a
    question, a condition or a word of planning."""
    if clause.silent != SILENT_HYPOTHETICAL:
        return False
    words = set(clause.words)
    return bool(words & _NEED_WORDS) and not (HYPOTHETICAL - _NEED_WORDS) & words and \
        not FIRST_PERSON & words and not _PLANNING & words and "if" not in words and \
        not question_like(clause.words)


QUESTION_SILENCE = "a question"


def rivals_gap(rivals: Sequence[Claim]) -> LooseGap:
    """Why a clause that fits two or more theorems equally is not read: the candidates."""
    shown = " or ".join(sorted({str(c) for c in rivals}))
    return LooseGap(f"the clause fits {len(rivals)} theorems ({shown}): which one, the words "
                    "do not say", Reading(LOOSE, ("the theorems it fits",), ()))


def follows_person(claim: Claim, rivals: Sequence[Claim], tokens: Sequence[Token]) -> bool:
    """"Finally, he bought 3 books about trains", where "he" is no one the program counts
    (its agents are kinds of books): the one count of that number and entity is stated
    when its owner is a thing whose every word the clause says, in lower case ("books about
    trains" says the train books; a person's name is written capitalised), or a setting it
    says, and no transfer of them has that number too (``rivals``: the theorems of the
    number and entity). A count of a time the clause does not say is not read so ("She has
    30 concerts" is not last year's), nor a person's ("Rosalind owns 75 hammers" is no count
    of Roscoe's), nor a union, which takes a word of total ("So she went to 42 concerts" is
    not the years' sum)."""
    owner = claim.args[0]
    if claim.predicate != "cont" or len(owner) != 1 or any(
            c.predicate == "transfer" for c in rivals):
        return False
    name = next(iter(owner.names))
    lower = {singular(t.text.strip("'\"")) for t in tokens
             if t.kind == "word" and t.text.lstrip("'\"")[:1].islower()}
    return "'s " not in name and not may_be_person(name) and all(
        singular(w) in lower for w in name.split())


def activity(tokens: Sequence[Token], position: int, agents: Agents, at: int) -> bool:
    """"Tom won 32 tickets playing whack a mole": an agent of the program after the count,
    right after a gerund and written in lower case, is the activity the count is of (a
    thing, never a person: "playing with the teacher" is someone)."""
    name = next(iter(agents.names))
    before = tokens[position - 1] if position > 0 else None
    return position > at and len(agents) == 1 and before is not None and \
        before.lower.endswith("ing") and len(before.lower) > 4 and \
        tokens[position].text.lstrip("'\"")[:1].islower() and "'s " not in name and \
        not may_be_person(name)


def subject_owner(tokens: Sequence[Token], possessors: Sequence[tuple[int, Agents]], at: int,
                  openers: frozenset[str]) -> tuple[int, Agents] | None:
    """"Marco's strawberries weighed 8 pounds": the owner of the clause's subject, a
    possessive of one agent before the count, right at the clause's start (past its opening
    words) and before a noun, when it is the only one; else ``None``."""
    before = [p for p in possessors if p[0] < at]
    if len({agents for _, agents in before}) != 1:
        return None
    position = before[0][0]
    if position + 1 >= at or tokens[position + 1].kind != "word":
        return None  # "Eduardo's 61 is irrelevant": the number is the owned, no subject
    return before[0] if all(t.lower in openers for t in tokens[:position]) else None


def moves_none(entity: str, axioms: Iterable[Atom]) -> bool:
    """Does the program move no ``entity`` (no transfer axiom of it)? Then a verb of leaving
    or arriving said of such things ("13 campers went rowing") moves nothing."""
    return not any(a.predicate == "transfer" and a.entity == entity for a in axioms)


def never_counts(agents: Agents, entity: str, claims: Iterable[Claim]) -> bool:
    """Does no claim of ``claims`` (the program's theorems) count or move ``entity`` with
    ``agents`` among its agents? Then a clause about them and that entity is about the
    setting the program counts it by, not about them."""
    return not any(c.entity == entity and any(agents.names <= a.names for a in c.agent_sets)
                   for c in claims)


def question_condition(clause: Clause, before: Sequence[Clause]) -> bool:
    """Is the clause a condition of its sentence's question ("If they threw away 2, | and
    put 28 in the bin, | how many ...?")? ``before``: the sentence's clauses before it. The
    condition opens with "if" and is no question itself; a clause after it goes on with
    it only when every clause between is a condition too."""
    if clause.silent != QUESTION_SILENCE or question_like(clause.words) or \
            FIRST_PERSON & set(clause.words):
        return False
    chain = [*before, clause]
    return chain[0].words[:1] == ("if",) and all(
        c.silent == QUESTION_SILENCE and not question_like(c.words) for c in chain)


def kind_entity(said: str, kinds: dict[tuple[str, ...], str], entities: frozenset[str]
                ) -> tuple[str, str] | None:
    """"12 large planks", where "large planks" is an agent of the program (a kind) and
    "planks" its entity: (the kind, the entity); else ``None``."""
    words = tuple(said.split())
    kind = kinds.get(words)
    if kind is None:
        return None
    heads = [" ".join(words[i:]) for i in range(1, len(words))]
    entity = next((h for h in heads if h in entities), None)
    return None if entity is None else (kind, entity)


def refusing_estimates(tokens: Sequence[Token], refusing: frozenset[str]) -> frozenset[str]:
    """The words of ``refusing`` the tokens hold that refuse a reading: "about" and "around"
    only where they are no topic, a topic being right after a number and the noun it counts
    ("3 books about trains"); before a number they are an estimate ("about 40")."""
    words = [t.lower for t in tokens]
    present = refusing & set(words)
    for word in present & _ESTIMATE_WORDS:
        places = [i for i, w in enumerate(words) if w == word]
        if all(_after_counted(tokens, i) and i + 1 < len(tokens) and
               tokens[i + 1].kind == "word" for i in places):
            present = present - {word}
    return present


def _after_counted(tokens: Sequence[Token], i: int) -> bool:
    """Is the token at ``i`` right after a number and the words of what it counts ("3
    books about", "3 old books about")?"""
    j = i - 1
    while j >= 0 and tokens[j].kind == "word" and i - j <= 3:
        j -= 1
    return j >= 0 and j < i - 1 and tokens[j].kind == "number"
