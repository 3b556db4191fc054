"""Error classes shared across modules, kept free of heavy imports (and of every other module of ours).

Every error a person can cause derives from :class:`UserError`; the CLI turns
any of them into one line on stderr and exit code 1, in the display language.

An error carries its message as an English template marked for translation
(``N_("card {name!r} not found")``, extracted into the gettext catalog) and the
values that fill it. ``str(exc)`` is the English sentence; the printer renders
it in the display language with :func:`smashup_db.i18n.render`, which hands a
translation function to :meth:`Message.render`. Nothing is ever translated back
from an English sentence. A value may itself be a :class:`Message` (a display
word, a nested reason) and is rendered in the same language.
"""

from __future__ import annotations


def _same(text: str) -> str:
    return text


class Message:
    """A translatable sentence: an English ``template`` (``str.format`` syntax) and the ``values`` filling it.

    ``prefix`` (a file name, ``line 3``) is put before the sentence as it is, joined by ``": "``.
    """

    def __init__(self, template: str = "", /, *, prefix: str = "", **values):
        self.template = template
        self.values = values
        self.prefix = prefix

    def render(self, translate=_same) -> str:
        """The sentence with ``translate(template)`` (English when omitted) filled with the rendered values."""
        values = {k: v.render(translate) if isinstance(v, Message) else v for k, v in self.values.items()}
        text = translate(self.template) if self.template else ""
        if values:
            try:
                text = text.format(**values)
            except (KeyError, IndexError, ValueError):  # a translation that drops or breaks a placeholder
                text = self.template.format(**values)
        return f"{self.prefix}: {text}" if self.prefix else text

    def __str__(self) -> str:
        return self.render()


class UserError(Message, Exception):
    """An error caused by input (names, files, options, settings): message is one clear line.

    ``UserError(template, prefix=..., **values)`` as :class:`Message`; a plain
    English sentence without values works too (it is then shown as it is).
    """

    def __init__(self, template: str = "", /, *, prefix: str = "", **values):
        Message.__init__(self, template, prefix=prefix, **values)
        Exception.__init__(self, template)

    def __str__(self) -> str:
        return self.render()


class DatabaseError(UserError, RuntimeError):
    """The database cannot be opened or used; the message says why in one line."""
