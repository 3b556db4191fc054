"""One adapter module per public source in ``../shared/data`` (shared/data/README.md).

Each module reads its source's files into plain records with the facts only (names, types, copies,
power, breakpoints, VP, links) and, for the sources of original printings, compares them with the
card archive (returning :class:`~smashup_db.compiler.difference.Difference` records):

* :mod:`.archive`: the card archive (``card-archive/``), the current printings;
* :mod:`.randomizer`: the randomizer's faction files (``kadsuno-factions/``), the original printings;
* :mod:`.game_engine`: the open-source engine's tables (``zhuanggenhua/``), classic and pod printings;
* :mod:`.scoring_tool`: the 2015 scoring tool's tables (``fabikw/``), original base VP;
* :mod:`.drafter`: the drafter's product list (``pinkepop/``), years and product links;
* :mod:`.german`: the German names, glossary and editions (``german/``);
* :mod:`.readers`: the readers they share (JSON, tab-separated tables, numbers).
"""
