"""The reader's hand-written inflections and number words against the libraries issue 21
names (``lemminflect`` for nouns, ``number-parser`` for number words), on the real corpus.

    pip install lemminflect number-parser   # only this bench needs them
    python bench/word_libraries.py

Prints, on the development split (transcripts of ../shared/reference/, rebuilt at run time):
1. the words written after a number, and where the two singulars disagree (with counts);
2. the runs of number words, and where the two parsers disagree;
3. the cost of one call of each;
4. the labelled corpus scored with each one in the reader (gold read, misreads, true judged
   false), each variant in its own process.
"""

from __future__ import annotations

import collections
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _dev_texts() -> list[str]:
    import real_corpus
    import real_sources

    return [e.transcript for source in real_sources.sources()
            for e in real_sources.entries(source) if real_corpus.split_of(e.key) == "dev"]


def lemminflect_singular(noun: str) -> str:
    from lemminflect import getLemma

    from vlp.grammar.inflect import _split_head

    before, head, after = _split_head(noun)
    lemma = getLemma(head, upos="NOUN")
    return before + (lemma[0] if lemma else head) + after


def lemminflect_plural(noun: str) -> str:
    from lemminflect import getInflection

    from vlp.grammar.inflect import _split_head

    before, head, after = _split_head(noun)
    plural = getInflection(lemminflect_singular(head), tag="NNS")
    return before + (plural[0] if plural else head) + after


def number_parser_value(words: list[str]) -> int | None:
    from number_parser import parse_number

    value = parse_number(" ".join(words))
    return value if isinstance(value, int) else None


def _timed(function, inputs: list, repeat: int = 3) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for value in inputs:
            function(value)
    return (time.perf_counter() - start) / repeat / max(len(inputs), 1) * 1e6


def compare_words(texts: list[str]) -> None:
    from vlp.grammar.inflect import looks_plural_word, singular
    from vlp.grammar.loose import NUMBER_WORDS, number_value

    nouns = collections.Counter(m.group(1) for text in texts
                                for m in re.finditer(r"\b\d+ ([a-z]+)\b", text))
    differ = [(count, word, singular(word) if looks_plural_word(word) else word,
               lemminflect_singular(word)) for word, count in nouns.most_common()]
    differ = [d for d in differ if d[2] != d[3]]
    print(f"nouns after a number: {len(nouns)} distinct, {sum(nouns.values())} written; "
          f"the singulars differ on {len(differ)} ({sum(d[0] for d in differ)} written)")
    for count, word, hand, library in differ:
        print(f"  {count:5d}  {word:<18} hand: {hand:<18} lemminflect: {library}")
    runs: collections.Counter[str] = collections.Counter()
    for text in texts:
        words = re.findall(r"[a-z]+", text.lower().replace("-", " "))
        i = 0
        while i < len(words):
            j = i
            while j < len(words) and words[j] in NUMBER_WORDS:
                j += 1
            if j > i:
                runs[" ".join(words[i:j])] += 1
            i = max(j, i + 1)
    differ_runs = [(c, r, number_value(r.split()), number_parser_value(r.split()))
                   for r, c in runs.most_common()]
    differ_runs = [d for d in differ_runs if d[2] != d[3]]
    print(f"runs of number words: {len(runs)} distinct, {sum(runs.values())} written; "
          f"the parsers differ on {len(differ_runs)}")
    for count, run, hand, library in differ_runs:
        print(f"  {count:5d}  {run!r:<30} hand: {hand}  number-parser: {library}")
    words = list(nouns)
    run_words = [r.split() for r in runs]
    print(f"one call, microseconds: singular hand {_timed(singular.__wrapped__, words):.1f}, "
          f"lemminflect {_timed(lemminflect_singular, words):.1f}; number words hand "
          f"{_timed(number_value, run_words):.1f}, number-parser "
          f"{_timed(number_parser_value, run_words):.1f}")


def _score_variant(variant: str) -> None:
    """Run in a child: patch the reader's words with one library, then score the corpus."""
    import vlp.grammar.inflect
    import vlp.grammar.loose

    if variant == "lemminflect":  # before vlp.reading imports the names
        vlp.grammar.inflect.singular = lemminflect_singular  # type: ignore[assignment]
        vlp.grammar.inflect.to_plural = lemminflect_plural  # type: ignore[assignment]
    elif variant == "number-parser":
        vlp.grammar.loose.number_value = number_parser_value  # type: ignore[assignment]
    import real_corpus

    start = time.perf_counter()
    total = real_corpus.Tally()
    for where, label in real_corpus.labels(real_corpus.label_files([])):
        item = real_corpus.rebuild(where, label)
        if item.split == "dev":
            total = total + real_corpus.score_one(item)[0]
    row = real_corpus._row(variant, total)
    print("\t".join([*row, f"{time.perf_counter() - start:.1f} s"]))


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--variant":
        _score_variant(sys.argv[2])
        return 0
    try:
        import lemminflect  # noqa: F401
        import number_parser  # noqa: F401
    except ImportError:
        print("this bench needs: pip install lemminflect number-parser", file=sys.stderr)
        return 2
    compare_words(_dev_texts())
    import real_corpus

    print("\nthe labelled development split scored with each (one process each):")
    rows = []
    for variant in ("hand", "lemminflect", "number-parser"):
        out = subprocess.run([sys.executable, __file__, "--variant", variant], check=True,
                             capture_output=True, text=True).stdout.strip().split("\t")
        rows.append(tuple(out[:-1]))
        print(f"  {variant}: {out[-1]}")
    print(real_corpus.format_rows(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
