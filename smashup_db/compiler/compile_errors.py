"""The compiler's two errors: a source that cannot be read, facts that cannot be reconciled."""

from __future__ import annotations

from smashup_db.errors import UserError


class SourceError(UserError, ValueError):
    """A source file is missing or malformed; the message names file and field."""


class CompileError(UserError, ValueError):
    """Sources that cannot be reconciled (unknown product, unmatched correction...)."""
