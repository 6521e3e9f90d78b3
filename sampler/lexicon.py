"""Lexicon for the word-problem sampler.

The vocabulary lives in package data under ``vlp/sampler/data``:

* ``names.txt`` -- capitalised single-token first names, one per line;
* ``entities.json`` -- countable nouns grouped by topic,
  ``{"topics": {topic: [{"singular": ..., "plural": ...}, ...]}}``;
* ``containers.json`` -- container nouns for the ``rate`` predicate,
  ``{"containers": [{"singular": ..., "plural": ..., "holds_topics": [...]}, ...]}``;
* ``relations.txt`` -- lowercase relation words used in possessive agent phrases
  (``"Bernhard's son"``), one per line.

Entities are keyed by their plural form throughout, because that is the form the
problem templates use ("Pieter has 20 parrots").  Everything is validated when a
:class:`Lexicon` is built; inconsistent data raises :class:`ValueError`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from importlib.resources import files
from types import MappingProxyType
from typing import Any

import attrs

__all__ = [
    "Container",
    "Lexicon",
    "Noun",
    "load_lexicon",
    "parse_lexicon",
]

_NAME_RE = re.compile(r"[A-Z][a-z]+")
_RELATION_RE = re.compile(r"[a-z]+")
_NOUN_RE = re.compile(r"[a-z]+(?: [a-z]+)*")


@attrs.frozen
class Noun:
    """A countable noun with explicit singular and plural forms."""

    singular: str
    plural: str

    def form(self, count: int) -> str:
        """The form agreeing with ``count`` (singular only for exactly one)."""
        return self.singular if count == 1 else self.plural


@attrs.frozen
class Container:
    """A container noun and the entity topics it can plausibly hold."""

    noun: Noun
    holds_topics: tuple[str, ...]

    @property
    def singular(self) -> str:
        return self.noun.singular

    @property
    def plural(self) -> str:
        return self.noun.plural


def _words(noun: Noun) -> set[str]:
    return set(noun.singular.split()) | set(noun.plural.split())


def _duplicates(items: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    dups: list[str] = []
    for item in items:
        if item in seen and item not in dups:
            dups.append(item)
        seen.add(item)
    return dups


def _preview(items: Iterable[str], limit: int = 10) -> str:
    items = sorted(items)
    shown = ", ".join(repr(i) for i in items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "")


def _freeze_topics(topics: Mapping[str, Iterable[Noun]]) -> Mapping[str, tuple[Noun, ...]]:
    return MappingProxyType({topic: tuple(nouns) for topic, nouns in topics.items()})


@attrs.frozen(eq=False, repr=False)
class Lexicon:
    """Names, topic-grouped entity nouns, containers and relation words.

    Entity nouns and container nouns are looked up by their plural form.  Lookups of an
    unknown plural raise :class:`KeyError`.
    """

    names: tuple[str, ...] = attrs.field(converter=tuple)
    topics: Mapping[str, tuple[Noun, ...]] = attrs.field(converter=_freeze_topics)
    containers: tuple[Container, ...] = attrs.field(converter=tuple)
    relations: tuple[str, ...] = attrs.field(converter=tuple)
    _topic_by_plural: Mapping[str, str] = attrs.field(init=False, repr=False)
    _noun_by_plural: Mapping[str, Noun] = attrs.field(init=False, repr=False)
    _container_by_plural: Mapping[str, Container] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._validate()
        topic_by_plural = {n.plural: t for t, nouns in self.topics.items() for n in nouns}
        noun_by_plural = {n.plural: n for nouns in self.topics.values() for n in nouns}
        container_by_plural = {c.plural: c for c in self.containers}
        object.__setattr__(self, "_topic_by_plural", MappingProxyType(topic_by_plural))
        object.__setattr__(self, "_noun_by_plural", MappingProxyType(noun_by_plural))
        object.__setattr__(self, "_container_by_plural", MappingProxyType(container_by_plural))

    # ------------------------------------------------------------------ validation

    def _validate(self) -> None:
        self._validate_names_and_relations()
        self._validate_entities()
        self._validate_containers()
        self._validate_cross_collisions()

    def _validate_names_and_relations(self) -> None:
        if not self.names:
            raise ValueError("lexicon: the name list is empty")
        bad = [n for n in self.names if not _NAME_RE.fullmatch(n)]
        if bad:
            raise ValueError(
                "lexicon: names must be single capitalised ASCII words: " + _preview(bad)
            )
        dups = _duplicates(self.names)
        if dups:
            raise ValueError("lexicon: duplicate names: " + _preview(dups))
        if not self.relations:
            raise ValueError("lexicon: the relation list is empty")
        bad = [r for r in self.relations if not _RELATION_RE.fullmatch(r)]
        if bad:
            raise ValueError(
                "lexicon: relations must be single lowercase ASCII words: " + _preview(bad)
            )
        dups = _duplicates(self.relations)
        if dups:
            raise ValueError("lexicon: duplicate relations: " + _preview(dups))

    def _validate_entities(self) -> None:
        if not self.topics:
            raise ValueError("lexicon: no entity topics")
        for topic, nouns in self.topics.items():
            if not topic or not nouns:
                raise ValueError(f"lexicon: topic {topic!r} has no entities")
            for noun in nouns:
                for form in (noun.singular, noun.plural):
                    if not _NOUN_RE.fullmatch(form):
                        raise ValueError(
                            f"lexicon: entity form {form!r} in topic {topic!r} must be "
                            "lowercase ASCII words separated by single spaces"
                        )
                if noun.singular == noun.plural:
                    raise ValueError(
                        f"lexicon: entity {noun.singular!r} has identical singular and plural"
                    )
        nouns = [n for ns in self.topics.values() for n in ns]
        for label, forms in (
            ("plural", [n.plural for n in nouns]),
            ("singular", [n.singular for n in nouns]),
        ):
            dups = _duplicates(forms)
            if dups:
                raise ValueError(f"lexicon: duplicate entity {label}s: " + _preview(dups))
        clash = {n.plural for n in nouns} & {n.singular for n in nouns}
        if clash:
            raise ValueError(
                "lexicon: entity plurals equal to another entity's singular: " + _preview(clash)
            )

    def _validate_containers(self) -> None:
        if not self.containers:
            raise ValueError("lexicon: no containers")
        for c in self.containers:
            for form in (c.singular, c.plural):
                if not _NOUN_RE.fullmatch(form):
                    raise ValueError(
                        f"lexicon: container form {form!r} must be lowercase ASCII words "
                        "separated by single spaces"
                    )
            if c.singular == c.plural:
                raise ValueError(
                    f"lexicon: container {c.singular!r} has identical singular and plural"
                )
            if not c.holds_topics:
                raise ValueError(f"lexicon: container {c.plural!r} holds no topics")
            unknown = [t for t in c.holds_topics if t not in self.topics]
            if unknown:
                raise ValueError(
                    f"lexicon: container {c.plural!r} names unknown topics: " + _preview(unknown)
                )
            dups = _duplicates(c.holds_topics)
            if dups:
                raise ValueError(
                    f"lexicon: container {c.plural!r} lists topics twice: " + _preview(dups)
                )
        forms = [c.plural for c in self.containers] + [c.singular for c in self.containers]
        dups = _duplicates(forms)
        if dups:
            raise ValueError("lexicon: duplicate container forms: " + _preview(dups))
        covered = {t for c in self.containers for t in c.holds_topics}
        uncovered = set(self.topics) - covered
        if uncovered:
            raise ValueError("lexicon: topics held by no container: " + _preview(uncovered))

    def _validate_cross_collisions(self) -> None:
        entity_forms = {
            f for ns in self.topics.values() for n in ns for f in (n.singular, n.plural)
        }
        container_forms = {f for c in self.containers for f in (c.singular, c.plural)}
        clash = entity_forms & container_forms
        if clash:
            raise ValueError("lexicon: words both entity and container: " + _preview(clash))
        entity_words = {w for ns in self.topics.values() for n in ns for w in _words(n)}
        container_words = {w for c in self.containers for w in _words(c.noun)}
        relations = set(self.relations)
        lowered = {n.lower(): n for n in self.names}
        for label, words in (
            ("entity", entity_words),
            ("container", container_words),
            ("relation", relations),
        ):
            clash = {lowered[w] for w in lowered.keys() & words}
            if clash:
                raise ValueError(f"lexicon: names that are also {label} words: " + _preview(clash))
        clash = relations & (entity_forms | container_forms)
        if clash:
            raise ValueError(
                "lexicon: relation words that are also entity/container nouns: " + _preview(clash)
            )

    def __repr__(self) -> str:
        return (
            f"Lexicon(names={len(self.names)}, topics={len(self.topics)}, "
            f"entities={len(self._noun_by_plural)}, containers={len(self.containers)}, "
            f"relations={len(self.relations)})"
        )

    # ---------------------------------------------------------------------- lookups

    def _entity_topic(self, plural: str) -> str:
        try:
            return self._topic_by_plural[plural]
        except KeyError:
            raise KeyError(f"unknown entity plural {plural!r}") from None

    def topic_of(self, plural: str) -> str:
        """The topic of the entity with this plural form."""
        return self._entity_topic(plural)

    def related_entities(self, plural: str) -> tuple[Noun, ...]:
        """The other entities of the same topic, in file order."""
        topic = self._entity_topic(plural)
        return tuple(n for n in self.topics[topic] if n.plural != plural)

    def noun(self, plural: str) -> Noun:
        """The noun (entity or container) with this plural form."""
        found = self._noun_by_plural.get(plural)
        if found is not None:
            return found
        container = self._container_by_plural.get(plural)
        if container is not None:
            return container.noun
        raise KeyError(f"unknown noun plural {plural!r}")

    def singular(self, plural: str) -> str:
        """The singular of an entity or container plural."""
        return self.noun(plural).singular

    def container(self, plural: str) -> Container:
        """The container with this plural form."""
        try:
            return self._container_by_plural[plural]
        except KeyError:
            raise KeyError(f"unknown container plural {plural!r}") from None

    def containers_for(self, plural: str) -> tuple[Container, ...]:
        """The containers that can hold the entity with this plural form."""
        topic = self._entity_topic(plural)
        return tuple(c for c in self.containers if topic in c.holds_topics)

    def is_entity(self, plural: str) -> bool:
        return plural in self._topic_by_plural

    def is_container(self, plural: str) -> bool:
        return plural in self._container_by_plural

    def all_nouns(self) -> tuple[Noun, ...]:
        """Every entity noun (containers excluded), topic by topic in file order."""
        return tuple(n for nouns in self.topics.values() for n in nouns)


# -------------------------------------------------------------------------- parsing


def _lines(text: str) -> list[str]:
    return [s for line in text.splitlines() if (s := line.strip()) and not s.startswith("#")]


def _parse_noun(raw: Any, where: str) -> Noun:
    if not isinstance(raw, Mapping):
        raise ValueError(f"lexicon: {where}: expected an object, got {raw!r}")
    singular, plural = raw.get("singular"), raw.get("plural")
    if not isinstance(singular, str) or not isinstance(plural, str):
        raise ValueError(f"lexicon: {where}: 'singular' and 'plural' must be strings: {raw!r}")
    return Noun(singular=singular, plural=plural)


def _parse_topics(entities: Any) -> dict[str, tuple[Noun, ...]]:
    topics = entities.get("topics") if isinstance(entities, Mapping) else None
    if not isinstance(topics, Mapping):
        raise ValueError("lexicon: entities data must be an object with a 'topics' object")
    out: dict[str, tuple[Noun, ...]] = {}
    for topic, items in topics.items():
        if not isinstance(items, list):
            raise ValueError(f"lexicon: topic {topic!r} must map to a list of entities")
        out[topic] = tuple(_parse_noun(item, f"topic {topic!r}") for item in items)
    return out


def _parse_containers(containers: Any) -> tuple[Container, ...]:
    items = containers.get("containers") if isinstance(containers, Mapping) else None
    if not isinstance(items, list):
        raise ValueError("lexicon: containers data must be an object with a 'containers' list")
    out: list[Container] = []
    for item in items:
        noun = _parse_noun(item, "container")
        holds = item.get("holds_topics")
        if not isinstance(holds, list) or not all(isinstance(t, str) for t in holds):
            raise ValueError(
                f"lexicon: container {noun.plural!r}: 'holds_topics' must be a list of strings"
            )
        out.append(Container(noun=noun, holds_topics=tuple(holds)))
    return tuple(out)


def parse_lexicon(
    names_text: str,
    entities: Mapping[str, Any],
    containers: Mapping[str, Any],
    relations_text: str,
) -> Lexicon:
    """Build and validate a :class:`Lexicon` from the raw contents of the data files."""
    return Lexicon(
        names=tuple(_lines(names_text)),
        topics=_parse_topics(entities),
        containers=_parse_containers(containers),
        relations=tuple(_lines(relations_text)),
    )


@functools.cache
def load_lexicon() -> Lexicon:
    """The packaged lexicon, loaded and validated once per process."""
    data = files("vlp.sampler") / "data"
    return parse_lexicon(
        names_text=(data / "names.txt").read_text(encoding="utf-8"),
        entities=json.loads((data / "entities.json").read_text(encoding="utf-8")),
        containers=json.loads((data / "containers.json").read_text(encoding="utf-8")),
        relations_text=(data / "relations.txt").read_text(encoding="utf-8"),
    )
