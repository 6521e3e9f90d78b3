"""The facts a word problem states, as they are read: claims without times (the times are
given when the program is made, by ``encode``), the sentence stating each, and the reading
context (who "he" is, which entities are counted)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from vlp.kernel import Agents, Claim

from .clauses import Context, Count, Unreadable
from .words import LOSE, UNNAMED_RECEIVERS

# the holder of a count stated with no holder or place ("There are 141 pots.")
THERE = "there"


@attrs.frozen
class Fact:
    """One fact read: its claim (no time yet), the sentence that states it, and the verb."""

    claim: Claim
    sentence: str
    verb: str  # the lemma of the verb that stated it ("have", "grow")
    at_start: bool = False  # a count stated later for the start ("If he initially had 30")


class Facts:
    """The facts of one problem in the order stated, the rates stated for no one yet (placed
    on every holder of their container once all is read), and the counterparties named for
    what they are ({eaten}, {sellers}: never the holders a question sums)."""

    def __init__(self) -> None:
        self.context = Context()
        self.facts: list[Fact] = []
        self.rates: list[tuple[int, str, str, str | None, str]] = []  # deferred rates
        self.counterparties: set[str] = set()
        # a later sentence states a count at the start ("If he initially had 30 pieces"):
        # a loss read before it may take from that count, which must then be stated
        self.start_stated_later = False
        self.reading_start = False  # the facts being read hold at the start
        # (agent, entity, clause, sentence) of each loss from a count not stated yet
        self.taken_before_start: list[tuple[str, str, str, str]] = []

    def holders(self, entity: str) -> list[str]:
        """Agents stated to hold a count of ``entity``, in order of mention."""
        found: list[str] = []
        for fact in self.facts:
            claim = fact.claim
            if claim.predicate == "cont" and claim.entity == entity:
                for name in sorted(claim.args[0].names):  # type: ignore[union-attr]
                    if name not in found:
                        found.append(name)
        return found

    def has_count(self, agent: str, entity: str) -> bool:
        return any(f.claim.predicate in ("cont", "transfer") and f.claim.entity == entity
                   and any(agent in a.names for a in f.claim.agent_sets) for f in self.facts)

    def add(self, claim: Claim, sentence: str, verb: str) -> None:
        self.facts.append(Fact(claim, sentence, verb, self.reading_start))
        self.context.count(claim.entity)


def cont_claim(holder: Sequence[str], entity: str, quantity: int) -> Claim:
    return Claim("cont", (Agents(holder), quantity, entity))


def entity_of(problem: Facts, count: Count, said: str) -> str:
    if count.entity is not None:
        return count.entity
    last = problem.context.last_entity
    if last is None:
        raise Unreadable(f"'{said}' does not say what it counts")
    return last


def add_transfers(problem: Facts, sender: Sequence[str], receiver: Sequence[str],
               counts: list[Count], sentence: str, said: str) -> None:
    if not counts:
        raise Unreadable(f"no count in '{said}'")
    if set(sender) & set(receiver):
        raise Unreadable(f"'{said}' moves a count from an agent to itself")
    for name in (*sender, *receiver):
        if name in LOSE.values() or name in UNNAMED_RECEIVERS.values() or name in (
                "givers", "sellers", "given away", "buyers", "sources", "gone", "cut down",
                "removed", "stolen", "arrivals"):
            problem.counterparties.add(name)
    for count in counts:
        entity = entity_of(problem, count, said)
        problem.add(Claim("transfer", (Agents(sender), Agents(receiver), count.quantity,
                                       entity)), sentence, "transfer")
