"""Singular and plural of entity nouns, by a few English rules and a small exception table.

Entities are plural nouns in claims ("apples"); a sentence says "1 apple" and "per pet store".
Rendering only uses a singular that maps back to the same plural, so parsing can always
recover the entity: ``to_plural(singular(e)) == e`` whenever ``singular(e) != e``.
Multi-word entities inflect their head noun: the last word, or the word before "of"
("rolls of toilet paper" -> "roll of toilet paper").
"""

from __future__ import annotations

from functools import lru_cache

# Plurals that the suffix rules get wrong, as plural -> singular.
_IRREGULAR_PLURALS: dict[str, str] = {
    "men": "man", "women": "woman", "children": "child", "people": "person",
    "mice": "mouse", "geese": "goose", "teeth": "tooth", "feet": "foot", "oxen": "ox",
    "leaves": "leaf", "knives": "knife", "wives": "wife", "lives": "life", "loaves": "loaf",
    "shelves": "shelf", "halves": "half", "wolves": "wolf", "calves": "calf",
    "thieves": "thief", "scarves": "scarf", "elves": "elf",
    "potatoes": "potato", "tomatoes": "tomato", "heroes": "hero", "echoes": "echo",
    "mangoes": "mango", "volcanoes": "volcano", "dominoes": "domino", "mosquitoes": "mosquito",
    "buses": "bus", "gases": "gas", "dice": "die", "cacti": "cactus", "fungi": "fungus",
    "brownies": "brownie", "cookies": "cookie", "movies": "movie", "pies": "pie",
    "ties": "tie", "zombies": "zombie", "smoothies": "smoothie", "calories": "calorie",
    "hippies": "hippie", "selfies": "selfie", "goalies": "goalie", "rookies": "rookie",
    "beanies": "beanie", "veggies": "veggie", "aunties": "auntie", "hoodies": "hoodie",
    "budgies": "budgie", "collies": "collie", "neckties": "necktie", "onesies": "onesie",
    "canvases": "canvas", "atlases": "atlas", "lenses": "lens", "topazes": "topaz",
    "dwarves": "dwarf", "baggies": "baggie",
}
# Irregular endings that also hold inside compounds ("bookshelves", "firemen").
_IRREGULAR_ENDINGS: tuple[str, ...] = (
    "knives", "wives", "shelves", "leaves", "loaves", "children", "teeth", "feet", "geese",
    "mice", "buses",
)
_IRREGULAR_SINGULARS: dict[str, str] = {s: p for p, s in _IRREGULAR_PLURALS.items()}
# Nouns whose plural is the singular.
_INVARIANT: frozenset[str] = frozenset({
    "sheep", "fish", "deer", "moose", "goldfish", "salmon", "trout", "bison", "shrimp",
    "series", "species", "aircraft", "scissors", "pliers", "tongs", "pants",
    "jeans", "shorts", "trousers", "binoculars", "tweezers", "clothes", "headphones",
})
# Words in -is that are singular (most -is words in a count are plurals: "zucchinis", "skis").
_SINGULAR_IS: frozenset[str] = frozenset({
    "axis", "basis", "analysis", "tennis", "iris", "chassis", "oasis", "crisis", "thesis",
    "hypothesis", "synopsis", "diagnosis", "emphasis", "ellipsis", "trellis", "pelvis", "ibis",
    "mantis", "clematis", "hibiscus",
})
# Words in -as that are singular (most -as words in a count are plurals: "pizzas", "llamas").
_SINGULAR_AS: frozenset[str] = frozenset({"canvas", "atlas", "gas", "bias", "alias"})
# Words in -us that are plural (most -us words are singular: "bus", "cactus", "octopus").
_PLURAL_US: frozenset[str] = frozenset({
    "menus", "emus", "gnus", "tutus", "haikus", "tofus", "gurus", "zebus", "tiramisus", "kudzus",
})


def _split_head(noun: str) -> tuple[str, str, str]:
    """``"rolls of toilet paper"`` -> ``("", "rolls", " of toilet paper")``."""
    words = noun.split(" ")
    head_at = words.index("of") - 1 if "of" in words[1:] else len(words) - 1
    before = " ".join(words[:head_at])
    after = " ".join(words[head_at + 1:])
    return (before + " " if before else ""), words[head_at], (" " + after if after else "")


def _singular_word(word: str) -> str:
    if word in _INVARIANT:
        return word
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    for ending in _IRREGULAR_ENDINGS:
        if word.endswith(ending):
            return word[: -len(ending)] + _IRREGULAR_PLURALS[ending]
    if not looks_plural_word(word):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return word[:-2]
    return word[:-1]


def _plural_word(word: str) -> str:
    if word in _IRREGULAR_SINGULARS:
        return _IRREGULAR_SINGULARS[word]
    if word in _INVARIANT or looks_plural_word(word):
        return word
    for ending in _IRREGULAR_ENDINGS:
        single = _IRREGULAR_PLURALS[ending]
        if word.endswith(single):
            return word[: -len(single)] + ending
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "sh", "ch", "x", "z")):
        return word + "es"
    return word + "s"


def looks_plural_word(word: str) -> bool:
    """Whether ``word`` is already a plural ("apples", "zucchinis", "sheep"; not "glass")."""
    if word in _INVARIANT or word in _IRREGULAR_PLURALS or word.endswith(_IRREGULAR_ENDINGS):
        return True
    if not word.endswith("s") or word.endswith("ss"):
        return False
    if word.endswith("us"):
        return word in _PLURAL_US
    if word.endswith("is"):
        return word not in _SINGULAR_IS
    return word not in _SINGULAR_AS


@lru_cache(maxsize=4096)
def to_plural(noun: str) -> str:
    """The plural of a (possibly already plural) noun phrase: "apple" -> "apples"."""
    before, head, after = _split_head(noun)
    return before + _plural_word(head) + after


@lru_cache(maxsize=4096)
def singular(noun: str) -> str:
    """The singular used for rendering, or ``noun`` itself when no invertible singular exists."""
    before, head, after = _split_head(noun)
    candidate = before + _singular_word(head) + after
    return candidate if candidate != noun and to_plural(candidate) == noun else noun


def with_count(quantity: int, noun: str) -> str:
    """The noun as it follows a number: "1 apple", "2 apples"."""
    return singular(noun) if quantity == 1 else noun
