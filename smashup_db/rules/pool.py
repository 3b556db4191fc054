"""Pool control for a draft: bans, includes, complexity, products and recently played factions.

Pure functions, no database: the caller passes the catalogue's facts as plain
data. The result says which filter removed which factions, so that a pool
that becomes too small can say why (players of public Smash Up randomizers
ask for exactly this kind of control).

The order of the filters is fixed (:data:`FILTERS`): the collection, the bans,
the products, the complexity, the recently played factions. Included factions
are always in the pool, whatever the other filters say, but never when banned.
Recently played factions are left out while enough others remain; when too
few remain, the least recent ones are put back first, with a warning.

Inputs are named in the rules' own words (``ban``, ``include`` ...; a
:class:`~smashup_db.errors.Field` in messages): the CLI words them as its
options, the play page as its form fields.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from smashup_db.errors import N_, Choices, Field, Message
from smashup_db.rules.draft import DraftError

__all__ = [
    "COMPLEXITY_LEVELS",
    "FILTERS",
    "PoolChoice",
    "parse_complexity",
    "complexity_matches",
    "choose_candidates",
    "draw_pool",
]

#: The complexity levels of the Kadsuno ``playstyle`` field ("Low-Medium" is both low and medium).
COMPLEXITY_LEVELS = ("low", "medium", "high")
#: The pool filters in the order they apply: the keys of :attr:`PoolChoice.removed`.
FILTERS = ("collection", "ban", "products", "complexity", "avoid_recent")


def parse_complexity(value: str | Iterable[str] | None) -> set[str] | None:
    """``"low,medium"`` -> ``{"low", "medium"}``; None or empty -> None (no filter).

    Raises :class:`~smashup_db.rules.draft.DraftError` naming an unknown level.
    """
    if value is None:
        return None
    parts = (
        value.split(",")
        if isinstance(value, str)
        else [p for v in value for p in str(v).split(",")]
    )
    levels = {p.strip().lower() for p in parts if p.strip()}
    bad = sorted(levels - set(COMPLEXITY_LEVELS))
    if bad:
        raise DraftError(
            N_("{field} {bad} is not a level; use {complexity_levels}"),
            field="complexity",
            given=bad,
            allowed=COMPLEXITY_LEVELS,
            bad=", ".join(bad),
            complexity_levels=Choices("complexity", COMPLEXITY_LEVELS),
        )
    return levels or None


def complexity_matches(level: str | None, wanted: set[str] | None) -> bool:
    """True when a faction of complexity ``level`` ("low-medium") fits ``wanted`` levels.

    A span matches each level it names; an unknown level (None) never matches
    a filter. ``wanted`` None means no filter (everything matches).
    """
    if wanted is None:
        return True
    if not level:
        return False
    return any(part in wanted for part in level.split("-"))


@dataclass
class PoolChoice:
    """Factions a pool may be drawn from.

    ``candidates``: eligible factions in catalogue order (``include`` among
    them); ``include``: always in the pool; ``removed``: filter (:data:`FILTERS`) ->
    factions it removed (each faction listed under the first filter that removed it);
    ``put_back``: recently played factions returned because too few remained;
    ``warnings``: lines for the player.
    """

    candidates: list[str]
    include: list[str]
    removed: dict[str, list[str]] = field(default_factory=dict)
    put_back: list[str] = field(default_factory=list)
    warnings: list[Message] = field(default_factory=list)

    def as_dict(self, key=str) -> dict:
        """Plain data (warnings as English sentences); ``key(filter)`` names the keys of ``removed``."""
        return {
            "candidates": len(self.candidates),
            "include": list(self.include),
            "removed": {key(k): list(v) for k, v in self.removed.items()},
            "put_back": list(self.put_back),
            "warnings": [str(w) for w in self.warnings],
        }


def _explain(removed: Mapping[str, list[str]], names: Mapping[str, str]) -> Message:
    parts: dict[str, Message] = {}
    for name, facs in removed.items():
        if facs:
            shown = ", ".join(names.get(f, f) for f in facs[:4])
            if len(facs) > 4:
                template = N_("{option} removed {n} ({names} and {more} more)")
            else:
                template = N_("{option} removed {n} ({names})")
            parts[f"p{len(parts)}"] = Message(
                template, option=Field(name), n=len(facs), names=shown, more=len(facs) - 4
            )
    if not parts:
        return Message(N_("no option removed any"))
    return Message("; ".join(f"{{{k}}}" for k in parts), **parts)


def choose_candidates(
    factions: Sequence[str],
    needed: int,
    *,
    ban: Iterable[str] = (),
    include: Iterable[str] = (),
    complexity: set[str] | None = None,
    complexity_of: Mapping[str, str | None] | None = None,
    products: Iterable[str] | None = None,
    faction_products: Mapping[str, Sequence[str]] | None = None,
    owned: Iterable[str] | None = None,
    recent: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
) -> PoolChoice:
    """Apply the pool options to ``factions`` (all faction ids, catalogue order).

    ``needed`` is the number of distinct factions the draft format lays out.
    ``owned`` None means the whole catalogue, else the factions of the
    collection. ``recent`` lists factions of the last recorded games, most
    recent first. ``products`` keeps only factions sold in one of those
    product ids (``faction_products`` maps faction -> product ids). ``names``
    maps faction ids to the names messages show (display language; ids otherwise).

    Returns a :class:`PoolChoice` with at least ``needed`` candidates.
    Raises :class:`~smashup_db.rules.draft.DraftError` when an included faction is
    also banned or not owned, when more are included than fit, or when fewer
    than ``needed`` remain (the message says which option removed what).
    """
    factions = list(dict.fromkeys(factions))
    inc = list(dict.fromkeys(include))
    owned_set = None if owned is None else set(owned)
    names = names or {}
    _check_include(inc, set(ban), owned_set, factions, needed, names)
    tests = {
        "collection": lambda f: owned_set is not None and f not in owned_set,
        "ban": set(ban).__contains__,
        "products": _product_test(products, faction_products or {}),
        "complexity": lambda f: not complexity_matches((complexity_of or {}).get(f), complexity),
        "avoid_recent": set(recent).__contains__,
    }
    removed: dict[str, list[str]] = {}
    for f in factions:
        if f not in inc:
            reason = next((name for name in FILTERS if tests[name](f)), None)
            if reason:
                removed.setdefault(reason, []).append(f)
    put_back, warnings = _put_back(removed, recent, needed, len(factions) - _count(removed), names)
    out = {f for fs in removed.values() for f in fs}
    candidates = [f for f in factions if f not in out]
    if len(candidates) < needed:
        raise DraftError(
            N_("only {n} factions are left but the draft needs {needed}: {why}"),
            n=len(candidates),
            needed=needed,
            why=_explain(removed, names),
        )
    return PoolChoice(candidates, inc, removed, put_back, warnings)


def _count(removed: Mapping[str, list[str]]) -> int:
    return sum(len(fs) for fs in removed.values())


def _product_test(products: Iterable[str] | None, faction_products: Mapping[str, Sequence[str]]):
    """The products filter: True for a faction sold in none of ``products`` (None: no filter)."""
    if products is None:
        return lambda f: False
    wanted = set(products)
    return lambda f: not wanted.intersection(faction_products.get(f, ()))


def _check_include(
    inc: list[str],
    ban: set[str],
    owned: set[str] | None,
    factions: list[str],
    needed: int,
    names: Mapping[str, str],
) -> None:
    """Raise :class:`DraftError` for included factions that are banned, not owned, unknown or too many."""
    both = [f for f in inc if f in ban]
    if both:
        raise DraftError(
            N_("{both} is both banned and included; drop it from {ban} or {field}"),
            field="include",
            given=both,
            both=", ".join(names.get(f, f) for f in both),
            ban=Field("ban"),
        )
    unowned = [f for f in inc if owned is not None and f not in owned]
    if unowned:
        raise DraftError(
            N_("{field} {unowned}: not in the collection used for this draft"),
            field="include",
            given=unowned,
            unowned=", ".join(names.get(f, f) for f in unowned),
        )
    unknown = [f for f in inc if f not in factions]
    if unknown:
        raise DraftError(
            N_("{field} {unknown}: not a faction of the catalogue"),
            field="include",
            given=unknown,
            unknown=", ".join(unknown),
        )
    if len(inc) > needed:
        raise DraftError(
            N_("{field} names {n} factions but the pool holds only {needed}"),
            field="include",
            given=inc,
            allowed=f"<= {needed}",
            n=len(inc),
            needed=needed,
        )


def _put_back(
    removed: dict[str, list[str]],
    recent: Sequence[str],
    needed: int,
    kept: int,
    names: Mapping[str, str],
) -> tuple[list[str], list[Message]]:
    """Return recently played factions from ``removed["avoid_recent"]`` (least recent first) until
    ``kept`` + the returned ones reach ``needed``; the rest stay removed. Returns (put back, warnings)."""
    held_back = removed.pop("avoid_recent", [])
    if not held_back:
        return [], []
    order = {f: i for i, f in enumerate(dict.fromkeys(recent))}
    by_age = sorted(held_back, key=lambda f: -order[f])
    put_back = by_age[: max(0, needed - kept)]
    rest = set(by_age[len(put_back) :])
    if rest:
        removed["avoid_recent"] = [f for f in held_back if f in rest]
    if not put_back:
        return [], []
    warning = Message(
        N_(
            "too few factions without the recently played ones: {n} of them may come "
            "up again ({names})"
        ),
        n=len(put_back),
        names=", ".join(names.get(f, f) for f in put_back),
    )
    return put_back, [warning]


def draw_pool(choice: PoolChoice, size: int, rng: random.Random) -> list[str]:
    """Draw ``size`` distinct factions: every included one plus random candidates, in random order.

    Raises :class:`~smashup_db.rules.draft.DraftError` when the candidates are fewer than ``size``.
    """
    rest = [f for f in choice.candidates if f not in set(choice.include)]
    extra = size - len(choice.include)
    if extra < 0 or len(rest) < extra:
        raise DraftError(
            N_("only {n} factions available, the pool needs {size}"),
            n=len(choice.candidates),
            size=size,
        )
    pool = list(choice.include) + rng.sample(rest, extra)
    rng.shuffle(pool)
    return pool
