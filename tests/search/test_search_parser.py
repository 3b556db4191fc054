"""The search query parser: tree shapes, vocabularies, error positions, robustness."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smashup_db.errors import UserError
from smashup_db.search.parser import (
    And,
    Compare,
    Everything,
    Is,
    Not,
    Or,
    QueryError,
    Words,
    parse,
    tokenize,
)


def test_terms_and_by_default_and_fields_are_canonical():
    q = parse("t:minion f:wechslerbots pow>=4")
    assert q.root == And(
        (
            Is("type", "minion", "minion", 3),
            Is("faction", "wechslerbots", "wechslerbots", 12),
            Compare("power", ">=", 4, 25),
        )
    )


@pytest.mark.parametrize(
    "query, field, value",
    [
        ("t:Kreatur", "type", "minion"),
        ("type:AKTION", "type", "action"),
        ("t:titan", "type", "titan"),
        ("t:Basis", "type", "base"),
        ("typ:karte", "type", "card"),
        ("t:character", "type", "minion"),
        ("kw:Dauerhaft", "kw", "ongoing"),
        ("kw:extra", "kw", "special"),
        ("kw:Talent", "kw", "talent"),
        ("kw:play-on-minion", "kw", "play-on-minion"),
        ("kw:play-on-base", "kw", "play-on-base"),
        ("kw:extra-play", "kw", "extra-play"),
        ("kw:zusätzlich", "kw", "extra-play"),
        ("fraktion:Geister", "faction", "Geister"),
        ("s:Core", "product", "Core"),
    ],
)
def test_vocabulary_english_and_german(query, field, value):
    node = parse(query).root
    assert isinstance(node, Is) and (node.field, node.value) == (field, value)


@pytest.mark.parametrize(
    "query, field, op, number",
    [
        ("pow>=4", "power", ">=", 4),
        ("power:3", "power", "=", 3),
        ("bp<20", "breakpoint", "<", 20),
        ("breakpoint!=18", "breakpoint", "!=", 18),
        ("vp>3", "vp", ">", 3),
        ("vp3<=1", "vp3", "<=", 1),
        ("Stärke=5", "power", "=", 5),
        ("copies>1", "copies", ">", 1),
    ],
)
def test_numeric_comparisons(query, field, op, number):
    assert parse(query).root == Compare(field, op, number, 1)


def test_words_phrases_and_fold():
    q = parse('Cäsium-Rüstung "Leader Two" n:gun o:"extra minion"')
    a, b, c, d = q.root.items
    assert a == Words(("casium", "rustung"), "any", False, "Cäsium-Rüstung", 1)
    assert (b.tokens, b.exact, b.where) == (("leader", "two"), True, "any")
    assert (c.tokens, c.where, c.exact) == (("gun",), "name", False)
    assert (d.tokens, d.where, d.exact, d.column) == (("extra", "minion"), "text", True, 38)


def test_precedence_not_and_or():
    q = parse("a b OR -c (d OR e)")
    assert isinstance(q.root, Or)
    left, right = q.root.items
    assert isinstance(left, And) and len(left.items) == 2
    assert (
        isinstance(right, And)
        and isinstance(right.items[0], Not)
        and isinstance(right.items[1], Or)
    )
    assert parse("a AND b").root == parse("a b").root
    assert parse("NOT a").root == parse("-a").root


def test_hyphen_inside_word_is_not_negation():
    assert parse("play-on-minion").root.tokens == ("play", "on", "minion")
    assert isinstance(parse("--a").root, Not) and isinstance(parse("--a").root.item, Not)


def test_lang_applies_to_whole_query():
    q = parse("gun lang:de")
    assert q.lang == "de" and isinstance(q.root, Words)
    assert parse("(gun OR lang:Deutsch)").lang == "de"
    assert parse("lang:en").root == Everything()


@pytest.mark.parametrize(
    "query, message",
    [
        ("pow>=4 OR (bp<20 AND t:base))", "unexpected ')' at column 29"),
        ("t:minion )", "unexpected ')' at column 10"),
        ("()", "unexpected ')' at column 2"),
        ("(a b", "missing ')' for the '(' opened at column 1"),
        ("a (b OR c", "missing ')' for the '(' opened at column 3"),
        ("OR a", "unexpected OR at column 1"),
        ("a OR", "expected a term after OR at column 3"),
        ("a OR OR b", "expected a term after OR at column 3"),
        ("a AND", "expected a term after AND at column 3"),
        ("a -", "expected a term after '-' at column 3"),
        ("NOT", "expected a term after NOT at column 1"),
        ('n:"abc', "unterminated quote at column 3"),
        ('abc "de', "unterminated quote at column 5"),
        ("pow>=x", "expected a number after 'pow>=' at column 6"),
        ("bp<", "missing value after 'bp<' at column 1"),
        ("t:kreatr", "unknown type 'kreatr'"),
        ("kw:ongoin", "unknown keyword 'ongoin'"),
        ("lang:fr", "unknown language 'fr'"),
        ("type>3", "'type' takes ':' and a value, not '>' at column 5"),
        ("a -lang:de", "cannot be negated at column 4"),
        ("lang:de lang:en", "conflicting lang: values ('de' and 'en') at column 9"),
        ("!!!", "nothing to search for in '!!!' at column 1"),
        ("", "empty query"),
        ("   ", "empty query"),
    ],
)
def test_errors_point_at_the_position(query, message):
    with pytest.raises(QueryError) as err:
        parse(query)
    assert message in str(err.value)
    assert "\n" not in str(err.value)
    assert isinstance(err.value, UserError)


@pytest.mark.parametrize(
    "query, suggestion",
    [
        ("powr>=4", "'power'"),
        ("factoin:robots", "'faction'"),
        ("brekpoint<20", "'breakpoint'"),
        ("txt:gun", "'text'"),
    ],
)
def test_unknown_field_suggests_the_closest(query, suggestion):
    with pytest.raises(QueryError) as err:
        parse(query)
    assert "unknown field" in str(err.value) and suggestion in str(err.value)
    assert str(err.value).endswith("at column 1")


def test_kreatr_suggests_kreatur():
    with pytest.raises(QueryError) as err:
        parse("t:kreatr")
    assert "'kreatur'" in str(err.value)


def test_tokens_carry_columns():
    toks = tokenize('(a OR -"b c") n:"x y"')
    assert [(t.kind, t.column) for t in toks] == [
        ("LPAREN", 1),
        ("WORD", 2),
        ("OR", 4),
        ("NEG", 7),
        ("PHRASE", 8),
        ("RPAREN", 13),
        ("FIELD", 15),
        ("EOF", 22),
    ]
    assert toks[6].value == "x y" and toks[6].value_column == 18


def _parse_or_error(text):
    try:
        parse(text)
    except QueryError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_random_text_ends_in_result_or_query_error(text):
    _parse_or_error(text)


PIECES = [
    "(",
    ")",
    "-",
    '"',
    "OR",
    "AND",
    "NOT",
    " ",
    ":",
    ">=",
    "<",
    "!=",
    "=",
    "t:",
    "f:",
    "pow",
    "bp>=",
    "kw:",
    "lang:",
    "de",
    "minion",
    "Kreatur",
    "4",
    "x",
    "n:",
    "o:",
    "ä",
    "'",
    "\t",
    "--",
    "lang:de",
    "-lang:en",
    "\x00",
    "é",
    "20",
    "vp",
    "foo:",
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=25))
def test_token_soup_ends_in_result_or_query_error(pieces):
    _parse_or_error("".join(pieces))
    _parse_or_error(" ".join(pieces))


def test_deep_nesting_is_a_query_error_not_a_crash():
    for text in ("(" * 500 + "a" + ")" * 500, "-" * 2000 + "a", "NOT " * 500 + "a"):
        with pytest.raises(QueryError):
            parse(text)
