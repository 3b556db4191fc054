"""The play page's scoring part (``templates/site/play/score.html``, ``assets/play-score.js``): its data.

:func:`score_data` is what the script gets (``assets/play-score-<lang>.js``, :func:`write_assets`): every base with the facts
``smashup score`` uses (breakpoint, VP, own scoring rule), the notices of
:mod:`smashup_db.rules.basescoring` and the error templates of the ported rules, all in the page
language. :func:`copy_qr_library` puts the QR code library into the site's assets at build time
(it is installed by ``npm ci`` in ``tools/js``, never committed).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from smashup_db.i18n import N_, gettext
from smashup_db.i18n.terms import VP_OWN_RULE

#: The error templates the script raises (the same as the Python rules'; see assets/play-score.js).
MESSAGES = (
    N_("player names must be non-empty text"),
    N_("player name {name!r}... is longer than {max_name} characters"),
    N_("player name {name!r} holds control characters"),
    N_("player {name!r} is given twice"),
    N_("VP must be three whole numbers >= 0 (1st, 2nd, 3rd place), got {values!r}"),
    N_("power of {player!r} must be a whole number, got {power!r}"),
    N_("power of {player!r} is {power}; power can never be below 0"),
    N_("has_minion names players with no power given: {unknown}"),
    N_("the VP of {name} are unknown in this printing; give them with {field} 1ST,2ND,3RD"),
    N_("{field} names players with no power given: {unknown}"),
    N_("{field} expects NAME=COUNT,... with whole numbers >= 0, got {text!r}"),
    N_("{field} expects three whole numbers like 4,2,1, got {text!r}"),
    N_("Madness cards must be a whole number of 0 or more, got {madness_cards!r}"),
    N_("a game has at least 2 players, got {n}"),
    N_("VP of {name} must be a whole number of 0 or more, got {value!r}"),
    N_("Madness cards given for {unknown}, who is not a player (players: {vp})"),
)

#: Where ``npm ci --prefix tools/js`` puts the QR library (qrcode-generator, MIT), relative to the checkout.
QR_LIBRARY = Path("tools", "js", "node_modules", "qrcode-generator", "dist", "qrcode.js")


def printing_for(lang: str) -> str:
    """The printing whose facts the page scores with: the German edition's on ``/de/``, else the current one."""
    return "german" if lang == "de" else "current"


def score_data(data, lang: str, names) -> dict:
    """The JSON of ``<script id="score-data">``: ``{"bases": [{"id", "name", "breakpoint", "vp", "stats_known",
    "scoring"}], "notices": {flag: template}, "applied": template, "messages": {English: translated},
    "table": {key: words of the table (:data:`TABLE_TEXT`)}}``.

    ``data`` is the build's :class:`~smashup_db.site.sitedata.SiteData`, ``names(kind, id)`` the page
    language's display names. Bases are in display-name order; facts are those of
    :func:`printing_for` (:func:`smashup_db.catalogue.printing.base_facts`, which falls back as the
    CLI does). The notices are :data:`smashup_db.rules.basescoring.NOTICES` in ``lang``.
    """
    from smashup_db.catalogue.printing import base_facts
    from smashup_db.common.text import fold
    from smashup_db.rules.basescoring import APPLIED, NOTICES

    model = data.catalogue.model
    printing = printing_for(lang)
    rows = []
    for bid in data.bases:
        b = model.bases[bid]
        f = base_facts(b, printing)
        rows.append(
            {
                "id": bid,
                "name": names("base", bid)["name"],
                "breakpoint": f["breakpoint"],
                "vp": list(f["vp"]),
                "stats_known": f["breakpoint"] is not None,
                "scoring": b.scoring,
            }
        )
    rows.sort(key=lambda r: (fold(r["name"]), r["id"]))
    code = lang if lang in ("en", "de") else "en"
    return {
        "bases": rows,
        "text": page_text(lang),
        "notices": {flag: texts[code] for flag, texts in NOTICES.items()},
        "applied": APPLIED[code],
        "messages": {m: gettext(m, lang) for m in MESSAGES},
        "table": {key: gettext(text, lang) for key, text in TABLE_TEXT.items()},
    }


#: The script's own words (English; the page language's from the gettext catalog).
PAGE_TEXT = {
    "power": N_("Power"),
    "minions": N_("Minions there"),
    "vp_total": N_("VP so far"),
    "madness": N_("Madness cards"),
    "zero_minion": N_("Has a minion of power 0 there"),
    "draft_bases": N_("Bases of this draft"),
    "all_bases": N_("All bases"),
    "total_power": N_("total power"),
    "own_rule": VP_OWN_RULE,  # a base whose own rule gives its VP, never "0/0/0" (as the CLI)
    "below_breakpoint": N_("below the breakpoint: the base does not score yet"),
    "add_vp": N_("Add these VP to the totals"),
    "added_vp": N_("VP added"),
    "madness_decided": N_("The tie on VP was decided by fewer Madness cards."),
    "record_intro": N_(
        "Keep this game in the game log: open the link on the computer with smashup, or run"
    ),
    "record_link": N_("Link for smashup game record --from-url"),
    "record_unavailable": N_(
        "No game-log link: a player name holds a comma, an equals sign or a plus sign."
    ),
    "qr_label": N_("QR code of the share link"),
    "qr_missing": N_("The QR code library is not part of this build; share the link instead."),
}


#: The words of the table (``assets/play-table.js``, loaded on "Start the game"), in the same data script.
TABLE_TEXT = {
    "table": N_("The table"),
    "turn": N_("Turn {turn}"),
    "end_turn": N_("End of turn"),
    "undo": N_("Undo"),
    "undone": N_("Step taken back."),
    "hand_over": N_("Hand the game to another phone"),
    "scores_now": N_("The breakpoint is reached: this base scores now."),
    "minions_of": N_("{player}: minions there"),
    "zero_of": N_("{player} has a minion of power 0 there"),
    "vp_given": N_("VP for 1st,2nd,3rd (the base replacing it, or VP unknown)"),
    "bad_number": N_("{name}: {value} is not a whole number from 0 to 999"),
    "bad_vp": N_("VP expects three whole numbers like 4,2,1, got {value}"),
    "score": N_("Score"),
    "scored": N_("{base} scored: {vp}."),
    "laid": N_("New base: {base}."),
    "board": N_("VP board"),
    "madness_of": N_("{player}: Madness cards"),
    "madness_on": N_("Madness cards in play (Cthulhu set)"),
    "record_qr": N_("QR code of the game-log link"),
    "piles": N_("Base deck: {deck} · base discard pile: {discard}"),
    "game_over": N_("The game is over; undo a step to change it."),
}


def page_text(lang: str) -> dict:
    """The words of ``assets/play-score.js`` in ``lang``: :data:`PAGE_TEXT` and the CLI's own terms
    (``smashup score`` / ``smashup game end`` tables, :mod:`smashup_db.i18n.terms`)."""
    from smashup_db.i18n.terms import TERMS, term

    out = {key: gettext(text, lang) for key, text in PAGE_TEXT.items()}
    out.update({key: term(key, lang) for key in ("player", "place", "vp", "breakpoint")})
    out["power"] = term("power", lang)
    out.update(
        {
            key: gettext(TERMS["g." + key], lang)
            for key in ("madness_cards", "vp_lost", "final", "end_title", "goes_on")
        }
    )
    out["wins"] = gettext(TERMS["g.wins_game"], lang)
    out["tied"] = gettext(TERMS["g.tied"], lang)
    out["error_prefix"] = gettext(TERMS["error_prefix"], lang)
    return out


def data_script(data, lang: str, names) -> str:
    """``assets/play-score-<lang>.js``: ``self.SmashScoreData = {...};`` (:func:`score_data`), loaded with the
    script when the scoring part is opened, so it is no part of the play page's first load."""
    body = json.dumps(score_data(data, lang, names), ensure_ascii=False, separators=(",", ":"))
    return "self.SmashScoreData = " + body + ";\n"


def write_assets(assets: Path, data, langs, names_for) -> None:
    """Write the scoring part's data script of each language and copy the QR library (:func:`copy_qr_library`).

    ``names_for(lang)`` gives the display-name look-up of a language (``names(kind, id)["name"]``).
    """
    for lang in langs:
        (assets / f"play-score-{lang}.js").write_text(
            data_script(data, lang, names_for(lang)), encoding="utf-8"
        )
    copy_qr_library(assets)


def qr_library() -> Path | None:
    """The QR library's file: ``$SMASHUP_QRCODE_JS`` if set, else ``tools/js/node_modules/...`` of the
    checkout (:data:`QR_LIBRARY`); None when it is not installed."""
    from smashup_db.common.resources import templates_root

    given = os.environ.get("SMASHUP_QRCODE_JS")
    if given:
        path = Path(given)
        return path if path.is_file() else None
    try:
        path = templates_root().parent / QR_LIBRARY
    except Exception:  # no templates folder: the build reports that itself
        return None
    return path if path.is_file() else None


def copy_qr_library(assets: Path) -> bool:
    """Copy the QR library to ``assets/qrcode.js``; False (the page then shows the link without a QR code)
    when it is not installed (``npm ci --prefix tools/js``)."""
    src = qr_library()
    if src is None:
        return False
    shutil.copyfile(src, assets / "qrcode.js")
    return True
