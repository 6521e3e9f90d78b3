"""A word problem's question ("How many dimes does Tom have now?", "How many more stamps
does Lena have than Ivo?", "How much did they spend?") into the claim it asks for."""

from __future__ import annotations

import re

from vlp.grammar.inflect import to_plural
from vlp.kernel import Agents, Claim

from .clauses import Unreadable, agents_at
from .facts import THERE, Facts
from .phrases import location_at
from .words import (
    ACQUIRE,
    BE,
    GIVE,
    HAVE,
    LEMMA,
    LESS,
    MORE,
    PLURAL_PRONOUNS,
    Token,
    head_noun,
    plural_noun,
)

# a count that holds at the start, wherever it is stated
START = re.compile(r"\b(?:initially|at first|originally|in the beginning|to begin with)\b",
                   re.IGNORECASE)
EARLIER = re.compile(r"\b(?:at first|at the start|in the beginning|at the beginning|to begin "
                     r"with|to start with|to start|originally|initially|before|after)\b",
                     re.IGNORECASE)


def read_question(problem: Facts, words: list[Token]) -> Claim:
    said = " ".join(t.text for t in words)
    while words and words[-1].text in ("?", ".", "!"):
        words = words[:-1]
    context = problem.context
    lowered = [t.lower for t in words]
    if any(t.number is not None for t in words):
        raise Unreadable("a question with a number of its own is not read")
    if EARLIER.search(said):
        raise Unreadable("the question asks about an earlier time (the rule table derives "
                         "no earlier count from a later one)")
    far = lowered[:2] == ["how", "far"] or lowered[:3] in (["how", "much", w] for w in MORE)
    if lowered[:2] not in (["how", "many"], ["how", "much"]) and not far:
        raise Unreadable("only 'how many' and 'how much' questions are read")
    index = 2
    comparative = index < len(words) and lowered[index] in MORE | LESS
    if comparative:
        index += 1
    entity_words: list[str] = []
    while index < len(words) and lowered[index] not in BE | {"do", "does", "did", "will",
                                                            "would", "can", "could", "have",
                                                            "has", "had", "than", "in"}:
        entity_words.append(lowered[index])
        index += 1
    if index >= len(words) and entity_words and entity_words[-1] in (
            "remained", "remain", "remains", "left"):
        entity_words.pop()  # "how many goldfish remained": what the holder still has
        words = [*words[:index], Token("are", "are"), Token("left", "left"), *words[index:]]
        lowered = [t.lower for t in words]
    if index >= len(words):
        raise Unreadable(f"no reading of the question '{said}'")
    money = lowered[1] == "much" and not far
    if money and entity_words not in ([], ["money"]):
        raise Unreadable(f"'how much {' '.join(entity_words)}' is not a count")
    if far or (not entity_words and not money):  # "how far did the frog jump": its unit
        stated = list(dict.fromkeys(f.claim.entity for f in problem.facts))
        if len(stated) != 1:
            raise Unreadable("the question names no entity")
        entity = stated[0]
    else:
        entity = "dollars" if money else _question_entity(problem, entity_words)
    aux = lowered[index]
    index += 1
    if aux in ("will", "would", "could") and index < len(words) and lowered[index] == "be":
        aux = "be"  # "how many trees will be in the park"
        index += 1
    subject: tuple[str, ...] | None = None
    while index < len(words) and (lowered[index] in ("now", "still") or (
            aux in BE and lowered[index].endswith("ing") and lowered[index] not in LEMMA)):
        index += 1  # "how many birds are sitting on the fence"
    passive: str | None = None
    if aux in BE and index < len(words) and (lowered[index] in LEMMA or lowered[index] in
                                             ACQUIRE) and lowered[index] not in HAVE:
        passive = lowered[index]  # "how many pears were picked in total"
        index += 1
    if passive is not None or (index < len(words) and lowered[index] in ("?", "left")):
        pass
    elif index < len(words) and lowered[index] == "there":
        index += 1
        while index < len(words) and lowered[index] in ("still", "now", "left"):
            index += 1
        if index + 1 < len(words) and lowered[index] in ("in", "on", "at") and \
                lowered[index + 1] not in ("all", "total"):  # "there on the tree"
            subject = location_at(words, index, context)
            if subject is None:
                raise Unreadable(f"no reading of the question '{said}'")
    elif aux in BE | {"be"} and index < len(words) and lowered[index] in ("in", "on", "at"):
        place = location_at(words, index, context)
        if place is None:
            raise Unreadable(f"no reading of the question '{said}'")
        subject = _holders_of_container(problem, place) or place
    elif index < len(words):
        if lowered[index] in PLURAL_PRONOUNS:
            subject = ("they",)
            index += 1
        else:
            found = agents_at(words, index, context)
            if found is None:
                raise Unreadable(f"no reading of who the question '{said}' asks about")
            subject, index = found
    while index < len(words) and lowered[index] in ("now", "still", "all", "together",
                                                    "altogether", "collectively"):
        index += 1
    rest = lowered[index:]
    if "each" in rest or "every" in rest:
        raise Unreadable("a question about each one is division, not in the rule table")
    verb: str | None = None
    if aux not in BE and rest and rest[0] not in ("left", "in", "?", "total", "combined",
                                                  "than", "now", "then", "together",
                                                  "altogether"):
        verb = rest[0]
        if verb not in LEMMA and verb not in HAVE and verb not in ACQUIRE:
            raise Unreadable(f"the question asks what was done ('{verb}'), not a count held")
    elif aux in ("have", "has", "had"):
        verb = "have"
    if passive is not None:
        verb = passive
    lemma = LEMMA.get(verb, verb) if verb is not None else "have"
    if lemma in ("spend", "use", "eat", "lose", "sell", "give") or (verb in GIVE):
        if not (lemma == "spend" and money and _only_rates(problem, entity)):
            raise Unreadable(f"the question asks what was {verb}, not a count held")
    if comparative:
        if "than" not in rest or subject is None or subject == ("they",):
            raise Unreadable(f"no reading of the comparison '{said}'")
        than = agents_at(words, index + rest.index("than") + 1, context)
        if than is None:
            raise Unreadable(f"no reading of the comparison '{said}'")
        return Claim("comp", (Agents(subject), Agents(than[0]), 0, entity))
    if subject is None or subject == ("they",):
        holders = [h for h in problem.holders(entity) if h not in problem.counterparties]
        holders += [name for f in problem.facts if f.claim.predicate == "rate" and
                    f.claim.entity == entity for name in sorted(f.claim.args[0].names)
                    if name not in holders]  # type: ignore[union-attr]
        holders = list(dict.fromkeys(holders))
        compared = [name for f in problem.facts if f.claim.predicate == "comp"
                    and f.claim.entity == entity for agents in f.claim.agent_sets
                    for name in sorted(agents.names)]
        holders += [name for name in dict.fromkeys(compared) if name not in holders]
        if not holders and _only_rates(problem, entity):  # "how much did they spend"
            holders = [name for f in problem.facts if f.claim.predicate == "rate"
                       and f.claim.entity == entity
                       for name in sorted(f.claim.args[0].names)]  # type: ignore[union-attr]
            holders = list(dict.fromkeys(holders))
        if subject == ("they",) and context.subject is not None and len(context.subject) > 1 \
                and set(context.subject) <= set(holders) and set(context.subject) != \
                set(holders):
            raise Unreadable("two readings of 'they'")
        if not holders:
            raise Unreadable(f"no one holds {entity}")
        if THERE in holders and len(holders) > 1:  # "There are 26 hens. Tom bought 5 hens."
            raise Unreadable(f"two readings of 'there' (the {entity} stated with no holder, "
                             "or all of them)")
        subject = tuple(holders)
    # "how many balloons did Allan and Jake have": a question about several asks about
    # them together (one about each of them says "each", which is division, refused above)
    if lemma not in ("have", "be") and not all(
            f.verb in (lemma, "rate") for f in problem.facts
            if f.claim.predicate == "cont" and f.claim.entity == entity):
        raise Unreadable(f"the question asks what was {verb}, and other counts are stated")
    return Claim("cont", (Agents(subject), 0, entity))


def _holders_of_container(problem: Facts, place: tuple[str, ...]) -> tuple[str, ...] | None:
    """"How many red peaches are in the baskets altogether?", where each basket has 16 red
    peaches: the holders of the baskets the place names, else ``None``."""
    if len(place) != 1 or any(place[0] in agents.names for f in problem.facts
                              for agents in f.claim.agent_sets):
        return None  # the place is an agent of its own
    containers = {f.claim.args[3] for f in problem.facts if f.claim.predicate == "rate"}
    words = place[0].split(" ")
    while len(words) > 1 and words[-1] in ("altogether", "combined", "together", "total"):
        words.pop()
    name = " ".join(words)
    holders = [h for e in sorted(containers) if e == name or head_noun(e) == name and " of " in e
               for h in problem.holders(e)]
    return tuple(dict.fromkeys(holders)) or None


def _only_rates(problem: Facts, entity: str) -> bool:
    return not any(f.claim.predicate != "rate" and f.claim.entity == entity
                   for f in problem.facts) and any(
        f.claim.predicate == "rate" and f.claim.entity == entity for f in problem.facts)


def _question_entity(problem: Facts, words: list[str]) -> str:
    if not words:
        raise Unreadable("the question names no entity")
    name = plural_noun(words)
    stated = {f.claim.entity for f in problem.facts}
    if name in stated:
        return name
    head, _, complement = name.partition(" of ")
    if complement and head in stated and (to_plural(complement) in stated or any(
            f.claim.predicate == "rate" and f.claim.args[3] == to_plural(complement)
            for f in problem.facts)):
        return head  # "slices of pizza" where each pizza has slices
    ending = [e for e in stated if e.endswith(" " + name) or e.split(" of ")[0] == name]
    if len(ending) == 1:
        return ending[0]
    if len(ending) > 1:
        raise Unreadable(f"two readings of '{' '.join(words)}'")
    raise Unreadable(f"the question asks about {name}, which no statement counts")
