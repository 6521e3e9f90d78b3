"""Letter variables of a Plan-and-Solve transcript, for the loose reader (``reader.py``):
"Number of pizzas (n) = 21", "Total number of slices (t) = n x s", "Tickets won = y = 25",
"Let's denote the number of pens Ali has as x". A letter named so stands for its label, and a
later line giving the letter a number ("t = 168.") is read as the label's line ("Total
number of slices = 168."); the letter itself is no word of the line it is named in ("Gallons
of gas (g): 5" is "Gallons of gas: 5"). A line set equal to words ("Total number of pens =
Ali's pens + Bo's pens.") goes on in lines opening with "=" ("= 7 + 5.", "= 12."): each is
read with the label. A letter named for an agent's count ("Jake: x.") makes "Steven: x + 6."
"Steven has 6 more than Jake.".

Only a line whose right side is numbers and signs alone is rewritten: "z = x + y - 8" (other
letters in it) is left as written, and a letter named twice for different labels stands for
neither.
"""

from __future__ import annotations

import re

from .discourse import Lexicon

# a letter: one lower-case letter other than the articles and pronouns a line may hold, or
# an abbreviation in parentheses ("(mpg)")
_LETTER = r"[b-hj-z]"
_LABEL = r"(?P<label>\s*[A-Za-z][\w' ]*?[a-z'])"
_NAMED_RE = re.compile(rf"^{_LABEL}\s*\((?P<v>{_LETTER}|[a-z]{{2,4}})\)\s*(?P<sign>[:=])")
_CHAINED_RE = re.compile(rf"^{_LABEL}\s*=\s*(?P<v>{_LETTER})\s*=\s*(?P<rest>\d.*)$")
_DENOTED_RE = re.compile(rf"\b(?:denote|call|represent)\s+(?P<label>(?:the\s+)?(?:number|total|"
                         rf"amount)\b[\w' ]*?)\s+(?:as|by|with)\s+(?P<v>{_LETTER})\b",
                         re.IGNORECASE)
_GIVEN_RE = re.compile(rf"^\s*(?P<v>{_LETTER})\s*=\s*(?P<rest>[\d(][\d\s+\-*/×·().,=x]*)$")
# "Total number of pens = Ali's pens + Bo's pens.": a label set equal to words, no number
_FORMULA_RE = re.compile(r"^(?P<label>\s*[A-Za-z][\w' ]*?[a-z'])\s*=\s*[A-Za-z][^\d=]*$")
_NAME = r"(?P<name>[A-Z][\w']*(?: [A-Za-z][\w']*)?)"
_AGENT_LETTER_RE = re.compile(rf"^\s*{_NAME}\s*:\s*(?P<v>{_LETTER})\s*\.?\s*$")
_AGENT_OFFSET_RE = re.compile(rf"^\s*{_NAME}\s*:\s*(?P<v>{_LETTER})\s*(?P<op>[+-])\s*"
                              r"(?P<n>\d+)\s*\.?\s*$")
_NUMBER_TIMES_RE = re.compile(r"(?<=\d)\s*x\s*(?=[\d(])")


class VariableReading:
    """The part of ``SentenceReader`` that keeps a transcript's letter variables; the
    attributes are the reader's (set in ``SentenceReader.__init__``)."""

    _variables: dict[str, str | None]  # letter -> its label (None: named for two labels)
    _left_side: str | None  # the label the line before set equal to a formula in words
    _agent_letters: dict[str, str | None]  # "Jake: x.": x -> "Jake" (None: two agents)
    lex: Lexicon

    def _with_variables(self, text: str) -> str:
        """``text`` with its letter variables named (and taken out of it) or replaced by
        the labels they stand for; a line going on with "= 52." is its label's line."""
        left, self._left_side = self._left_side, None
        if text.lstrip().startswith("=") and left is not None:
            # "Total number of pens = Ali's pens + Bo's pens. | = 7 + 5. | = 12."
            self._left_side = left
            return f"{left} {text.strip()}"
        formula = _FORMULA_RE.match(text)
        if formula is not None:
            self._left_side = formula.group("label")
        owned = _AGENT_LETTER_RE.match(text)
        if owned is not None and self._agent_named(owned.group("name")):
            # "Jake: x.": x is Jake's count
            letter, name = owned.group("v"), owned.group("name")
            known = self._agent_letters.get(letter, name)
            self._agent_letters[letter] = name if known == name else None
            return text
        offset = _AGENT_OFFSET_RE.match(text)
        if offset is not None and self._agent_named(offset.group("name")):
            # "Steven: x + 6." with x Jake's count: Steven has 6 more than Jake
            other = self._agent_letters.get(offset.group("v"))
            name = offset.group("name")
            if other is not None and other.lower() != name.lower():
                more = "more" if offset.group("op") == "+" else "fewer"
                return f"{name} has {offset.group('n')} {more} than {other}."
        for match in _DENOTED_RE.finditer(text):
            self._name(match.group("v"), match.group("label"))
        named = _NAMED_RE.match(text)
        if named is not None:
            self._name(named.group("v"), named.group("label"))
            sign = named.group("sign")
            return named.group("label") + (":" if sign == ":" else " =") + text[named.end():]
        chained = _CHAINED_RE.match(text)
        if chained is not None:
            self._name(chained.group("v"), chained.group("label"))
            return f"{chained.group('label')} = {chained.group('rest')}"
        given = _GIVEN_RE.match(text.strip())
        if given is not None and not re.search(r"[a-wyz]", _NUMBER_TIMES_RE.sub(
                " * ", given.group("rest"))):
            label = self._variables.get(given.group("v"))
            if label is not None:
                return f"{label} = {given.group('rest')}"
        return text

    def _agent_named(self, said: str) -> bool:
        return tuple(said.lower().split()) in self.lex.names

    def _name(self, letter: str, label: str) -> None:
        label = " ".join(label.split())
        known = self._variables.get(letter, label)
        self._variables[letter] = label if known == label else None
