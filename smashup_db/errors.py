"""Error classes shared across modules, kept free of heavy imports.

Every error a person can cause derives from :class:`UserError`; the CLI turns
any of them into one line on stderr and exit code 1.
"""


class UserError(Exception):
    """An error caused by input (names, files, options, settings): message is one clear line."""


class DatabaseError(UserError, RuntimeError):
    """The database cannot be opened or used; the message says why in one line."""
