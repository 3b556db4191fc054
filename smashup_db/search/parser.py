"""The search query language: tokenizer, parser and abstract syntax tree.

The parser knows nothing about the database. It turns a query string into a
tree of :class:`Node` objects, checking field names, operators, numbers and
the fixed vocabularies (card types, keywords, languages). Values that need the
catalogue (``faction:``, ``product:``) are resolved later, by the executor.

Grammar (``NOT`` binds tighter than ``AND``, which binds tighter than ``OR``)::

    query    := or_expr EOF
    or_expr  := and_expr ( "OR" and_expr )*
    and_expr := unary ( ["AND"] unary )*          # terms AND by default
    unary    := ("-" | "NOT") unary | primary
    primary  := "(" or_expr ")" | term
    term     := WORD | "PHRASE" | FIELD ":" value | FIELD op NUMBER
    op       := "=" | "!=" | "<" | "<=" | ">" | ">="

Every malformed query raises :class:`QueryError`, whose message names the
column (1-based) where the problem is: ``unexpected ')' at column 14``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import field as _attr
from typing import Union

from smashup_db.common.text import fold
from smashup_db.errors import Message, UserError
from smashup_db.i18n import N_
from smashup_db.i18n.glossary import (
    FIELD_ALIASES,
    FIELD_KINDS,
    KEYWORD_VALUES,
    LANG_VALUES,  # noqa: F401
    OWNED_VALUES,
    PRINTING_VALUES,
    TYPE_VALUES,
)


class QueryError(UserError, ValueError):
    """A malformed search query. ``column`` is the 1-based position of the problem (or None).

    ``QueryError(N_("unknown field '{field}'{hint}"), column, field=..., hint=...)``: ``reason`` is the
    :class:`~smashup_db.errors.Message` without the position; the error reads "REASON at column N".
    """

    def __init__(self, template, column: int | None = None, /, **values):
        self.column = column
        self.reason = Message(template, **values)
        if column is None:
            super().__init__(self.reason)
        else:
            super().__init__(N_("{detail} at column {n}"), detail=self.reason, n=column)


# --------------------------------------------------------------------------- vocabulary

# The query language's words (fields, card types, keywords, languages; English and German) live in
# the one glossary of game words, smashup_db.i18n.glossary, which the site's query.js is generated from.

_FIELD_RE = re.compile(r"^([^\W\d_][\w-]*)(<=|>=|!=|=|<|>|:)(.*)$", re.DOTALL)
_NUMBER_RE = re.compile(r"^\d{1,4}$")


def suggest(word: str, choices, limit: int = 3) -> list[str]:
    """Up to ``limit`` of ``choices`` closest to ``word`` (rapidfuzz, best first)."""
    from rapidfuzz import fuzz, process

    found = process.extract(
        word, list(choices), scorer=fuzz.WRatio, limit=limit * 2, score_cutoff=50
    )
    out: list[str] = []
    for choice, _score, _ in found:
        if choice not in out:
            out.append(choice)
    return out[:limit]


def _hint(suggestions: list[str]):
    """A suggestion appended to a message: ``" (did you mean 'x', 'y'?)"`` as a :class:`Message`, or ``""``."""
    if not suggestions:
        return ""
    return Message(N_(" (did you mean {names}?)"), names=", ".join(repr(s) for s in suggestions))


#: The message for an unknown value of each fixed vocabulary (English and German differ in gender).
UNKNOWN_VALUE = {
    "type": N_("unknown type {value!r}{hint}"),
    "kw": N_("unknown keyword {value!r}{hint}"),
    "lang": N_("unknown language {value!r}{hint}"),
    "faction": N_("unknown faction {value!r}{hint}"),
    "product": N_("unknown product {value!r}{hint}"),
    "owned": N_("owned: takes yes (use -owned:yes for the rest), not {value!r}{hint}"),
    "printing": N_("unknown printing {value!r}{hint}"),
}


# --------------------------------------------------------------------------- tree


@dataclass(frozen=True)
class Words:
    """Match words in names and/or text. ``tokens`` are folded; ``exact`` for quoted phrases.

    ``where`` is ``any`` (names and text), ``name`` or ``text``. Unquoted words
    match the start of a word; quoted phrases match whole words in sequence.
    """

    tokens: tuple[str, ...]
    where: str = "any"
    exact: bool = False
    raw: str = _attr(default="", compare=False)
    column: int = _attr(default=0, compare=False)


@dataclass(frozen=True)
class Is:
    """An enum or reference condition: ``field`` is type, kw, owned, printing, faction or product."""

    field: str
    value: str  # canonical for type/kw; the raw text for faction/product
    raw: str = _attr(default="", compare=False)
    column: int = _attr(default=0, compare=False)


@dataclass(frozen=True)
class Compare:
    """A numeric comparison ``field op number`` (op one of = != < <= > >=)."""

    field: str
    op: str
    number: int
    column: int = _attr(default=0, compare=False)


@dataclass(frozen=True)
class Not:
    """Negation of a sub-query (the complement among all cards and bases)."""

    item: "Node"


@dataclass(frozen=True)
class And:
    """All sub-queries match."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Or:
    """At least one sub-query matches."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Everything:
    """Matches every card and base (a query made only of ``lang:``)."""


Node = Union[Words, Is, Compare, Not, And, Or, Everything]


@dataclass
class Query:
    """A parsed query: the condition tree and the ``lang:`` restriction (or None)."""

    root: Node
    lang: str | None = None
    text: str = ""

    def highlight_terms(self) -> list[Words]:
        """Word terms that are not negated (used to highlight text excerpts)."""
        out: list[Words] = []

        def walk(node, negated):
            if isinstance(node, Words):
                if not negated and node.where in ("any", "text"):
                    out.append(node)
            elif isinstance(node, Not):
                walk(node.item, not negated)
            elif isinstance(node, (And, Or)):
                for item in node.items:
                    walk(item, negated)

        walk(self.root, False)
        return out


# --------------------------------------------------------------------------- tokens


@dataclass
class Token:
    """One lexical token: kind is WORD, PHRASE, FIELD, LPAREN, RPAREN, NEG, OR, AND, NOT, EOF."""

    kind: str
    text: str
    column: int
    field: str = ""
    op: str = ""
    value: str = ""
    quoted: bool = False
    value_column: int = 0


_STOP = set('()"')


def _closing_quote(query: str, opening: int) -> int:
    """Index of the ``"`` closing the one at ``opening`` (raises :class:`QueryError` when there is none)."""
    end = query.find('"', opening + 1)
    if end < 0:
        raise QueryError(N_("unterminated quote"), opening + 1)
    return end


def _field_token(query: str, i: int, j: int, m: re.Match) -> tuple[Token, int]:
    """The FIELD token of ``query[i:j]`` (matched by :data:`_FIELD_RE` as ``m``) and where the next
    token starts: after ``j``, or after a quoted value that follows the operator (``name:"tar pits"``)."""
    name, op, value = m.group(1), m.group(2), m.group(3)
    col = i + 1
    tok = Token(
        "FIELD",
        query[i:j],
        col,
        field=name,
        op=op,
        value=value,
        value_column=col + len(name) + len(op),
    )
    if value:
        return tok, j
    if j < len(query) and query[j] == '"':
        end = _closing_quote(query, j)
        tok.value, tok.quoted, tok.value_column = query[j + 1 : end], True, j + 2
        tok.text = query[i : end + 1]
        return tok, end + 1
    raise QueryError(N_("missing value after '{field}{op}'"), col, field=name, op=op)


def _starts_negation(query: str, i: int) -> bool:
    """True when the ``-`` at ``i`` negates the next term (it starts the query or follows a blank,
    ``(`` or another ``-``); else it is part of a word (``cesium-armor``)."""
    return i == 0 or query[i - 1].isspace() or query[i - 1] in "(-"


def tokenize(query: str) -> list[Token]:
    """Split ``query`` into tokens (raises :class:`QueryError` on an unterminated quote)."""
    tokens: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        ch = query[i]
        col = i + 1
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token("LPAREN" if ch == "(" else "RPAREN", ch, col))
            i += 1
        elif ch == "-" and _starts_negation(query, i):
            if i + 1 >= n or query[i + 1].isspace() or query[i + 1] == ")":
                raise QueryError(N_("expected a term after '-'"), col)
            tokens.append(Token("NEG", ch, col))
            i += 1
        elif ch == '"':
            end = _closing_quote(query, i)
            tokens.append(Token("PHRASE", query[i + 1 : end], col, quoted=True))
            i = end + 1
        else:
            j = i
            while j < n and not query[j].isspace() and query[j] not in _STOP:
                j += 1
            word = query[i:j]
            m = _FIELD_RE.match(word)
            if m:
                tok, j = _field_token(query, i, j, m)
                tokens.append(tok)
            elif word in ("OR", "AND", "NOT"):
                tokens.append(Token(word, word, col))
            else:
                tokens.append(Token("WORD", word, col))
            i = j
    tokens.append(Token("EOF", "", n + 1))
    return tokens


# --------------------------------------------------------------------------- parser

#: Most terms (words, fields, operators, parentheses) one query may have: a bound well below
#: the databases' limits on the size of one SQL expression.
MAX_TOKENS = 200


class _Parser:
    def __init__(self, query: str):
        self.query = query
        self.tokens = tokenize(query)
        if len(self.tokens) > MAX_TOKENS + 1:  # the end token is one of them
            raise QueryError(
                N_("the query has {n} terms and operators; at most {max_tokens} are allowed"),
                self.tokens[MAX_TOKENS].column,
                n=len(self.tokens) - 1,
                max_tokens=MAX_TOKENS,
            )
        self.pos = 0
        self.langs: list[tuple[str, int]] = []
        self.depth = 0  # nesting of parentheses and negations (bounded)
        self.negated = 0

    def peek(self) -> Token:
        return self.tokens[self.pos]

    def take(self) -> Token:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    @staticmethod
    def describe(tok: Token):
        if tok.kind == "EOF":
            return Message(N_("end of query"))
        if tok.kind in ("OR", "AND", "NOT"):
            return tok.kind
        return repr(tok.text) if tok.kind != "PHRASE" else repr(f'"{tok.text}"')

    def parse(self) -> Query:
        if self.peek().kind == "EOF":
            raise QueryError(N_("empty query"))
        root = self.or_expr()
        tok = self.peek()
        if tok.kind != "EOF":
            raise QueryError(N_("unexpected {what}"), tok.column, what=self.describe(tok))
        lang = None
        for value, col in self.langs:
            if lang is not None and value != lang:
                raise QueryError(
                    N_("conflicting lang: values ({lang!r} and {value!r})"),
                    col,
                    lang=lang,
                    value=value,
                )
            lang = value
        return Query(root=_simplify(root), lang=lang, text=self.query)

    def or_expr(self) -> Node:
        items = [self.and_expr()]
        while self.peek().kind == "OR":
            op = self.take()
            if self.peek().kind in ("EOF", "RPAREN", "OR", "AND"):
                raise QueryError(N_("expected a term after OR"), op.column)
            items.append(self.and_expr())
        return items[0] if len(items) == 1 else Or(tuple(items))

    def and_expr(self) -> Node:
        items = [self.unary()]
        while True:
            kind = self.peek().kind
            if kind == "AND":
                op = self.take()
                if self.peek().kind in ("EOF", "RPAREN", "OR", "AND"):
                    raise QueryError(N_("expected a term after AND"), op.column)
                items.append(self.unary())
            elif kind in ("OR", "RPAREN", "EOF"):
                break
            else:
                items.append(self.unary())
        return items[0] if len(items) == 1 else And(tuple(items))

    def unary(self) -> Node:
        tok = self.peek()
        if tok.kind in ("NEG", "NOT"):
            self.take()
            nxt = self.peek()
            if nxt.kind in ("EOF", "RPAREN", "OR", "AND"):
                what = "'-'" if tok.kind == "NEG" else "NOT"
                raise QueryError(N_("expected a term after {what}"), tok.column, what=what)
            if self.depth > 50:
                raise QueryError(N_("query nested too deeply"), tok.column)
            self.depth += 1
            self.negated += 1
            try:
                inner = self.unary()
            finally:
                self.depth -= 1
                self.negated -= 1
            return Not(inner)
        return self.primary()

    def primary(self) -> Node:
        tok = self.take()
        if tok.kind == "LPAREN":
            if self.depth > 50:
                raise QueryError(N_("query nested too deeply"), tok.column)
            if self.peek().kind == "RPAREN":
                raise QueryError(N_("unexpected ')'"), self.peek().column)
            self.depth += 1
            try:
                inner = self.or_expr()
            finally:
                self.depth -= 1
            close = self.peek()
            if close.kind != "RPAREN":
                if close.kind == "EOF":
                    raise QueryError(N_("missing ')' for the '(' opened"), tok.column)
                raise QueryError(N_("unexpected {what}"), close.column, what=self.describe(close))
            self.take()
            return inner
        if tok.kind == "WORD":
            return _words(tok.text, "any", False, tok.column)
        if tok.kind == "PHRASE":
            return _words(tok.text, "any", True, tok.column)
        if tok.kind == "FIELD":
            return self.field_term(tok)
        raise QueryError(N_("unexpected {what}"), tok.column, what=self.describe(tok))

    def field_term(self, tok: Token) -> Node:
        key = fold(tok.field).replace(" ", "")
        canon = FIELD_ALIASES.get(key)
        if canon is None:
            names = sorted({a for a in FIELD_ALIASES if len(a) > 2})
            raise QueryError(
                N_("unknown field '{field}'{hint}"),
                tok.column,
                field=tok.field,
                hint=_hint(suggest(key, names)),
            )
        kind = FIELD_KINDS[canon]
        op, value, vcol = tok.op, tok.value, tok.value_column
        if kind == "number":
            if op == ":":
                op = "="
            if not _NUMBER_RE.match(value.strip()):
                raise QueryError(
                    N_("expected a number after '{field}{op}'"), vcol, field=tok.field, op=tok.op
                )
            return Compare(canon, op, int(value), tok.column)
        if op not in (":", "="):
            raise QueryError(
                N_("'{field}' takes ':' and a value, not '{op}'"),
                tok.column + len(tok.field),
                field=tok.field,
                op=op,
            )
        if kind == "text":
            return _words(value, canon, tok.quoted, vcol)
        folded = fold(value)
        if not folded:
            raise QueryError(
                N_("missing value after '{field}{op}'"), vcol, field=tok.field, op=tok.op
            )
        if kind == "ref":
            return Is(canon, value, value, vcol)
        vocab = {
            "type": TYPE_VALUES,
            "kw": KEYWORD_VALUES,
            "lang": LANG_VALUES,
            "owned": OWNED_VALUES,
            "printing": PRINTING_VALUES,
        }[canon]
        found = vocab.get(folded) or vocab.get(folded.replace(" ", ""))
        if found is None:
            raise QueryError(
                UNKNOWN_VALUE[canon], vcol, value=value, hint=_hint(suggest(folded, sorted(vocab)))
            )
        if canon == "lang":
            if self.negated:
                raise QueryError(
                    N_("lang: applies to the whole query and cannot be negated"), tok.column
                )
            self.langs.append((found, tok.column))
            return Everything()
        return Is(canon, found, value, vcol)


def _words(text: str, where: str, exact: bool, column: int) -> Words:
    tokens = tuple(fold(text).split())
    if not tokens:
        if text:
            raise QueryError(N_("nothing to search for in {text!r}"), column, text=text)
        raise QueryError(N_("empty phrase"), column)
    return Words(tokens, where, exact, text, column)


def _simplify(node: Node) -> Node:
    """Drop ``Everything`` (a ``lang:`` term, which applies to the whole query) from AND and OR lists."""
    if isinstance(node, And):
        items = [i for i in (_simplify(x) for x in node.items) if not isinstance(i, Everything)]
        if not items:
            return Everything()
        return items[0] if len(items) == 1 else And(tuple(items))
    if isinstance(node, Or):
        items = [i for i in (_simplify(x) for x in node.items) if not isinstance(i, Everything)]
        if not items:
            return Everything()
        return items[0] if len(items) == 1 else Or(tuple(items))
    if isinstance(node, Not):
        return Not(_simplify(node.item))
    return node


def parse(query: str) -> Query:
    """Parse a search query into a :class:`Query` (raises :class:`QueryError` when malformed)."""
    if not isinstance(query, str):
        raise QueryError(N_("the query must be text"))
    return _Parser(query).parse()
