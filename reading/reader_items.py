"""What the loose reader returns for a clause (``reader.py``): a claim it read, a gap it
could not pin down, or an expression alone."""

from __future__ import annotations

import attrs

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.loose import Token
from vlp.kernel import Claim

from .align import ClaimPattern
from .readings import Reading


@attrs.frozen
class LooseClaim:
    """A complete claim the loose reader read, with its expression and how it was read."""

    pattern: ClaimPattern
    arithmetic: Arithmetic | None
    reading: Reading


@attrs.frozen
class LooseArithmetic:
    """A clause that states nothing but an expression: read from its arithmetic alone."""

    expression: Arithmetic


@attrs.frozen
class LooseGap:
    """A clause that states a fact the reader cannot pin down (ambiguous, or no theorem fits
    its partial reading): the step is ``unparsed`` with this reason."""

    reason: str
    reading: Reading
    candidates: tuple[Claim, ...] = ()  # the theorems that fit it, where several do


def as_arithmetic(token: Token) -> Arithmetic | None:
    expression = token.arithmetic
    if expression is None:
        return None
    return expression if expression.rule_shaped else None
