"""The public sources the catalogue is compiled from, each named once: what it is and where it lives.

Their short names appear in ``smashup stats --json`` (``printings.by_source``: ``card-archive/kadsuno``
is a difference between the card archive and the Kadsuno files), in the README and in the compiler's
adapters (:mod:`smashup_db.compiler.sources`). ``smashup stats --json`` lists this table under
``sources``, so every name it prints is explained. The facts are from ``../shared/data/README.md``.
"""

from __future__ import annotations

#: short name -> repository (GitHub ``owner/name``), commit read, files read, and what the source is.
SOURCES: dict[str, dict[str, str]] = {
    "card-archive": {
        "repository": "906919303-crypto/smash-up-card-archive",
        "commit": "58fa7e7432874b3c0f3727289e399445754eb383",
        "files": "app/data/smashup-catalog.json, app/data/smashup-bases.json, public/card-art/",
        "what": "the public card archive: every card and base with rules text, errata and "
        "clarifications (from AEG's Smash Up Rulebook Wiki and the fan wiki), and a picture of each; "
        "the current printings. Its text and pictures are imported by each user "
        "(smashup import text / import images), never shipped.",
    },
    "kadsuno": {
        "repository": "Kadsuno/smash-up-randomizer",
        "commit": "40b207c1938a01a3b09461c832e337f01e9b0c99",
        "files": "database/data/factions/*.json",
        "what": "the Kadsuno files: a faction randomizer's 22 product files (106 factions from "
        "the fan wiki) with cards, bases and complexity; closer to the original printings.",
    },
    "zhuanggenhua": {
        "repository": "zhuanggenhua/BoardGame",
        "commit": "several (mostly 939e96e9 and 5b6b5bd5); each row of its tables names its own",
        "files": "src/games/smashup/data/",
        "what": "an open-source Smash Up game engine (MIT): per card its printing (classic = "
        "original, pod = AEG's print-on-demand reprint), type, power and copies; per base its "
        "breakpoint and VP; a third opinion on printings (its English names are partly its own).",
    },
    "fabikw": {
        "repository": "fabikw/Smash-UP",
        "commit": "0ee94c2311a90f1fac3865f7a9bf066280e58952",
        "files": "the tables of its Python data module",
        "what": "a 2015 scoring tool: VP of 84 bases and 42 faction names with their product, "
        "as originally printed.",
    },
    "pinkepop": {
        "repository": "PinkePop/smashup-drafter",
        "commit": "9fc6b9c8c0411a51526c7e88c3f7ce26466d7792",
        "files": "src/datas/sets.json",
        "what": "a drafting app's product list: 26 products with English and French names and "
        "release dates.",
    },
    "german": {
        "repository": "",
        "commit": "",
        "files": "german/names-de.tsv, german/glossary-de.tsv, german/editions-de.tsv",
        "what": "German names, game terms and the 14 German editions, compiled for this project "
        "from German rulebooks and reviews, each name with its evidence.",
    },
}
