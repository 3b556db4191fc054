"""The card archive (``card-archive/``): the current printings of cards and bases.

Source: GitHub ``906919303-crypto/smash-up-card-archive`` (shared/data/README.md), compiled from
the AEG Rulebook Wiki. The compiler takes its factions, cards and bases as the catalogue's current
printing. Rules text is read only to derive facts (the printed power prefix, keywords, fusions, the
scoring flag); it is never returned.
"""

from __future__ import annotations

import re
from pathlib import Path

#: Marvel/Disney call minions "characters"; G.I. Gerald's fusions and a few
#: minion/action hybrids are "other". Everything maps onto the catalogue's card types.
from smashup_db.common.vocabulary import SOURCE_TYPES as TYPE_MAP
from smashup_db.compiler.compile_errors import SourceError
from smashup_db.compiler.sources.readers import load_json, require
from smashup_db.i18n import N_

CATALOG = Path("card-archive/smashup-catalog.json")
BASES = Path("card-archive/smashup-bases.json")

_POWER_PREFIX = re.compile(r"^\s*power\s*(\d+)\s*-", re.IGNORECASE)
_KEYWORD_PATTERNS = {
    "ongoing": re.compile(r"\bOngoing\s*:"),
    "talent": re.compile(r"\bTalent\s*:"),
    "special": re.compile(r"\bSpecial\s*:"),
    "play-on-minion": re.compile(
        r"\bPlay (?:this )?on (?:a|an|one of your|another player's) (?:minion|character)", re.I
    ),
    "play-on-base": re.compile(r"\bPlay (?:this )?on a base", re.I),
    "extra-play": re.compile(r"\bextra (?:minion|action|character)", re.I),
}
#: A card text offering a Minion and an Action ability, or saying Fusion (Half the Battle).
_FUSION = re.compile(
    r"^\s*(?:Power\s*\d+\s*-\s*)?(?:Fusion\b|Minion\s*:.*\bAction\s*:)", re.I | re.S
)
#: A base's sentence about what happens when it scores (linear: no nested repetition).
_SCORES = re.compile(r"\b(?:When|Before|After|As) this base scores\b[^.]*(?:\.[^.]*)?", re.I)


def is_fusion(text: str | None) -> bool:
    """True when a card's English text offers a Minion and an Action ability (or says Fusion)."""
    return bool(_FUSION.search(text or ""))


def _scoring_sentence_flag(sentence: str, text: str) -> str | None:
    if re.search(r"replace (?:it|this base)", sentence, re.I) and "keep scoring" in text.lower():
        return "replaced"
    if not re.search(r"VP\b|victory point", sentence, re.I):
        return None
    if re.search(r"for each minion", sentence, re.I):
        return "per-minion"
    if re.search(r"for every \d+ power", sentence, re.I):
        return "extra-vp"
    return "other"


def scoring_flag(text: str | None, vp: list | None) -> str | None:
    """The base's own scoring rule from its English text, or None when 1st/2nd/3rd VP apply as printed.

    ``replaced`` (replaced before scoring and the new base scores: Unicrave),
    ``per-minion`` (VP per minion: Rhodes Plaza Mall), ``extra-vp`` (VP per N
    power: Factory 436-1337), ``other`` (another scoring-time VP rule, or VP
    printed as 0/0/0).
    """
    text = text or ""
    for m in _SCORES.finditer(text):
        flag = _scoring_sentence_flag(m.group(0), text)
        if flag:
            return flag
    if vp and list(vp) == [0, 0, 0]:
        return "other"
    return None


def printed_power(text: str | None) -> int | None:
    """The power printed in a card-archive text prefix ("Power 3 - ..."), or None."""
    match = _POWER_PREFIX.match(text or "")
    return int(match.group(1)) if match else None


def keywords_of(text: str | None) -> list[str]:
    """Keywords (see ``vocabulary.KEYWORDS``) found in an English card text, sorted."""
    return sorted(k for k, rx in _KEYWORD_PATTERNS.items() if rx.search(text or ""))


def _card(card: dict, path: Path, where: str) -> dict:
    source_type = require(card, "type", path, where)
    if source_type not in TYPE_MAP:
        raise SourceError(
            N_("{cwhere}.type: unknown card type {source_type!r}"),
            prefix=path,
            cwhere=where,
            source_type=source_type,
        )
    text = card.get("text") or ""
    power = card.get("power")
    if power is None:
        power = printed_power(text)
    copies = require(card, "quantity", path, where)
    if not isinstance(copies, int) or copies < 1:
        raise SourceError(
            N_("{cwhere}.quantity: expected a positive whole number"), prefix=path, cwhere=where
        )
    return {
        "name": require(card, "name", path, where),
        "type": "fusion" if is_fusion(text) else TYPE_MAP[source_type],
        "source_type": source_type,
        "copies": copies,
        "power": power,
        "keywords": keywords_of(text),
    }


def _base(base: dict, path: Path, where: str) -> dict:
    vp = base.get("vp")
    if vp is not None and (not isinstance(vp, list) or len(vp) != 3):
        raise SourceError(N_("{where}.vp: expected three numbers"), prefix=path, where=where)
    return {
        "name": require(base, "name", path, where),
        "faction": base.get("sourceFaction") or None,
        "set": require(base, "set", path, where),
        "breakpoint": base.get("breakpoint"),
        "vp": vp,
        "scoring": scoring_flag(base.get("text"), vp),
    }


def read_card_archive(root: Path) -> dict:
    """Read the card archive's catalogue and bases.

    Returns ``{"factions": [{"name", "set", "cards": [{"name", "type", "copies",
    "power", "keywords", "source_type"}]}], "bases": [{"name", "faction", "set",
    "breakpoint", "vp", "scoring"}]}``. ``power`` falls back to the printed prefix when the
    field is null (the archive stores power 0 and odd spellings as null).
    """
    path = root / CATALOG
    data = load_json(path)
    factions = []
    for i, fac in enumerate(require(data, "factions", path, "top level")):
        where = f"factions[{i}]"
        cards = [
            _card(card, path, f"{where}.cards[{j}]")
            for j, card in enumerate(require(fac, "cards", path, where))
        ]
        factions.append(
            {
                "name": require(fac, "name", path, where),
                "set": require(fac, "set", path, where),
                "cards": cards,
            }
        )
    bpath = root / BASES
    bases = [
        _base(base, bpath, f"bases[{i}]")
        for i, base in enumerate(require(load_json(bpath), "bases", bpath, "top level"))
    ]
    return {"factions": factions, "bases": bases}
