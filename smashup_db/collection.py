"""The user's collection: which products each owner has, and how many copies.

Stored in the ``collection`` table, which no build or import touches. Products
are named in English or German (via :meth:`Catalogue.resolve`).
"""

from __future__ import annotations

from datetime import datetime, timezone

from .errors import UserError
from .lookup import Catalogue
from .storage import writing

DEFAULT_OWNER = "me"


class CollectionError(UserError, ValueError):
    """Bad collection input (copies < 1, removing what is not there)."""




def add(cat: Catalogue, product: str, copies: int = 1, owner: str = DEFAULT_OWNER,
        printing: str | None = None) -> dict:
    """Add ``copies`` of ``product`` to ``owner``'s collection; returns the new row.

    ``printing`` (original, current, german) records which printing the box
    is; without it, a product named by its German edition's title (or German
    name) is recorded as ``german``, anything else leaves it open (None:
    look-ups then use the current printing). Given again, it replaces the
    recorded one.

    Raises :class:`~smashup_db.lookup.NotFound` (with suggestions) for an
    unknown product, :class:`CollectionError` for copies < 1 and
    :class:`~smashup_db.errors.DatabaseError` when the database cannot be
    written (e.g. locked longer than ``SMASHUP_DB_TIMEOUT``).
    """
    if copies < 1:
        raise CollectionError(f"--copies must be 1 or more, not {copies}")
    from .printings import check, german_default

    printing = check(printing)
    pid = cat.resolve("product", product)[0]
    printing = printing or german_default(cat.model, pid, product)
    from sqlalchemy import select

    from .models import Collection

    with writing(cat.r.url, "collection") as conn:
        row = conn.execute(select(Collection.copies, Collection.printing).where(
            Collection.owner == owner, Collection.product_id == pid)).first()
        if row:
            conn.execute(Collection.__table__.update().where(Collection.owner == owner,
                                                             Collection.product_id == pid)
                         .values(copies=row[0] + copies, printing=printing or row[1]))
        else:
            conn.execute(Collection.__table__.insert().values(
                owner=owner, product_id=pid, copies=copies, printing=printing,
                added_at=datetime.now(timezone.utc).isoformat(timespec="seconds")))
    return {"owner": owner, "product": cat.named("product", pid), "copies": (row[0] if row else 0) + copies,
            "printing": printing or (row[1] if row else None)}


def remove(cat: Catalogue, product: str, copies: int | None = None, owner: str = DEFAULT_OWNER) -> dict:
    """Remove ``copies`` (default: all) of ``product`` from ``owner``'s collection.

    Raises :class:`CollectionError` when the owner does not have that product
    and :class:`~smashup_db.errors.DatabaseError` when the database cannot be written.
    """
    pid = cat.resolve("product", product)[0]
    from sqlalchemy import select

    from .models import Collection

    where = (Collection.owner == owner, Collection.product_id == pid)
    with writing(cat.r.url, "collection") as conn:
        row = conn.execute(select(Collection.copies).where(*where)).first()
        if not row:
            raise CollectionError(f"{owner} has no {cat.name('product', pid)[0]} in the collection")
        left = 0 if copies is None else max(0, row[0] - copies)
        if left:
            conn.execute(Collection.__table__.update().where(*where).values(copies=left))
        else:
            conn.execute(Collection.__table__.delete().where(*where))
    return {"owner": owner, "product": cat.named("product", pid), "copies": left}


def entries(cat: Catalogue, owners: list[str] | None = None) -> list[dict]:
    """Collection rows ``[{"owner", "product", "copies", "printing"}]``, optionally of some owners only.

    ``printing`` is the recorded printing of the box (None: not recorded).
    """
    products = cat.model.products
    rows = sorted(cat.r.all("SELECT owner, product_id, copies, printing FROM collection"),
                  key=lambda r: (r["owner"], products[r["product_id"]].sort if r["product_id"] in products else -1))
    if owners:
        wanted = {o.casefold() for o in owners}
        rows = [r for r in rows if r["owner"].casefold() in wanted]
    return [{"owner": r["owner"], "product": cat.named("product", r["product_id"]), "copies": r["copies"],
             "printing": r["printing"]} for r in rows]


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
            raise CollectionError(f"no collection recorded for {', '.join(missing)}"
                                  + (f"; known owners: {', '.join(known)}" if known else
                                     "; add products with: smashup collection add PRODUCT --owner NAME"))
    out: dict[str, int] = {}
    for r in rows:
        out[r["product"]["id"]] = out.get(r["product"]["id"], 0) + r["copies"]
    return out
