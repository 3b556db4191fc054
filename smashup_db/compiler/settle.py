"""Settling differences: an ordered list of named rules, the first that applies gives the status.

Each rule is a function ``rule(d, evidence) -> Difference | None``: the difference settled (a new
record with ``status``, ``rule`` and ``reason``) or None when it does not apply. The rules of the
Kadsuno differences (:data:`KADSUNO_RULES`) run first; the zhuanggenhua and fabikw differences
(:data:`OTHER_SOURCE_RULES`) then lean on them; :func:`classic_and_pod` runs last over what is left.
:data:`RULES` says why each rule wins (shown by ``smashup data compile``); the rules' sources are
shared/data/README.md ("Known errors in the sources") and ``data/curated/``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from smashup_db.common.text import key
from smashup_db.compiler.difference import (
    Difference,
    matches_kadsuno_entry,
    matches_source_entry,
    same_value,
)

#: The rule that settles each kind of difference, with why (shown by ``smashup data compile``).
RULES = {
    "corrected": "a source error fixed in curated/corrections.json",
    "curated": "reviewed case by case in curated/printings.json",
    "two-against-one": "two sources agree against the third: the original printing where the older sources "
    "(Kadsuno, zhuanggenhua classic, fabikw 2015) agree against the card archive's current one",
    "pod-third-opinion": "zhuanggenhua's pod file is a third opinion only (data README); the card archive "
    "gives the current printing",
    "back-translation": "paired by faction, type, copies and power: zhuanggenhua's English names are partly "
    "back-translations from Chinese (data README), so a name alone is no printing; the "
    "card archive's name is kept",
    "classic-and-pod": "zhuanggenhua's classic and pod files differ exactly as the original and the card archive's "
    "current printing do: a reprint change",
    "weak-evidence": "fabikw's rows for It's Your Fault! and Munchkin were written before those boxes came out "
    "(data README): too weak to make or refute a printing",
    "majority": "two or more independent sources (Kadsuno, zhuanggenhua, fabikw; the engine's classic and pod "
    "files count once) agree against the card archive on a difference no other rule settles: the majority's "
    "value is the card's, in every printing",
}

#: The independent sources a majority counts, by :attr:`Difference.family`, with the names the report uses.
VOTERS = {"kadsuno": "Kadsuno", "zhuanggenhua": "zhuanggenhua", "fabikw": "fabikw"}


@dataclass
class Evidence:
    """What the rules consult besides the difference itself.

    ``corrections``: ``curated/corrections.json``; ``reviews``: ``curated/printings.json``
    ``differences``; ``renamed_bases``: ``{folded current name: curated base entry with set.name}``;
    ``kadsuno``: the settled Kadsuno card differences by ``(card id, field)``; ``weak_products``:
    ``{source: {folded product name}}`` of rows too early for their box (``weak_evidence``);
    ``state``: the differences being settled, each as far as settled (the rules of one source look
    at another's), and ``used``: indexes of ``reviews`` that settled something: both kept by
    :func:`settle` on its own copy.
    """

    corrections: Sequence[dict]
    reviews: Sequence[dict]
    renamed_bases: dict[str, dict]
    kadsuno: dict[tuple, Difference] = field(default_factory=dict)
    weak_products: dict[str, set[str]] = field(default_factory=dict)
    state: list[Difference] = field(default_factory=list)
    used: set[int] = field(default_factory=set)

    def same_thing(self, d: Difference, which: Callable[[Difference], bool]) -> Difference | None:
        """The first other difference of the same card or base and field that ``which`` accepts."""
        return next(
            (
                x
                for x in self.state
                if x is not d
                and x.kind == d.kind
                and x.id == d.id
                and x.field == d.field
                and which(x)
            ),
            None,
        )


Rule = Callable[[Difference, Evidence], "Difference | None"]


# --------------------------------------------------------------------------- the rules


def corrected_in_card_archive(d: Difference, ev: Evidence) -> Difference | None:
    """A card-archive card correction of this card sets the differing field (Kadsuno differences)."""
    for corr in ev.corrections:
        if corr.get("kind") != "card" or corr.get("source") != "card-archive":
            continue
        match = corr.get("match", {})
        if (
            key(str(match.get("faction", ""))) == key(d.faction)
            and key(str(match.get("name", ""))) == key(d.name or "")
            and d.field in corr.get("set", {})
        ):
            return d.settled("corrected", "corrected", corr["reason"])
    return None


def _fixes(corr: dict, d: Difference) -> Difference | None:
    names = {key(str(corr.get("match", {}).get("name", "")))}
    value = corr["set"][d.field]
    if (
        corr.get("source") == "card-archive"
        and key(d.name or "") in names
        and same_value(d.field, value, d.original)
        and d.raw != d.current
    ):
        return d.settled("corrected", "corrected", corr["reason"])
    if (
        corr.get("source") == d.family
        and (key(d.original_name or "") in names or key(d.name or "") in names)
        and same_value(d.field, value, d.current)
    ):
        return d.settled("corrected", "corrected", corr["reason"], original=value)
    return None


def corrected_in_either_source(d: Difference, ev: Evidence) -> Difference | None:
    """A correction of the card archive's raw value (now agreeing with the other source) or of the
    other source's value (now agreeing with the archive; the difference shows the corrected value)."""
    for corr in ev.corrections:
        if corr.get("kind") != d.kind or d.field not in corr.get("set", {}):
            continue
        fixed = _fixes(corr, d)
        if fixed:
            return fixed
    return None


def reviewed_in_curated(d: Difference, ev: Evidence) -> Difference | None:
    """An entry of ``curated/printings.json`` ``differences`` for this source gives status and reason."""
    matches = matches_kadsuno_entry if d.family == "kadsuno" else matches_source_entry
    for i, entry in enumerate(ev.reviews):
        if entry.get("source", "kadsuno") == d.family and matches(entry, d):
            ev.used.add(i)
            return d.settled(entry["status"], "curated", entry["reason"])
    return None


def renamed_base(d: Difference, ev: Evidence) -> Difference | None:
    """A base name that ``curated/printings.json`` ``bases`` gives as the other printing's name."""
    entry = ev.renamed_bases.get(key(d.name or ""))
    if (
        d.kind == "base"
        and d.field == "name"
        and not d.is_pod
        and entry
        and key(entry["set"]["name"]) == key(d.original_name or "")
    ):
        return d.settled("printing", "curated", entry["reason"])
    return None


def _kadsuno_of(d: Difference, ev: Evidence) -> Difference | None:
    return ev.kadsuno.get((d.id, d.field)) if d.kind == "card" else None


def agrees_with_kadsuno_printing(d: Difference, ev: Evidence) -> Difference | None:
    """Two against one: the engine's classic file and Kadsuno's give the same original printing."""
    kd = _kadsuno_of(d, ev)
    if (
        kd
        and kd.status == "printing"
        and same_value(d.field, kd.original, d.original)
        and not d.is_pod
    ):
        reason = "zhuanggenhua classic agrees with the Kadsuno file on the original printing: "
        return d.settled("printing", "two-against-one", reason + kd.reason)
    return None


def agrees_with_kadsuno_review(d: Difference, ev: Evidence) -> Difference | None:
    """The same value as a Kadsuno difference already reviewed or corrected: its review holds."""
    kd = _kadsuno_of(d, ev)
    if (
        kd
        and kd.status in ("reviewed", "corrected")
        and same_value(d.field, kd.original, d.original)
    ):
        return d.settled("reviewed", "curated", kd.reason)
    return None


def older_sources_agree(d: Difference, ev: Evidence) -> Difference | None:
    """Two against one for bases: the engine's classic file and fabikw (2015) give the same original."""
    if d.kind != "base" or d.is_pod:
        return None
    if d.family == "zhuanggenhua":
        other = ev.same_thing(d, lambda x: x.family == "fabikw")
    elif d.family == "fabikw":
        other = ev.same_thing(d, lambda x: x.is_classic)
    else:
        other = None
    if other and same_value(d.field, other.original, d.original):
        return d.settled(
            "printing",
            "two-against-one",
            "zhuanggenhua classic and fabikw (2015) agree on the original printing against the "
            "card archive's current one",
        )
    return None


def pod_third_opinion(d: Difference, ev: Evidence) -> Difference | None:
    """The engine's pod file is a third opinion only: reviewed, the card archive gives the current."""
    if not d.is_pod:
        return None
    classic = ev.same_thing(d, lambda x: x.is_classic)
    if (
        classic
        and classic.status == "printing"
        and same_value(d.field, classic.original, d.original)
    ):
        reason = "the pod file keeps the classic (original) value; the card archive gives the current printing"
    else:
        reason = "the card archive and zhuanggenhua's classic file give the current value"
    return d.settled("reviewed", "pod-third-opinion", reason)


def back_translation(d: Difference, ev: Evidence) -> Difference | None:
    """An engine name of a card or base paired by numbers: a back-translation, no printing."""
    if d.family == "zhuanggenhua" and d.field == "name":
        return d.settled("reviewed", "back-translation", RULES["back-translation"])
    return None


def weak_evidence(d: Difference, ev: Evidence) -> Difference | None:
    """A row of a source written before its product came out (``curated/printings.json`` ``weak_evidence``)."""
    if key(d.product or "") in ev.weak_products.get(d.family, set()):
        return d.settled("reviewed", "weak-evidence", RULES["weak-evidence"])
    return None


#: The rules of the Kadsuno differences, in order.
KADSUNO_RULES: tuple[Rule, ...] = (corrected_in_card_archive, reviewed_in_curated, renamed_base)
#: The rules of the zhuanggenhua and fabikw differences, in order.
OTHER_SOURCE_RULES: tuple[Rule, ...] = (
    corrected_in_either_source,
    reviewed_in_curated,
    agrees_with_kadsuno_printing,
    agrees_with_kadsuno_review,
    renamed_base,
    older_sources_agree,
    pod_third_opinion,
    back_translation,
    weak_evidence,
)


def classic_and_pod(d: Difference, ev: Evidence) -> Difference | None:
    """A base the engine's classic file gives differently, its pod file as the card archive: a reprint."""
    if d.status != "unresolved" or d.kind != "base" or not d.is_classic or not d.pod_seen:
        return None
    if any(x is not d and x.id == d.id and x.field == d.field and x.is_pod for x in ev.state):
        return None
    return d.settled("printing", "classic-and-pod", RULES["classic-and-pod"])


def settle(
    diffs: Sequence[Difference], rules: Sequence[Rule], ev: Evidence, last: Rule | None = None
) -> tuple[list[Difference], set[int]]:
    """The differences settled, in their order, and the indexes of the reviews that settled some.

    Each difference is settled by the first of ``rules`` that applies; differences with the
    engine's pod file after the others (their rule looks at the classic file's). ``last`` then
    runs over every difference. What no rule settles stays ``unresolved``. Neither ``diffs`` nor
    ``ev`` is changed: the rules work on a copy of ``ev`` whose ``state`` is the progress.
    """
    run = dataclasses.replace(ev, state=list(diffs), used=set())
    for i in sorted(range(len(diffs)), key=lambda i: diffs[i].is_pod):
        d = run.state[i]
        run.state[i] = next((s for s in (rule(d, run) for rule in rules) if s is not None), d)
    if last is not None:
        run.state = [last(d, run) or d for d in run.state]
    return run.state, run.used


# --------------------------------------------------------------------------- the majority


@dataclass(frozen=True)
class Tally:
    """The votes on one field of one card or base: ``votes`` ``{source name: value}`` (the card archive
    as ``card archive``), ``value`` the majority's (None: evenly split), ``evidence`` where each vote is."""

    id: str
    field: str
    votes: dict
    value: object
    evidence: tuple[str, ...]

    def worded(self) -> str:
        """The votes in words, majority first: ``Kadsuno 4, zhuanggenhua 4 against the card archive 3``."""
        agree = [n for n, v in self.votes.items() if self.value is not None and v == self.value]
        other = [f"{n} {v!r}" for n, v in self.votes.items() if n not in agree]
        if not agree:
            return "evenly split: " + ", ".join(other)
        return ", ".join(f"{n} {self.value!r}" for n in agree) + " against " + ", ".join(other)


def tally(diffs: Sequence[Difference]) -> Tally:
    """Count the votes of the differences of one field of one thing (one vote per source family, the
    engine's classic file before its pod file; the card archive's current value is one vote).

    ``value`` is the value two or more sources give when no other value has as many votes;
    else None (evenly split, or one source against the archive).
    """
    votes: dict[str, object] = {}
    evidence: list[str] = []
    for d in sorted(diffs, key=lambda x: (x.is_pod, x.sources)):
        name = VOTERS.get(d.family)
        if name and name not in votes:
            votes[name] = d.original
            evidence.append(d.evidence)
    votes["card archive"] = diffs[0].current
    counts: dict = {}
    for v in votes.values():
        counts[repr(v)] = counts.get(repr(v), 0) + 1
    best = max(counts.values())
    winners = [v for v in votes.values() if counts[repr(v)] == best]
    value = winners[0] if best >= 2 and len({repr(v) for v in winners}) == 1 else None
    evidence.append("card-archive/smashup-catalog.json")
    return Tally(diffs[0].id or "", diffs[0].field, votes, value, tuple(evidence))


def by_majority(diffs: Sequence[Difference]) -> tuple[list[Difference], list[Tally], list[Tally]]:
    """The card power and copies differences no rule settled, decided by :func:`tally`.

    Returns the differences (those a majority decides settled ``corrected`` by rule ``majority``,
    with the votes as their reason), the decisions and the even splits (left ``unresolved``: a
    ``data check`` problem until reviewed). Nothing given is changed.
    """
    groups: dict[tuple, list[int]] = {}
    for i, d in enumerate(diffs):
        if (
            d.status == "unresolved"
            and d.kind == "card"
            and d.id
            and d.field in ("power", "copies")
        ):
            groups.setdefault((d.id, d.field), []).append(i)
    out = list(diffs)
    decided, split = [], []
    for idx in groups.values():
        t = tally([diffs[i] for i in idx])
        if t.value is None:
            split.append(t)
            continue
        decided.append(t)
        reason = f"the majority decides {t.field} {t.value!r}: {t.worded()}"
        for i in idx:
            out[i] = diffs[i].settled("corrected", "majority", reason)
    return out, decided, split
