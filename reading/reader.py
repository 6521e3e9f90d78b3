"""The loose reader: a sentence outside the template language, read with what the verifier
knows about the problem (DESIGN §6).

The program is finite and known: its agents (possessive agents like "melanie's dad"
included), its entities and its theorems. A clause's mentions (``vlp.grammar.loose``) are
resolved against them: names to agents, pronouns to the discourse ("he" is the latest
subject, "they" the question's group, "her dad" is "melanie's dad" when Melanie is the
antecedent), shortened or misspelled entities to the program's entity when only one fits,
and relation cues (more / fewer / than, give / take / lose / place, each / per) to a claim
pattern. Precision over recall: a clause whose words leave a choice between theorems is a
gap naming the candidates, never a guess; a complete claim that is not a theorem goes on
to be judged false, as on the template path.

Here a sentence becomes claims: ``SentenceReader`` reads each clause (``read``, ``_clause``)
with the parts it inherits, each a module of its own: ``reader_facts`` (a clause's number as
a fact, and answer clauses), ``reader_mentions`` (names, pronouns, entity phrases),
``reader_lines`` (tables, variable lists, labels, terse notes, the passive),
``reader_fitting`` (a partial reading completed by the program); it reads against
``discourse`` (the program's names, what was said so far), with the words of
``reader_words``, and returns the items of ``reader_items``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from vlp.grammar.loose import HYPOTHETICAL as _HYPOTHETICAL
from vlp.grammar.loose import SILENT_HYPOTHETICAL, Clause, Token, read_clauses
from vlp.kernel import SIGNATURES, Agents

from .align import ClaimPattern, ProgramIndex
from .arithmetic_referents import ArithmeticReferents
from .comparison_sides import ComparisonSides
from .discourse import Discourse, Lexicon, lexicon, show, subject_of
from .entity_settling import EntitySettling
from .label_clauses import clause_after_label
from .precision_guards import rate_containers
from .rate_hypotheses import RateHypothesisReading
from .reader_facts import FactReading
from .reader_fitting import ProgramFitting, shortened_name
from .reader_hypotheses import HypothesisReading
from .reader_items import LooseArithmetic, LooseClaim, LooseGap, as_arithmetic
from .reader_label_lines import LabelLineReading
from .reader_lines import LineReading
from .reader_lists import Listing, ListReading, as_list_item
from .reader_mentions import MentionReading, program_names, subject_joiner
from .reader_open_verbs import rivals_gap
from .reader_rate_lines import RateLineReading, per_slash
from .reader_variables import VariableReading
from .reader_words import (
    COMPARATIVES,
    CONT_VERBS,
    COPULAS,
    DEMONSTRATIVES,
    EVENT_VERBS,
    GERUNDS,
    GIVE_VERBS,
    LEADS,
    LOSE_VERBS,
    NEED_WORDS,
    OPERAND_SIGNS,
    PARTICIPLES,
    PER_WORDS,
    PLACE_VERBS,
    PRONOUNS,
    RECEIVER_VERBS,
    RESULT_VERBS,
    SENDER_VERBS,
    SETTING_PREPOSITIONS,
    TAKE_VERBS,
    TOTALS,
    TRANSFER_VERBS,
    VERBS,
    fits_shortened,
    per_article,
    question_like,
    takes_time,
)
from .readings import LOOSE, Reading
from .reported_facts import reported_fact
from .second_person import spoken_to

_HYPOTHETICAL_SILENCE = "a hypothetical or its condition"
# a variable list's line "Sally: turnips (113), pumpkins (118)." (words, then a count)
_NAMED_LIST_RE = re.compile(r"^\s*[A-Z][\w']*(?: [\w']+)?:\s*[a-z][a-z ]*\(\d+\)"
                            r"(?:,\s*[a-z][a-z ]*\(\d+\))*\s*\.?\s*$")
_COUNT_IN_PARENS_RE = re.compile(r"([a-z][a-z ]*?)\s*\((\d+)\)")
# "on 1 page", "in one box": one of a container, said as "a page" (read as "per page")
_ONE_UNIT_RE = re.compile(r"\b(on|in|into|for) (?:1|one) ([a-z]+)\b(?! (?:of|and)\b)")
_UNIT_IN_PARENS_RE = re.compile(r"(?P<number>\d[\d,]*)\s*\((?P<unit>[A-Za-z][A-Za-z ]*)\)")


def _goes_on_doing(clause: Clause | None, opening: Sequence[Clause],
                   agent_names: frozenset[str]) -> bool:
    """Does the clause go on with the subject of the one before it, so that the sentence's
    opening ("In the morning,") holds for it too: a verb of its own and no subject ("and
    sent 30 letters"), or "he" / "she" and a verb after lead words ("so she scores 20 points
    in total"), and no agent named where the opening names one ("on the second level")?"""
    if clause is None or clause.silent is not None or not clause.words:
        return False
    words = clause.words
    start = 0
    while start < len(words) and words[start] in ("so", "and", "then", "thus"):
        start += 1
    if start < len(words) and words[start] in ("he", "she") and start > 0:
        start += 1
    first = words[start] if start < len(words) else ""
    if not (first in VERBS or first in SENDER_VERBS or first in RECEIVER_VERBS):
        return False
    return not (_names_an_agent(clause, agent_names) and
                any(_names_an_agent(c, agent_names) for c in opening))


def _names_an_agent(clause: Clause, agent_names: frozenset[str]) -> bool:
    text = f" {' '.join(clause.words)} "
    return any(f" {name} " in text for name in agent_names)


class SentenceReader(FactReading, MentionReading, LineReading, LabelLineReading,
                     RateLineReading, ListReading, ProgramFitting, EntitySettling,
                     HypothesisReading, VariableReading, RateHypothesisReading,
                     ComparisonSides, ArithmeticReferents):
    """Reads the clauses of one sentence against a lexicon, in a discourse."""

    def __init__(self, lex: Lexicon, discourse: Discourse, query_pattern: ClaimPattern):
        self.lex = lex
        self.discourse = discourse
        self.query_pattern = query_pattern
        self._owners: dict[str, Agents] = {}  # pronoun -> owner, in the current clause
        self._unowned: str | None = None
        self._continuation = False  # the clause continues the previous one's subject
        self._last_predicate: str | None = None
        self._words: frozenset[str] = frozenset()  # the current clause's words
        self._next_clause: Clause | None = None  # the clause after it, in its sentence
        self._skip_next = False  # the next clause was read with the current one
        self._in_gerund_chain = False  # the clause before was a gerund label ("After getting")
        self._later_clauses: Sequence[Clause] = ()  # the clauses after it, in its sentence
        self._table_header: tuple[str, ...] | None = None  # the last table's column names
        self._clause_words: tuple[str, ...] = ()
        self._clause_tokens: tuple[Token, ...] = ()
        self._names_agents = False  # the current clause mentions an agent
        self._named_names: frozenset[str] = frozenset()  # the agents' names it mentions
        self._also: list[LooseClaim] = []  # claims a reading found besides the one it returns
        self._after_colon = False  # the current clause goes on after a colon
        # an opening "In each round," whose rate the next clause states
        self._each_context: tuple[Sequence[Token], int] | None = None
        self._items_by_clause: list[tuple[Clause, list[LooseClaim | LooseGap]]] = []
        self._sentence_words: frozenset[str] = frozenset()  # every clause's words
        self._table_line = False  # the sentence is a markdown table's row
        self._variables: dict[str, str | None] = {}  # "Number of pizzas (n) = 21": n
        self._left_side: str | None = None  # "Total = Ali's pens + Bo's pens." | "= 12."
        self._agent_letters: dict[str, str | None] = {}  # "Jake: x.": x is Jake's count
        # the current clause's counts said besides its expression ("in 6 days", "6 packs
        # have 14 * 6"), which leave it to be matched by its arithmetic, as with no claim
        self._left_to_arithmetic: list[LooseClaim] = []

    def read(self, text: str) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        # the sentence's subject pronoun that refers to no agent ("she", where the program
        # counts her homework by kind): its arithmetic is hers, not a part's it does not name
        self.outsider: str | None = None
        self._modifiers: dict[int, Agents] = {}
        self._kinds_said: dict[int, str] = {}
        if " that " in text:  # "We know that Ana has 40 plums": a reported fact, stated
            text = reported_fact(text)
        if ":" in text:  # "During the year: 3 students left ...", "Frog: Jumped 31 inches."
            text = clause_after_label(text, self.lex.index.agent_names)
        if "=" in text or ":" in text or "denote" in text.lower() or self._left_side:
            text = self._with_variables(text)
        if "(" in text:
            if _NAMED_LIST_RE.match(text):
                # "Sally: turnips (113), pumpkins (118)." is "Sally: 113 turnips, 118 pumpkins."
                text = _COUNT_IN_PARENS_RE.sub(r"\2 \1", text)
            text = _UNIT_IN_PARENS_RE.sub(self._unwrap_unit, text)
        if "t take" in text or "t took" in text:  # "It takes 6 minutes to paint each post"
            text = takes_time(text)
        if "/" in text:  # "6 dollars/hour": per hour
            text = per_slash(text)
        containers = None
        if " 1 " in text or " one " in text:
            # "10 stickers on 1 page", where the program counts stickers per page: "a page"
            containers = self._containers()
            text = _ONE_UNIT_RE.sub(lambda m: f"{m.group(1)} a {m.group(2)}"
                                    if m.group(2) in containers else m.group(0), text)
        if " a " in text or " an " in text:  # "6 dollars an hour": per hour
            text = per_article(text, containers or self._containers())
        self._table_line = text.lstrip().startswith("|")
        if self._table_line:
            row = self._table_row(text)
            if row is not None:
                return row
        offset = self._offset(text)
        if offset is not None:
            return [offset]
        self._last_predicate = None
        # a problem told to "you": its plain statements about "you" are an agent's
        clauses = spoken_to(read_clauses(text), self.lex.index.agent_names)
        self._sentence_words = frozenset(w for c in clauses for w in c.words)
        if any(c.silent == _HYPOTHETICAL_SILENCE for c in clauses):
            return self._conditional(text, clauses)
        return self._read_clauses(clauses)

    def _containers(self) -> frozenset[str]:
        """The singular nouns the program counts things per (its rates' containers)."""
        return rate_containers(self.lex.index)

    def _conditional(self, text: str, clauses: tuple[Clause, ...]
                     ) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        """"If 3 customers left, he would have 11 customers left": when every claim of the
        condition is a theorem (it restates what holds), the conclusion is read too; a
        condition that does not hold ("If Ilse had 10, ...") makes it all state nothing."""
        saved = self.discourse.snapshot()
        opened = tuple(attrs.evolve(c, silent=None) if c.silent == _HYPOTHETICAL_SILENCE
                       else c for c in clauses)
        found = self._read_clauses(opened)
        conditions = [i for c, i in self._items_by_clause if c.words[:1] == ("if",)]
        stated = [i for items in conditions for i in items]
        index = self.lex.index
        if stated and all(isinstance(i, LooseClaim) and i.pattern.is_complete and
                          index.is_theorem(i.pattern.as_claim()) for i in stated):
            return found
        self.discourse.restore(saved)
        return self._read_clauses(clauses)

    def _read_clauses(self, clauses: tuple[Clause, ...]
                      ) -> list[LooseClaim | LooseGap | LooseArithmetic]:
        found: list[LooseClaim | LooseGap | LooseArithmetic] = []
        inherited: Agents | None = None
        self._items_by_clause: list[tuple[Clause, list[LooseClaim | LooseGap]]] = []
        self._each_context: tuple[Sequence[Token], int] | None = None
        self._skip_next = False
        self._in_gerund_chain = False
        opening: list[Clause] = []  # the clauses since the last number ("On Monday,")
        listing: Listing | None = None  # a list of counts the clause may go on with
        self._silent_names: list[tuple[Agents, str | None]] = []
        self._line_owner = self._heading_of(clauses)
        for n, clause in enumerate(clauses):
            if self._skip_next:  # "... owned by Aditya | and Leire together": read with it
                self._skip_next = False
                continue
            self._next_clause = clauses[n + 1] if n + 1 < len(clauses) else None
            self._later_clauses = clauses[n + 1:]
            self.discourse.ambiguity = self.discourse.rivals = None
            self._unowned = None
            listed = as_list_item(clause, listing)
            items: list[LooseClaim | LooseGap] = []
            if listed is not None:
                # "Julia played with 17 kids on Monday, | 15 kids on Tuesday and 2 on
                # Wednesday": the list's words before its first count, said again
                saved = self.discourse.snapshot()
                items, subject = self._clause_items(listed, n, clauses, opening, inherited)
                if not self._restates_list(items, listing):
                    self.discourse.restore(saved)
                    items = []
            if not items:
                items, subject = self._clause_items(clause, n, clauses, opening, inherited)
            listing = self._listing(clause, items, listing)
            has_number = any(t.kind == "number" for t in clause.tokens)
            if not has_number:
                opening = [*opening, clause]
            elif not _goes_on_doing(self._next_clause, opening, self.lex.index.agent_names):
                opening = []  # (else "In the morning, Lior got 8 emails | and sent 30
                # letters": the clause that goes on with the subject's next verb keeps it)
            self._items_by_clause.append((clause, items))
            words = clause.words
            self._each_context = (clause.tokens, 1) if len(words) > 2 and words[0] in (
                "in", "for", "on", "at") and words[1] in ("each", "every") and not any(
                t.kind == "number" for t in clause.tokens) else None
            inherited = subject or inherited
            found.extend(items)
            if self.discourse.ambiguity is not None and items and \
                    isinstance(items[-1], LooseGap):
                break  # "He then gives Ragna 32": the rest goes on about the same "he"
            claims = [i for i in items if isinstance(i, LooseClaim)]
            if claims:
                self._last_predicate = claims[-1].pattern.predicate
            if clause.silent is None and all(i in self._left_to_arithmetic for i in items):
                # a clause with nothing but arithmetic ("Shahana gives 90 to Tala: 63 + 90 =
                # 153"), or but a count "in 6 days": matched by the verifier with a rule
                # instance's built-in
                found.extend(LooseArithmetic(e) for e in
                             (as_arithmetic(t) for t in clause.tokens) if e is not None)
        self.discourse.note_clause(self._silent_names)
        return found

    def _clause_items(self, clause: Clause, n: int, clauses: tuple[Clause, ...],
                      opening: Sequence[Clause], inherited: Agents | None
                      ) -> tuple[list[LooseClaim | LooseGap], Agents | None]:
        """What one clause of the sentence states, and its subject."""
        self._left_to_arithmetic = []
        items, subject = self._clause(clause, inherited)
        if self.discourse.rivals is not None and items and isinstance(items[-1], LooseGap):
            # "..., so he has 9 + 14 = 23 pears": the one rival the expression computes
            settled = self._referent_by_arithmetic(clause, inherited)
            if settled is not None:
                items, subject = settled
        if self._unowned is not None:
            self.outsider = self.outsider or self._unowned
            items, subject = self._owned_counts(clause, items), None
        stranger = self._stranger(clause, items) or self._joined_stranger(clause, items) or \
            self._stranger_subject(clause, items, opening)
        if stranger is not None:
            # "Carol handed Dan 2 marbles": someone the program does not know did it;
            # no claim of the program's people is read in their place
            items = [LooseGap(f"{stranger!r} is no one the program knows",
                              Reading(LOOSE))]
        strange_rate = self._stranger_rate(clause, items)
        if strange_rate is not None:
            items = [LooseGap(strange_rate, Reading(LOOSE))]
        if n > 0 and clause.words[:1] == ("and",) and self._bare_name(clauses[n - 1]) \
                and any(isinstance(i, LooseClaim) for i in items):
            # "grown by Joan, | Keith, | and Alyssa is 79": the last of a list of names
            # is not the subject alone
            items = [LooseGap("the clause ends a list of names: whose count it is, "
                              "the last name alone does not say", Reading(LOOSE))]
        aside = [i for i in items if isinstance(i, LooseClaim) and i in self._left_to_arithmetic]
        if aside and any(isinstance(i, LooseGap) for i in items):
            # "spends 6 * 2 = 12 hours (of which kind?) in 2 days": the clause's own claim
            # unread, its expression is matched by its arithmetic, with no count beside it
            items = [i for i in items if i not in aside]
            aside = []
        if (_unread(items) or len(aside) == len(items)) and not self._table_line and \
                not any(t.arithmetic for t in clause.tokens):
            # a verb no list holds, or a reading no theorem fits: the one theorem the
            # clause's number, participants and entity fit, if there is one ("calls for 8
            # cups of flour and 2 cups of sugar": more than the count "for 8 cups")
            fitted = self._hypotheses(clause, opening, inherited)
            if fitted:
                said = {f.pattern for f in fitted}
                items = [*fitted, *(i for i in aside if i.pattern not in said)]
            elif self._rivals and not aside:
                items = [rivals_gap(self._rivals)]  # no verb of a list chooses between them
        if not any(isinstance(i, LooseClaim) and (not i.pattern.is_complete or
                                                  self.lex.index.is_theorem(i.pattern.as_claim()))
                   for i in items) and not self._table_line and \
                not any(t.arithmetic for t in clause.tokens):
            # "She spent 8 minutes on each chair", "Each plank needs 2 nails", "She plays 40
            # games every year" (no count of 40): the rates of the program the clause's
            # number, entity and container fit
            rates = self._rate_hypotheses(clause, opening, clauses[n - 1] if n else None)
            # ("1 more kid on Tuesday than on Wednesday", "David did 29 more push-ups", no
            # count of 29: the comparison of the sides the clause names)
            items = list(rates or self._compared(clause) or items)
        return items, subject

    def _bare_name(self, clause: Clause) -> bool:
        """Is the clause one of the program's names alone (an item of a list)?"""
        words = tuple(w for w in clause.words if w not in (",", ".", "and"))
        return self.lex.names.get(words) is not None

    def _owned_counts(self, clause: Clause, items: list[LooseClaim | LooseGap]
                      ) -> list[LooseClaim | LooseGap]:
        """"He went to 39 games last year", "she bought a total of 56 pictures", where the
        pronoun's person is no agent of the program (its agents are the years, the two
        books): only a count that is a theorem, of an owner the clause names or of a group
        a total word ("a total of", "in all") gives, or a comparison, a theorem, of two
        the clause names."""
        index = self.lex.index
        said = f" {' '.join(clause.words)} "
        kept: list[LooseClaim | LooseGap] = []
        for item in items:
            pattern = item.pattern if isinstance(item, LooseClaim) else None
            if pattern is None or not pattern.is_complete or \
                    not index.is_theorem(pattern.as_claim()):
                continue
            owners = [a for a in pattern.args if isinstance(a, Agents)]
            named = all(f" {name} " in said for owner in owners for name in owner.names)
            if (pattern.predicate == "cont" and (named or (
                    len(owners[0]) > 1 and not TOTALS.isdisjoint(clause.words)))) or \
                    (pattern.predicate == "comp" and named):
                # ("she met 8 more friends on Tuesday than on Monday": both named)
                kept.append(item)
        if not kept:
            # the pronoun reads nothing, as any pronoun with no referent (the opening's
            # setting may still fit: ``_hypotheses``)
            self.discourse.restore(self._unowned_saved)
        return kept

    def _heading_of(self, clauses: tuple[Clause, ...]) -> Agents | None:
        """"Morning: Emails = 6, Letters = 8": the agent a line opens with, before its
        colon, whose counts the line's labels give; else ``None``."""
        if len(clauses) < 2 or not clauses[1].after_colon:
            return None
        words = tuple(w for w in clauses[0].words if w not in ("-", "*"))
        name = self.lex.names.get(words)
        return None if name is None else self.lex.agents[name]

    def _needed_rate(self, clause: Clause, inherited: Agents | None) -> list[LooseClaim]:
        """"John needs 2 nails for each plank", "Adam could fit 11 figures on each shelf":
        a need or a capacity per thing is the program's rate, read where the clause's only
        word of doubt is the need or the "could" and its reading is a rate that is a
        theorem (a need is no count: "needs 15 potatoes" stays unread)."""
        words = clause.words
        if clause.silent != SILENT_HYPOTHETICAL or _HYPOTHETICAL & set(words) - NEED_WORDS \
                or "if" in words or question_like(words):
            return []
        numbers = [i for i, t in enumerate(clause.tokens) if t.kind == "number"]
        if len(numbers) != 1 or not PER_WORDS & set(words[numbers[0] + 1:]):
            return []
        saved = self.discourse.snapshot()
        items, _subject = self._clause(attrs.evolve(clause, silent=None), inherited)
        index = self.lex.index
        rates = [i for i in items if isinstance(i, LooseClaim) and i.pattern.predicate == "rate"
                 and i.pattern.is_complete and index.is_theorem(i.pattern.as_claim())]
        if rates and len(rates) == len(items):
            return rates
        self.discourse.restore(saved)
        return []

    # -- one clause --

    def _clause(self, clause: Clause, inherited: Agents | None
                ) -> tuple[list[LooseClaim | LooseGap], Agents | None]:
        tokens = clause.tokens
        self._words = frozenset(clause.words)
        self._clause_words = clause.words
        self._clause_tokens = tokens
        self._after_colon = clause.after_colon
        subject_owner: dict[str, Agents] = {}
        self._owners = subject_owner
        self._modifiers = {}
        self._kinds_said = {}
        mentions = self._mentions(tokens, subject_owner)
        # "Total cost of the bead necklaces = 21": a clause naming someone is not the
        # question's total
        self._names_agents = any(m.agents is not None for m in mentions)
        self._named_names = program_names(mentions, self.lex.index.agent_names)
        numbers = [i for i, t in enumerate(tokens) if t.kind == "number"]
        words = clause.words
        if clause.silent is not None:
            # "First, we need to find how many Fred grew. He grew 38.": a plan or a question
            # states nothing, but whom it names is whom a pronoun in a later sentence refers
            # to (in its own sentence, "... after he gives 32 to Ragna" is the plan's still)
            self._silent_names += [(m.agents, None) for m in mentions
                                   if m.agents is not None and m.pronoun is None]
            if not question_like(words) and _HYPOTHETICAL & set(words) == {"number"}:
                # "Number of books Joan sold = 26": a variable list's line, not an unknown
                rate_line = self._rate_line(tokens, words, numbers)
                if rate_line is not None:
                    return list(rate_line), None
                variable = self._variable_line(tokens, words, mentions, numbers, rates=True)
                if variable is not None:
                    return [variable], None
            rates = self._needed_rate(clause, inherited)
            if rates:
                return rates, None
            answer = self._answer_clause(clause)
            return ([answer] if answer is not None else []), None
        signed = self._signed_change(tokens, mentions)
        if signed is not None:
            return signed, None
        gerund = 1 if words[:1] == ("after",) else 0
        if len(words) > gerund + 1 and words[gerund] in GERUNDS and \
                self._next_clause is not None and (gerund or self._in_gerund_chain):
            # "After giving 22 to Isabel: 23 - 22 = 1": the label's doer is the person the
            # line before counted (or the name before "after"), read as "gave 22 to Isabel";
            # "After getting 1 from Nexhat and giving 76 to Kosal, Ottilie has ...": the
            # doer is the subject of the clause the gerunds lead to
            if self._next_clause.after_colon:
                doer = inherited or self._counted_last() if gerund else None
            else:
                doer = self._main_subject()
            if doer is None:
                return [LooseGap(f"who is {words[1]!r}, the words do not say",
                                 Reading(LOOSE, (words[1],), ()))], None
            verb = Token(GERUNDS[words[gerund]], "word")
            read = self._clause(Clause((verb, *tokens[gerund + 1:])), doer)
            self._in_gerund_chain = True
            return read
        self._in_gerund_chain = False
        passive = self._passive(tokens, mentions, numbers)
        if passive is not None:
            return passive
        terse = self._terse(tokens, mentions, numbers)
        if terse is not None:
            return terse
        colon = self._colon_form(tokens, mentions, numbers)
        if colon is not None:
            return [colon], None
        rate_line = self._rate_line(tokens, words, numbers)
        if rate_line is not None:
            return list(rate_line), None
        variable = self._variable_line(tokens, words, mentions, numbers)
        if variable is not None:
            return [variable], None
        started = self._topic_line(tokens, words, mentions, numbers)
        if started is not None:
            return [started], None
        first_number = numbers[0] if numbers else len(tokens)
        verb_index = None
        for i, w in enumerate(words[:first_number]):
            if w in ("has", "have", "had") and words[i + 1:i + 2] == ("to",):
                if i + 2 < first_number:  # "had to cut down 2 oak trees": the verb is "cut"
                    verb_index = i + 2
                break
            if w in ("has", "have", "had") and i + 1 < first_number:
                j = i + 1
                while j < first_number and words[j] in ("either", "already", "also", "just",
                                                        "now", "then", "since"):
                    j += 1
                following = words[j] if j < first_number else ""
                if following == "got":
                    pass  # "Tala has got 63 hammers": has
                elif following in TRANSFER_VERBS or following in SENDER_VERBS or \
                        following in RECEIVER_VERBS or following in PARTICIPLES or (
                            following.endswith("ed") and j + 1 == first_number):
                    # "he had used 35", "had given away 70", "has already cooked 5
                    # potatoes": the participle is the verb, not the "has" of a possession
                    verb_index = j
                    break
            if w == "must" and words[i + 1:i + 2] == ("have",) and i + 2 < first_number and \
                    words[i + 2] in PARTICIPLES and "than" in words[first_number:]:
                # "he must have thrown away 21 more than he found": the participle's
                # comparison (a "must have sold 1 extra" stays the conclusion it was)
                continue
            if w in VERBS or w == "must" or (
                    w == ":" and any(m.end == i and m.position == 0 for m in mentions)):
                verb_index = i  # "Nigel: 75" (but "After Shahana: 63 + 90 = 153" labels a step)
                break
        if verb_index is None:
            verb_index = self._unknown_verb(words, mentions, first_number)
        boundary = verb_index if verb_index is not None else first_number
        resolved: list[tuple[str, str]] = []
        if "every" in self._words and any(m.position > 0 and words[m.position - 1] == "every"
                                          and m.kind == "name" for m in mentions):
            # "4 popsicles for every Sonam popsicle": a ratio between people
            return [LooseGap("a ratio to another person, which no claim states",
                             Reading(LOOSE, ("every",), ()))], None
        mentions, subject = self._resolve_mentions(mentions, boundary, resolved,
                                                         inherited)
        if mentions is None:
            ambiguity = self.discourse.ambiguity
            return ([LooseGap(ambiguity, Reading(LOOSE, (), tuple(resolved)))]
                    if ambiguity else []), None
        joiner = subject_joiner(tokens, mentions, boundary)
        if joiner is not None:
            # "Dennie - Dianna: 19 - 4 = 15" names a difference, not the two together
            return [LooseGap(f"the names before the verb are joined by {joiner!r}, not 'and'",
                             Reading(LOOSE, (joiner,), tuple(resolved)))], None
        start = next((i for i, w in enumerate(words) if w not in LEADS or w in DEMONSTRATIVES),
                     len(words))
        opening = words[start] if start < len(words) else ""
        following = words[start + 1] if start + 1 < len(words) else ""
        if following in ("would", "will", "must") and start + 2 < len(words):
            following = words[start + 2]  # "That would leave them with 4 apples"
        refers = opening == "who" or following == "there" or following in RESULT_VERBS or (
            opening == "which" and "than" in words and COMPARATIVES.keys() & set(words))
        if opening in DEMONSTRATIVES and not refers and self._unowned is None and \
                not any(m.position < boundary for m in mentions):
            # "which is 83", "so that is 54", "That's 3 × 6 = 18 dollars": what "that" is
            # the words do not say; an expression in it is matched by its arithmetic
            return [], None
        if opening == "who" and inherited is not None and self.discourse.records and \
                not any(m.position < boundary for m in mentions):
            nearest = self.discourse.records[-1][-1][0]
            if nearest != inherited:  # "Nadeesha has 32, 13 fewer than Vivek, who has 45"
                self.discourse.ambiguity = f"'who' may be {show(nearest)} or " \
                    f"{show(inherited)}"
                return [LooseGap(self.discourse.ambiguity,
                                 Reading(LOOSE, ("who",), tuple(resolved)))], None
        there = "there" in words[:boundary + 1]
        self._continuation = False
        if subject is None and not there and inherited is not None and \
                not any(m.position < boundary for m in mentions):
            if verb_index is not None:
                subject = inherited
            elif clause.after_colon and self._last_predicate in ("cont", "comp"):
                # "Rasha has 52 fewer: 75 - 52 = 23 salamanders"
                subject, self._continuation = inherited, True
        if not numbers:
            if len(mentions) == 1 and mentions[0].kind == "name" and \
                    mentions[0].position == 0 and mentions[0].agents is not None and \
                    all(t.kind == "punct" for t in tokens[mentions[0].end or 1:]):
                self.discourse.heading = mentions[0].agents  # "- Aditya:" heads what follows
            self._note(mentions, subject)
            return [], subject
        items: list[LooseClaim | LooseGap] = []
        self._left_to_arithmetic = []
        for n, position in enumerate(numbers):
            end = numbers[n + 1] if n + 1 < len(numbers) else len(tokens)
            if n > 0 and tokens[position - 1].kind == "sign" and \
                    tokens[position - 1].text in OPERAND_SIGNS:
                continue  # "77 toasters (start) + 66 (from Olegario) = 143": an operand
            following = tokens[numbers[n + 1]] if n + 1 < len(numbers) else None
            if following is not None and following.arithmetic is not None and \
                    tokens[numbers[n + 1] - 1].text == "=" and \
                    tokens[position].value in following.arithmetic.operands and \
                    following.arithmetic.result != tokens[position].value:
                continue  # "31 chapters \\ 61 pages = 31 * 61 = 1861": 61 is an operand
            if position > 0 and words[position - 1] in SETTING_PREPOSITIONS and \
                    (position < 2 or words[position - 2] not in PLACE_VERBS) and \
                    not {"each", "per", "apiece"} & set(words[position + 1:end]):
                # "Joan grew 24 pumpkins in 34 days": 34 is no count of Joan's, unless the
                # program counts it ("travels 60 miles per hour for 5 hours")
                if not there:  # ("There are 24 calories in 3 candy bars": where they are)
                    items.extend(self._unit_count(tokens, position, items, subject, resolved))
                continue
            if n == 0 and n + 1 < len(numbers):
                counted = self._product_subject(tokens, words, position, numbers[1], resolved)
                if counted is not None:
                    # "So 6 packs have 14 * 6 = 84": the count of packs said again; the
                    # product is left to its arithmetic
                    items.append(counted)
                    continue
            self._also = []
            item = self._fact(tokens, words, mentions, subject, verb_index, position, end,
                              there, list(resolved))
            also, self._also = self._also, []  # more claims the same words state
            if n > 0 and isinstance(item, LooseClaim) and item.pattern.predicate == "transfer" \
                    and items and isinstance(items[-1], LooseClaim) and \
                    items[-1].pattern.predicate == "transfer":
                # "after Efua donates 59 to him he has 128", "gives 61 to Ndeye (1 left)":
                # the second number is no second transfer; "(1 left)" right after it is
                # what the giver has left
                first = items[-1].pattern
                second = item.pattern
                if position > 0 and words[position - 1] in ("and", ",") and \
                        second.args[:2] == first.args[:2] and second.args[3] != first.args[3] \
                        and tokens[position + 1:position + 2] and \
                        tokens[position + 1].kind == "word":
                    pass  # "His dad gave him 39 nickels and 31 quarters": two things given
                elif position > 0 and words[position - 1] == "and" and \
                        self._two_transfers(first, second):
                    pass  # "spent 2 on a comic and 18 on a puzzle": two spendings
                elif position > 0 and words[position - 1] == "(" and \
                        words[position + 1:position + 2] == ("left",) and \
                        (position + 2 == len(words) or words[position + 2].startswith(")")) and \
                        first.args[0] == subject:
                    item = self._resolve(ClaimPattern("cont", (subject, tokens[position].value,
                                                               first.args[3])),
                                         None, Reading(LOOSE, ("left",), tuple(resolved)))
                else:
                    item = LooseGap(f"a second number ({tokens[position].text}) for one "
                                    f"{words[verb_index] if verb_index is not None else 'verb'}",
                                    item.reading)
            if item is not None:
                if isinstance(item, LooseClaim) and item.pattern.predicate == "cont":
                    items.extend(self._unit_claims(tokens[position], item))
                items.append(item)
                items.extend(also)
                for read in (item, *also):
                    if isinstance(read, LooseClaim):
                        self.discourse.claims.append(read.pattern.as_claim())
        self._note(mentions, subject)
        return items, subject


_REFITTABLE = ("which no theorem of the program fits", "the words do not say")


def _unread(items: Sequence[LooseClaim | LooseGap]) -> bool:
    """Nothing read, or only a reading that no theorem fits (never an ambiguity)."""
    return not any(isinstance(i, LooseClaim) for i in items) and all(
        i.reason.endswith(_REFITTABLE) for i in items if isinstance(i, LooseGap))


def misread_names(pattern: ClaimPattern, index: ProgramIndex) -> bool:
    """Did the template grammar take a pronoun for a name, or read words the program does
    not know as a name or an entity ("He gave Fred 16 of the balloons")? Then the loose
    reader, which resolves them, reads the sentence instead."""
    args = pattern.args
    for position, is_agents in _NAME_POSITIONS[pattern.predicate]:
        value = args[position]
        if is_agents:
            if isinstance(value, Agents) and not value.names <= index.agent_names:
                return True
        elif value is not None and value not in index.entities:
            return True
    return False


# per predicate: the claim positions of agent sets and entities (True for an agent set)
_NAME_POSITIONS = {
    predicate: tuple((i, kind == "agents") for i, kind in
                     enumerate(k for k in kinds if k != "time") if kind in ("agents", "entity"))
    for predicate, kinds in SIGNATURES.items()}


def overreaching_names(pattern: ClaimPattern, index: ProgramIndex) -> str | None:
    """A name or entity the template grammar read past a program's name into words around
    it ("suppose iosefa", "popsicles each", "times as many footballs as gyms"): the words
    hold a name of the program and more, so the sentence says something the template does
    not state (a supposition, a per-person count, a ratio). The misread name, else None."""
    for kind, value in zip(pattern.kinds, pattern.args, strict=True):
        if kind == "agents" and isinstance(value, Agents):
            for name in value.names - index.agent_names:
                if any(_holds_words(name, known) for known in index.agent_names):
                    return name
        if kind == "entity" and isinstance(value, str) and value not in index.entities:
            if any(_holds_words(value, known) for known in index.entities):
                return value
    return None


def _holds_words(said: str, known: str) -> bool:
    """``said`` holds ``known`` as a run of whole words, with more words around it."""
    words, part = said.split(), known.split()
    return len(words) > len(part) and any(
        words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


__all__ = ["COMPARATIVES", "CONT_VERBS", "COPULAS", "EVENT_VERBS", "GIVE_VERBS", "LOSE_VERBS",
           "PLACE_VERBS", "PRONOUNS", "TAKE_VERBS", "TOTALS", "Discourse", "Lexicon",
           "LooseArithmetic", "LooseClaim", "LooseGap", "SentenceReader", "as_arithmetic",
           "fits_shortened", "lexicon", "misread_names", "overreaching_names", "question_like",
           "shortened_name", "subject_of"]
