"""A pronoun that fits two people, settled by the clause's own arithmetic, for the loose
reader (``reader.py``): "Bruno has 14 more pears than Ola, so he has 9 + 14 = 23 pears" has
"he" fit Bruno and Ola alike, but only Bruno's count is what a rule instance of the program
computes as 9 + 14 = 23, so the clause states Bruno's count. The clause is read once with
the pronoun as each rival; it is settled only when exactly one rival reads one complete
claim whose expression is the built-in of a rule instance concluding it. A wrong sum, no
expression, an expression whose instance concludes someone else's count, or two rivals that
both fit leave the pronoun unresolved (``unparsed`` naming them)."""

from __future__ import annotations

from collections.abc import Callable

from vlp.grammar.loose import Clause
from vlp.kernel import Agents

from .discourse import Discourse, Lexicon, name_of
from .reader_items import LooseClaim, LooseGap

ClauseItems = tuple[list[LooseClaim | LooseGap], Agents | None]


class ArithmeticReferents:
    """The part of ``SentenceReader`` that settles an ambiguous pronoun by the clause's
    expression; the attributes are the reader's (set in ``SentenceReader.__init__``),
    ``_clause`` is its clause reading."""

    lex: Lexicon
    discourse: Discourse
    _left_to_arithmetic: list[LooseClaim]
    _clause: Callable[[Clause, Agents | None], ClauseItems]

    def _referent_by_arithmetic(self, clause: Clause, inherited: Agents | None
                                ) -> ClauseItems | None:
        """The clause read with its ambiguous pronoun as the one rival whose reading the
        clause's expression computes; ``None`` (the discourse as it was) when not one."""
        discourse = self.discourse
        rivals, ambiguity = discourse.rivals, discourse.ambiguity
        if rivals is None or ambiguity is None or discourse.bound is not None:
            return None
        expressions = [t.arithmetic for t in clause.tokens if t.arithmetic is not None]
        if len(expressions) != 1 or not expressions[0].rule_shaped:
            return None
        pronoun, people = rivals
        if ambiguity != f"{pronoun!r} may be {' or '.join(name_of(a) for a in people)}":
            return None  # the rivals of another pronoun, or another ambiguity
        saved = discourse.snapshot()
        fitting = [agents for agents in people
                   if self._computed_as(clause, inherited, pronoun, agents)]
        discourse.restore(saved)
        if len(fitting) != 1:
            discourse.ambiguity, discourse.rivals = ambiguity, rivals
            return None
        discourse.ambiguity = discourse.rivals = None
        discourse.bound = (pronoun, fitting[0])
        self._left_to_arithmetic = []
        try:
            return self._clause(clause, inherited)
        finally:
            discourse.bound = None

    def _computed_as(self, clause: Clause, inherited: Agents | None, pronoun: str,
                     agents: Agents) -> bool:
        """Does the clause, its pronoun read as ``agents``, state one complete claim whose
        expression a rule instance concluding it writes?"""
        discourse, index = self.discourse, self.lex.index
        saved = discourse.snapshot()
        discourse.ambiguity = discourse.rivals = None
        discourse.bound = (pronoun, agents)
        self._left_to_arithmetic = []
        try:
            items, _subject = self._clause(clause, inherited)
            unresolved = discourse.ambiguity is not None
        finally:
            discourse.bound = None
            discourse.restore(saved)
        if unresolved or len(items) != 1 or not isinstance(items[0], LooseClaim):
            return False
        found = items[0]
        return found.pattern.is_complete and found.arithmetic is not None and \
            index.is_theorem(found.pattern.as_claim()) and \
            index.writes_builtin(found.pattern.as_claim(), found.arithmetic)
