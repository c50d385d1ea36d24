"""A book's lines as runs of words: the repairs of extraction damage the term check relies on, each shown
on a small text where the repair keeps what is written and undoes only the damage."""

from __future__ import annotations

from deckwright.rules.book_words import BookWords, read_words


def runs(words: BookWords, line: int) -> list[str]:
    """The line's runs, a word that opens a sentence marked with '^'."""
    return [" ".join(("^" if w.opens else "") + w.text for w in run) for run in words.segments(line)]


def test_words_run_together_are_split_and_the_second_opens_a_sentence() -> None:
    words = read_words(["Amulet of PowerSpend a stamina to heal.", "The McKay rule."])
    assert runs(words, 1) == ["^Amulet of Power ^Spend a stamina to heal"]
    assert runs(words, 2) == ["^The Mc ^Kay rule"]  # the rule is by letter case alone


def test_letter_spacing_is_joined_only_where_the_book_writes_the_whole_word() -> None:
    book = ["Discard a card.", "You discard it.", "Players d iscard one, then move in to the wood.",
            "Go into the wood, in to the hut.", "Into it."]
    words = read_words(book)
    assert runs(words, 3) == ["^Players discard one", "then move in to the wood"]  # "in", "to": words of their own


def test_a_text_layer_repeated_on_one_line_is_read_once() -> None:
    words = read_words(["Story Book Story Book", "Gems Gems", "a b a", "Roll the die, roll the die."])
    assert runs(words, 1) == ["^Story Book"]  # no "Book Story" across the seam
    assert runs(words, 2) == ["^Gems"]
    assert runs(words, 3) == ["^a b a"]
    assert runs(words, 4) == ["^Roll the die", "roll the die"]  # punctuation between: two statements


def test_hyphens_ampersands_and_line_end_hyphens_keep_one_run() -> None:
    words = read_words(["Mark a non-Elite Enemy - then stop.", "Use a Hook & Rope, or a Non-", "Hero Ally now."])
    assert runs(words, 1) == ["^Mark a non Elite Enemy", "then stop"]  # " - " with spaces is a dash
    assert runs(words, 2) == ["^Use a Hook Rope", "or a Non Hero Ally now"]
    assert runs(words, 3) == []  # read with the line before it
    assert [w.line for w in words.segments(2)[1]] == [2, 2, 2, 3, 3, 3]
    assert [w.joined for w in words.segments(2)[0]] == [False, False, False, True]


def test_a_list_marker_leaves_the_next_word_opening_its_sentence() -> None:
    words = read_words(["a) If the Mission fails, stop.", "Roll again) If the Mission fails, stop."])
    assert runs(words, 1)[1] == "^If the Mission fails"
    assert runs(words, 2)[1] == "If the Mission fails"  # ")" after a sentence's words is no list marker


def test_openers_are_ordinary_words_the_book_capitalises_where_sentences_open() -> None:
    book = ["Once per turn, heal.", "Once a round, move.", "Do it once or once more.", "Ashgar is a town.",
            "Ashgar falls.", "Battle begins.", "The next Battle ends; a battle, a battle, a Battle."]
    words = read_words(book)
    assert words.is_opener("Once") and words.is_opener("once")
    assert not words.is_opener("Ashgar")  # never written in lower case: a name
    assert not words.is_opener("Battle")  # capitalised inside sentences too


def test_an_acute_accent_between_letters_is_an_apostrophe() -> None:
    assert runs(read_words(["Take Vyrgon´s Crook."]), 1) == ["^Take Vyrgon´s Crook"]


def test_words_joined_by_underscores_are_a_file_name_not_words() -> None:
    words = read_words(["Agemonia_City-Event-cards_2024.indd 34 City Event"])
    assert runs(words, 1) == ["^34 City Event"]
