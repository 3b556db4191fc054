"""Glue between ``smashup draft`` and the pool control, the draft formats and presets.

Reads what the pure rules need from the catalogue (complexity, product links,
recently played factions from the game log), resolves the names a player
typed (English or German, with suggestions) and hands
:func:`smashup_db.gamenight.session.setup` the two hooks that draw the pool and start
the chosen format.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from smashup_db.catalogue.option_values import canonical, canonical_list
from smashup_db.catalogue.view import Catalogue
from smashup_db.i18n import N_
from smashup_db.i18n.option_names import option_of
from smashup_db.rules import formats as draftformats
from smashup_db.rules import pool as draftpool


@dataclass
class DraftOptions:
    """Resolved draft options: faction and product ids, complexity levels, format."""

    fmt: str = "snake"
    offer: int = draftformats.DEFAULT_OFFER
    ban: list[str] = field(default_factory=list)
    include: list[str] = field(default_factory=list)
    complexity: set[str] | None = None
    products: list[str] | None = None
    avoid_recent: int = 0

    def is_plain(self) -> bool:
        """True for a plain snake draft without pool control (the original draw, same seeds)."""
        return (
            self.fmt == "snake"
            and not self.ban
            and not self.include
            and self.complexity is None
            and self.products is None
            and not self.avoid_recent
        )

    def as_dict(self) -> dict:
        """Plain data (ids), as stored in a preset and shown with ``--json``."""
        return {
            "format": self.fmt,
            "offer": self.offer,
            "ban": list(self.ban),
            "include": list(self.include),
            "complexity": sorted(self.complexity) if self.complexity else None,
            "products": list(self.products) if self.products is not None else None,
            "avoid_recent": self.avoid_recent,
        }


def _split(values) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    return [v.strip() for item in values for v in str(item).split(",") if v.strip()]


def resolve_options(
    cat: Catalogue,
    *,
    ban=None,
    include=None,
    complexity=None,
    products=None,
    fmt=None,
    offer=None,
    avoid_recent=None,
    base: dict | None = None,
) -> DraftOptions:
    """Resolve typed options (comma-separated names in any language) into :class:`DraftOptions`.

    ``base`` is a preset's stored options (:meth:`DraftOptions.as_dict`):
    lists given on the command line are added to the preset's, single values
    replace them. Raises :class:`~smashup_db.catalogue.view.NotFound` (with
    suggestions) for an unknown faction or product and
    :class:`~smashup_db.rules.draft.DraftError` for a bad format, offer or level.
    """
    base = base or {}
    opts = DraftOptions()
    opts.fmt = draftformats.check_format(
        canonical("format", fmt) if fmt is not None else base.get("format") or "snake"
    )
    opts.offer = (
        offer if offer is not None else int(base.get("offer") or draftformats.DEFAULT_OFFER)
    )
    opts.ban = list(
        dict.fromkeys([*base.get("ban", []), *(cat.resolve("faction", n)[0] for n in _split(ban))])
    )
    opts.include = list(
        dict.fromkeys(
            [*base.get("include", []), *(cat.resolve("faction", n)[0] for n in _split(include))]
        )
    )
    if complexity is not None:
        opts.complexity = draftpool.parse_complexity(canonical_list("complexity", complexity))
    elif base.get("complexity"):
        opts.complexity = draftpool.parse_complexity(base["complexity"])
    typed = _split(products)
    if typed:
        opts.products = list(dict.fromkeys(cat.resolve("product", n)[0] for n in typed))
    elif base.get("products") is not None:
        opts.products = list(base["products"])
    opts.avoid_recent = (
        avoid_recent if avoid_recent is not None else int(base.get("avoid_recent") or 0)
    )
    if opts.avoid_recent < 0:
        raise draftformats.DraftError(
            N_("--avoid-recent must be 0 or more, got {avoid_recent}"),
            avoid_recent=opts.avoid_recent,
        )
    return opts


def faction_names(cat: Catalogue) -> dict[str, str]:
    """Faction id -> its name in the catalogue's display language (what messages show)."""
    return {f: cat.name("faction", f)[0] for f in cat.model.factions}


class Hooks:
    """The pool and state hooks for :func:`smashup_db.gamenight.session.setup`; keeps the :class:`PoolChoice`."""

    def __init__(
        self, cat: Catalogue, opts: DraftOptions, players: list[str], pool_size: int | None
    ):
        from smashup_db.gamenight.session import links
        from smashup_db.userdata.gamelog import recent_factions

        self.cat, self.opts, self.pool_size = cat, opts, pool_size
        self.lk = links(cat)
        self.complexity_of = {f.id: f.complexity for f in cat.model.factions.values()}
        self.recent = recent_factions(cat, players, opts.avoid_recent)
        self.choice: draftpool.PoolChoice | None = None

    def pool(self, candidates: list[str], n_players: int, rng) -> list[str]:
        """Draw the pool after the options (the ``pool_hook``)."""
        o = self.opts
        needed = draftformats.pool_size(o.fmt, n_players, self.pool_size, o.offer)
        owned = None if len(candidates) == len(self.lk.factions) else candidates
        self.choice = draftpool.choose_candidates(
            self.lk.factions,
            needed,
            ban=o.ban,
            include=o.include,
            complexity=o.complexity,
            complexity_of=self.complexity_of,
            products=o.products,
            faction_products=self.lk.faction_products,
            owned=owned,
            recent=self.recent,
            names=faction_names(self.cat),
        )
        return draftpool.draw_pool(self.choice, needed, rng)

    def state(self, seating, pool, copies, rng):
        """Start the chosen format (the ``state_hook``)."""
        state = draftformats.start(self.opts.fmt, seating, pool, rng, copies, self.opts.offer)
        state.names = faction_names(self.cat)
        return state

    def kwargs(self) -> dict:
        """Keyword arguments for :func:`smashup_db.gamenight.session.setup`."""
        return {"pool_hook": self.pool, "state_hook": self.state}

    def annotate(self, res: dict, state) -> dict:
        """Add ``format``, ``options``, ``pool_control`` (and ``offers``) to a draft result."""
        res["format"] = self.opts.fmt
        res["options"] = self.opts.as_dict()
        if self.choice is not None:
            res["pool_control"] = self.choice.as_dict(key=option_of)
            res["warnings"] = list(self.choice.warnings) + list(res.get("warnings", []))
        if getattr(state, "offers", None):
            res["offers"] = state.offers
        return res


def prepare(
    cat: Catalogue,
    players: list[str],
    pool_size: int | None,
    *,
    ban=None,
    include=None,
    complexity=None,
    products=None,
    fmt=None,
    offer=None,
    avoid_recent=None,
    preset: str | None = None,
) -> Hooks | None:
    """Resolve the draft options (and ``preset``); returns the :class:`Hooks`, or None for a plain snake draft.

    A plain snake draft keeps the original draw, so old seeds replay the same
    night. Errors as :func:`resolve_options` and
    :func:`smashup_db.userdata.presets.load`.
    """
    base = None
    if preset is not None:
        from smashup_db.userdata.presets import load

        base = load(cat, preset)
    opts = resolve_options(
        cat,
        ban=ban,
        include=include,
        complexity=complexity,
        products=products,
        fmt=fmt,
        offer=offer,
        avoid_recent=avoid_recent,
        base=base,
    )
    if opts.is_plain():
        return None
    return Hooks(cat, opts, players, pool_size)
