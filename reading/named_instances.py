"""Which of several rule instances an expression writes the words name ("Total time spent on
chairs = 2 * 8 = 16 minutes", where the chairs' and the tables' times are both 2 * 8), for
the verifier's reading of a sentence that is nothing but arithmetic.

When rule instances as favoured as each other conclude different claims by writing the same
expression, the expression alone does not choose. The sentence's words may: an owner the
sentence names, where it names no other candidate's owner, is the one; where it names
several, the one named right after the expression's result (before any other number: "2 *
8 = 16 minutes for the chairs and 2 * 8 = 16 minutes for the tables") is. An owner is named
by its name's last word, in the singular or the plural, as a word of its own ("Edward's
friend" names the friend, not Edward; "his friend" names the friend), with every word of
its name no other candidate's name has ("green" of the green packs beside the red
packs). Anything less leaves the choice open, and the sentence unparsed naming the
candidates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vlp.grammar.arithmetic import Arithmetic
from vlp.grammar.inflect import singular
from vlp.kernel import Agents, Claim

_WORD_RE = re.compile(r"[a-z][a-z'-]*")


def _name_words(owner: Agents) -> set[str]:
    return {singular(w.removesuffix("'s")) for name in owner.names for w in name.split()}


def _owners_named(text: str, candidates: Sequence[Claim]) -> list[Claim]:
    """The candidates whose owner the words name: each name's last word said as a word of
    its own, and every word of the owner's names that no other candidate's has ("green" of
    green packs beside red packs)."""
    said = {singular(w) for w in _WORD_RE.findall(text.lower())}
    bare = {w.removesuffix("'s") for w in said}
    owners = [c.args[0] for c in candidates if isinstance(c.args[0], Agents)]
    if len(owners) != len(candidates):
        return []
    named = []
    for claim, owner in zip(candidates, owners, strict=True):
        others = set().union(*(_name_words(o) for o in owners if o != owner))
        heads = all(singular(name.split()[-1]) in said for name in owner.names)
        if heads and (_name_words(owner) - others) <= bare:
            named.append(claim)
    return named


def named_instance(text: str, expression: Arithmetic, candidates: Sequence[Claim]
                   ) -> Claim | None:
    """The one candidate claim whose owner the words name (see the module's docstring),
    else ``None``."""
    if len({c.predicate for c in candidates}) != 1 or candidates[0].predicate != "cont":
        return None
    named = _owners_named(text, candidates)
    if len(named) == 1:
        return named[0]
    if not named or expression.span is None:
        return None
    after = text[expression.span[1]:]
    digit = re.search(r"\d", after)
    near = _owners_named(after[:digit.start()] if digit else after, named)
    return near[0] if len(near) == 1 else None
