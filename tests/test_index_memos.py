"""The per-problem structures that let a batch of many problems verify fast give what the
plain computation gives, as demand adds instances between the questions:

- the skipped-step search on one graph of every rule instance (``ProgramIndex._graph``),
  rebuilt only when demand adds, names the steps the search on each claim's own ancestors
  names (what ``missing_claims`` did before);
- each claim's records, kept per atom and extended by the chart's new instances, are the
  records read again from the chart;
- ``derive`` (the stated expression's instances first among the available ones) picks the
  instance the sorted copy of every record picks;
- an alignment kept across additions is the alignment made afresh;
- ``unsafe_reason``'s ASCII path (lower case, each pattern only where one of its words is)
  gives the reason the one scan and the loop over every pattern give.
"""

from __future__ import annotations

import heapq
import random
import string
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from vlp.checker.prepared import PreparedProblem
from vlp.checker.problem_specs import problem_spec
from vlp.checker.verdicts import Arithmetic
from vlp.grammar import guards
from vlp.kernel import AXIOM, Agents, Claim, is_frame_rule
from vlp.reading.align import ClaimPattern, ProgramIndex, same_expression
from vlp.reading.postorder import post_order
from vlp.sampler import generate_problem

# -- the plain computations -------------------------------------------------------------


def _plain_missing(index: ProgramIndex, claim: Claim, available: set[int]) -> tuple[Claim, ...]:
    """``missing_claims`` as it was: Knuth's search over the target's own ancestors."""
    if not index._known(claim):
        return ()
    target = index.claim_id[claim]
    index._refresh()
    incoming = index._incoming
    seen, stack = {target}, [target]
    while stack:
        for record in incoming.get(stack.pop(), ()):
            for premise in record.premises:
                if premise not in seen:
                    seen.add(premise)
                    stack.append(premise)
    records = [r for head in sorted(seen) for r in incoming.get(head, ())]
    consumers: dict[int, list[int]] = defaultdict(list)
    for number, record in enumerate(records):
        for premise in record.premises:
            consumers[premise].append(number)
    unsettled = [len(r.premises) for r in records]
    cost = {c: 0 for c in seen.intersection(available)}
    best = {}
    heap = [(0, c) for c in cost]
    heapq.heapify(heap)
    done: set[int] = set()
    found = False
    while heap and not found:
        value, current = heapq.heappop(heap)
        if current in done or cost.get(current) != value:
            continue
        done.add(current)
        if current == target:
            break
        for number in consumers.get(current, ()):
            unsettled[number] -= 1
            if unsettled[number] or records[number].head in done:
                continue
            record = records[number]
            total = 1 + sum(cost[p] for p in record.premises)
            if total < cost.get(record.head, 1 << 30):
                cost[record.head] = total
                best[record.head] = record
                heapq.heappush(heap, (total, record.head))
                if record.head == target and total == value + 1:
                    found = True
                    break
    if target not in done and not found:
        return ()
    order = post_order(target, lambda c: best[c].premises if cost.get(c, 0) else ())
    return tuple(index.claims[c] for c in order
                 if cost.get(c, 0) and c != target and c not in index.bookkeeping_ids)


def _plain_records(index: ProgramIndex, claim_id: int) -> list[tuple[object, tuple[int, ...]]]:
    """A claim's non-frame instances read from the chart, preferred atoms first."""
    ids = index.claim_id
    found = []
    for atom in index.atoms_by_claim[index.claims[claim_id]]:
        for edge in index.chart.incoming(atom):
            if edge.rule_id != AXIOM and not is_frame_rule(edge.rule_id):
                premises = tuple(dict.fromkeys(ids[p.claim()] for p in edge.premises))
                found.append((edge, premises))
    return found


def _plain_derive(index: ProgramIndex, claim: Claim, available: set[int],
                  stated: Arithmetic | None) -> object:
    if not index._known(claim):
        return None
    ordered = list(index._records_of(index.claim_id[claim]))
    if stated is not None:
        ordered.sort(key=lambda r: not same_expression(stated, r.arithmetic))
    for record in ordered:
        if available.issuperset(record.premises):
            theorem = index.accepted(record.edge)
            if theorem is not None:
                return record.edge
    return None


# -- the property -----------------------------------------------------------------------

_KINDS = [("trees", "both", "disconnected"), ("trees", "entity", "connected"),
          ("tree", "agent", "connected"), ("axiom", "none", "connected")]


def _demand_some(index: ProgramIndex, rng: random.Random) -> list[ClaimPattern]:
    """Ask about a few comparisons and compeqs (demand derives them): the patterns asked."""
    agents = sorted({Agents.of(name) for name in index.agent_names}, key=str)
    entities = sorted(index.entities)
    asked = []
    for _ in range(rng.randint(1, 6)):
        if len(agents) < 2 or not entities:
            break
        first, second = rng.sample(agents, 2)
        entity = rng.choice(entities)
        pattern = ClaimPattern("comp", (first, second, None, entity))
        if rng.random() < 0.3 and len(agents) >= 4:
            pattern = ClaimPattern("compeq", (*rng.sample(agents, 4), entity))
        index.align(pattern)
        for claim in index.candidates(ClaimPattern("comp", (first, second, None, entity))):
            asked.append(ClaimPattern.of(claim))
        asked.append(ClaimPattern("comp", (first, second, rng.randint(1, 60), entity)))
    return asked


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(_KINDS), st.randoms(use_true_random=False))
def test_batch_memos_give_the_plain_answers(seed: int, kind: tuple[str, str | None, str | None],
                                            rng: random.Random) -> None:
    setting, overlap, connection = kind
    problem = generate_problem(seed, setting=setting, overlap=overlap, connection=connection)
    spec = problem_spec(problem)  # a fresh index (not the cached one other tests add to)
    index = PreparedProblem(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                            spec.hidden_axioms).index
    patterns: list[ClaimPattern] = []
    for _round in range(4):
        patterns += _demand_some(index, rng)  # demand adds between the questions
        claims = list(index.claims)
        others = sorted(set(range(len(claims))) - index.axiom_ids)
        for _ in range(8):
            available = set(index.initially_available()) | set(
                rng.sample(others, rng.randint(0, len(others) // 2)))
            claim = claims[rng.choice(others)] if others else claims[0]
            assert index.missing_claims(claim, available) == \
                _plain_missing(index, claim, available), claim
            # an expression some instance of the claim writes (its instances writing it are
            # tried first), one none writes, or none
            records = index._records_of(index.claim_id[claim]) if claim in index.claim_id \
                else []
            written = [r.arithmetic for r in records if r.arithmetic is not None]
            stated = rng.choice(written) if written and rng.random() < 0.6 else None
            if stated is None and claim.quantity is not None and rng.random() < 0.5:
                stated = Arithmetic.single(rng.choice("+-"), (rng.randint(0, 99),
                                                              rng.randint(0, 99)), claim.quantity)
            derivation = index.derive(claim, available, stated)
            assert (derivation.hyperedge if derivation is not None else None) == \
                _plain_derive(index, claim, available, stated), claim
        for claim_id in range(len(index.claims)):
            kept = [(r.edge, r.premises) for r in index._records_of(claim_id)]
            assert kept == _plain_records(index, claim_id), index.claims[claim_id]
        # an alignment kept across the additions is the one made afresh
        kept_alignments = [(p, index.align(p)) for p in patterns]
        index._aligned.clear()
        index._aligned_to.clear()
        index._misaligned.clear()
        for pattern, alignment in kept_alignments:
            assert index.align(pattern) == alignment, pattern


# -- the unsafe cues --------------------------------------------------------------------


def _plain_unsafe(text: str) -> str | None:
    """``unsafe_reason`` as it was: one scan with every pattern, then each in order."""
    if not text.isascii() and guards._invisible_inside(text):
        return "an invisible character inside the text: its words are not read"
    if guards._ANY_GUARD.search(text) is not None:
        tail = guards._CORRECTION_RE.split(text)[-1]
        for pattern, reason in guards._GUARDS:
            if pattern.search(tail if pattern in guards._RETRACTIONS else text):
                return reason
    if ("-" in text or "−" in text or "–" in text) and guards._negative_number(text):
        return "a negative number: no count is negative"
    return None


# every alternative of every pattern (written out here, not read from the table), and what
# surrounds them in sentences
_CUES = ["maybe", "perhaps", "probably", "possibly", "presumably", "roughly", "approximately",
         "apparently", "supposedly", "or so", "more or less", "i think", "i guess", "i believe",
         "i suppose", "it seems", "about 5", "around 5", "nearly 5", "almost 5", "at least 5",
         "at most 5", "up to 5", "wrong", "incorrect", "mistake", "mistaken", "mistakes",
         "untrue", "false", "typo", "oops", "scratch that", "not right", "not correct",
         "not true", "think not", "someone", "somebody", "claim", "claims", "claimed",
         "rumored", "rumoured", "allegedly", "according to", "had he not", "were it not",
         "had x not given it would", "would have had 3 if not", "between 3 and 5", "49 or 50",
         "49 apples or 50", "2.5", "1e5", "3E+2", "24 000", "3\\4", "dozen", "dozens",
         "score of", "scores of", "pair of", "pairs of", "half", "double", "twice", "triple"]
_WORDS = [*_CUES, "would", "had", "were", "not", "and", "or", "has", "So", "I", "it",
          "Wait, that's wrong:", "; ", " - ", " — ", ":", "(", ")", "-", "=", "12", "3,000",
          " ", "\t", "\n", ".", "ſ", "K", "İ", "é", "\u200b"]


def test_the_ascii_cue_path_on_each_cue() -> None:
    for cue in _CUES:
        for text in (f"So Tom has 3 apples, {cue}.", f"{cue.upper()} Tom has 3 apples.",
                     f"{cue.title()}: Tom has 3 apples.", f"Tom has 3 apples; {cue}", cue):
            reason = guards.unsafe_reason.__wrapped__(text)
            assert reason == _plain_unsafe(text), text
        assert _plain_unsafe(cue) is not None, cue  # each is a cue the guards know


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_WORDS),
                          st.text(string.ascii_letters + string.digits + " .,:;-", max_size=6)),
                max_size=10),
       st.lists(st.booleans(), max_size=10))
def test_the_ascii_cue_path_gives_the_plain_reason(parts: list[str], upper: list[bool]) -> None:
    words = [p.upper() if i < len(upper) and upper[i] else p for i, p in enumerate(parts)]
    for text in (" ".join(words), "".join(words)):
        assert guards.unsafe_reason.__wrapped__(text) == _plain_unsafe(text), text


def test_the_ascii_cue_path_on_every_corpus_sentence() -> None:
    import json
    from pathlib import Path

    data = Path(__file__).parent / "data"
    texts = set()
    for path in sorted(data.glob("*/transcripts.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.update(json.loads(line)["transcript"].replace("\n", ". ").split(". "))
    assert len(texts) > 500
    for text in sorted(texts):
        assert guards.unsafe_reason.__wrapped__(text) == _plain_unsafe(text), text
