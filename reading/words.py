"""The words a word problem is read with: tokens, numbers, verbs by what they do to a count,
pronouns, and entity nouns (their plural and head noun, by ``vlp.grammar.inflect``).

Numbers in words are folded by the grammar's own ``number_value``; sentences are brought to
the grammar's spelling by ``normalize_sentence`` (quotes, thousands commas, spaces), after
``$5`` has become ``5 dollars`` (the grammar drops the sign).
"""

from __future__ import annotations

import re

import attrs

from vlp.grammar.inflect import looks_plural_word, to_plural
from vlp.grammar.loose import NUMBER_WORDS, number_value
from vlp.grammar.sentences import normalize_sentence


@attrs.frozen
class Token:
    text: str
    lower: str
    number: int | None = None  # a whole number, written in digits or words


_MONEY_RE = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)")
_CENTS_RE = re.compile(r"(\d)¢")
_TOKEN_RE = re.compile(r"[A-Za-z]+\d[A-Za-z\d]*|\d+(?:\.\d+)?|"
                       r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'[A-Za-z]+)?|'|[^\sA-Za-z\d]")
NOT_WHOLE_RE = re.compile(r"\d\.\d|\d+/\d+|\b(?:half|halves|thirds|fourths)\b|"
                          r"\b(?:a|one) (?:third|quarter|fourth|fifth) of\b|%|\bpercent")


def prepare(text: str) -> str:
    """``$5`` -> ``5 dollars``, then the grammar's normal spelling (without its closing stop)."""
    text = _MONEY_RE.sub(lambda m: f"{m.group(1)} dollars", text.replace("\u2019", "'"))
    text = _CENTS_RE.sub(r"\1 cents", text)
    return normalize_sentence(text).rstrip(".")


def tokens(text: str) -> list[Token]:
    """Words, numbers (number words folded into one token) and signs of a prepared sentence."""
    found: list[Token] = []
    # "push-ups" is one word; "twenty-five" two number words
    pieces = [part for piece in _TOKEN_RE.findall(text) for part in (
        piece.split("-") if "-" in piece and all(
            w.lower() in NUMBER_WORDS for w in piece.split("-")) else [piece])]
    index = 0
    while index < len(pieces):
        piece = pieces[index]
        lower = piece.lower()
        if piece.isdigit():
            found.append(Token(piece, lower, int(piece)))
            index += 1
            continue
        if lower in NUMBER_WORDS and lower not in ("hundred", "thousand"):
            end = index + 1
            while end < len(pieces) and (pieces[end].lower() in NUMBER_WORDS or (
                    pieces[end].lower() == "and" and end + 1 < len(pieces)
                    and pieces[end + 1].lower() in NUMBER_WORDS and
                    pieces[end - 1].lower() in ("hundred", "thousand"))):
                end += 1
            value = number_value([p.lower() for p in pieces[index:end]])
            if value is not None:
                found.append(Token(" ".join(pieces[index:end]), lower, value))
                index = end
                continue
        found.append(Token(piece, lower))
        index += 1
    return found


# -- verbs, by what they do to the subject's count ------------------------------------------

HAVE = frozenset("has have had owns own owned possesses possess possessed holds hold held "
                 "keeps keep kept contains contain contained".split())
# counting what the subject made or got hold of: a count first, more of it later
ACQUIRE = frozenset("grew grow grows picked pick picks found find finds collected collect "
                    "collects caught catch catches baked bake bakes made make makes won win "
                    "wins earned earn earns saved save saves scored score scores did do does "
                    "read reads wrote write writes drew draw draws bought buy buys gathered "
                    "gather gathers harvested harvest harvests got get jumped jump jumps "
                    "filled fill fills brought bring brings "
                    "raised raise raises "
                    "gets received receive receives sold sell sells ate eat eats lost lose buying "
                    "loses spent spend spends used use uses ordered order orders purchased "
                    "purchase purchases gained gain gains".split())
GAIN = frozenset("got get gets received receive receives gained gain gains".split())
GIVE = frozenset("gave give gives handed hand hands sent send sends lent lend lends passed "
                 "pass passes donated donate donates".split())
# giving verbs whose receiver may go unnamed ("sent 91 letters"), and the agent it is named
UNNAMED_RECEIVERS = {"sent": "sent", "send": "sent", "sends": "sent", "donated": "donated",
                     "donate": "donated", "donates": "donated"}
TAKE = frozenset("took take takes borrowed borrow borrows".split())
PLACE = frozenset("placed place places put puts added add adds stacked stack stacks planted "
                  "plant plants".split())
# verbs that take a count out of its only holder ("cut down 2 oak trees")
REMOVE = {"cut": "cut down", "chopped": "cut down", "removed": "removed", "remove": "removed",
          "removes": "removed"}
# verbs a count leaves the subject by, and the counterparty each names
LOSE = {"ate": "eaten", "eat": "eaten", "eats": "eaten", "lost": "lost", "lose": "lost",
        "loses": "lost", "spent": "spent", "spend": "spent", "spends": "spent",
        "used": "used", "use": "used", "uses": "used", "sold": "buyers", "sell": "buyers",
        "sells": "buyers", "broke": "broken", "break": "broken", "breaks": "broken",
        "popped": "popped", "pop": "popped", "pops": "popped", "drank": "drunk",
        "drink": "drunk", "drinks": "drunk", "threw": "thrown away", "throw": "thrown away",
        "throws": "thrown away", "deleted": "deleted", "delete": "deleted",
        "deletes": "deleted", "paid": "spent", "pay": "spent", "pays": "spent"}
BUY = frozenset("bought buy buys buying ordered order orders purchased purchase "
                "purchases".split())
LEMMA = {"grew": "grow", "grows": "grow", "picked": "pick", "picks": "pick", "found": "find",
         "finds": "find", "collected": "collect", "collects": "collect", "caught": "catch",
         "catches": "catch", "baked": "bake", "bakes": "bake", "made": "make", "makes": "make",
         "won": "win", "wins": "win", "earned": "earn", "earns": "earn", "saved": "save",
         "saves": "save", "scored": "score", "scores": "score", "did": "do", "does": "do",
         "reads": "read", "wrote": "write", "writes": "write", "drew": "draw", "draws": "draw",
         "bought": "buy", "buys": "buy", "ordered": "buy", "order": "buy", "orders": "buy",
         "purchased": "buy", "purchase": "buy", "purchases": "buy", "gathered": "gather",
         "gathers": "gather", "gained": "gain", "gains": "gain",
         "harvested": "harvest", "harvests": "harvest", "planted": "plant", "plants": "plant",
         "brought": "bring", "brings": "bring", "jumped": "jump", "jumps": "jump",
         "raised": "raise", "raises": "raise",
         "remained": "have", "remain": "have", "remains": "have",
         "has": "have", "had": "have", "owns": "have", "own": "have", "owned": "have",
         "possesses": "have", "possess": "have", "possessed": "have", "holds": "have",
         "hold": "have", "held": "have", "keeps": "have", "keep": "have", "kept": "have",
         "contains": "have", "contain": "have", "contained": "have", "got": "get",
         "gets": "get", "received": "get", "receive": "get", "receives": "get",
         "sold": "sell", "sells": "sell", "ate": "eat", "eats": "eat", "lost": "lose",
         "loses": "lose", "spent": "spend", "spends": "spend", "used": "use", "uses": "use"}
BE = frozenset("is are was were".split())
AUXILIARY = frozenset("do does did".split())

PERSONAL = {"he": "he", "she": "she", "him": "he", "her": "she", "his": "he", "hers": "she"}
PLURAL_PRONOUNS = frozenset("they them their theirs".split())
POSSESSIVE_PRONOUNS = frozenset("his her their its".split())
ARTICLES = frozenset("the a an".split())
# capitalized words that are not names when they begin a sentence or a clause
NOT_NAMES = frozenset(
    "the a an there if then so later now after before when while during at on in for of "
    "to from by with each every how what his her he she they their it its this that these "
    "those last next yesterday today tomorrow this all some another both one mr mrs ms dr "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december together finally also but and "
    "over altogether initially first second third".split())
FAMILY = frozenset("mom mother dad father brother sister friend friends aunt uncle grandma "
                   "grandpa grandmother grandfather son daughter cousin wife husband teacher "
                   "neighbor mum parents boss coach".split())
# the everyday word of a relation and the one a program may name it by ("mom" for mother)
KIN_FORMS = {"mom": "mother", "mum": "mother", "dad": "father", "grandma": "grandmother",
             "grandpa": "grandfather"}
MORE = frozenset("more farther further longer taller higher older bigger heavier".split())
LESS = frozenset("fewer less lesser shorter younger smaller lighter".split())
# containers whose contents are their owner's ("8 dollars in Olivia's wallet")
PERSONAL_CONTAINERS = frozenset("wallet purse pocket bank piggy account collection".split())
# words that end a noun phrase
PHRASE_ENDS = frozenset("in on at to from for with than and or but each per by into onto "
                        "more fewer less left now then today yesterday this last that which "
                        "who while when if so because after before during currently there here "
                        "too again up down away out off back total inside it them came joined "
                        "arrived went quit , . ? ! ; "
                        ":".split()) | MORE | LESS
TIME_WORDS = frozenset("today yesterday tomorrow now then later already still this last next "
                       "morning afternoon evening night week month year day monday tuesday "
                       "wednesday thursday friday saturday sunday january february march april "
                       "june july august september october november december tomorrow "
                       "weekend".split())
UNKNOWN_AMOUNTS = frozenset("some several few many".split())
MONEY = {"dollars": "dollars", "dollar": "dollars", "bucks": "dollars", "cents": "cents",
         "cent": "cents", "money": "dollars"}


def plural_noun(words: list[str]) -> str:
    """An entity's name: its words lower-cased with the head noun in the plural ("1 apple"
    and "apples" name one entity; "bales of hay" keeps its head "bales")."""
    text = " ".join(words).lower()
    text = MONEY.get(text, text)
    return to_plural(text)


def head_noun(entity: str) -> str:
    """The head noun of an entity: the last word, or the word before "of"."""
    words = entity.split(" ")
    return words[words.index("of") - 1] if "of" in words[1:] else words[-1]


def is_plural(word: str) -> bool:
    return looks_plural_word(word.lower())

# the participle a count-first clause states a loss with ("5 were eaten")
LOST_PARTICIPLES = {"eaten": "eaten", "lost": "lost", "sold": "buyers", "used": "used",
                    "broken": "broken", "deleted": "deleted", "stolen": "stolen"}


def is_word(text: str) -> bool:
    """Letters, with hyphens inside ("push-ups")."""
    return text.replace("-", "").isalpha() and not text.startswith("-")
