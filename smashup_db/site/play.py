"""The game-night page ``/L/play/``: the catalogue facts its draft needs, as one compact JSON per language.

The page (``templates/site/play.html`` with ``assets/play-engine.js``, ``assets/pyformat.js`` and ``play.js``) runs the same
draft as ``smashup draft`` (:mod:`smashup_db.gamenight.session`, :mod:`smashup_db.rules.draft`,
:mod:`~smashup_db.rules.formats`, :mod:`~smashup_db.rules.pool`, :mod:`~smashup_db.rules.basedeck`)
with a JavaScript port of CPython's ``random.Random``; this module writes what it reads:
``assets/play-<lang>.json``::

    {"v": catalogue version, "lang": the names' language,
     "f": [[faction id, name, complexity or null, [product ids]], ...],     catalogue order
     "p": [[product id, name, [base ids], [extra deck ids]], ...],          publication order
     "b": {base id: [name, faction id or null, stats known 0/1, printing, breakpoint, [vp1, vp2, vp3],
                     own scoring rule or null, its product]},
     "x": {extra deck id: its name},
     "c": [[component id, name, kind, count or null, [product ids]], ...],  special decks (Madness, Munchkin)
     "n": {"f"|"p"|"b"|"c": {id: [name_lang, name_en] or name_lang alone when name_en is the name}},
          only where not [lang, name]
     "h": {base id: [products holding it: its own, then its printings']},  only where not [its product]
     "w": VP that end the game,
     "o": {pool filter: its key in pool_control.removed of smashup draft --json}}

The set-up sheet (``setup`` of the result, as :mod:`smashup_db.gamenight.setup_sheet` builds it) reads
the components, the names' languages and ``h``. The boxes' printing is ``current`` unless a collection code says otherwise (:func:`printing_facts`).

Names are in the page's language (the CLI's ``--lang``: the same fallback to English), so the
result's warnings read as ``smashup draft --json --lang L`` writes them. Facts only, no rules text.
"""

from __future__ import annotations

import json
from pathlib import Path

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

from smashup_db.catalogue import printing as prt
from smashup_db.gamenight.session import links
from smashup_db.i18n import N_
from smashup_db.i18n.terms import term
from smashup_db.site.paths import safe_path

__all__ = [
    "ENGINE_MESSAGES",
    "PLAY_ASSETS",
    "engine_messages",
    "page_json",
    "play_data",
    "printing_facts",
    "without_comment_lines",
    "write_play_assets",
]

#: Scripts of the play page, copied from the templates folder into ``assets/`` (``play-engine.js`` and
#: ``pyformat.js`` are in ``templates/site/assets/``, copied with that folder).
PLAY_ASSETS = ("play.js", "play.css")


def play_data(cat, lang: str, version: str = "") -> dict:
    """The play page's catalogue facts in ``lang`` (shape in the module docstring) from a
    :class:`~smashup_db.catalogue.view.Catalogue` ``cat`` (its read model; no database access)."""
    lk = links(cat)
    m = cat.model

    def nm(kind, ref):
        return cat.name(kind, ref, lang)[0]

    factions = [
        [f, nm("faction", f), m.factions[f].complexity or None, lk.faction_products.get(f, [])]
        for f in lk.factions
    ]
    products = [
        [p, nm("product", p), lk.product_bases[p], lk.extra_decks.get(p, [])]
        for p in lk.product_bases
    ]
    bases = {}
    for bid in m.bases:
        row = cat.base_row(bid)
        bases[bid] = [
            nm("base", bid),
            m.bases[bid].faction or None,
            1 if row["stats_known"] else 0,
            row.get("printing"),
            row["breakpoint"],
            list(row["vp"]),
            row.get("scoring"),
            m.bases[bid].product,
        ]
    extra = {d: term(d, lang) for ds in lk.extra_decks.values() for d in ds}
    comps = getattr(m, "components", {}) or {}
    components = [
        [c.id, nm("component", c.id), c.kind, c.count, list(c.products)] for c in comps.values()
    ]
    langs: dict[str, dict] = {"f": {}, "p": {}, "b": {}, "c": {}}
    for key, kind, ids in (
        ("f", "faction", m.factions),
        ("p", "product", m.products),
        ("b", "base", m.bases),
        ("c", "component", comps),
    ):
        for ref in ids:
            named = m.named(kind, ref, lang)
            if named["name_en"] != named["name"]:
                langs[key][ref] = [named["name_lang"], named["name_en"]]
            elif named["name_lang"] != lang:
                # an English name on a German page: its language alone, the name is not repeated
                langs[key][ref] = named["name_lang"]
    held = {}
    for b in m.bases.values():
        holding = list(dict.fromkeys([b.product, *(r.product for r in b.printings)]))
        if holding != [b.product]:
            held[b.id] = holding
    from smashup_db.i18n.option_names import option_of
    from smashup_db.rules.endgame import WIN_VP
    from smashup_db.rules.pool import FILTERS

    return {
        "v": version,
        "lang": lang,
        "f": factions,
        "p": products,
        "b": bases,
        "x": extra,
        "c": components,
        "n": langs,
        "h": held,
        "w": WIN_VP,
        "o": {f: option_of(f) for f in FILTERS},
    }


def printing_facts(cat) -> dict:
    """``assets/play-printings.json``: ``{base id: [original, german]}``, each 1 (the current breakpoint/VP),
    0 (no German box holds it: the current printing, as ``Catalogue.printing_of``) or ``[breakpoint, [vp]]``;
    only bases where it is not ``[1, 0]``. The page loads it when a collection code (``owned=id:german``)
    names a printing, and applies :func:`smashup_db.catalogue.printing.applies` with it. Language-free."""
    m = cat.model
    out = {}
    for b in m.bases.values():
        cur = prt.base_facts(b, None)
        cur = [cur["breakpoint"], cur["vp"]]
        alt = []
        for pr in ("original", "german"):
            if pr == "german" and not prt.german_held(m, b):
                alt.append(0)
                continue
            f = prt.base_facts(b, pr)
            alt.append(1 if [f["breakpoint"], f["vp"]] == cur else [f["breakpoint"], list(f["vp"])])
        if alt != [1, 0]:
            out[b.id] = alt
    return out


def write_play_assets(root: Path, cat, langs, templates: Path, version: str = "") -> dict[str, int]:
    """Write ``assets/play-engine.js``, ``assets/play.js``, ``assets/play.css``, ``assets/play-<lang>.json`` and
    ``assets/play-printings.json`` under ``root``.

    Returns the byte size of each data file (``{"en": n, ...}``). Raises ``OSError`` when a file cannot be written.
    """
    assets = safe_path(root, "assets", filename="")
    assets.mkdir(parents=True, exist_ok=True)
    for name in PLAY_ASSETS:
        src = templates / name
        if src.is_file():
            text = src.read_text(encoding="utf-8")
            (assets / name).write_text(
                without_comment_lines(text) if name.endswith(".js") else text, encoding="utf-8"
            )
    safe_path(root, "assets", filename="play-printings.json").write_text(
        json.dumps(printing_facts(cat), separators=(",", ":")), encoding="utf-8"
    )
    sizes = {}
    for lang in langs:
        body = json.dumps(play_data(cat, lang, version), ensure_ascii=False, separators=(",", ":"))
        safe_path(root, "assets", filename=f"play-{lang}.json").write_text(body, encoding="utf-8")
        sizes[lang] = len(body.encode("utf-8"))
    return sizes


def without_comment_lines(script: str) -> str:
    """``script`` (the site's scripts: ``play.js``, ``local.js``, those of ``assets/``) without its comment lines: lines that are only a ``//`` comment, and ``/* ... */``
    blocks that start a line and end one. Every other line is kept as it is, so the code is unchanged (the
    page's first load stays within its budget; the source keeps its comments). Raises ``ValueError`` on a
    ``/*`` block that never ends or a line with code after a ``/* */`` comment. Only for scripts with no multi-line string (no template literal)."""
    out = []
    block = False
    for line in script.splitlines(keepends=True):
        bare = line.strip()
        if block:
            block = not bare.endswith("*/")
            continue
        if bare.startswith("//"):
            continue
        if bare.startswith("/*"):
            end = bare.find("*/", 2)
            if (
                end != -1 and end != len(bare) - 2
            ):  # code after the comment: this is no comment line
                raise ValueError(f"code after a /* */ comment on one line: {bare[:60]}")
            block = end == -1
            continue
        out.append(line)
    if block:
        raise ValueError("a /* comment block does not end")
    return "".join(out)


#: The English messages play-engine.js can raise or show (the rules' msgids; the page shows them in its
#: language, see :func:`engine_messages`).
ENGINE_MESSAGES = (
    "{field} {bad} is not a level; use {complexity_levels}",
    "{field} {fmt!r} is not a draft format; use one of: {formats}",
    "{field} names {n} factions but the pool holds only {needed}",
    "{field} {unknown}: not a faction of the catalogue",
    "{field} {unowned}: not in the collection used for this draft",
    "{field} must be {factions_per_player} or more (each player keeps two), got {offer!r}",
    "{field} {requested} does not fit {format} offer: {n_players} players x {offer} offered = {size}",
    "{field} must be a whole number, got {value!r}",
    "{field} is too large: whole numbers go up to {max}",
    "{field} must be a whole number from 1 to {max_copies}, not {copies}",
    "{field} {start!r} is not one of the players: {players}",
    "a draft needs {min} to {max} players, got {n_players}",
    "a draft needs {min} to {max} players, got {n}",
    "a game needs 2 to 8 players, got {players}",
    "a pool of {n} is too small for {m} players (need at least {needed})",
    "a pool of {size} is too small for {n_players} players (need at least {needed})",
    "an offer of {offer} for {n} players needs a pool of {size}, got {m}",
    "base {dup!r} is in the deck twice",
    "breakpoint and VP unknown for: {names} (read them off the cards)",
    "faction {faction!r} is in the pool twice",
    "faction {faction!r} is not sold in any known product",
    "faction {name} not found",
    "no bases tied to: {names}",
    "no legal pick is left",
    "no option removed any",
    "nothing to undo: no faction has been picked yet",
    "only {n} factions are left but the draft needs {needed}: {why}",
    "only {n} factions available, the pool needs {size}",
    "player names must be non-empty text",
    "player {p!r} is named twice",
    "product {name} not found",
    "the base deck has only {n} bases; {players} players want at least {need} (players + 1 + {spare} to replace scored bases)",
    "the base deck has {n} bases, {players} players need at least {need}",
    "the collection is empty; add boxes with: smashup collection add PRODUCT",
    "the draft is over: every player has 2 factions",
    "unknown base-deck mode {mode!r} (choose {modes})",
    "{both} is both banned and included; drop it from {ban} or {field}",
    "{faction} is not in the pool",
    "{faction} is taken by {holders} and only 1 copy is owned",
    "{faction} is taken by {holders} and only {n} copies are owned",
    "{faction} was not offered to {player} (offered: {offered})",
    "{option} removed {n} ({names} and {more} more)",
    "{option} removed {n} ({names})",
    "{player} already holds {faction}; nobody plays the same faction twice",
)
#: Messages of the page's own (not in the Python rules), for the extractor.
_OWN = (
    N_("{field} must be a whole number, got {value!r}"),
    N_("faction {name} not found"),
    N_("product {name} not found"),
)


def engine_messages(lang: str) -> dict[str, str]:
    """English template -> its translation in ``lang``, for the page's script (escaped where inserted);
    also each option value -> its word in ``lang`` (:data:`smashup_db.i18n.glossary.OPTION_WORDS`, the
    CLI's words), with which ``pyformat.js`` words a list of allowed values as the CLI does."""
    from smashup_db.i18n import gettext
    from smashup_db.i18n.glossary import OPTION_WORDS

    words = {
        value: gettext(word if isinstance(word, str) else word[0], lang)
        for table in OPTION_WORDS.values()
        for value, word in table.items()
    }
    return {**words, **{m: gettext(m, lang) for m in ENGINE_MESSAGES}}


def page_json(value) -> Markup:
    """``value`` as JSON for a ``<script type="application/json">`` element of a page: as Jinja's ``tojson``
    (``<``, ``>``, ``&`` and ``'`` escaped, keys sorted) but compact and with UTF-8 text as it is, not
    ``\\u00fc``: the play page's words are part of its first load. The site's templates' ``page_json`` filter."""
    return htmlsafe_json_dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
