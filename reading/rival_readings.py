"""A loose reading that is no theorem, where the sentence's own words name a theorem with the
same number: the reader may have chosen the wrong participant, entity or relation.

A true statement misread is judged false, the worst error the checker can make. When a
claim the loose reader built is no theorem, but the number it read is the number of a
theorem about someone and something the sentence names ("He also spends 3 hours on
Chinese" read as English's 3, where Chinese has 3), the words fit a true claim as well as
the false one; the judge leaves the step unparsed, naming the rival. A false claim with a
number no theorem of the sentence's names has stays false.
"""

from __future__ import annotations

import re

from vlp.grammar.inflect import singular
from vlp.kernel import Claim

from .align import ClaimPattern, ProgramIndex

_WORD_RE = re.compile(r"[a-z0-9'\-]+")


def rival_theorem(text: str, pattern: ClaimPattern, index: ProgramIndex) -> str | None:
    """Why the words may state another claim: a theorem with the pattern's quantity about
    an agent and of an entity the sentence names, other than the pattern's claim; else
    None."""
    if "quantity" not in pattern.kinds or not pattern.is_complete:
        return None
    quantity = pattern.args[pattern.kinds.index("quantity")]
    if not isinstance(quantity, int):
        return None
    if len(re.findall(rf"(?<![\d.,]){quantity}(?![\d,]|\.\d)", text.replace(",", ""))) != 1:
        return None  # "35 pencils in the drawer and 35 on the desk": each 35 has its own
    stated = pattern.as_claim()
    own = {n for a in stated.agent_sets for n in a.names}
    if not own <= index.agent_names:
        return None  # "from Wasswa's teacher", whom the problem lacks: an invented fact
    holder = _container_of(stated, index)
    if holder is not None:
        return f"reads as {pattern}, which is no theorem, but {holder} holds that many"
    words = set(_WORD_RE.findall(text.lower().replace("'s ", " 's ")))
    words |= {singular(w) for w in words}
    names = {n for n in index.agent_names if _named(n, words)}
    if not names:
        return None
    entities = {e for e in index.entities if _named(e, words)}
    for claim in index.claims_by_predicate().get(pattern.predicate, ()):
        # (a relation the words fix is kept: "9 more than" is never a count of 9, nor its
        # direction; and a member's count is no rival of a stated total: "108 in all")
        members = {n for a in claim.agent_sets for n in a.names}
        if set(claim.agent_sets) == set(stated.agent_sets):
            continue  # "given to Nora by Oskar": the direction the words state is kept
        if claim.quantity == quantity and claim != stated and not members < own and \
                _about(claim, names, entities, stated.entity):
            return f"reads as {pattern}, which is no theorem, but the words also fit {claim}"
    return None


def _container_of(stated: Claim, index: ProgramIndex) -> Claim | None:
    """"Jerry started with 4 action figures" where Jerry puts action figures on a shelf
    that holds 4: the one agent the claim's agent gives that entity to, or gets it from, in
    the program, when that agent's count is the claim's (a person said for their shelf)."""
    if stated.predicate != "cont" or len(stated.agent_sets[0]) != 1:
        return None
    agent = stated.agent_sets[0]
    linked = {a.agent_sets[1] if a.agent_sets[0] == agent else a.agent_sets[0]
              for a in index.program.axioms
              if a.predicate == "transfer" and a.entity == stated.entity and
              agent in a.agent_sets}
    rivals = [Claim("cont", (other, stated.quantity, stated.entity)) for other in linked]
    found = [c for c in rivals if index.is_theorem(c)]
    return found[0] if len(found) == 1 else None


def _named(name: str, words: set[str]) -> bool:
    parts = name.replace("'s ", " 's ").split()
    return all(p in words or singular(p) in words for p in parts)


def _about(claim: Claim, names: set[str], entities: set[str], entity: str) -> bool:
    """The claim is about agents the sentence names, of an entity it names (or, when it
    names none of the program's, of the entity read: "a total of 6 vegetables" is no
    rival reading of Mary's 6 carrots)."""
    agents = {n for a in claim.agent_sets for n in a.names}
    if not agents <= names:
        return False
    return claim.entity in entities if entities else claim.entity == entity
