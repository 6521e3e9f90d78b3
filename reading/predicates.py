"""What a clause's verb does with its counts: gives, takes, buys, sells, loses, places,
has and compares (``read_predicate``); clauses that begin with their count ("44 campers went
rowing", ``read_count_first``); rates stated for whoever holds their container ("Each box
has 3 pieces", ``read_rate``), placed once all is read (``place_rates``)."""

from __future__ import annotations

from vlp.kernel import Agents, Claim

from .clauses import Unreadable, agents_at, counts_at
from .facts import Fact, Facts, add_transfers, cont_claim, entity_of
from .phrases import (
    agents_after,
    check_rest,
    comparison_at,
    location_at,
    location_end,
    per_after,
    phrase_end,
    price_after,
    rate_after,
    trailing_end,
)
from .words import (
    ACQUIRE,
    BE,
    BUY,
    GAIN,
    GIVE,
    HAVE,
    LEMMA,
    LOSE,
    LOST_PARTICIPLES,
    PHRASE_ENDS,
    PLACE,
    REMOVE,
    TAKE,
    UNNAMED_RECEIVERS,
    Token,
)


def read_predicate(problem: Facts, clause: list[Token], sentence: str, said: str, verb: str,
                    index: int, names: tuple[str, ...], holder: tuple[str, ...],
                    together: bool, down: bool) -> None:
    """What a clause's verb does with its counts (``names``: the subject, ``holder`` the
    agents that hold: all of them together, or each)."""
    context = problem.context
    counts, end = counts_at(clause, index + 1, context)
    if verb in GIVE:
        receiver = None
        if not counts and index + 1 < len(clause) and clause[index + 1].lower == "away":
            counts, end = counts_at(clause, index + 2, context)  # "gives away 64 games"
            receiver = ("given away",)
        if not counts:  # "gave Mary 14 of the marbles"
            receiver_found = agents_at(clause, index + 1, context)
            if receiver_found is None:
                raise Unreadable(f"no reading of '{said}'")
            receiver = receiver_found[0]
            counts, end = counts_at(clause, receiver_found[1], context)
        if receiver is None and end < len(clause) and clause[end].lower == "away":
            receiver, end = ("given away",), end + 1
        if receiver is None:
            receiver = agents_after(clause, end, "to", context)
            end = phrase_end(clause, end, "to", context)
        if receiver is None and verb in UNNAMED_RECEIVERS:  # "sent 91 letters"
            receiver = (UNNAMED_RECEIVERS[verb],)
        if receiver is None:
            raise Unreadable(f"'{said}' names no one it is given to")
        add_transfers(problem, holder, receiver, counts, sentence, said)
        while end + 1 < len(clause) and clause[end].lower == "and" and \
                clause[end + 1].number is not None:  # "gave 3 to Jessica and 6 to Sara"
            counts, end = counts_at(clause, end + 1, context)
            receiver = agents_after(clause, end, "to", context)
            if receiver is None:
                raise Unreadable(f"'{said}' names no one it is given to")
            end = phrase_end(clause, end, "to", context)
            add_transfers(problem, holder, receiver, counts, sentence, said)
        check_rest(clause, end, said)
        return
    if not counts:  # "were buying trick decks for 6 dollars each": a price, no count
        words_end = index + 1
        while words_end < len(clause) and clause[words_end].number is None and \
                clause[words_end].lower not in ("for", "at"):
            words_end += 1
        noun: list[str] = []
        for token in clause[index + 1:words_end]:
            if token.lower in ("the", "a", "some"):
                continue
            if token.lower in PHRASE_ENDS or not token.text.isalpha():
                break
            noun.append(token.lower)
        rate = rate_after(clause, words_end, context)
        price = price_after(clause, words_end, context) if rate is None else None
        if price is not None and verb in BUY and noun and \
                all(problem.has_count(name, "dollars") for name in holder):
            prices = [price[0]]  # "bought a hot dog for 3 dollars (and a pen for 2 dollars)"
            after = price[1]
            while after + 2 < len(clause) and clause[after].lower == "and" and \
                    clause[after + 1].lower in ("a", "an"):
                words_end = next((i for i in range(after + 2, len(clause))
                                  if clause[i].lower == "for" or clause[i].number is not None
                                  or not clause[i].text.isalpha()), len(clause))
                more = price_after(clause, words_end, context)
                if more is None:
                    break
                prices.append(more[0])
                after = more[1]
            check_rest(clause, after, said)
            add_transfers(problem, holder, ("sellers",), prices, sentence, said)
            return
        if rate is None or not noun or verb not in BUY | {"buying", "selling", "sold"}:
            raise Unreadable(f"no count in '{said}'")
        check_rest(clause, rate[2], said)
        container = context.entity(noun)
        for name in names:
            problem.add(Claim("rate", (Agents.of(name), rate[0], rate[1], container)),
                        sentence, "have")
        problem.context.count(container)
        return
    comparison = comparison_at(clause, end, counts, context)
    if comparison is not None:
        more, than, rest = comparison
        check_rest(clause, rest, said)
        for count in counts:
            entity = entity_of(problem, count, said)
            this_more = more if len(counts) == 1 or not count.direction else count.direction > 0
            first, second = (holder, than) if this_more else (than, holder)
            if set(first) & set(second):
                raise Unreadable(f"'{said}' compares an agent with itself")
            problem.add(Claim("comp", (Agents(first), Agents(second), count.quantity,
                                       entity)), sentence, "have")
        return
    if verb in TAKE:
        owner = counts[0].owner
        source = agents_after(clause, end, "from", context) or ((owner,) if owner else None)
        end = phrase_end(clause, end, "from", context)
        if source is None and len(holder) == 1 and len(counts) == 1:
            # "Sara had 8 dimes. Her sister borrowed 4 dimes": from Sara, the one holder, whose
            # sister the subject is
            holders = problem.holders(entity_of(problem, counts[0], said))
            if len(holders) == 1 and holder[0].startswith(f"{holders[0]}'s "):
                source = (holders[0],)
        if source is None:
            raise Unreadable(f"'{said}' names no one it is taken from")
        check_rest(clause, end, said)
        add_transfers(problem, source, holder, counts, sentence, said)
        return
    if verb in REMOVE and (down or verb.startswith("remove")):
        places = {h for count in counts for h in
                  problem.holders(entity_of(problem, count, said))}
        if len(places) != 1 or not counts:
            raise Unreadable(f"'{said}' names no one it is taken from")
        check_rest(clause, end, said, allowed=trailing_end(clause, end))
        add_transfers(problem, tuple(places), (REMOVE[verb],), counts, sentence, said)
        return
    if verb in PLACE:
        place = location_at(clause, end, context)
        if place is None:  # "Park workers will plant 3 oak trees": where the oak trees are
            places = {h for count in counts for h in
                      problem.holders(entity_of(problem, count, said))}
            place = tuple(places) if len(places) == 1 else None
        if place is None:
            raise Unreadable(f"'{said}' names no place")
        held = {h for count in counts for h in problem.holders(entity_of(problem, count, said))}
        if held & set(holder) and not held & set(place):  # "added 2 to the shelf" his own
            raise Unreadable(f"two readings of '{said}' (onto {holder[0]}'s own, or away)")
        check_rest(clause, end, said, allowed=location_end(clause, end))
        if tuple(place) == tuple(holder):  # "added 24 new songs" to what she holds herself
            add_transfers(problem, ("sources",), holder, counts, sentence, said)
        else:
            add_transfers(problem, holder, place, counts, sentence, said)
        return
    if verb in LOSE and verb not in BUY:
        receiver = agents_after(clause, end, "to", context) if verb in ("sold", "sell", "sells") \
            else None
        end = phrase_end(clause, end, "to", context)
        owners = (counts[0].owner,) if counts[0].owner else holder
        taker = receiver or (LOSE[verb],)
        for count in counts:
            entity = entity_of(problem, count, said)
            if not all(problem.has_count(name, entity) for name in owners):
                others = [h for h in problem.holders(entity) if h not in holder]
                if len(others) == 1 and len(counts) == 1 and (
                        count.referred or clause[0].lower in ("the", "a", "an")):
                    owners, taker = (others[0],), holder  # "the rabbits ate 3 of the potatoes"
                elif problem.start_stated_later and len(owners) == 1:
                    problem.taken_before_start.append((owners[0], entity, said, sentence))
                else:
                    raise Unreadable(f"'{said}' takes {entity} from a count never stated")
        check_rest(clause, end, said, allowed=trailing_end(clause, end))
        add_transfers(problem, owners, taker, counts, sentence, said)
        return
    per = per_after(problem, clause, end)
    if per is not None and (verb in HAVE or verb in ACQUIRE) and len(counts) == 1:
        container, after = per
        check_rest(clause, after, said)
        entity = entity_of(problem, counts[0], said)
        for name in holder if not together else (None,):
            agents = (name,) if name is not None else holder
            problem.add(Claim("rate", (Agents(agents), counts[0].quantity, entity, container)),
                        sentence, "have")
        return
    if verb in HAVE or verb in ACQUIRE:
        rate = rate_after(clause, end, context)
        read_to = location_end(clause, end)
        source = agents_after(clause, end, "from", context) if verb in GAIN | BUY else None
        if source is not None:
            read_to = phrase_end(clause, end, "from", context)
        if rate is not None:
            read_to = rate[2]
        check_rest(clause, read_to, said, allowed=trailing_end(clause, read_to))
        lemma = LEMMA.get(verb, verb)
        for name in holder if not together else (None,):
            agents = (name,) if name is not None else holder
            for count in counts:
                entity = entity_of(problem, count, said)
                stated = any(problem.has_count(a, entity) for a in agents)
                if count.referred and count.owner is None and stated and verb not in HAVE | GAIN \
                        | BUY:  # "picked 56 of them": taken from the count, or more of it?
                    raise Unreadable(f"two readings of '{said}' (out of the count, or more)")
                if count.owner is not None and verb not in HAVE:  # "bought 2 of Jason's cards"
                    add_transfers(problem, (count.owner,), agents, [count], sentence, said)
                elif verb in HAVE or not (stated or count.more or source):
                    problem.add(cont_claim(agents, entity, count.quantity), sentence, lemma)
                else:
                    giver = source or (("sellers",) if verb in BUY else ("givers",)
                                       if verb in GAIN else ("sources",))
                    add_transfers(problem, giver, agents, [count], sentence, said)
                if rate is not None:
                    problem.add(Claim("rate", (Agents(agents), rate[0], rate[1], entity)),
                                sentence, lemma)
        return
    raise Unreadable(f"no reading of '{said}' (verb '{clause[index].text}')")


def read_count_first(problem: Facts, clause: list[Token], sentence: str, said: str) -> None:
    """"N Es are in the C" (a count with a holder after it); "3 customers left" (a count
    leaving its only holder)."""
    counts, end = counts_at(clause, 0, problem.context)
    if len(counts) == 1 and end + 1 < len(clause) and clause[end].lower in ("were", "was") and \
            clause[end + 1].lower in LOST_PARTICIPLES and end + 2 == len(clause):
        entity = entity_of(problem, counts[0], said)  # "5 were eaten": from the only holder
        holders = problem.holders(entity)
        if len(holders) != 1:
            raise Unreadable(f"'{said}' leaves no one holder")
        add_transfers(problem, (holders[0],), (LOST_PARTICIPLES[clause[end + 1].lower],), counts,
                   sentence, said)
        return
    tail = [t.lower for t in clause[end:]]
    leaving = len(counts) == 1 and (tail[-1:] in (["left"], ["quit"]) and not any(
        t.number is not None for t in clause[end:]) or tail in (
        ["didn't", "show", "up"], ["did", "not", "show", "up"], ["got", "off"]) or
        tail[:3] == ["got", "off", "the"])
    joining = bool(counts) and all(c.more for c in counts) and (tail[:2] in (
        ["got", "in"], ["got", "on"]) or tail[:1] in (["joined"], ["came"], ["arrived"]))
    if leaving or joining:  # "2 of them got tired of waiting and left", "5 more got in line"
        holders = {h for count in counts
                   for h in problem.holders(entity_of(problem, count, said))}
        if len(holders) != 1:  # "4 more birds and 8 more storks came to join them": one place
            raise Unreadable(f"'{said}' leaves no one holder" if leaving else
                             f"'{said}' joins no one holder")
        place = (holders.pop(),)
        if leaving:
            add_transfers(problem, place, ("gone",), counts, sentence, said)
        else:
            add_transfers(problem, ("arrivals",), place, counts, sentence, said)
        return
    if end < len(clause) and clause[end].lower in BE:
        if end + 1 < len(clause) and clause[end + 1].lower.endswith("ing"):
            end += 1  # "3 birds were sitting on the fence"
        holder = location_at(clause, end + 1, problem.context)
        if holder is not None:
            check_rest(clause, end + 1, said, allowed=location_end(clause, end + 1))
            for count in counts:
                problem.add(cont_claim(holder, entity_of(problem, count, said), count.quantity),
                            sentence, "have")
            return
    rate = rate_after(clause, end, problem.context)
    if rate is not None:
        raise Unreadable(f"a rate of no one's {rate[1]} in '{said}'")
    raise Unreadable(f"no holder of the count in '{said}'")


def read_rate(problem: Facts, clause: list[Token], sentence: str) -> None:
    """"Each box has 3 pieces", "each ride cost 7 tickets": a rate of whoever holds boxes."""
    said = " ".join(t.text for t in clause)
    index = 1
    words: list[str] = []
    while index < len(clause) and clause[index].lower not in HAVE | BE | ACQUIRE and \
            clause[index].lower not in ("cost", "costs", "had", "weighs") and \
            clause[index].number is None:
        words.append(clause[index].lower)
        index += 1
    for cut in ("that", "who"):  # "each member that did show up scored 5 points"
        if cut in words or (index < len(clause) and clause[index].lower == cut):
            words = words[:words.index(cut)] if cut in words else words
            number = next((i for i in range(index, len(clause))
                           if clause[i].number is not None), None)
            if number is None or clause[number - 1].lower not in HAVE | ACQUIRE:
                raise Unreadable(f"no reading of '{said}'")
            index = number - 1  # the verb of "scored 5 points"
    if not words or index >= len(clause) or len(words) > 3 or any(
            w in ("and", "with", "of", "in", "on", "came", "that", "which") for w in words):
        raise Unreadable(f"no reading of '{said}'")
    index += 1
    counts, end = counts_at(clause, index, problem.context)
    # "each pot has 71 flowers and 91 sticks in it": one rate per kind, each of its own
    # kind (not "3 more", "3 of them", "3 of Sam's")
    if not counts or len(counts) > 1 and any(
            c.entity is None or c.more or c.referred or c.owner or c.direction for c in counts
    ) or len({c.entity for c in counts}) < len(counts):
        raise Unreadable(f"no reading of '{said}'")
    check_rest(clause, end, said, allowed=trailing_end(clause, end))
    container = problem.context.entity(words, 1)  # "each crate": crates
    for count in counts:
        entity = entity_of(problem, count, said)
        if entity == container:
            raise Unreadable(f"'{said}' counts {entity} per {container}")
        problem.rates.append((count.quantity, entity, container, None, sentence))
        problem.context.count(entity)  # "8 extra pieces of gum" later: these, or others?
        problem.facts.append(Fact(Claim("cont", (Agents.of("unplaced rate"), 0, entity)),
                                  sentence, "rate"))


def place_rates(problem: Facts) -> None:
    """Each rate stated for no agent belongs to every agent with a count of its container,
    at the time it was stated (its place among the facts)."""
    if not problem.rates:
        return
    rates = iter(problem.rates)
    placed: list[Fact] = []
    for fact in problem.facts:
        if fact.verb != "rate":
            placed.append(fact)
            continue
        quantity, entity, container, _agent, sentence = next(rates)
        holders = problem.holders(container)
        if not holders:
            raise Unreadable(f"a rate of {entity} per {container}, but no one holds "
                             f"{container}")
        for holder in holders:
            placed.append(Fact(Claim("rate", (Agents.of(holder), quantity, entity,
                                               container)), sentence, "have"))
    problem.facts = placed
