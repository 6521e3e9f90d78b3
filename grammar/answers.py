"""The answer a model gave in a reply of its own (the paper's second prompting step).

The reply continues "Therefore, the answer (arabic numerals) is", so it is read as the end
of that sentence, by the same readers as a transcript's closing answer: the same numbers
(signs, decimals, "26.0", thousands commas, number words) and the same forms ("$26$",
"\\boxed{26}", "**26**", "Answer: 26", a closing "20 + 6 = 26"). A reply that states its
answer some other way gives the last number it states.
"""

from __future__ import annotations

import re

from .arithmetic import ANSWER_NUMBER, answer_value
from .loose import extract_closing_result, extract_labelled_answer
from .sentences import extract_answer

_NUMBER_RE = re.compile(ANSWER_NUMBER)
_CUE = "The answer is "


def reply_answer(reply: str) -> int | float | None:
    """The number ``reply`` gives as the answer; an int when whole, a float otherwise (which
    equals no quantity); ``None`` when it states no number."""
    # the reply restates the cue ("The answer is 26."), ends in a result ("20 + 6 = 26"),
    # or continues the cue ("26 parrots", "twenty-six")
    for read in (extract_answer, extract_labelled_answer, extract_closing_result,
                 lambda text: extract_answer(_CUE + text.strip()),
                 lambda text: extract_labelled_answer(_CUE + text.strip())):
        value = read(reply)
        if value is not None:
            return value
    for match in reversed(_NUMBER_RE.findall(reply)):
        value = answer_value(match)
        if value is not None:
            return value
    return None
