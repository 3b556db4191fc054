"""The user's collection: which products each owner has, and how many copies.

Stored in the ``collection`` table, which no build or import touches. Products
are named in English or German (via :meth:`Catalogue.resolve`).
"""

from __future__ import annotations

from datetime import datetime, timezone

from smashup_db.errors import Field, UserError
from smashup_db.i18n import N_

TYPE_CHECKING = False  # typing is not imported at run time (start-up; annotations are strings)
if TYPE_CHECKING:
    from smashup_db.catalogue.view import Catalogue

DEFAULT_OWNER = "me"
#: Most copies of one product one owner may record (a bound, so no number overflows the database).
MAX_COPIES = 99
_WHERE = "owner = :owner AND product_id = :product_id"


def _table():
    """The ``collection`` table's statements (:mod:`smashup_db.db.tables`), imported where a command
    writes: a look-up reading the collection does without the write path (start-up)."""
    from smashup_db.db.tables import TABLES

    return TABLES["collection"]


class CollectionError(UserError, ValueError):
    """Bad collection input (copies < 1, removing what is not there)."""


class OtherPrinting(CollectionError):
    """A box is added in another printing than the one recorded for that owner's copies.

    ``owner``, ``product`` (id), ``had`` (copies recorded), ``recorded`` and ``given``
    (printings; ``recorded`` None when none was recorded) say what clashed; the caller asks
    which is meant, or shows the message naming the two ways to say it (``add`` with
    ``same_box`` or ``another_box``).
    """

    owner: str
    product: str
    had: int
    recorded: str | None
    given: str


#: What ``add`` does when the printing given differs from the one recorded: ``None`` refuses
#: (:class:`OtherPrinting`), ``"same-box"`` corrects the recorded box's printing (copies stay),
#: ``"another-box"`` adds the copies (the owner's copies then count as the printing given).
CHOICES = (None, "same-box", "another-box")


def check_owner(owner) -> str:
    """``owner`` as stored: the player-name check of :func:`smashup_db.rules.endgame.check_player_name`
    (stripped, bidi controls dropped; blank, over-long or control characters refused with
    :class:`CollectionError`). ``collection import`` applies the same check, so every owner
    ``collection add`` accepts comes back from an export."""
    from smashup_db.rules.endgame import EndError, check_player_name

    try:
        return check_player_name(owner)
    except EndError as exc:
        raise CollectionError(exc, prefix="--owner") from None


def box_named(cat: Catalogue, query: str) -> tuple[str, str | None]:
    """The product ``query`` names, and the faction it was named by: ``(product id, faction id | None)``.

    A product's name (English or German, an id, a part: :meth:`Catalogue.resolve`) comes first.
    A name that is no product but a faction (any spelling the name matching accepts:
    "Wechsler-Bots", "changerbots") names the one product holding that faction; a faction sold
    in several products is refused with one line naming them (:class:`CollectionError`), for the
    box is then the owner's to say. Otherwise raises the product's
    :class:`~smashup_db.catalogue.view.NotFound` (with suggestions) or ``Ambiguous``.
    """
    from smashup_db.catalogue.view import Ambiguous, NotFound

    try:
        return cat.resolve("product", query)[0], None
    except NotFound as not_a_box:
        try:
            fid = cat.resolve("faction", query)[0]
        except (NotFound, Ambiguous):
            raise not_a_box from None
    products = list(cat.model.factions[fid].products)
    if len(products) == 1:
        return products[0], fid
    raise CollectionError(
        N_("{faction} is in several boxes: {boxes}; name the box"),
        faction=cat.name("faction", fid)[0],
        boxes=", ".join(cat.name("product", p)[0] for p in products),
    )


def add(
    cat: Catalogue,
    product: str,
    copies: int = 1,
    owner: str = DEFAULT_OWNER,
    printing: str | None = None,
    choice: str | None = None,
) -> dict:
    """Add ``copies`` of ``product`` to ``owner``'s collection; returns the new row
    (``{"owner", "product", "copies", "printing", "added", "corrected"}``: copies after it,
    copies added, whether the printing of a recorded box was corrected; plus ``"faction"`` when
    ``product`` named a faction, see :func:`box_named`).

    ``printing`` (original, current, german) records which printing the box
    is; without it, a product named by its German edition's title or German
    name, whole or in part (:func:`~smashup_db.catalogue.printing.german_default`,
    display language ``cat.lang``), is recorded as ``german``, anything else leaves
    it open (None: look-ups then use the current printing). When the owner has
    the box already and another printing is given, ``choice`` (:data:`CHOICES`)
    says what is meant; without it :class:`OtherPrinting` is raised.

    Raises :class:`~smashup_db.catalogue.view.NotFound` (with suggestions) for an
    unknown product, :class:`CollectionError` for copies < 1 and
    :class:`~smashup_db.errors.DatabaseError` when the database cannot be
    written (e.g. locked longer than ``SMASHUP_DB_TIMEOUT``).
    """
    if not 1 <= copies <= MAX_COPIES:
        raise CollectionError(
            N_("{field} must be a whole number from 1 to {max_copies}, not {copies}"),
            field=Field("copies"),  # --copies in the CLI, the owned boxes' copies on the play page
            max_copies=MAX_COPIES,
            copies=copies,
        )
    from smashup_db.catalogue.printing import check, german_default

    owner = check_owner(owner)
    printing = check(printing)
    pid, fid = box_named(cat, product)
    printing = printing or german_default(cat.model, pid, product, cat.lang)
    key = {"owner": owner, "product_id": pid}
    from smashup_db.db import writing

    with writing(cat.r.url, "collection") as w:
        row = w.one(f"SELECT copies, printing FROM collection WHERE {_WHERE}", **key)
        had = row["copies"] if row else 0
        if row and printing is not None and printing != (row["printing"] or "current"):
            if choice is None:
                _other_printing(cat, owner, pid, had, row["printing"], printing)
            if choice == "same-box":
                w.execute(_table().update(("printing",)), {**key, "printing": printing})
                return _row(cat, owner, pid, had, printing, added=0, corrected=True, faction=fid)
        if had + copies > MAX_COPIES:
            raise CollectionError(
                N_("{owner} would have {n} copies of {name}; at most {max_copies} can be recorded"),
                owner=owner,
                n=had + copies,
                name=cat.name("product", pid)[0],
                max_copies=MAX_COPIES,
            )
        if row:
            printing = printing or row["printing"]
            w.execute(
                _table().update(("copies", "printing")),
                {**key, "copies": had + copies, "printing": printing},
            )
        else:
            w.execute(
                _table().insert(),
                {
                    **key,
                    "copies": copies,
                    "printing": printing,
                    "added_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                },
            )
    return _row(cat, owner, pid, had + copies, printing, added=copies, faction=fid)


def _row(
    cat: Catalogue,
    owner: str,
    pid: str,
    copies: int,
    printing,
    *,
    added: int,
    corrected=False,
    faction: str | None = None,
) -> dict:
    """What ``add`` returns (see there)."""
    return {
        "owner": owner,
        "product": cat.named("product", pid),
        "copies": copies,
        "printing": printing,
        "added": added,
        "corrected": corrected,
        **_by_faction(cat, faction),
    }


def _by_faction(cat: Catalogue, faction: str | None) -> dict:
    """``{"faction": named}`` when the box was named by a faction it holds (:func:`box_named`), else nothing."""
    return {"faction": cat.named("faction", faction)} if faction else {}


def _other_printing(cat: Catalogue, owner: str, pid: str, had: int, recorded, given: str):
    """Raise :class:`OtherPrinting`: the message names both printings and the two ways to go on."""
    from smashup_db.errors import Message

    words = {
        "original": N_("the original printing"),
        "current": N_("the current printing"),
        "german": N_("the German edition"),
        None: N_("no printing recorded"),
    }
    err = OtherPrinting(
        N_(
            "{owner} has {name} already ({had}x, {recorded}); say which is meant: add --same-box "
            "if the box recorded is {given}, or --another-box if this is another box "
            "({owner}'s copies then count as {given})"
        ),
        owner=owner,
        had=had,
        recorded=Message(words[recorded]),
        given=Message(words[given]),
        name=cat.name("product", pid)[0],
    )
    err.owner, err.product, err.had, err.recorded, err.given = owner, pid, had, recorded, given
    raise err


def remove(
    cat: Catalogue, product: str, copies: int | None = None, owner: str = DEFAULT_OWNER
) -> dict:
    """Remove ``copies`` (default: all) of ``product`` from ``owner``'s collection.

    Returns ``{"owner", "product", "copies", "printing", "removed"}``: the copies left
    (0: the box is gone from the collection), its printing, the copies removed (and ``"faction"``
    when ``product`` named a faction: :func:`box_named`).

    Raises :class:`CollectionError` when the owner does not have that product
    and :class:`~smashup_db.errors.DatabaseError` when the database cannot be written.
    """
    if copies is not None and copies < 1:
        raise CollectionError(N_("--copies must be 1 or more, not {copies}"), copies=copies)
    owner = check_owner(owner)
    pid, fid = box_named(cat, product)
    key = {"owner": owner, "product_id": pid}
    from smashup_db.db import writing

    with writing(cat.r.url, "collection") as w:
        row = w.one(f"SELECT copies, printing FROM collection WHERE {_WHERE}", **key)
        had = row["copies"] if row else 0
        if not had:
            raise CollectionError(
                N_("{owner} has no {name} in the collection"),
                owner=owner,
                name=cat.name("product", pid)[0],
            )
        left = 0 if copies is None else max(0, had - copies)
        if left:
            w.execute(_table().update(("copies",)), {**key, "copies": left})
        else:
            w.execute(_table().delete(), key)
    return {
        "owner": owner,
        "product": cat.named("product", pid),
        "copies": left,
        "printing": row["printing"],
        "removed": had - left,
        **_by_faction(cat, fid),
    }


def entries(cat: Catalogue, owners: list[str] | None = None) -> list[dict]:
    """Collection rows ``[{"owner", "product", "copies", "printing"}]``, optionally of some owners only.

    ``printing`` is the recorded printing of the box (None: not recorded).
    """
    products = cat.model.products
    rows = sorted(
        cat.r.all("SELECT owner, product_id, copies, printing FROM collection"),
        key=lambda r: (
            r["owner"],
            products[r["product_id"]].sort if r["product_id"] in products else -1,
        ),
    )
    if owners:
        wanted = {o.casefold() for o in owners}
        rows = [r for r in rows if r["owner"].casefold() in wanted]
    return [
        {
            "owner": r["owner"],
            "product": cat.named("product", r["product_id"]),
            "copies": r["copies"],
            "printing": r["printing"],
        }
        for r in rows
    ]


def owned_copies(cat: Catalogue, owners: list[str] | None = None) -> dict[str, int]:
    """Copies per product id summed over ``owners`` (all owners when None).

    Raises :class:`CollectionError` when a named owner has nothing recorded.
    """
    rows = entries(cat, owners)
    if owners:
        have = {r["owner"].casefold() for r in rows}
        missing = [o for o in owners if o.casefold() not in have]
        if missing:
            known = sorted({r["owner"] for r in entries(cat)})
            if known:
                raise CollectionError(
                    N_("no collection recorded for {owners}; known owners: {known}"),
                    owners=", ".join(missing),
                    known=", ".join(known),
                )
            raise CollectionError(
                N_(
                    "no collection recorded for {owners}; add products with: smashup collection add "
                    "PRODUCT --owner NAME"
                ),
                owners=", ".join(missing),
            )
    out: dict[str, int] = {}
    for r in rows:
        out[r["product"]["id"]] = out.get(r["product"]["id"], 0) + r["copies"]
    return out


def owned_printings(reader, owners: list[str] | None = None) -> dict[str, str]:
    """``{product id: printing}`` the collection records (German beats original beats current when
    several owners' boxes of one product differ).

    ``reader`` is a :class:`~smashup_db.db.Reader`; ``owners`` (names, case ignored) restricts it to
    those owners' boxes (None: every owner). Raises :class:`CollectionError` when a named owner has
    nothing recorded. A database older than the printing column records none.
    """
    rank = {"german": 0, "original": 1, "current": 2}
    owned: dict[str, str] = {}
    try:
        rows = reader.all("SELECT owner, product_id, printing FROM collection")
    except Exception:  # a database older than the printing column: nothing recorded
        rows = []
    if owners:
        wanted = {o.casefold() for o in owners}
        have = {r["owner"].casefold() for r in rows}
        missing = [o for o in owners if o.casefold() not in have]
        if missing:
            known = sorted({r["owner"] for r in rows})
            if known:
                raise CollectionError(
                    N_("no collection recorded for {owners}; known owners: {known}"),
                    owners=", ".join(missing),
                    known=", ".join(known),
                )
            raise CollectionError(
                N_(
                    "no collection recorded for {owners}; add products with: smashup collection add "
                    "PRODUCT --owner NAME"
                ),
                owners=", ".join(missing),
            )
        rows = [r for r in rows if r["owner"].casefold() in wanted]
    for r in rows:
        if not r["printing"]:
            continue
        old = owned.get(r["product_id"])
        if old is None or rank.get(r["printing"], 9) < rank.get(old, 9):
            owned[r["product_id"]] = r["printing"]
    return owned


def add_code(
    cat: Catalogue, owned: dict[str, str | None], owner: str = DEFAULT_OWNER
) -> list[dict]:
    """Record the boxes of a decoded collection code (:func:`smashup_db.userdata.boxcode.decode`) for ``owner``.

    A box the owner has not recorded is added once; one already recorded keeps its copies and
    takes the code's printing when the code records one. Returns one row per box
    ``{"owner", "product", "copies", "printing", "added"}``, in catalogue order; all or nothing
    (one transaction). Raises :class:`~smashup_db.errors.DatabaseError` when the database cannot be written.
    """
    products = cat.model.products
    order = sorted((p for p in owned if p in products), key=lambda p: products[p].sort)
    out = []
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    from smashup_db.db import writing

    with writing(cat.r.url, "collection") as w:
        for pid in order:
            key = {"owner": owner, "product_id": pid}
            row = w.one(f"SELECT copies, printing FROM collection WHERE {_WHERE}", **key)
            printing = owned[pid]
            if row:
                printing = printing or row["printing"]
                w.execute(
                    _table().update(("copies", "printing")),
                    {**key, "copies": row["copies"], "printing": printing},
                )
            else:
                w.execute(
                    _table().insert(), {**key, "copies": 1, "printing": printing, "added_at": now}
                )
            out.append(
                {
                    "owner": owner,
                    "product": cat.named("product", pid),
                    "copies": row["copies"] if row else 1,
                    "printing": printing,
                    "added": not row,
                }
            )
    return out
