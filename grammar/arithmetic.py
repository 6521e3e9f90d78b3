"""Arithmetic as a text writes it: ``a op b [op c ...] = result`` (paper App. D.4).

One type for every layer: the grammar and the loose reader read expressions into it, the
checker matches it with the built-ins of rule instances and reports it. One table of
operator spellings ("×", "−", ...) says which canonical operator each written sign means.
"""

from __future__ import annotations

import math
import re

import attrs

MAX_DIGITS = 18  # a longer number is not a quantity of the template language

# every spelling of an operator read anywhere, to its canonical sign
OPERATOR_SPELLINGS = {"+": "+", "-": "-", "*": "*", "/": "/", "×": "*", "x": "*", "·": "*",
                      "−": "-", "–": "-", "÷": "/"}
# the operators a rule's built-in computes (no rule divides)
RULE_OPERATORS = frozenset("+-*")
# A number as an answer states it: a sign (ASCII or typographic), thousands commas and a
# decimal part; never a prefix of a longer number ("26" of "26.5", "1" of "1,234"). The
# guard looks one character ahead only, so a failed match is linear in the digits.
ANSWER_NUMBER = r"[-−–]?\d[\d,]*(?:\.\d+)?(?!\d|[,.]\d)"


@attrs.frozen
class Arithmetic:
    """``a op b [op c ...] = result`` as written (operators canonical: ``+ - * /``).

    ``span`` is (start, end) in the text read, when known: where the expression was
    written, not what it says, so it takes no part in equality.
    """

    operands: tuple[int, ...]
    operators: tuple[str, ...]
    result: int
    span: tuple[int, int] | None = attrs.field(default=None, eq=False)
    # the operator written throughout ("+" in "1 + 2 + 3 = 6"); None when the operators
    # are mixed (or there is none). Computed once: the checker asks for it per rule instance
    operator: str | None = attrs.field(init=False, eq=False, repr=False)

    @operator.default
    def _operator(self) -> str | None:
        operators = self.operators
        if operators and operators.count(operators[0]) == len(operators):
            return operators[0]
        return None

    @classmethod
    def single(cls, operator: str, operands: tuple[int, ...], result: int) -> Arithmetic:
        """One operator between every two operands: ``single("+", (1, 2, 3), 6)``."""
        return cls(operands, (operator,) * (len(operands) - 1), result)

    @property
    def rule_shaped(self) -> bool:
        """One operator throughout, and one a rule computes: what a built-in can write."""
        return self.operator in RULE_OPERATORS

    @property
    def value(self) -> int | None:
        """The left side evaluated with the usual precedence (None when dividing by zero or
        when a division is not exact)."""
        operator = self.operator  # one operator throughout (what rules write): no precedence
        if operator == "+":
            return sum(self.operands)
        if operator == "-":
            return self.operands[0] - sum(self.operands[1:])
        if operator == "*":
            return math.prod(self.operands)
        terms: list[int] = [self.operands[0]]
        signs: list[str] = []
        for op, operand in zip(self.operators, self.operands[1:], strict=False):
            if op in "*/":
                if op == "*":
                    terms[-1] *= operand
                elif operand == 0 or terms[-1] % operand:
                    return None
                else:
                    terms[-1] //= operand
            else:
                signs.append(op)
                terms.append(operand)
        total = terms[0]
        for sign, term in zip(signs, terms[1:], strict=False):
            total = total + term if sign == "+" else total - term
        return total

    @property
    def correct(self) -> bool:
        return self.value == self.result

    @property
    def left_side(self) -> str:
        parts = [str(self.operands[0])]
        for op, operand in zip(self.operators, self.operands[1:], strict=False):
            parts += [op, str(operand)]
        return " ".join(parts)

    def __str__(self) -> str:
        return f"{self.left_side} = {self.result}"


_SIGNS = "".join(map(re.escape, OPERATOR_SPELLINGS))  # a character class of every spelling
# the longest chain from where a digit run starts (its first digit follows no digit and no
# comma: looked behind at from that digit, so the regex still skips ahead to a digit), then
# its result if one follows (looked ahead at, so the scan resumes after the chain, as it
# does when none follows: every match consumes its chain, so the scan is linear)
_EXPRESSION_RE = re.compile(r"(\d(?<![\d,]\d)\d*(?:,\d{3})*(?:\s*[" + _SIGNS
                            + r"]\s*\d+(?:,\d{3})*)+)(?:(?=\s*=\s*(\d+(?:,\d{3})*)))?")
_OP_SPLIT_RE = re.compile(r"\s*([" + _SIGNS + r"])\s*")


def extract_arithmetic(text: str) -> list[Arithmetic]:
    """Every ``a op b [op c ...] = r`` in ``text`` with its character span (paper App. D.4).

    One left-to-right scan: linear in the length of the text.
    """
    found: list[Arithmetic] = []
    if "=" not in text:  # every expression found ends in "= result": skip the scan
        return found
    for match in _EXPRESSION_RE.finditer(text):
        chain, result_text = match.group(1, 2)
        if result_text is None:
            continue
        pieces = _OP_SPLIT_RE.split(chain)
        numbers = pieces[0::2]
        if "," in chain:
            numbers = [p.replace(",", "") for p in numbers]
        result_digits = result_text.replace(",", "")
        if len(result_digits) > MAX_DIGITS or max(map(len, numbers)) > MAX_DIGITS:
            continue
        operators = tuple(map(OPERATOR_SPELLINGS.__getitem__, pieces[1::2]))
        found.append(Arithmetic(tuple(map(int, numbers)), operators, int(result_digits),
                                (match.start(), match.end(2))))
    return found


# after an answer's number: the number opens an expression ("35 - 14 = 21", "18 dollars + 30
# dollars = 48 dollars"), whose result (in the same sentence) is the answer
_EXPRESSION_GOES_ON_RE = re.compile(r"[ \t]*(?:[^\W\d_]+[ \t/]*){0,3}[-+*/×x−–][ \t]*\$?\d")
_RESULT_ON_THE_LINE_RE = re.compile(
    r"(?:[^\n=.]|\.\d)*?(?:=|\bequals?\b|\bwhich (?:is|equals|makes|gives)\b|, or\b)"
    r"[ \t]*\$?(" + ANSWER_NUMBER + ")", re.IGNORECASE)


def answer_number(text: str, start: int, end: int) -> str | None:
    """The answer an answer phrase's number ``text[start:end]`` gives: that number, or, when an
    expression starts at it ("The answer is 35 - 14 = 21.", "88 + 24 + 52, which is 154"), the
    expression's result (in the same sentence); ``None`` when the expression has no result
    there ("The answer is 35 - 14.")."""
    if _EXPRESSION_GOES_ON_RE.match(text, end) is None:
        return text[start:end]
    result = _RESULT_ON_THE_LINE_RE.match(text, end)
    return None if result is None else result.group(1)


def answer_value(number: str) -> int | float | None:
    """The value of an ``ANSWER_NUMBER`` match: an int when it is whole ("26", "26.0",
    "-1,234"), a float otherwise ("26.5", never equal to a quantity); ``None`` past
    ``MAX_DIGITS`` digits."""
    text = number.replace(",", "").replace("\u2212", "-").replace("\u2013", "-")
    whole, _, decimals = text.partition(".")
    if len(whole.lstrip("-")) > MAX_DIGITS:
        return None
    if not decimals.strip("0"):
        return int(whole)
    return float(text)
