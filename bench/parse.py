"""Sentence parsing speed of vlp.grammar (target: >= 5,000 sentences/s on one core).

    python bench/parse.py [--sentences N] [--seed S]

Prints sentences parsed per second (CPU time of this process, so other load on the machine
counts less) for: distinct rendered sentences of every template (no cache), the same with
the sentence cache warm (transcripts restate axioms), whole transcripts of the project's
corpus through ``split_transcript``, and how the time of garbage input grows with its size
(linear: the ratios should stay near 2).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from vlp.grammar import TEMPLATES, parse_sentence, split_transcript
from vlp.grammar.sentences import sentence_parser
from vlp.grammar.templates import CLAIM_SLOTS, QUESTION, render_template
from vlp.kernel import Agents

NAMES = ["Alice", "Bob", "Curcio", "Neely", "Trueman", "Gwendolin", "La Verne", "Kara-Lynn",
         "Dennie", "Dianna", "Pieter", "Yorgos", "Edgar", "Eddie", "Shanna", "Lib"]
RELATIONS = ["son", "stepbrother", "niece", "boss", "landlord"]
ENTITIES = ["apples", "puzzles", "hamsters", "pet stores", "spinach leaves", "paper clips",
            "rolls of toilet paper", "boxes", "wrenches", "parrots"]
CORPUS = Path(__file__).resolve().parents[1] / "tests/data/transcripts"


def _agents(rng: random.Random, single: bool) -> Agents:
    def one() -> str:
        name = rng.choice(NAMES)
        return f"{name}'s {rng.choice(RELATIONS)}" if rng.random() < 0.2 else name

    count = 1 if single or rng.random() < 0.7 else rng.randint(2, 4)
    return Agents(frozenset(one() for _ in range(count)))


def rendered_sentences(count: int, seed: int) -> list[str]:
    """``count`` distinct sentences over all templates, half of them with arithmetic."""
    rng = random.Random(seed)
    sentences: set[str] = set()
    while len(sentences) < count:
        template = rng.choice(TEMPLATES)
        values: dict[str, object] = {}
        for slot in CLAIM_SLOTS[template.predicate]:
            if slot in "ABCDSR":
                single = template.agents == "single" or any(
                    t in (f"{{{slot}!}}", f"{{{slot}'s}}") for t in template.tokens)
                values[slot] = _agents(rng, single)
            elif slot == "q":
                values[slot] = rng.randint(1, 500)
            else:
                values[slot] = rng.choice(ENTITIES)
        if template.agents == "plural" and len(values[template.subject or "A"]) < 2:
            values[template.subject or "A"] = Agents(frozenset(rng.sample(NAMES, 3)))
        if template.agents == "single":
            values[template.subject or "A"] = Agents.of(rng.choice(NAMES))
        expression = None
        if template.kind != QUESTION and "q" in values and rng.random() < 0.5:
            expression = f"{values['q'] + 7} - 7"
        sentences.add(render_template(template, values, expression))
    return sorted(sentences)


def rate(label: str, count: int, seconds: float) -> None:
    print(f"{label:<58} {count / seconds:>10,.0f} sentences/s  ({count} in {seconds:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sentence_parser()  # compile the grammar outside the timings

    sentences = rendered_sentences(args.sentences, args.seed)
    parse_sentence.cache_clear()
    start = time.process_time()
    unread = sum(parse_sentence(s).kind == "unparsed" for s in sentences)
    rate("distinct rendered sentences, cold cache", len(sentences), time.process_time() - start)
    start = time.process_time()
    for s in sentences:
        parse_sentence(s)
    rate("the same sentences again, warm cache", len(sentences), time.process_time() - start)
    print(f"  unparsed among rendered sentences: {unread}")

    transcripts = [p.read_text(encoding="utf-8").partition("=== expected")[0]
                   for p in sorted(CORPUS.glob("*.txt"))]
    parse_sentence.cache_clear()
    start = time.process_time()
    steps = 0
    for _ in range(20):
        parse_sentence.cache_clear()
        for text in transcripts:
            steps += len(split_transcript(text))
    rate("corpus transcripts via split_transcript, cold cache", steps,
         time.process_time() - start)

    rng = random.Random(args.seed)
    words = ["Alice", "has", "3", "apples", "more", "than", "Bob", "+", "=", "**", "#", "\u00e9"]
    timings = []
    for size in (250_000, 500_000, 1_000_000):
        text = " ".join(rng.choice(words) + ("." if rng.random() < 0.05 else "")
                        for _ in range(size // 5))[:size]
        parse_sentence.cache_clear()
        start = time.process_time()
        split_transcript(text)
        timings.append(time.process_time() - start)
        print(f"garbage of {size:>9,} characters: {timings[-1]:.2f} s")
    print(f"  growth 0.25->0.5 MB: x{timings[1] / timings[0]:.2f}; "
          f"0.5->1 MB: x{timings[2] / timings[1]:.2f} (linear: about x2)")


if __name__ == "__main__":
    main()
