"""A difference between the card archive and another source, and how curated entries match one.

A :class:`Difference` is one field of one card or base that the card archive (the current printing)
and another source (Kadsuno's faction files, the zhuanggenhua engine's classic or pod files, fabikw's
2015 tables) give differently. The rules of :mod:`.settle` give it a ``status``; ``data compile``
writes it to ``data/printings.json`` (:meth:`Difference.as_record`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from smashup_db.common.text import key

#: The compared fields of a card.
CARD_FIELDS = ("name", "copies", "power")
#: ``sources`` of the differences with Kadsuno's faction files (the original printings).
KADSUNO = "card-archive/kadsuno"


@dataclass(frozen=True)
class Difference:
    """One field the card archive and another source give differently.

    ``kind``: ``card`` or ``base``; ``sources``: the compared pair (``card-archive/kadsuno``,
    ``card-archive/zhuanggenhua-classic`` or ``-pod``, ``card-archive/fabikw``); ``faction``: the
    faction's English name (``""`` for fabikw, which has none); ``name``: the card archive's name
    (None: only the other source has it); ``original_name``: the other source's name; ``field``:
    ``name``, ``copies``, ``power``, ``breakpoint``, ``vp``, ``only-current`` or ``only-original``;
    ``original``/``current``: the other source's and the archive's value. Optional: ``id`` (the
    catalogue's card or base), ``original_card`` (Kadsuno: the paired card's type, copies, power),
    ``raw`` (the archive's value before corrections; not written), ``kadsuno`` (engine cards: the
    Kadsuno value where one is known), ``product`` (fabikw's product name), ``evidence`` (file and
    line), ``pod_seen`` (engine bases: the pod file has this base; not written). ``status``
    (``unresolved``, ``printing``, ``reviewed``, ``corrected``), ``rule`` and ``reason`` are set by
    :func:`.settle.settle`.
    """

    kind: str
    sources: str
    faction: str
    name: str | None
    original_name: str | None
    field: str
    original: Any
    current: Any
    id: str | None = None
    original_card: dict | None = None
    raw: Any = None
    kadsuno: Any = None
    product: str | None = None
    evidence: str = ""
    pod_seen: bool = False
    status: str = "unresolved"
    rule: str = ""
    reason: str = ""

    @property
    def family(self) -> str:
        """The source compared with the card archive: ``kadsuno``, ``zhuanggenhua`` or ``fabikw``."""
        other = self.sources.split("/", 1)[1]
        return other.split("-", 1)[0] if other.startswith("zhuanggenhua") else other

    @property
    def edition(self) -> str:
        """The engine's file of the other source (``classic`` or ``pod``); else the part after the last ``-``."""
        return self.sources.rsplit("-", 1)[-1]

    @property
    def is_pod(self) -> bool:
        """True for a difference with the engine's pod (print-on-demand reprint) file."""
        return self.sources.endswith("-pod")

    @property
    def is_classic(self) -> bool:
        """True for a difference with the engine's classic (original printing) file."""
        return self.sources.endswith("-classic")

    def settled(self, status: str, rule: str, reason: str, **changes: Any) -> Difference:
        """A copy with ``status``, ``rule`` and ``reason`` (and any other ``changes``) set."""
        return dataclasses.replace(self, status=status, rule=rule, reason=reason, **changes)

    @classmethod
    def from_record(cls, record: dict) -> Difference:
        """The difference a record of ``data/printings.json`` holds (the inverse of :meth:`as_record`)."""
        return cls(**record)

    def as_record(self) -> dict:
        """The record written to ``data/printings.json`` (keys in the order the file has kept)."""
        if self.sources == KADSUNO:
            out = {
                "kind": self.kind,
                "faction": self.faction,
                "name": self.name,
                "original_name": self.original_name,
                "field": self.field,
                "original": self.original,
                "current": self.current,
            }
            if self.original_card is not None:
                out["original_card"] = self.original_card
            out |= {"status": self.status, "reason": self.reason, "id": self.id}
            return out | {"sources": self.sources, "rule": self.rule}
        out = {
            "kind": self.kind,
            "sources": self.sources,
            "faction": self.faction,
            "name": self.name,
            "id": self.id,
            "original_name": self.original_name,
            "field": self.field,
            "original": self.original,
            "current": self.current,
        }
        if self.family == "zhuanggenhua" and self.kind == "card":
            out["kadsuno"] = self.kadsuno
        if self.family == "fabikw":
            out["product"] = self.product
        out["evidence"] = self.evidence
        return out | {"status": self.status, "rule": self.rule, "reason": self.reason}


def same_value(field: str, a: Any, b: Any) -> bool:
    """True when two values of ``field`` agree (names compared by :func:`~smashup_db.common.text.key`)."""
    if field == "name":
        return key(a or "") == key(b or "")
    return a == b


def _names_match(names: list, d: Difference) -> bool:
    return any(
        n and (key(n) == key(d.name or "") or key(n) == key(d.original_name or "")) for n in names
    )


def matches_kadsuno_entry(entry: dict, d: Difference) -> bool:
    """A ``curated/printings.json`` entry matches a difference by faction, ``name`` or ``names``, and ``fields``."""
    if key(entry.get("faction", "")) != key(d.faction):
        return False
    if not _names_match(entry.get("names") or [entry.get("name")], d):
        return False
    fields = entry.get("fields")
    return fields is None or d.field in fields


def matches_source_entry(entry: dict, d: Difference) -> bool:
    """An entry with a ``source`` matches by faction (when given), name or names (``*``: every one),
    ``printings`` (the engine's files) and ``fields``."""
    if entry.get("faction") and key(entry["faction"]) != key(d.faction or ""):
        return False
    names = entry.get("names") or [entry.get("name")]
    if names != ["*"] and not _names_match(names, d):
        return False
    if entry.get("printings") and d.edition not in entry["printings"]:
        return False
    fields = entry.get("fields")
    return fields is None or d.field in fields
