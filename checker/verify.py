"""Verify a language model's proof against a problem's logic program (DESIGN §6).

``verify(problem, transcript)`` splits the transcript into sentences, reads the claims of
each one, aligns every claim with a theorem of the program, decides its verdict (the
kernel accepts every ``derived`` step's hyperedge), extracts the answer and computes the
efficiency metrics. The per-problem work (forward chaining, the shortest proof, the
alignment index, the search-order references) is cached, so verifying many transcripts of
one problem is cheap: it lives in :mod:`vlp.checker.prepared`, and reading a problem in any
form into a :class:`ProblemSpec` in :mod:`vlp.checker.problem_specs` (both re-exported here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from vlp.errors import InputError
from vlp.kernel import Claim
from vlp.limits import check_transcript
from vlp.reading.align import Alignment, ClaimPattern, Misalignment
from vlp.reading.arithmetic_reads import (
    MULTIPLIER_RE,
    dozens_read,
    named_multipliers,
    rival_claims,
)
from vlp.reading.claim_guards import (
    entity_after,
    unstated_comparison,
    unstated_count,
    unstated_rate,
)
from vlp.reading.given_up import hands_over
from vlp.reading.named_instances import named_instance
from vlp.reading.precision_guards import borrowed_entity, renamed_entity
from vlp.reading.readings import ARITHMETIC, TEMPLATE_READING, Reading
from vlp.reading.rival_readings import rival_theorem
from vlp.reading.transcript_reading import ReadClaim, ReadSentence, read_transcript
from vlp.reading.union_sums import UnionRefusal, union_of_sum

from .metrics import Tokenizer, compute_metrics, count_tokens
from .prepared import PreparedProblem, prepare, prepared_problem
from .problem_specs import ProblemSpec, problem_spec
from .report import ARITHMETIC_MODE, CLAIMS_MODE, Report
from .search_order import SearchOrder, first_occurrences, normalized_levenshtein_of_ids
from .verdicts import Arithmetic, Status, StepVerdict

if TYPE_CHECKING:
    from vlp.reading.reader_items import LooseClaim

ARITHMETIC_READING = Reading(ARITHMETIC)

MODES: tuple[str, ...] = ("auto", CLAIMS_MODE, ARITHMETIC_MODE)


# --- reading the transcript ---------------------------------------------------------------------

def _is_text(transcript: str) -> bool:
    return "\x00" not in transcript


# --- verdicts -----------------------------------------------------------------------------------

class _Judge:
    """Walks a transcript's claims in order, keeping what has been stated so far."""

    def __init__(self, prepared: PreparedProblem, strict: bool = False):
        self.prepared = prepared
        # the template language's verdicts as they were (--strict): no guard on its readings
        self.strict = strict
        self.index = prepared.index
        self.available: set[int] = self.index.initially_available()  # claim ids
        self.first: dict[int, StepVerdict] = {}  # first verdict of every true claim, by id
        self.stated: dict[Claim, None] = {}  # true claims stated so far (for alignment)
        self.false_seen: set[tuple[str, str]] = set()
        self.steps: list[StepVerdict] = []
        self.order: list[Claim] = []  # non-axiom theorems in the order first stated

    def unparsed(self, number: int, text: str, reason: str,
                 reading: Reading = TEMPLATE_READING) -> None:
        self.steps.append(StepVerdict(number, text, Status.UNPARSED, reason=reason,
                                      reading=reading))

    def judge(self, number: int, text: str, read: ReadClaim,
              reading: Reading = TEMPLATE_READING, when: str | int | None = None) -> None:
        alignment = self.index.align(read.pattern, self.stated)
        theorem = not isinstance(alignment, Misalignment)
        # (a wrong sum makes the step false whatever it counts; a template's reading is
        # guarded only where it would be judged false, and never under --strict)
        if read.pattern.predicate == "cont" and (read.template is None or not (
                self.strict or theorem)) and (read.arithmetic is None or read.arithmetic.correct):
            unstated = unstated_count(text, read.pattern, self.index, theorem, read.arithmetic)
            if unstated is not None:
                self.unparsed(number, text, unstated, reading)
                return
        if reading is not TEMPLATE_READING and isinstance(alignment, Misalignment) and (
                read.arithmetic is None or read.arithmetic.correct):
            rival = rival_theorem(text, read.pattern, self.index)
            if rival is not None:  # "He also spends 3 hours on Chinese" read as English's
                self.unparsed(number, text, rival, reading)
                return
        if read.pattern.predicate in ("rate", "comp") and read.template is None:
            # "Tia uses 8 crayons a day", the program's per box; "than he had"
            unstated = unstated_rate(text, read.pattern) if read.pattern.predicate == "rate" \
                else unstated_comparison(text, read.pattern)
            if unstated is not None:
                self.unparsed(number, text, unstated, reading)
                return
        count = len(self.steps)
        self._judge(number, text, read, alignment, when)
        if reading is not TEMPLATE_READING:
            for position in range(count, len(self.steps)):
                self.steps[position] = attrs.evolve(self.steps[position], reading=reading)

    def wrong_arithmetic(self, number: int, text: str, expression: Arithmetic) -> None:
        """An expression whose left side is not its result, in a sentence with no claim."""
        key = (str(None), str(expression))
        self.steps.append(StepVerdict(
            number, text, Status.FALSE, arithmetic=expression, duplicate=key in self.false_seen,
            reason=f"wrong arithmetic: {expression} (the left side is "
                   f"{expression.value})", reading=ARITHMETIC_READING))
        self.false_seen.add(key)

    def _judge(self, number: int, text: str, read: ReadClaim,
               alignment: Alignment | Misalignment, when: str | int | None = None) -> None:
        index = self.index
        arithmetic = read.arithmetic
        if when is not None and not isinstance(alignment, Misalignment):
            # "Initially Roscoe has 118 tiaras.": a theorem at some time, but the words say
            # which time, and there it is another count
            held = self.prepared.count_at(alignment.claim, when)
            if held is not None and held != alignment.claim.quantity:
                moment = "initially" if when == "initial" else "in the end" if \
                    when == "final" else "then"
                alignment = Misalignment(alignment.claim, f"wrong time: {alignment.claim} "
                                         f"holds, but {moment} the count is {held}")
        # a wrong sum makes the step false even when its result is true (DESIGN §6)
        wrong_sum = arithmetic is not None and not arithmetic.correct
        if isinstance(alignment, Misalignment) or wrong_sum:
            claim = alignment.claim
            reasons = []
            if arithmetic is not None and wrong_sum:
                reasons.append(f"wrong arithmetic: {arithmetic}, but {arithmetic.left_side} "
                               f"is {arithmetic.value}")
            if isinstance(alignment, Misalignment):
                reasons.append(alignment.reason)
            key = (str(claim if claim is not None else read.pattern), str(arithmetic))
            duplicate = key in self.false_seen
            self.false_seen.add(key)
            self.steps.append(StepVerdict(number, text, Status.FALSE, claim=claim,
                                          duplicate=duplicate, arithmetic=arithmetic,
                                          reason="; ".join(reasons)))
            return
        claim, atom, claim_id = alignment.claim, alignment.atom, alignment.id
        relevant = claim_id in index.proof_ids
        earlier = self.first.get(claim_id)
        if earlier is not None:
            self.steps.append(attrs.evolve(earlier, sentence=number, text=text, duplicate=True,
                                           arithmetic=arithmetic))
            return
        if claim_id in index.axiom_ids:
            verdict = StepVerdict(number, text, Status.AXIOM, claim=claim,
                                  atom=index.axiom_atom(claim_id),
                                  relevant=relevant, rule="axiom", arithmetic=arithmetic)
        else:
            derivation = index.derive(claim, self.available, arithmetic)
            note = None
            if arithmetic is not None and not (derivation is not None and derivation.writes(
                    arithmetic)) and not index.writes_builtin(claim, arithmetic):
                note = "the arithmetic is true but is not the rule's computation"
            if derivation is not None:
                verdict = StepVerdict(number, text, Status.DERIVED, claim=claim,
                                      atom=derivation.theorem.atom, relevant=relevant,
                                      rule=derivation.hyperedge.rule_id,
                                      premises=derivation.theorem.premises,
                                      arithmetic=arithmetic, reason=note)
            else:
                missing = index.missing_claims(claim, self.available)
                verdict = StepVerdict(number, text, Status.DERIVED_MULTI, claim=claim,
                                      atom=atom, relevant=relevant, missing=missing,
                                      arithmetic=arithmetic, reason=note)
            self.order.append(claim)
        self.first[claim_id] = verdict
        self.stated[claim] = None
        self.index.make_available(self.available, claim_id)
        self.steps.append(verdict)


def _answer_from_claims(prepared: PreparedProblem, steps: Sequence[StepVerdict],
                        strict: bool = False) -> int | None:
    """The quantity of the last claim that answers the question, true or false (a false
    last count is the model's answer: an earlier true one must not stand in for it; the
    strict mode keeps its first rule, the last true one)."""
    for step in reversed(steps):
        if step.claim is not None and (step.status.is_theorem or (
                step.status is Status.FALSE and not strict)) \
                and prepared.query_pattern.matches(step.claim):
            return step.claim.quantity
    return None


def verify(
    problem: Any,
    transcript: str,
    *,
    answer: str | int | None = None,
    mode: str = "auto",
    tokenizer: Tokenizer | None = None,
    search_order: bool = True,
    strict: bool = False,
) -> Report:
    """Verify ``transcript`` (a model's natural-language proof) against ``problem``.

    ``problem``: a problem record (dict, e.g. a line of a dataset), a sampler ``Problem``, a
    program file (``ProgramFile`` or ``Path``), problem text (``str``) or a
    :class:`ProblemSpec`. ``answer``: the model's answer when it was asked for separately
    (the paper's second prompting step); otherwise it is read from the transcript.
    ``mode``: ``"claims"`` (parse every sentence), ``"arithmetic"`` (reasoning-model mode:
    score only the arithmetic expressions, paper App. D.4) or ``"auto"`` (claims; a sentence
    with no claim is matched by its arithmetic alone). Sentences outside the template language
    are read by the loose reader (``reader.py``); ``strict`` reads the template language only
    and switches the whole transcript to arithmetic mode when fewer than half its sentences
    can be read (the verifier before the loose reader).
    """
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if not isinstance(transcript, str):
        raise InputError("the transcript must be text (str)")
    check_transcript(transcript)
    if not _is_text(transcript):
        raise InputError("the transcript is not text (it contains NUL bytes)")
    spec = problem if isinstance(problem, ProblemSpec) else problem_spec(problem)
    prepared = prepare(spec.program, spec.query, spec.axiom_order, spec.certified_proof,
                       spec.hidden_axioms)
    # arithmetic mode scores expressions alone: no sentence goes through the grammar
    sentences = read_transcript(transcript, claims=strict or mode != ARITHMETIC_MODE)
    notes: list[str] = []
    if strict:
        steps, order, chosen = _strict_steps(prepared, sentences, mode, notes)
    elif mode == ARITHMETIC_MODE:
        steps, order = _arithmetic_steps(prepared, sentences)
        chosen = ARITHMETIC_MODE
        notes.append(_ARITHMETIC_NOTE)
    else:
        steps, order = _read_steps(prepared, sentences, arithmetic_fallback=mode == "auto")
        chosen = CLAIMS_MODE
    if not sentences:
        notes.append("the transcript is empty")
    elif steps and all(s.status in (Status.FALSE, Status.UNPARSED) for s in steps) and any(
        s.reason and s.reason.startswith("unknown") for s in steps
    ):
        notes.append("no step matches this problem: is the transcript for another problem?")

    predicted, source = _extract_answer(prepared, transcript, steps, answer, strict=strict)
    others = _other_answers(transcript, predicted) if answer is None else ()
    if others:
        notes.append("the transcript also states the answer "
                     + ", ".join(map(str, others)) + f" (read: {predicted})")
    gold = spec.gold_answer if spec.gold_answer is not None else prepared.goal.quantity
    reference = spec.reference_proof or _safe_reference(prepared)
    metrics = _metrics(prepared, steps, chosen, transcript, reference, tokenizer)
    order_result = _search_order(prepared, order) if search_order else None
    return Report(
        problem_id=spec.problem_id,
        mode=chosen,
        goal=prepared.goal_text,
        steps=tuple(steps),
        metrics=metrics,
        predicted_answer=predicted,
        gold_answer=gold,
        answer_source=source,
        search_order=order_result,
        reference_proof=tuple(reference),
        notes=tuple(notes),
        other_answers=others,
    )


_ARITHMETIC_NOTE = ("reasoning-model mode (paper App. D.4): scored from arithmetic "
                    "expressions alone, matched against the built-ins of the program's rule "
                    "instances; axioms are never counted, so efficiency, recall and exact "
                    "match are over non-axiom claims")


def _strict_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence], mode: str, notes: list[str]
) -> tuple[list[StepVerdict], list[Claim], str]:
    """The template language only, with the whole-transcript switch to arithmetic mode
    (``--strict``: what the verifier read before the loose reader existed)."""
    readable = sum(1 for s in sentences if s.claims)
    statements = sum(1 for s in sentences if s.claims or s.answer is None)
    chosen = mode
    if mode == "auto":
        expressions = sum(len(s.arithmetic) for s in sentences)
        chosen = CLAIMS_MODE
        if statements and readable * 2 < statements and expressions:
            chosen = ARITHMETIC_MODE
            notes.append(f"only {readable} of {statements} sentences could be read as "
                         "claims, so the transcript was scored in reasoning-model mode")
    if chosen == ARITHMETIC_MODE:
        steps, order = _arithmetic_steps(prepared, sentences)
        notes.append(_ARITHMETIC_NOTE)
        return steps, order, chosen
    judge = _Judge(prepared, strict=True)
    for number, sentence in enumerate(sentences, 1):
        if not sentence.claims and sentence.answer is not None:
            continue  # the closing "the answer is N": read by the answer extraction
        if not sentence.claims:
            judge.unparsed(number, sentence.text, sentence.reason or "no claim found")
            continue
        for read in sentence.claims:
            judge.judge(number, sentence.text, read)
    return judge.steps, judge.order, chosen


def _read_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence], *, arithmetic_fallback: bool
) -> tuple[list[StepVerdict], list[Claim]]:
    """Every sentence read for claims: by the template grammar, else by the loose reader
    (``reader.py``), else (``arithmetic_fallback``) by its arithmetic alone."""
    from vlp.grammar.guards import time_cue, unsafe_reason
    from vlp.grammar.loose import extract_labelled_answer
    from vlp.reading.lot_rates import PRODUCT_RATE, settle_lot_rates
    from vlp.reading.reader import (
        Discourse,
        LooseArithmetic,
        LooseClaim,
        LooseGap,
        SentenceReader,
        lexicon,
        overreaching_names,
        shortened_name,
    )

    judge = _Judge(prepared)
    discourse = Discourse()
    rates_per_dozen = {a.entity for a in prepared.program.axioms
                       if a.predicate == "rate" and a.args[3] == "dozens" and a.quantity == 12}
    counts_dozens = len(rates_per_dozen) == 1
    multiplier_names = named_multipliers(prepared)
    reader = SentenceReader(lexicon(prepared.index, tuple(prepared.query.agent_sets)),
                            discourse, prepared.query_pattern)
    for number, sentence in enumerate(sentences, 1):
        if not sentence.claims and (sentence.answer is not None or (
                not sentence.arithmetic and extract_labelled_answer(sentence.text) is not None)):
            continue  # the closing "the answer is N": read by the answer extraction (a
            # labelled "Total: 66 + 35 = 101" is a step too: its arithmetic states a claim)
        unsafe = unsafe_reason(sentence.text)
        if unsafe is not None and counts_dozens and MULTIPLIER_RE.search(sentence.text):
            sentence, unsafe = dozens_read(sentence, rates_per_dozen)
        if unsafe is not None and multiplier_names is not None and \
                multiplier_names.search(sentence.text):
            # "the first half" where the program's agents are the two halves: a name
            unsafe = unsafe_reason(multiplier_names.sub("part", sentence.text))
        if unsafe is not None:  # "Roscoe has 24 tiaras, or maybe 30.": no claim for certain
            judge.unparsed(number, sentence.text, unsafe)
            continue
        when = time_cue(sentence.text)
        items = None
        misread, pronoun = False, None
        for read in sentence.claims:
            flagged, named = prepared.name_flags(read.pattern)
            misread = misread or flagged
            pronoun = named if pronoun is None else pronoun
        gap_reason = None
        if misread:
            items = reader.read(sentence.text)
            if not any(isinstance(item, LooseClaim) for item in items):
                gap_reason = next((i.reason for i in items if isinstance(i, LooseGap)), None)
                items = None
                overreach = next((name for r in sentence.claims
                                  if (name := overreaching_names(r.pattern, prepared.index))),
                                 None)
                if overreach is not None:  # "Suppose Iosefa has 126 gyms."
                    judge.unparsed(number, sentence.text, f"{overreach!r} holds a name of "
                                   "the problem and words around it that no claim states")
                    continue
                shortened = next((why for r in sentence.claims if (why := shortened_name(
                    r.pattern, prepared.index.agent_names))), None)
                if shortened is not None:  # "Katie's friends had 88 games."
                    judge.unparsed(number, sentence.text, shortened)
                    continue
                renamed = next((why for r in sentence.claims if (why := renamed_entity(
                    r.pattern, prepared.index, prepared.query_pattern))), None)
                if renamed is not None:  # "Bryan has 23 shelves.", his 23 bookshelves
                    judge.unparsed(number, sentence.text, renamed)
                    continue
        if sentence.claims and items is None:
            if pronoun is not None:  # "He has 14 parrots." with no one before it
                judge.unparsed(number, sentence.text, gap_reason or f"{pronoun!r} refers to "
                               "no one named before it")
                continue
            for read in sentence.claims:
                judge.judge(number, sentence.text, read, when=when)
                claim = judge.steps[-1].claim
                if claim is not None:
                    discourse.note_claim(claim, read.template)
            continue
        if items is None:
            items = reader.read(sentence.text)
        # one amount for several kinds: the one rate (a kind's or the lot's) it states
        items = settle_lot_rates(
            items, prepared.index, sentence.text,
            (sentences[number - 2].text if number > 1 else "",
             [s.claim for s in judge.steps if s.sentence == number - 1 and
              s.claim is not None and s.status is not Status.UNPARSED]),
            sentences[number].text if number < len(sentences) else "")
        if all(item.reading == PRODUCT_RATE for item in items if isinstance(item, LooseClaim)):
            # rates said inside a product, in a sentence read no other way: its arithmetic
            # is still read below
            for item in items:
                if isinstance(item, LooseClaim):
                    judge.judge(number, sentence.text, ReadClaim(item.pattern, None),
                                item.reading, when)
            items = [item for item in items if not isinstance(item, LooseClaim)]
        if any(isinstance(item, LooseClaim) for item in items):
            event_time = _event_time(prepared, sentence.text, items)
            before = sentence.text.lstrip().lower().startswith(("before ", "prior to "))
            for item in items:
                if isinstance(item, LooseClaim):
                    at: str | int | None = when
                    if item.pattern.predicate == "cont" and (before or event_time is not None):
                        if event_time is None:  # "Before giving Cassandre 69, Roscoe had 49."
                            judge.unparsed(number, sentence.text, "the count's time (before "
                                           "an event) is not read", item.reading)
                            continue
                        at = event_time  # "After giving Cassandre 69, Roscoe has 49."
                    settled = _settled_by_arithmetic(prepared, item, judge.stated,
                                                     sentence.text)
                    if isinstance(settled, str):
                        judge.unparsed(number, sentence.text, settled, item.reading)
                        continue
                    judge.judge(number, sentence.text, settled, item.reading, at)
                elif isinstance(item, LooseArithmetic):
                    if arithmetic_fallback:
                        _judge_arithmetic(prepared, judge, number, sentence.text,
                                          item.expression, discourse,
                                          reader.outsider)
                else:
                    judge.unparsed(number, sentence.text, item.reason, item.reading)
            continue
        expressions = sentence.arithmetic or _loose_arithmetic(sentence.text)
        if arithmetic_fallback and expressions:
            for expression in expressions:
                _judge_arithmetic(prepared, judge, number, sentence.text, expression,
                                  discourse, reader.outsider)
            continue
        gaps = [item for item in items if isinstance(item, LooseGap)]
        if gaps:
            judge.unparsed(number, sentence.text, gaps[0].reason, gaps[0].reading)
        else:
            judge.unparsed(number, sentence.text, sentence.reason or "no claim found")
    return judge.steps, judge.order


def _event_time(prepared: PreparedProblem, text: str, items: Sequence[Any]) -> int | None:
    """The time a sentence opening "After <event>, ..." / "Before <event>, ..." puts its
    counts at: just after (or at) the one transfer of the program its first claim states."""
    opening = text.lstrip().lower()
    if not opening.startswith(("after ", "before ")):
        return None
    events: list[int] = []
    for item in items:
        pattern = getattr(item, "pattern", None)
        if pattern is None or pattern.predicate != "transfer":
            break  # the events end where the counts begin
        if not pattern.is_complete:
            return None
        atoms = prepared.index.atoms_by_claim.get(pattern.as_claim(), ())
        times = {a.time for a in atoms if a in prepared.program.axioms}
        if len(times) != 1:
            return None
        events.append(next(iter(times)))
    if not events:
        return None
    # after the last event ("After getting 1 and giving 76, ..."), before the first
    return max(events) + 1 if opening.startswith("after ") else min(events)


def _loose_arithmetic(text: str) -> tuple[Arithmetic, ...]:
    """Expressions the loose reader folds ("8-3, or 5"), when the strict scan finds none."""
    from vlp.grammar.loose import read_clauses
    from vlp.reading.reader import as_arithmetic

    found = (as_arithmetic(t) for c in read_clauses(text) for t in c.tokens)
    return tuple(e for e in found if e is not None)


def _settled_by_arithmetic(prepared: PreparedProblem, item: LooseClaim,
                           stated: dict[Claim, None], text: str) -> ReadClaim | str:
    """The claim a loose reading names, unless a pronoun in it was resolved ("That means he
    used 4 * 7 = 28 tickets" after the ferris wheel's count) to a claim that is no theorem
    while the sentence's own arithmetic is computed by one rule instance with the same
    predicate and entity: then the instance's conclusion (the arithmetic settles whose
    count it is, where recency guessed). A reading that is no theorem whose entity the
    words never say ("So they planted 45 * 10 = 450" after the flower beds), where the
    arithmetic's instance concludes another entity: that conclusion if it is of the same
    owner, else why the sentence is left unparsed."""
    read = ReadClaim(item.pattern, item.arithmetic)
    expression = item.arithmetic
    if expression is None or not expression.correct or \
            not isinstance(prepared.index.align(item.pattern, stated), Misalignment):
        return read
    match = prepared.arithmetic_instance(expression)
    if match is None or rival_claims(prepared, expression, match):
        return read
    claim = match.conclusion.claim()
    if item.pattern.is_complete:
        borrowed = borrowed_entity(text.lower(), item.pattern.as_claim(), claim)
        if borrowed is not None:
            if claim.agent_sets[:1] == (item.pattern.args[0],):
                return ReadClaim(ClaimPattern.of(claim), expression)
            return borrowed
    if not item.reading.resolved:
        return read
    if claim.predicate != item.pattern.predicate or claim.entity != item.pattern.args[-1]:
        return read
    return ReadClaim(ClaimPattern.of(claim), expression)


def _judge_arithmetic(prepared: PreparedProblem, judge: _Judge, number: int, text: str,
                      expression: Arithmetic, discourse: Any = None,
                      outsider: str | None = None) -> None:
    """A sentence with nothing but arithmetic: the claim of the rule instance whose built-in
    the expression writes (shortest-proof instances first), judged like any claim
    (``outsider``: the sentence's subject pronoun that refers to no agent)."""
    unknown = _UNKNOWN_TERM_RE.search(text, 0, expression.span[0]) \
        if expression.span is not None else None
    if unknown is not None:
        # "x + 12 - 20 = 17": the expression goes on past an unknown, so its numbers alone
        # are no sum (nor a wrong one)
        judge.unparsed(number, text, f"the expression goes on past an unknown "
                       f"({unknown.group(0).strip()!r})", ARITHMETIC_READING)
        return
    if not expression.correct:
        judge.wrong_arithmetic(number, text, expression)
        return
    match = prepared.arithmetic_instance(expression)
    if match is None:
        union = union_of_sum(prepared.index, expression, text, discourse)
        if isinstance(union, Claim):  # "So there were 5 + 9 = 14 items on the shelf."
            judge.judge(number, text, ReadClaim(ClaimPattern.of(union), expression),
                        ARITHMETIC_READING)
            return
        judge.unparsed(number, text, union.reason if isinstance(union, UnionRefusal) else
                       f"no rule instance of the program computes {expression}",
                       ARITHMETIC_READING)
        return
    others = rival_claims(prepared, expression, match)
    # ("Total time on chairs = 2 * 8 = 16" of the chairs' and the tables' 2 * 8: the chairs')
    named = named_instance(text, expression, (match.conclusion.claim(), *others)) \
        if others else None
    if others and named is None:  # "9 × 12 = 108" where four people have 9 dozen: whose?
        candidates = " or ".join(map(str, (match.conclusion.claim(), *others)))
        judge.unparsed(number, text, f"{len(others) + 1} rule instances compute "
                       f"{expression} ({candidates}): which one, the words do not say",
                       ARITHMETIC_READING)
        return
    pattern = ClaimPattern.of(named or match.conclusion.claim())
    named = entity_after(text.lower(), expression.result, prepared.index.entities)
    if named is not None and named != pattern.args[-1]:
        # "40 * 5 = 200 crates of green plums", where only the red plums' rate is 40: the
        # words name another entity than the instance's, so the step is not its claim
        judge.unparsed(number, text, f"{expression} computes {pattern}, but the words count "
                       f"{named}", ARITHMETIC_READING)
        return
    if pattern.predicate == "comp" and (_EXISTENTIAL_RE.search(text) or any(
            hands_over(w) for w in re.findall(r"[a-z]+", _own_clause(text, expression)))) \
            and not _COMPARISON_CUE_RE.search(text):
        # "So there are 1538832 - 78 = 1538754 kids in Lawrence County", "So he gave his
        # friend 30 - 6 = 24": the words count the kids, or what was given; the instance
        # the subtraction writes concludes a difference
        judge.unparsed(number, text, f"the words state a count, but {expression} is the "
                       f"difference {pattern}", ARITHMETIC_READING)
        return
    if pattern.predicate == "cont" and any(p.predicate == "comp" for p in match.premises) \
            and (_EXISTENTIAL_RE.search(text) or _TOTAL_RE.search(text) or (
                outsider and expression.operator == "+")) and \
            not any(name in text.lower() for name in pattern.args[0].names):
        # "So there are 500 + 120 = 620 pupils in the school", "7 + 4 = 11 pages in all":
        # the words count everyone; the instance the sum writes is one agent's count,
        # from a comparison, and the sentence does not name that agent ("So she had to
        # complete 10 + 3 = 13", her homework counted by kind: a sum, hers, all of it)
        judge.unparsed(number, text, f"the words state a count of all, but {expression} "
                       f"is the step to {pattern} by a comparison", ARITHMETIC_READING)
        return
    judge.judge(number, text, ReadClaim(pattern, expression), ARITHMETIC_READING)


def _own_clause(text: str, expression: Arithmetic) -> str:
    """The words of the clause an expression ends, before its first number ("had" of "So
    he sold 8 and had 40 - 8 = 32 left"; nothing of "40 cakes made - 8 cakes sold = 32"),
    lower-cased: from the last "and", comma or semicolon before the expression."""
    before = text[:expression.span[0]] if expression.span is not None else text
    return re.split(r"\d", re.split(r"\band\b|[,;]", before.lower())[-1])[0]


_TOTAL_RE = re.compile(r"\b(?:in (?:all|total)|altogether|combined|together|total)\b",
                       re.IGNORECASE)
# a one-letter unknown and an operator right before an expression: "x + 12 - 20 = 17"
_UNKNOWN_TERM_RE = re.compile(r"(?<![\w'])[a-zA-Z]\s*[-+*/×−–]\s*$")
_EXISTENTIAL_RE = re.compile(r"\bthere\s+(?:are|is|were|was|will be)\b", re.IGNORECASE)
_COMPARISON_CUE_RE = re.compile(r"\b(?:more|fewer|less|difference|than|further|farther|"
                                r"extra|additional)\b", re.IGNORECASE)


def _safe_reference(prepared: PreparedProblem) -> tuple[str, ...]:
    try:
        return prepared.reference_text()
    except (ImportError, KeyError, ValueError):
        return ()


def _extract_answer(
    prepared: PreparedProblem, transcript: str, steps: Sequence[StepVerdict],
    answer: str | int | None, *, strict: bool = False,
) -> tuple[int | float | None, str | None]:
    from vlp.grammar import extract_answer
    from vlp.grammar.answers import reply_answer
    from vlp.grammar.loose import extract_closing_result, extract_labelled_answer

    if answer is not None:
        if isinstance(answer, int) and not isinstance(answer, bool):
            return answer, "given separately"
        value = reply_answer(str(answer))
        return value, "given separately" if value is not None else None
    if not strict:
        from vlp.grammar.guards import unclear_answer

        unclear = unclear_answer(transcript)
        if unclear is not None:  # "The answer is not 49.": no answer, and no fallback
            return None, f"none: {unclear}"
    value = extract_answer(transcript)
    if value is not None:
        return value, "closing sentence"
    value = None if strict else extract_labelled_answer(transcript)
    if value is not None:
        return value, "answer label"
    if not strict:
        from vlp.grammar.guards import answer_sentence

        value = answer_sentence(transcript)
        if value is not None:  # "Answer: She would have 31 stickers."
            return value, "answer label"
    value = _answer_from_claims(prepared, steps, strict)
    if value is not None:
        return value, "last claim answering the question"
    value = None if strict or _ends_with_other_claim(prepared, steps) else \
        extract_closing_result(transcript)
    if value is not None:
        return value, "closing expression"
    return None, None


def _other_answers(transcript: str, predicted: int | float | None) -> tuple[int | float, ...]:
    """The answers the transcript's answer phrases state other than ``predicted``."""
    lowered = transcript.lower()
    if lowered.count("answer") + lowered.count("boxed{") < 2:  # one answer phrase at most
        return ()
    from vlp.grammar.transcript import stated_answers

    return tuple(dict.fromkeys(v for v in stated_answers(transcript) if v != predicted))


def _ends_with_other_claim(prepared: PreparedProblem, steps: Sequence[StepVerdict]) -> bool:
    """Does the last sentence state a claim that does not answer the question (then its
    closing "= 14" is that claim's quantity, not an answer)?"""
    if not steps:
        return False
    last = steps[-1].sentence
    return any(s.claim is not None and not prepared.query_pattern.matches(s.claim)
               for s in steps if s.sentence == last)


def _metrics(
    prepared: PreparedProblem, steps: Sequence[StepVerdict], mode: str, transcript: str,
    reference: Sequence[str], tokenizer: Tokenizer | None,
):
    index = prepared.index
    true_claims = [s.claim for s in steps if s.status.is_theorem and s.claim is not None]
    false_keys = {(str(s.claim), str(s.arithmetic), s.text if s.claim is None else "")
                  for s in steps if s.status is Status.FALSE}
    proof = index.proof_claims
    if mode == ARITHMETIC_MODE:
        proof = frozenset(c for c in proof if c not in index.axiom_claims)
    return compute_metrics(
        true_claims=true_claims,
        false_claims=len(false_keys),
        axioms=index.axiom_claims,
        proof=proof,
        steps=len(steps),
        unparsed_steps=sum(s.status is Status.UNPARSED for s in steps),
        duplicate_steps=sum(s.duplicate for s in steps),
        transcript_tokens=count_tokens(transcript, tokenizer),
        reference_tokens=_reference_tokens(prepared, tuple(reference), tokenizer),
    )


def _reference_tokens(prepared: PreparedProblem, reference: tuple[str, ...],
                      tokenizer: Tokenizer | None) -> int | None:
    if not reference:
        return None
    if tokenizer is not None:  # a caller's tokenizer is not known to be a pure function
        return count_tokens(" ".join(reference), tokenizer)
    known = prepared.reference_tokens
    if reference not in known:
        known[reference] = count_tokens(" ".join(reference))
    return known[reference]


def _search_order(prepared: PreparedProblem, order: Sequence[Claim]) -> SearchOrder:
    universe = prepared.universe()
    ids = prepared.index.claim_id
    # the transcript is compared on the same theorems as the references (App. D.4: the
    # annotated theorems); claims outside the universe have no place in any reference
    mine = tuple(first_occurrences(order, universe.__contains__))
    mine_ids = [ids[c] for c in mine]
    reference_ids = prepared.reference_ids

    def distance(name: str, reference: tuple[Claim, ...]) -> float:
        numbered = reference_ids.get(name)
        if numbered is None:  # a reference and its claims' ids never change: once each
            numbered = reference_ids[name] = [ids[c] for c in reference]
        return normalized_levenshtein_of_ids(mine_ids, numbered)

    def dfs_reference() -> tuple[tuple[Claim, ...], float]:
        dfs = prepared.search_reference("dfs")
        return dfs, distance("dfs", dfs)

    bfs, proof = prepared.search_reference("bfs"), prepared.search_reference("shortest_proof")
    return SearchOrder(mine, bfs, proof, distance("bfs", bfs), distance("shortest_proof", proof),
                       dfs_reference)


def _arithmetic_steps(
    prepared: PreparedProblem, sentences: Sequence[ReadSentence]
) -> tuple[list[StepVerdict], list[Claim]]:
    """Reasoning-model mode: each expression ``a op b = c`` is matched with the built-in of a
    rule instance of the program (shortest-proof instances first); its conclusion is the
    claim. The kernel re-checks the matched instance."""
    steps: list[StepVerdict] = []
    order: list[Claim] = []
    first: dict[Claim, StepVerdict] = {}
    false_seen: set[str] = set()
    index = prepared.index
    for number, sentence in enumerate(sentences, 1):
        for expression in sentence.arithmetic:
            if not expression.correct:
                key = str(expression)
                steps.append(StepVerdict(
                    number, sentence.text, Status.FALSE, arithmetic=expression,
                    duplicate=key in false_seen,
                    reason=f"wrong arithmetic: {expression} (the left side is "
                           f"{expression.value})", reading=ARITHMETIC_READING))
                false_seen.add(key)
                continue
            match = prepared.arithmetic_instance(expression)
            if match is None:
                steps.append(StepVerdict(number, sentence.text, Status.UNPARSED,
                                         arithmetic=expression,
                                         reason="no rule instance of the program computes this",
                                         reading=ARITHMETIC_READING))
                continue
            claim = match.conclusion.claim()
            if claim in first:
                steps.append(attrs.evolve(first[claim], sentence=number, text=sentence.text,
                                          duplicate=True, arithmetic=expression))
                continue
            theorem = index.accepted(match)
            if theorem is None:  # the chart only holds kernel-accepted instances
                raise AssertionError(f"kernel rejected chart hyperedge {match}")
            verdict = StepVerdict(number, sentence.text, Status.DERIVED, claim=claim,
                                  atom=match.conclusion, relevant=claim in index.proof_claims,
                                  rule=match.rule_id, premises=theorem.premises,
                                  arithmetic=expression, reading=ARITHMETIC_READING)
            first[claim] = verdict
            order.append(claim)
            steps.append(verdict)
    return steps, order


__all__ = [
    "MODES", "PreparedProblem", "ProblemSpec", "prepare", "prepared_problem",
    "problem_spec", "verify",
]
