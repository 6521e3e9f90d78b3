"""A verb of giving up whose receiver the clause does not name, for the loose reader
(``reader_facts``): "He threw away 35 old ones", "She ate 23", "So he spent 3 - 2 = 1".

Such a verb moves its number away from the subject, so the clause never states the
subject's count (what the subject has is what is left, not what went away). It states the
program's one transfer that fits, when the program has one (``reader_fitting``); else,
where the program counts what the verb did as a holder of its own (the problem's "thrown
away" pile, the cookies "eaten", the crayons "lost"), that holder's count; else nothing
(the clause is unparsed, saying why). Data and pure functions on a program index only.
"""

from __future__ import annotations

from vlp.kernel import Agents

from .align import ClaimPattern, ProgramIndex
from .reader_words import SENDER_VERBS
from .words import LOSE

# giving verbs, and the holder a program names what they gave away by
_GIVEN = {verb: ("given", "given away") for verb in
          "gave give gives given handed hands hand donated donates donate".split()}
# participles of giving up ("had thrown away 21", "must have eaten 5") and their holders
_PARTICIPLES = {"thrown": ("thrown away", "thrown"), "eaten": ("eaten",), "lost": ("lost",),
                "sold": ("sold", "buyers"), "spent": ("spent",), "used": ("used",)}
# the holders a verb of giving up names its counterparty by ("threw": "thrown away" or
# "thrown"; "sold": "sold" or "buyers")
SINK_NAMES: dict[str, tuple[str, ...]] = {
    **{verb: tuple(dict.fromkeys((name, name.removesuffix(" away"), verb)))
       for verb, name in LOSE.items()},
    **_GIVEN, **_PARTICIPLES}


def sink_holder(verb: str | None, agent_names: frozenset[str]) -> Agents | None:
    """The program's holder that ``verb`` names as the counterparty it moves things to
    ("threw" and the program's "thrown away"), if the program has exactly one."""
    names = [n for n in SINK_NAMES.get(verb or "", ()) if n in agent_names]
    return Agents.of(names[0]) if len(names) == 1 else None


def apart_from_holding(index: ProgramIndex, subject: Agents, verb: str | None, entity: str
                       ) -> bool:
    """Is what ``verb`` gives up apart from what the subject holds, in the program? It is
    when the program gives the subject a count of the entity of its own (Danny keeps 22
    caps and threw away 35) or counts what the verb did as a holder ("thrown away"); not
    when the subject's count is nothing but what it gave up ("Debby drank 109 bottles a
    day" for 74 days, with no count of hers: the 8066 drunk are her count)."""
    return sink_holder(verb, index.agent_names) is not None or any(
        a.predicate == "cont" and a.args[0] == subject and a.entity == entity
        for a in index.program.axioms)


def given_up(index: ProgramIndex, verb: str | None, quantity: int | None, entity: str
             ) -> ClaimPattern | str:
    """What a clause with a verb of giving up and no receiver states, when no transfer of
    the program fits it: the count of the holder the verb names, else the reason it
    states nothing."""
    holder = sink_holder(verb, index.agent_names)
    if holder is None or quantity is None:
        return (f"what {verb!r} gives up ({quantity} {entity}) went away: no count of the "
                "subject, and to no one the clause or the program names: whom to, the words "
                "do not say")
    return ClaimPattern("cont", (holder, quantity, entity))


# verbs a subject gives things up by, whatever their list: the senders' and eating
_EATING = frozenset({"ate", "eats", "eat"})


def gives_up(verb: str | None) -> bool:
    """Does ``verb`` move its number away from its subject ("threw", "spent", "ate")?"""
    return verb is not None and (verb in SENDER_VERBS or verb in _EATING or
                                 verb in SINK_NAMES)


def compared_given_up(index: ProgramIndex, verb: str | None, receiver: Agents | None,
                      after_than: tuple[str, ...]) -> tuple[Agents, Agents] | str:
    """"He gave 7 more cookies to his friend than those he ate": the two holders compared,
    what the first verb moved (its named receiver, else the holder it names) and what the
    verb after "than" moved (the holder it names); else the reason the sides are unsure."""
    first = receiver or sink_holder(verb, index.agent_names)
    # the verb after "than" names its holder ("those he ate": the eaten; "he found": the
    # program's holder "found")
    later = [w for w in after_than if w in SINK_NAMES or w in index.agent_names]
    second = None if len(later) != 1 else Agents.of(later[0]) if \
        later[0] in index.agent_names else sink_holder(later[0], index.agent_names)
    if first is None or second is None or first == second:
        return (f"compares what {verb!r} moved with what the words after 'than' say, and "
                "the program names no holder for each")
    return first, second


# verbs of giving up that also say how money or time was used, not that it went to someone
_USING = frozenset("spent spend spends used use uses paid pay pays".split())


def hands_over(verb: str) -> bool:
    """Does ``verb`` move its number to someone or somewhere ("gave", "ate", "threw"), not
    only use it up ("spends 6 - 2 = 4" hours may be a difference of two activities)?"""
    return gives_up(verb) and verb not in _USING
