"""A replay line copied out of any share output into a shell runs ``smashup draft`` with exactly the intended
arguments, whatever the player names hold (every character a valid name may contain).

The Markdown output's code span is read back as a CommonMark renderer shows it (markdown-it), the HTML
output's ``<code>`` as its text, the play page's line from the engine's ``shellQuote`` (the same quoting
as ``shlex.quote``); each is then split by ``shlex.split``.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smashup_db.gamenight import share
from smashup_db.rules.players import MAX_NAME, PlayerInputError, check_player_name

ENGINE = Path(__file__).resolve().parents[2] / "templates" / "site" / "assets" / "play-engine.js"
NODE = shutil.which("node") or shutil.which("nodejs")

#: Every character a valid name may hold, with the ones a shell or Markdown reads weighted up.
_HOSTILE = list("`'\"$;&|\\*?~!#(){}[]<>= -,") + ["$(", "``", "\u200c", "\u200d", "\u00a0"]
_CHARS = st.one_of(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs")), st.sampled_from(_HOSTILE)
)


def _valid(name: str) -> bool:
    try:
        return check_player_name(name) == name
    except PlayerInputError:
        return False


NAMES = st.lists(_CHARS, min_size=1, max_size=MAX_NAME).map("".join).filter(_valid)


def _draft(names: list[str]) -> tuple[dict, list[tuple[str, str]], list[str]]:
    """A finished draft's result, its replay arguments and the argv they mean (every name in a pick)."""
    picks = [{"round": 1, "player": n, "faction": f"f{i}"} for i, n in enumerate(names)]
    res = {"seed": 7, "picks": picks, "base_mode": "set"}
    args = share.replay_args(res, names, start=names[-1], auto=False)
    return res, args, share.replay_argv(res, args)


def _markdown_span(text: str) -> str:
    """The text of the one code span of the line ``replay with: ...`` as markdown-it renders it."""
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark").render(text)
    spans = re.findall(r"<code>(.*?)</code>", rendered, re.S)
    assert len(spans) == 1, rendered
    return html.unescape(spans[0])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(NAMES, min_size=2, max_size=4, unique=True))
def test_replay_line_splits_into_the_intended_arguments_for_any_names(names):
    res, args, argv = _draft(names)
    line = share.replay_command(res, args)
    assert shlex.split(line) == argv
    md = (
        share.environment("markdown", "en")
        .from_string("{{ replay | md_code }}")
        .render(replay=line)
    )
    assert shlex.split(_markdown_span(md)) == argv
    page = (
        share.environment("html", "en").from_string("<code>{{ replay }}</code>").render(replay=line)
    )
    assert shlex.split(html.unescape(page[len("<code>") : -len("</code>")])) == argv


def test_markdown_share_of_a_backtick_name_runs_no_command(tmp_path):
    """The attack: ``a`;touch pwned;`b`` as a player name used to reopen the shell quote in the Markdown."""
    names = ["a`;touch pwned;`b", "Ben"]
    res, args, argv = _draft(names)
    ctx = {
        "date": "2026-12-03",
        "format": "snake draft",
        "seed": 1,
        "start_player": names[0],
        "players": [{"player": n, "factions": ["X"]} for n in names],
        "bases": [],
        "boxes": [],
        "extra": [],
        "replay": share.replay_command(res, args),
    }
    md = share.environment("markdown", "en").get_template("draft.md").render(ctx)
    replay_line = next(x for x in md.splitlines() if x.startswith("replay with"))
    assert shlex.split(_markdown_span(replay_line)) == argv


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(NAMES, min_size=20, max_size=40))
def test_play_page_quotes_names_as_shlex_does(names):
    """The play page's replay line quotes each word with the engine's ``shellQuote``: the same text as
    ``shlex.quote``, so the line splits back into the names."""
    script = (
        "const P = require(process.argv[1]);"
        "const xs = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(xs.map(P.shellQuote)));"
    )
    words = [*names, "", "-", "a=b", "Anna=aliens"]
    out = subprocess.run(
        [NODE, "-e", script, str(ENGINE)],
        input=json.dumps(words),
        capture_output=True,
        text=True,
        check=True,
    )
    quoted = json.loads(out.stdout)
    assert quoted == [shlex.quote(w) for w in words]
    assert shlex.split(" ".join(quoted)) == words
