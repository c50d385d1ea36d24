"""The copied-text check's longest common run of words: the run every pair of places would give."""

from __future__ import annotations

import random

from deckwright.rules.sources import longest_common_run


def _every_pair(words: list[str], book: list[str]) -> list[str]:
    """The run ending at each word of `words` and each word of the book, the first longest kept."""
    best, best_end = 0, 0
    for i in range(1, len(words) + 1):
        for j in range(1, len(book) + 1):
            run = 0
            while run < min(i, j) and words[i - 1 - run] == book[j - 1 - run]:
                run += 1
            if run > best:
                best, best_end = run, i
    return words[best_end - best:best_end]


def test_the_longest_run_is_the_one_every_pair_of_places_gives() -> None:
    rng = random.Random(7)
    for _ in range(300):
        vocabulary = [f"w{n}" for n in range(rng.randint(1, 6))]
        words = [rng.choice(vocabulary) for _ in range(rng.randint(0, 20))]
        book = [rng.choice(vocabulary) for _ in range(rng.randint(0, 30))]
        assert longest_common_run(words, book) == _every_pair(words, book)


def test_of_two_longest_runs_the_one_the_text_ends_first_is_given() -> None:
    assert longest_common_run("draw two cards then play one card".split(),
                              "play one card or draw two cards".split()) == ["draw", "two", "cards"]
    assert longest_common_run([], ["a"]) == [] and longest_common_run(["a"], []) == []
