"""Tests for the sampler lexicon (package data plus loader)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from vlp.sampler.lexicon import Container, Lexicon, Noun, load_lexicon, parse_lexicon

# Words the sentence templates use; no entity or name may be one of them.
TEMPLATE_WORDS = {
    "has",
    "have",
    "gives",
    "gets",
    "owns",
    "possesses",
    "contains",
    "more",
    "less",
    "fewer",
    "each",
    "per",
    "total",
    "all",
    "combined",
    "difference",
    "number",
    "then",
}

# Common English words that must not be used as names.
COMMON_WORD_NAMES = {
    "will", "rose", "bill", "may", "june", "grant", "mark", "faith", "hope", "joy", "art",
    "sunny", "page", "dale", "guy", "pat", "daisy", "lily", "ivy", "holly", "iris", "ruby",
    "pearl", "amber", "jade", "violet", "olive", "basil", "sage", "hazel", "robin", "jack",
    "frank", "grace", "carol", "crystal", "destiny", "summer", "autumn", "dawn", "sky",
}  # fmt: skip


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return load_lexicon()


def _entity_words(lex: Lexicon) -> set[str]:
    return {w for n in lex.all_nouns() for f in (n.singular, n.plural) for w in f.split()}


def _container_words(lex: Lexicon) -> set[str]:
    return {w for c in lex.containers for f in (c.singular, c.plural) for w in f.split()}


def test_load_is_cached(lex: Lexicon) -> None:
    assert load_lexicon() is lex


def test_sizes(lex: Lexicon) -> None:
    assert len(lex.names) >= 3000
    assert len(lex.topics) >= 60
    assert all(len(nouns) >= 5 for nouns in lex.topics.values())
    assert len(lex.all_nouns()) >= 300
    assert len(lex.containers) >= 40
    assert len(lex.relations) >= 30


def test_names_are_well_formed(lex: Lexicon) -> None:
    assert len(set(lex.names)) == len(lex.names)
    assert len({n.lower() for n in lex.names}) == len(lex.names)
    for name in lex.names:
        assert re.fullmatch(r"[A-Z][a-z]+", name), name
    lowered = {n.lower() for n in lex.names}
    assert not lowered & COMMON_WORD_NAMES
    assert not lowered & TEMPLATE_WORDS


def test_relations_are_well_formed(lex: Lexicon) -> None:
    assert len(set(lex.relations)) == len(lex.relations)
    for rel in lex.relations:
        assert re.fullmatch(r"[a-z]+", rel), rel
    assert {"son", "daughter", "friend", "neighbor", "cousin"} <= set(lex.relations)


def test_no_name_collisions(lex: Lexicon) -> None:
    lowered = {n.lower() for n in lex.names}
    assert not lowered & _entity_words(lex)
    assert not lowered & _container_words(lex)
    assert not lowered & set(lex.relations)


def test_entity_forms_unique(lex: Lexicon) -> None:
    nouns = lex.all_nouns()
    plurals = [n.plural for n in nouns]
    singulars = [n.singular for n in nouns]
    assert len(set(plurals)) == len(plurals)
    assert len(set(singulars)) == len(singulars)
    assert not set(plurals) & set(singulars)
    assert all(n.singular != n.plural for n in nouns)
    assert not _entity_words(lex) & TEMPLATE_WORDS


def test_container_forms_distinct(lex: Lexicon) -> None:
    entity_forms = {f for n in lex.all_nouns() for f in (n.singular, n.plural)}
    forms = [f for c in lex.containers for f in (c.singular, c.plural)]
    assert len(set(forms)) == len(forms)
    assert not set(forms) & entity_forms
    assert not set(lex.relations) & (entity_forms | set(forms))
    assert not _container_words(lex) & TEMPLATE_WORDS


def test_every_topic_has_a_container(lex: Lexicon) -> None:
    for topic, nouns in lex.topics.items():
        for noun in nouns:
            holders = lex.containers_for(noun.plural)
            assert holders, topic
            assert all(topic in c.holds_topics for c in holders)
    for container in lex.containers:
        assert set(container.holds_topics) <= set(lex.topics)


def test_singular_plural_round_trip(lex: Lexicon) -> None:
    for topic, nouns in lex.topics.items():
        for noun in nouns:
            assert lex.noun(noun.plural) == noun
            assert lex.singular(noun.plural) == noun.singular
            assert lex.topic_of(noun.plural) == topic
            assert lex.is_entity(noun.plural)
            assert not lex.is_container(noun.plural)
            related = lex.related_entities(noun.plural)
            assert noun not in related
            assert len(related) == len(nouns) - 1
            assert all(lex.topic_of(r.plural) == topic for r in related)
    for container in lex.containers:
        assert lex.noun(container.plural) == container.noun
        assert lex.singular(container.plural) == container.singular
        assert lex.container(container.plural) is container
        assert lex.is_container(container.plural)


def test_known_entries(lex: Lexicon) -> None:
    assert lex.singular("knives") == "knife"
    assert lex.singular("geese") == "goose"
    assert lex.singular("boxes") == "box"
    assert lex.topic_of("parrots") == "birds"
    assert lex.singular("pet stores") == "pet store"
    assert "pet stores" in {c.plural for c in lex.containers_for("hamsters")}
    assert Noun("apple", "apples") in lex.all_nouns()
    assert Noun("apple", "apples").form(1) == "apple"
    assert Noun("apple", "apples").form(3) == "apples"


def test_unknown_lookups_raise(lex: Lexicon) -> None:
    for call in (lex.topic_of, lex.related_entities, lex.noun, lex.singular, lex.containers_for):
        with pytest.raises(KeyError):
            call("unicorn horns")
    with pytest.raises(KeyError):
        lex.topic_of("baskets")  # a container, not an entity
    with pytest.raises(KeyError):
        lex.container("apples")


def test_random_combos_rarely_repeat(lex: Lexicon) -> None:
    rng = random.Random(0)
    nouns = lex.all_nouns()
    combos = [(rng.choice(lex.names), rng.choice(nouns).plural) for _ in range(10_000)]
    repeats = len(combos) - len(set(combos))
    assert repeats < 100, repeats


# ------------------------------------------------------------------ validation errors


def _data() -> dict[str, Any]:
    return {
        "names_text": "Alice\nBernhard\n",
        "entities": {
            "topics": {
                "fruits": [
                    {"singular": "apple", "plural": "apples"},
                    {"singular": "pear", "plural": "pears"},
                ],
                "kitchen": [{"singular": "knife", "plural": "knives"}],
            }
        },
        "containers": {
            "containers": [
                {"singular": "basket", "plural": "baskets", "holds_topics": ["fruits"]},
                {"singular": "drawer", "plural": "drawers", "holds_topics": ["kitchen"]},
            ]
        },
        "relations_text": "son\nfriend\n",
    }


def test_parse_small_lexicon() -> None:
    lex = parse_lexicon(**_data())
    assert lex.names == ("Alice", "Bernhard")
    assert lex.related_entities("apples") == (Noun("pear", "pears"),)
    assert lex.containers_for("knives") == (Container(Noun("drawer", "drawers"), ("kitchen",)),)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(names_text="Alice\nAlice\n"), "duplicate names"),
        (lambda d: d.update(names_text="Alice\nmary jane\n"), "capitalised"),
        (lambda d: d.update(names_text="Alice\nApple\n"), "entity words"),
        (lambda d: d.update(names_text="Alice\nBasket\n"), "container words"),
        (lambda d: d.update(names_text="Alice\nSon\n"), "relation words"),
        (lambda d: d.update(relations_text="son\nson\n"), "duplicate relations"),
        (
            lambda d: d["entities"]["topics"]["kitchen"].append(
                {"singular": "apple", "plural": "appless"}
            ),
            "duplicate entity singulars",
        ),
        (
            lambda d: d["entities"]["topics"]["kitchen"].append(
                {"singular": "pearl", "plural": "pears"}
            ),
            "duplicate entity plurals",
        ),
        (
            lambda d: d["entities"]["topics"]["kitchen"].append(
                {"singular": "pears", "plural": "pearses"}
            ),
            "another entity's singular",
        ),
        (
            lambda d: d["containers"]["containers"].append(
                {"singular": "apple", "plural": "apple boxes", "holds_topics": ["fruits"]}
            ),
            "both entity and container",
        ),
        (
            lambda d: d["containers"]["containers"][1].update(holds_topics=["fruits"]),
            "held by no container",
        ),
        (
            lambda d: d["containers"]["containers"][1].update(holds_topics=["tools"]),
            "unknown topics",
        ),
        (lambda d: d["entities"].pop("topics"), "'topics'"),
    ],
)
def test_invalid_data_raises(mutate: Any, message: str) -> None:
    data = _data()
    mutate(data)
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_lexicon(**data)
