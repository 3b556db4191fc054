"""The golden search queries on the CLI (both SQL paths, every backend) and on the site's evaluator.

The site's search page runs ``assets/query.js`` over ``assets/search-<lang>.json``;
here it runs in Node (skipped without Node) and must return exactly the ids, in the
same order, that ``smashup search --json`` returns on the same database. The same
file is replayed in Chromium by test_site_browser.py.
"""

from __future__ import annotations

import shutil

import pytest

from helpers import cli_ids, golden_queries, import_archive_text, missing_shared, node_ids
from smashup_db.catalogue.view import Catalogue
from smashup_db.compiler.bootstrap import open_reader
from smashup_db.search import QueryError, Searcher

QUERIES = golden_queries()


def test_golden_file_is_large_and_varied():
    assert len(QUERIES) >= 50
    assert sum(1 for _, bad in QUERIES if bad) >= 8
    text = " ".join(q for q, _ in QUERIES)
    for piece in (
        "OR",
        "NOT",
        "(",
        '"',
        "-",
        "f:",
        "t:",
        "s:",
        "kw:",
        "pow",
        "bp",
        "lang:",
        "stärke",
        "o:",
    ):
        assert piece in text, piece


def test_cli_answers_every_golden_query(cli, db_path):
    """Good queries give JSON (many non-empty and different); bad ones one error line, exit 1."""
    has_text = import_archive_text(cli, db_path)
    answers = {}
    for query, must_fail in QUERIES:
        ids = cli_ids(cli, query)
        assert (ids is None) == must_fail, query
        if ids is not None:
            assert len(ids) == len(set(ids)), query
            answers[query] = ids
    non_empty = [q for q, ids in answers.items() if ids]
    assert len(non_empty) >= (55 if has_text else 40), sorted(set(answers) - set(non_empty))
    if not has_text:  # every query was answered as it must be; the answers' variety needs the text
        pytest.skip(
            f"{missing_shared('card-archive', 'smashup-catalog.json')}: without the rules text the "
            f"text queries all answer nothing, so the answers cannot differ enough"
        )
    assert (
        len({tuple(ids) for ids in answers.values()}) >= len(answers) - 5
    )  # not all the same answer


def _keys(reader, query, lang, use_fts, printing=None):
    try:
        return Searcher(Catalogue(reader, lang), use_fts=use_fts, printing=printing).keys(query)
    except QueryError:
        return None


@pytest.mark.long
@pytest.mark.skipif(
    not (shutil.which("node") or shutil.which("nodejs")), reason="node is not installed"
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_site_evaluator_gives_the_cli_ids(texted_site, lang):
    """On the session's site with the archive's text (when present; conftest.py's ``texted_site``).

    The German site shows the German edition where one exists (issue 20), so its index answers as
    the CLI does with ``--printing german``; the English one as the CLI without ``--printing``."""
    db, site = texted_site.db, texted_site.folder
    printing = "german" if lang == "de" else None
    reader = open_reader(db)
    try:
        expected = [_keys(reader, q, lang, None, printing) for q, _ in QUERIES]
        like = [_keys(reader, q, lang, False, printing) for q, _ in QUERIES]
    finally:
        reader.close()
    assert expected == like  # FTS5 and LIKE agree, so there is one truth to compare with
    got = node_ids(
        site / "assets" / "query.js",
        site / "assets" / f"search-{lang}.json",
        [q for q, _ in QUERIES],
    )
    diffs = [
        (q, e if e is None else len(e), g if g is None else len(g))
        for (q, _), e, g in zip(QUERIES, expected, got, strict=True)
        if e != g
    ]
    assert not diffs, diffs[:10]
    if texted_site.has_text:
        assert any(ids and len(ids) > 100 for ids in got)
