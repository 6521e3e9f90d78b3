"""Second person as the program's agent, for the loose reader (``reader.py``).

A clause with "you" in it says what to do ("you need to subtract 12 from 20", "you get
6 x 7 = 42"), and the tokenizer marks it so. A problem told to "you" ("you read 12 of the
books") has "you" as an agent of its program: there, "You read 12 books." and "So you have
watched 9 movies." state what that agent did, and are read as any other subject's clause
(the one theorem the number, "you" and the entity fit). Only a plain statement is opened:
"you" its subject, said before its number, with no other first-person word, no word of
planning after it ("you can", "you need", "you get"), no word of what is still to be done
("you still have 4 movies left to watch", "you have yet to read 5") and no condition
("If you read 7 ...") and no arithmetic (matched as it is, by its rule instance); the
clause is then silent for any other reason it has (a negation,
a need, a question, an estimate).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from vlp.grammar.loose import FIRST_PERSON, SILENT_PLAN, Clause, silence

YOU = "you"
_OTHER_PERSONS = FIRST_PERSON - {YOU}
# words before "you" that leave it the subject ("So, you have read 8 books")
_LEADS = frozenset("so then therefore thus now and also that means this overall in total "
                   "all , altogether".split())
# words after "you" before its verb that leave the clause a statement
_ADVERBS = frozenset("have has had already also just now".split())
# a verb of doing arithmetic or of planning: the clause says what to do
_PLANNING = frozenset("""need needs must will would can could should may might let add
subtract multiply divide find calculate take start begin know figure get got do see check
count look think want wants try""".split())
# what is still to be done, or a condition: never a count of what "you" did
_UNREAD = frozenset("""to yet still left remaining remain more fewer less than if unless
suppose when until once out""".split())


def spoken_to(clauses: tuple[Clause, ...], agent_names: Iterable[str]) -> tuple[Clause, ...]:
    """The clauses with every plain statement about "you" opened, where the program has
    the agent "you" (else the clauses as they are)."""
    if YOU not in agent_names or not any(c.silent == SILENT_PLAN for c in clauses):
        return clauses
    return tuple(_opened(c) if c.silent == SILENT_PLAN else c for c in clauses)


def _opened(clause: Clause) -> Clause:
    words = clause.words
    if not _OTHER_PERSONS.isdisjoint(words) or not _UNREAD.isdisjoint(words) or \
            not _PLANNING.isdisjoint(words) or words.count(YOU) != 1 or \
            any(t.arithmetic is not None or t.kind == "sign" for t in clause.tokens):
        return clause  # ("So you have 14 - 8 = 6": what is left, matched by its arithmetic)
    at = words.index(YOU)
    number = next((i for i, t in enumerate(clause.tokens) if t.kind == "number"), None)
    if number is None or number < at or not all(w in _LEADS for w in words[:at]):
        return clause
    verb = at + 1
    while verb < number and words[verb] in _ADVERBS:
        verb += 1
    if verb == number and words[verb - 1] not in ("have", "has", "had"):
        return clause  # "you 12": no verb
    return attrs.evolve(clause, silent=silence(clause.tokens, False,
                                               person=_OTHER_PERSONS))
