"""A refused option value lists the allowed values in the user's language (issue 32).

``LANG=de_DE.UTF-8 smashup preset save x --complexity sehr`` lists "niedrig, mittel, hoch": the words
the German CLI shows and takes back. Every option with translated values (the glossary's
``OPTION_WORDS``), on every command taking it, refused in German and in English.
"""

from __future__ import annotations

import pytest

from helpers import one_line_error
from smashup_db.catalogue.option_values import canonical
from smashup_db.errors import Choices, worded
from smashup_db.i18n import gettext, render
from smashup_db.i18n.glossary import OPTION_WORDS
from smashup_db.i18n.option_names import cli_worded

#: (option kind, the command line refusing "bogus" for it)
REFUSALS = [
    ("complexity", ["preset", "save", "x", "--complexity", "bogus"]),
    ("complexity", ["draft", "-p", "Anna,Ben", "--auto", "--complexity", "bogus"]),
    ("format", ["preset", "save", "x", "--format", "bogus"]),
    ("format", ["draft", "-p", "Anna,Ben", "--auto", "--format", "bogus"]),
    ("base_mode", ["draft", "-p", "Anna,Ben", "--auto", "--base-mode", "bogus"]),
    ("base_mode", ["setup", "-f", "aliens,ninjas", "-n", "2", "--base-mode", "bogus"]),
    ("base_mode", ["bases", "deck", "-f", "aliens,ninjas", "-n", "2", "--base-mode", "bogus"]),
    ("printing", ["draft", "-p", "Anna,Ben", "--auto", "--printing", "bogus"]),
    ("printing", ["setup", "-f", "aliens,ninjas", "-n", "2", "--printing", "bogus"]),
    ("printing", ["bases", "deck", "-f", "aliens,ninjas", "-n", "2", "--printing", "bogus"]),
    ("printing", ["collection", "add", "Core Set", "--printing", "bogus"]),
    ("printing", ["card", "Cesium Armor", "--printing", "bogus"]),
]


def words(kind: str, lang: str) -> list[str]:
    """The allowed values of ``kind`` as the CLI shows them in ``lang``."""
    return [shown(w, lang) for w in OPTION_WORDS[kind].values()]


def shown(word, lang: str) -> str:
    """One word of OPTION_WORDS in ``lang`` (a counted word in the singular)."""
    return gettext(word if isinstance(word, str) else word[0], lang)


def test_every_option_kind_with_words_is_refused_somewhere():
    assert {kind for kind, _ in REFUSALS} == set(OPTION_WORDS)


@pytest.mark.parametrize("kind", sorted(OPTION_WORDS))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_shown_word_is_taken_back(kind, lang):
    """What a refusal lists can be typed: each word names its value in both languages."""
    for value, word in OPTION_WORDS[kind].items():
        assert canonical(kind, shown(word, lang)) == value, (kind, lang, word)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("kind", "args"), REFUSALS, ids=lambda a: "-".join(a) if isinstance(a, list) else a
)
def test_a_refused_value_lists_the_values_in_the_users_language(cli, monkeypatch, kind, args, lang):
    monkeypatch.setenv("LANG", "de_DE.UTF-8" if lang == "de" else "C.UTF-8")
    res = cli(*args)
    if lang == "en":
        line = one_line_error(res)
    else:
        assert res.exit_code == 1 and len(res.stderr.strip().splitlines()) == 1, res.stderr
        line = res.stderr.strip()
        assert line.startswith("Fehler: "), line
    mine, other = words(kind, lang), words(kind, "en" if lang == "de" else "de")
    shown = ", ".join(f'"{w}"' if "," in w else w for w in mine)
    assert shown in line, (line, shown)
    for word in set(other) - set(mine):  # none of the other language's words
        assert word not in line.replace(shown, ""), (line, word)


def test_choices_are_worded_only_by_the_caller():
    """The rules' message keeps the values (English, the play page's wording) until the CLI words it."""
    message = Choices("complexity", ("low", "medium", "high"))
    assert render(message, "de") == "low, medium, high"
    assert render(worded(message, str), "de") == "low, medium, high"
    assert render(cli_worded(message), "de") == "niedrig, mittel, hoch"
    from smashup_db.errors import Message

    wrapped = Message("use {levels}", levels=message)
    assert render(cli_worded(wrapped), "de") == "use niedrig, mittel, hoch"
    assert render(worded(wrapped, str), "de") == "use low, medium, high"
