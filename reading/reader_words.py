"""The loose reader's words: the verbs, prepositions, pronouns, person nouns and filler
words by which a clause's mentions and relation cues are read (``reader.py``), and small
predicates on words. Data and pure functions only: nothing here looks at a program."""

from __future__ import annotations

import re
from collections.abc import Sequence

from vlp.grammar.sentences import LEAD_WORDS

CONT_VERBS = frozenset("""has have had owns own owned possesses possess possessed grew grow
grows found find finds picked pick picks collected collect collects bought buy buys caught
catch catches made make makes baked bake bakes spent spend spends earned earn earns saved save
saves holds hold held contains contain contained keeps keep kept starts start started begins
began ends ended scored score scores gathered gather gathers harvested planted plants plant
counted count counts left remain remains remaining""".split())
COPULAS = frozenset({"is", "are", "was", "were", "that's", "there's", "it's", "be", ":"})
GIVE_VERBS = frozenset("""gave gives give donated donates donate handed hands hand sent sends
send lent lends lend passed passes pass paid pays pay shared shares""".split())
PLACE_VERBS = frozenset("placed places place put puts added adds".split())
TAKE_VERBS = frozenset("""took takes take got gets get received receives receive ate eats eat
borrowed borrows borrow stole steals steal""".split())
LOSE_VERBS = frozenset("lost loses lose spent".split()) - CONT_VERBS
# a step label "After giving 22 to Isabel:" names its change with a gerund: the verb it reads as
GERUNDS = {"giving": "gave", "donating": "donated", "handing": "handed", "sending": "sent",
           "passing": "passed", "lending": "lent", "getting": "got", "receiving": "received",
           "taking": "took", "losing": "lost", "eating": "ate", "placing": "placed",
           "putting": "put", "adding": "added"}
RESULT_VERBS = frozenset({"gives", "makes", "leaves", "leaving", "leave", "left", "making"})
TRANSFER_VERBS = GIVE_VERBS | PLACE_VERBS | LOSE_VERBS | TAKE_VERBS
VERBS = CONT_VERBS | RESULT_VERBS | GIVE_VERBS | TAKE_VERBS | PLACE_VERBS | LOSE_VERBS | COPULAS
# verbs of CONT_VERBS that name an event, not a possession: "Cody spent 19 dollars" is the
# transfer the program has when it has exactly one that fits, not a count of 19
POSSESSION_VERBS = frozenset("""has have had owns own owned possesses possess possessed holds
hold held contains contain contained keeps keep kept left remain remains remaining starts start
started begins began ends ended""".split())
EVENT_VERBS = CONT_VERBS - POSSESSION_VERBS
# the side of a transfer a verb puts its subject on (a verb in neither set fixes no side)
# ("picked", "collected", "found" fix no side: picking from a plant gives them up)
RECEIVER_VERBS = TAKE_VERBS - {"ate", "eats", "eat"} | frozenset("""bought buy buys caught
catch catches earned earn earns won win wins bringing brought brings acquired acquires
purchased purchases purchase added adds""".split())
SENDER_VERBS = GIVE_VERBS | LOSE_VERBS | frozenset("""sold sells sell spent spend spends
used uses use threw throws throw donated deleted deletes delete recycled recycles
recycle removed removes remove dropped drops broke breaks wasted wastes sent gave paid
shipped ships mailed""".split())
# words around an entity that say nothing of what is counted ("36 new stamps", "27 pine trees
# currently", "7 carrots too"): dropped when what remains is one of the program's entities
ENTITY_FILLER = frozenset("""new old more extra additional remaining current currently
originally initially now too also left total still already altogether original initial final
finally today yesterday then there here brand in all combined together overall""".split())
# words of a variable list's label that say nothing of their own ("Number of pencils in the
# drawer = 9", "Number of oak trees initially in the park: 33")
LABEL_GLUE = frozenset("""number numbers of the a an in on at by to from into inside out
be been is are was were has have had that which who total amount count initially originally
now currently left remaining remain start beginning end first initial final today yesterday
tomorrow still already altogether all there here for during with""".split())
# the words of a label that name an event: the line is the one transfer they fit
LABEL_EVENT_WORDS = frozenset("""sold given gave away taken took cut down planted placed
added removed served eaten ate used lost spent bought received got borrowed donated
thrown threw moved additional extra more made built joined joining baked grown grew
picked collected found won earned saved""".split())
ONE_WORDS = frozenset({"a", "an", "one", "1", "each", "every"})
PARTICIPLES = frozenset("""given taken eaten thrown stolen sold used lost spent bought got
gotten received donated made baked picked collected found""".split())
VERB_ADVERBS = frozenset({"then", "also", "now", "only", "just", "still", "already",
                          "finally", "later", "eventually", "again"})
OBJECT_PREPOSITIONS = frozenset({"for", "at", "from", "in", "on", "with", "to", "of", "by",
                                 "into", "onto", "during", "after", "before"})
# a number right after these is a time, a place or a price, not what the subject has
# ("grew 24 pumpkins in 34 days"), unless a rate's "each" / "per" follows it
SETTING_PREPOSITIONS = frozenset({"in", "for", "after", "during", "within", "over", "on", "at",
                                  "every", "since", "until"})
# a clause "3 students left." / "42 new students came": the things counted moved, and the
# verb says which way: out of the program's holder, or into it
LEAVING_VERBS = frozenset("""left leave leaves went go goes departed depart departs moved
quit quits died died fell falls flew escaped ran""".split())
ARRIVING_VERBS = frozenset("""came come comes arrived arrive arrives joined join joins entered
enter enters""".split())
# verbs that end an entity phrase ("42 new students came", "3 hamburgers were served")
ENTITY_ENDS = LEAVING_VERBS | ARRIVING_VERBS | SENDER_VERBS | RECEIVER_VERBS
COMPARATIVES = {"more": "more", "fewer": "fewer", "less": "fewer", "lesser": "fewer",
                "farther": "more", "further": "more", "longer": "more", "taller": "more",
                "higher": "more", "shorter": "fewer"}
TOTALS = frozenset({"total", "all", "altogether", "combined", "together", "both"})
# the words that make an amount per thing ("2 nails for each plank", "8 dollars per hour")
PER_WORDS = frozenset({"each", "per", "every", "apiece"})
# the words of doubt a need or a capacity per thing is said with ("needs 2 nails for each
# plank", "could fit 11 on each shelf")
NEED_WORDS = frozenset({"need", "needs", "could"})
SINGLE_PRONOUNS = frozenset({"he", "she", "him", "her"})
PLURAL_PRONOUNS = frozenset({"they", "them", "both"})
POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their"})
# the words (besides names and possessives) that can start a mention
MENTION_WORDS = SINGLE_PRONOUNS | PLURAL_PRONOUNS | POSSESSIVE_PRONOUNS | {"its"}
# words that end an entity phrase after a number
FUNCTION_WORDS = frozenset("""more fewer less than of the a an to from in into on at for each
per left and or now total all as with so then by is are was were be this that it he she they
we you one""".split())
STOP = frozenset("""more fewer less than of the a an to from in into on at for each per left
and or now total all altogether combined together as with so then by is are was were be has
have had than this that these those it its his her their them they he she we you one ones
until while which who whom whose
times dollar's if but after before over under more.""".split()) | CONT_VERBS | GIVE_VERBS \
    | TAKE_VERBS | PLACE_VERBS | LOSE_VERBS | COPULAS
LEADS = frozenset(LEAD_WORDS) | {"means", "then"}
START_LABELS = frozenset({"start", "initially", "beginning", "begin", "before", "first"})
DEMONSTRATIVES = frozenset({"which", "that", "this", "it", "that's", "it's", "who", "what"})
VALUE_COLUMNS = frozenset({"value", "quantity", "count", "number", "amount", "total"})


_MALE = frozenset({"he", "him", "his", "himself"})
_FEMALE = frozenset({"she", "her", "hers", "herself"})


def gender_of(word: str) -> str | None:
    return "m" if word in _MALE else "f" if word in _FEMALE else None


_MALE_RELATIONS = frozenset("""father stepfather dad brother stepbrother son stepson uncle
grandfather grandpa husband boyfriend nephew grandson""".split())
_FEMALE_RELATIONS = frozenset("""mother stepmother mom mum sister stepsister daughter
stepdaughter aunt grandmother grandma wife girlfriend niece granddaughter""".split())


# nouns that name a person by their relation to someone ("Eve's teacher")
PERSON_NOUNS = _MALE_RELATIONS | _FEMALE_RELATIONS | frozenset("""friend friends teacher
landlord landlady neighbor neighbour boss coach cousin classmate roommate partner parents
family grandparents children kids boss colleague""".split())


# words that make an agent a time or a setting ("last week", "monday", "fruit loops this
# week"): never "he" or "she"
SETTING_NOUNS = frozenset("""monday tuesday wednesday thursday friday saturday sunday weekend
week weeks day days today yesterday tomorrow morning afternoon evening night tonight year
years month months hour hours minute minutes season lunch dinner breakfast first second third
last next this round level game half""".split())


def is_setting(name: str) -> bool:
    return "'s " not in name and not SETTING_NOUNS.isdisjoint(name.split())


def may_be_person(name: str) -> bool:
    """Can an agent written in lower case be "he" or "she"? "the florist", "the farmer",
    "the waiter" can; "the typhoon", "the morning", "green" cannot."""
    head = name.split()[-1]
    return "'s " in name or head in PERSON_NOUNS or head.endswith(
        ("er", "or", "ist", "ian", "ant", "ent", "man", "woman", "ess"))


def relation_gender(name: str) -> str | None:
    """The gender a relation's noun says ("roscoe's stepfather": "m"), if any."""
    head = name.rpartition("'s ")[2].split()[-1] if "'s " in name else ""
    return "m" if head in _MALE_RELATIONS else "f" if head in _FEMALE_RELATIONS else None


OPERAND_SIGNS = frozenset({"+", "-", "−", "–", "×", "*", "/"})
NO_TOTAL_CUES = frozenset({"each", "difference"})
TOTAL_CUES = frozenset({"together", "combined"})
PASSIVE_BE = frozenset({"is", "are", "was", "were"})
PASSIVE_ADVERBS = frozenset({"now", "then", "also", "still", "initially", "originally", "all"})
PASSIVE_OWNED = frozenset({"owned", "possessed", "had", "held", "kept"})
PASSIVE_GIVE = frozenset({"given", "donated", "handed", "passed", "sent", "gifted", "lent"})
PASSIVE_OWN_SHAPES = frozenset({(verb, "by") for verb in PASSIVE_OWNED} |
                               {("left", "with"), ("left", "for")})
# words that name a group's total, where "total" alone may be one person's
GROUP_CUES = frozenset({"together", "combined", "altogether", "both", "all"})

PRONOUNS = SINGLE_PRONOUNS | PLURAL_PRONOUNS | frozenset({"it", "this", "that"})


def question_like(words: Sequence[str]) -> bool:
    return bool(words) and (words[-1] == "?" or words[0] in ("how", "what", "which", "who"))


def fits_shortened(words: Sequence[str], entity_words: Sequence[str]) -> bool:
    """A shortened entity: the words said are the entity's words with some left out, in
    order, keeping its head noun or its first word ("balloons", "yellow" for yellow marbles)."""
    if len(words) >= len(entity_words):
        return False
    iterator = iter(entity_words)
    return all(w in iterator for w in words) and (
        words[-1] == entity_words[-1] or words[0] == entity_words[0])


# "6 dollars an hour", "3 shirts a minute": the article after a count is "per" before one of
# these (or before a thing the program counts per), unless a time follows ("a week ago")
_PER_ARTICLE_RE = re.compile(r"(?<=[a-z]) (an?) ([a-z]+)\b(?! (?:ago|later|earlier|before|"
                             r"after|of|and|or)\b)")
TIME_UNITS = frozenset({"second", "minute", "hour", "day", "night", "week", "month", "year"})


def per_article(text: str, containers: frozenset[str]) -> str:
    """``text`` with "a"/"an" read as "per" where it follows a count's words and comes
    before a unit of time or one of ``containers`` (singular nouns the program counts
    things per): "Lia earns 6 dollars an hour" is "6 dollars per hour"."""
    def swap(match: re.Match[str]) -> str:
        unit = match.group(2)
        before = text[:match.start()]
        if (unit in TIME_UNITS or unit in containers) and re.search(r"\d", before) and \
                re.search(r"\d[\d,.]*\s+(?:[a-z'-]+\s+){0,3}[a-z'-]+$", before.lower()):
            return f" per {unit}"
        return match.group(0)

    return _PER_ARTICLE_RE.sub(swap, text)


# "It takes (Ken) 6 minutes to paint each post": the time per thing, said as what each takes
_TAKES_RE = re.compile(r"\b[Ii]t (takes|took) (?:(him|her|them|[A-Z][a-z]+) )?(\d[\d,.]*) "
                       r"(seconds?|minutes?|hours?|days?|weeks?) to [a-z]+(?: [a-z]+)? "
                       r"(?:each|every|a|one) ([a-z]+)\b")
_TAKER = {"him": "he", "her": "she", "them": "they"}


def takes_time(text: str) -> str:
    """``text`` with "It takes Ken 6 minutes to paint each post" said as "Ken spends 6
    minutes on each post" (with no one named, "each post takes 6 minutes")."""
    def say(match: re.Match[str]) -> str:
        verb, who, number, unit, thing = match.groups()
        if who is None:
            return f"each {thing} {'takes' if verb == 'takes' else 'took'} {number} {unit}"
        spends = ("spend" if who == "them" else "spends") if verb == "takes" else "spent"
        return f"{_TAKER.get(who, who)} {spends} {number} {unit} on each {thing}"

    return _TAKES_RE.sub(say, text)
# months that are no one's name: "Money spent by March" names a time, never a stranger
# (April, May, June and August are names as well)
MONTHS = frozenset("""january february march july september october november
december""".split())
