"""Game-night glue: the formal draft, the base deck and the deal on the catalogue.

Pure rules live in :mod:`smashup_db.rules.draft`, :mod:`smashup_db.rules.basedeck` and :mod:`smashup_db.rules.scoring`; this
module feeds them from the database and shapes the result (``--json``).
One ``random.Random(seed)`` drives, in this order: the pool, the start player and
random picks; the shuffle of the base deck has its own generator made from the same
seed (:func:`smashup_db.rules.basedeck.deal_random`), so a seed replays a night and
``smashup setup``/``bases deck`` with the drafted factions lay out the same bases.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from smashup_db.catalogue.names import Ambiguous, NotFound
from smashup_db.catalogue.view import Catalogue
from smashup_db.errors import Message
from smashup_db.i18n import N_
from smashup_db.rules import basedeck, draft
from smashup_db.userdata.collection import owned_copies


def caseless(name: str) -> str:
    """``name`` for comparing without case: upper, then lower case (``Straße`` and ``STRASSE`` are one
    name). Not ``casefold``: the play page's engine does the same with ``toUpperCase().toLowerCase()``,
    which JavaScript has, so ``--start`` and the page's ``start`` find the same player."""
    return name.upper().lower()


def new_seed() -> int:
    """A fresh random seed (printed with every result so it can be replayed)."""
    return random.SystemRandom().randrange(1, 1_000_000)


@dataclass
class CatalogueLinks:
    """Plain-data view of the catalogue that the rules functions take."""

    factions: list[str]
    faction_products: dict[str, list[str]]
    product_bases: dict[str, list[str]]
    base_faction: dict[str, str | None]
    extra_decks: dict[str, list[str]]


def links(cat: Catalogue) -> CatalogueLinks:
    """Factions, product links and bases (all in publication order) from the read model."""
    m = cat.model
    return CatalogueLinks(
        factions=list(m.factions),
        faction_products={f.id: list(f.products) for f in m.factions.values() if f.products},
        product_bases={p.id: list(p.bases) for p in m.products.values()},
        base_faction={b.id: b.faction for b in m.bases.values()},
        extra_decks={p.id: list(p.extra_decks) for p in m.products.values()},
    )


def faction_copies(lk: CatalogueLinks, owned: dict[str, int]) -> dict[str, int]:
    """Copies of each faction owned: the sum of owned copies of the products selling it."""
    out = {}
    for f, products in lk.faction_products.items():
        n = sum(owned.get(p, 0) for p in products)
        if n:
            out[f] = n
    return out


def resolve_in(cat: Catalogue, query: str, choices: list[str]) -> str:
    """Resolve a faction typed by a player among ``choices`` (ids).

    Accepts a 1-based number, or whatever :class:`~smashup_db.catalogue.names.NameMatcher`
    accepts (id, English or German name, unique prefix or part, a clearly
    closest name). Raises :class:`~smashup_db.rules.draft.DraftError` with
    suggestions otherwise.
    """
    q = query.strip()
    # a pool number: ASCII digits only (str.isdigit also takes "٧", which int() reads, and "²", which it
    # cannot), never int() of thousands of digits
    number = int(q) if q.isascii() and q.isdigit() and len(q) <= 16 else 0
    if 1 <= number <= len(choices):
        return choices[number - 1]
    try:
        return cat.matcher.match("faction", q, among=choices, fuzzy=True)[0]
    except Ambiguous as exc:
        raise draft.DraftError(
            N_("{query!r} matches several factions in the pool: {names}"),
            query=query,
            names=", ".join(exc.names),
        ) from None
    except NotFound as exc:
        if exc.suggestions:
            raise draft.DraftError(
                N_("{query!r} is not a faction in the pool; did you mean: {names}?"),
                query=query,
                names=", ".join(exc.suggestions[:3]),
            ) from None
        raise draft.DraftError(N_("{query!r} is not a faction in the pool"), query=query) from None


def scripted_pick(cat: Catalogue, state: draft.DraftState, item: str) -> dict:
    """Apply one scripted pick ``PLAYER=FACTION`` (``--pick``) to ``state``; returns the pick.

    The player must be the one whose turn it is (snake order, German
    rulebook, "Prügeln wir uns nach Regeln!"); the faction is a pool number or
    a name (see :func:`resolve_in`). Raises :class:`~smashup_db.rules.draft.DraftError`.
    """
    who, sep, what = item.partition("=")
    if not sep:
        raise draft.DraftError(N_("--pick expects PLAYER=FACTION, got {item!r}"), item=item)
    if state.done:
        raise draft.DraftError(N_("--pick {item!r}: the draft is already complete"), item=item)
    if who.strip().casefold() != state.current_player.casefold():
        raise draft.DraftError(
            N_("--pick {item!r}: it is {current_player}'s turn (order: {order})"),
            item=item,
            current_player=state.current_player,
            order=" ".join(state.order),
        )
    return state.pick(resolve_in(cat, what, state.pool))


@dataclass
class DraftSession:
    """One draft from set-up to result: the picks so far (``state``), the one random generator every
    random step uses, the catalogue links, the owned copies per product (None: everything) and the seed."""

    state: draft.DraftState
    rng: random.Random
    links: CatalogueLinks
    owned: dict[str, int] | None
    seed: int


def setup(
    cat: Catalogue,
    players: list[str],
    *,
    seed: int,
    pool_size: int | None = None,
    start: str | None = None,
    owners: list[str] | None = None,
    use_collection: bool = False,
    pool_hook=None,
    state_hook=None,
) -> DraftSession:
    """Prepare a draft: returns a :class:`DraftSession` whose ``state`` awaits the first pick.

    The pool is drawn from every faction, or from the owned ones when
    ``use_collection`` (all owners, or ``owners``). The start player is drawn
    at random unless ``start`` names one; play goes clockwise from them
    (German rulebook, "Prügeln wir uns nach Regeln!"). ``pool_hook(candidates,
    n_players, rng) -> pool`` and ``state_hook(seating, pool, copies, rng) ->
    DraftState`` replace the plain draw and the snake (pool control and draft
    formats, see :mod:`smashup_db.gamenight.options`). Raises
    :class:`~smashup_db.rules.draft.DraftError` / collection errors with one line.
    """
    rng = random.Random(seed)
    lk = links(cat)
    owned = owned_copies(cat, owners) if (use_collection or owners) else None
    if owned is not None and not owned:
        raise draft.DraftError(
            N_("the collection is empty; add boxes with: smashup collection add PRODUCT")
        )
    copies = faction_copies(lk, owned) if owned is not None else {}
    candidates = [f for f in lk.factions if owned is None or f in copies]
    players = draft._check_players(players)
    if pool_hook is None:
        pool = draft.make_pool(candidates, len(players), pool_size, rng)
    else:
        pool = pool_hook(candidates, len(players), rng)
    if start is None:
        first = rng.randrange(len(players))
    else:
        matches = [i for i, p in enumerate(players) if caseless(p) == caseless(start.strip())]
        if not matches:
            raise draft.DraftError(
                N_("{field} {start!r} is not one of the players: {players}"),
                field="start",
                given=start,
                allowed=tuple(players),
                start=start,
                players=", ".join(players),
            )
        first = matches[0]
    seating = players[first:] + players[:first]
    if state_hook is None:
        state = draft.DraftState(seating, pool, copies or None)
    else:
        state = state_hook(seating, pool, copies or None, rng)
    if not state.names:
        state.names = {f: cat.name("faction", f)[0] for f in cat.model.factions}
    return DraftSession(state, rng, lk, owned, seed)


def finish(cat: Catalogue, session: DraftSession, base_mode: str = "set") -> dict:
    """Base deck and deal after a finished draft; returns the game-night result dict.

    Keys: ``seed, pool, start_player, picks, players, base_mode, base_deck,
    bases_in_play, boxes, extra_decks, sources, warnings``.
    """
    state = session.state
    drafted = [p["faction"] for p in state.picks]
    result = base_deck(
        cat,
        drafted,
        len(state.players),
        seed=session.seed,
        mode=base_mode,
        owned=session.owned,
        lk=session.links,
    )
    return {
        "seed": session.seed,
        "pool": state.pool,
        "start_player": state.players[0],
        "picks": state.picks,
        "players": state.holdings,
        **result,
    }


def base_deck(
    cat: Catalogue,
    factions: list[str],
    n_players: int,
    *,
    seed: int,
    mode: str = "set",
    owned: dict[str, int] | None = None,
    lk: CatalogueLinks | None = None,
) -> dict:
    """Build the base deck for ``factions`` and lay out ``n_players + 1`` bases.

    The one place a game's bases are dealt (``draft``, ``setup``, ``bases deck``): the deck is
    shuffled by :func:`~smashup_db.rules.basedeck.deal_random` of ``seed``, so the same seed,
    factions (in any order), player count, mode and boxes give the same bases.

    Returns ``{"base_mode", "base_deck", "bases_in_play", "boxes", "extra_decks",
    "sources", "warnings"}``. Modes: see :data:`smashup_db.rules.basedeck.MODES`.
    """
    from smashup_db.catalogue.option_values import canonical

    mode = str(canonical("base_mode", mode))  # "fraktion", "alle": the German words shown for them
    lk = lk or links(cat)
    deck = basedeck.build_deck(
        factions,
        mode,
        faction_products=lk.faction_products,
        product_bases=lk.product_bases,
        base_faction=lk.base_faction,
        owned=set(owned) if owned is not None else None,
    )
    dealt = basedeck.deal(deck.bases, n_players, basedeck.deal_random(seed))
    warnings = []
    if dealt.short:
        warnings.append(
            Message(
                N_(
                    "the base deck has only {n} bases; {players} players want at least {need} "
                    "(players + 1 + {spare} to replace scored bases)"
                ),
                n=dealt.deck_size,
                players=n_players,
                need=n_players + 1 + basedeck.SPARE_BASES,
                spare=basedeck.SPARE_BASES,
            )
        )
    if deck.factions_without_bases:
        warnings.append(
            Message(
                N_("no bases tied to: {names}"),
                names=", ".join(cat.name("faction", f)[0] for f in deck.factions_without_bases),
            )
        )
    unknown = [
        b for b in dealt.in_play if not cat.base_row(b)["stats_known"]
    ]  # of the printing the one rule picks
    if unknown:
        warnings.append(
            Message(
                N_("breakpoint and VP unknown for: {names} (read them off the cards)"),
                names=", ".join(cat.name("base", b)[0] for b in unknown),
            )
        )
    extra = sorted({d for p in deck.boxes for d in lk.extra_decks.get(p, [])})
    return {
        "base_mode": mode,
        "base_deck": list(deck.bases),
        "bases_in_play": list(dealt.in_play),
        "boxes": list(deck.boxes),
        "extra_decks": extra,
        "sources": deck.sources,
        "warnings": warnings,
    }
