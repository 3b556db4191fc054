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

The rules never name a command-line option: an input they check is a :class:`Field`
in the message (``{field} must be 2 or more``), named in the rules' own words
(``offer``). Whoever shows the message words it with :func:`worded`: the CLI as its
option (``--offer``), the play page as its form field. A :class:`RuleError` also
carries the refusal as data: ``field``, ``given`` (the value given) and ``allowed``; a list of allowed values in the sentence is
a :class:`Choices`, worded by the caller too (the CLI in the display language's option values).
"""

from __future__ import annotations


def _same(text: str) -> str:
    return text


def N_(message: str) -> str:
    """Mark ``message`` for extraction (Babel keyword ``N_``) without translating it; for modules that may
    import nothing of ours but this one (``rules``). The same as :func:`smashup_db.i18n.N_`."""
    return message


def _render(value, translate):
    if isinstance(value, Message):
        return value.render(translate)
    if isinstance(value, (list, tuple)) and any(isinstance(v, Message) for v in value):
        return ", ".join(_render(v, translate) for v in value)
    return value


class Message:
    """A translatable sentence: an English ``template`` (``str.format`` syntax) and the ``values`` filling it.

    ``prefix`` (a file name, or a :class:`Message` such as ``line 3``, rendered in the same
    language) is put before the sentence, joined by ``": "``. A value that is a
    :class:`Message` (or a list of them, joined by ", ") is rendered in the same language.
    ``template`` may itself be a :class:`Message` (its template, values and prefix are taken over).
    """

    def __init__(self, template="", /, *, prefix="", **values):
        if isinstance(template, Message):
            values = {**template.values, **values}
            prefix = prefix or template.prefix
            template = template.template
        self.template = template
        self.values = values
        self.prefix = prefix

    def render(self, translate=_same) -> str:
        """The sentence with ``translate(template)`` (English when omitted) filled with the rendered values."""
        values = {k: _render(v, translate) for k, v in self.values.items()}
        text = translate(self.template) if self.template else ""
        if values:
            try:
                text = text.format(**values)
            except (
                KeyError,
                IndexError,
                ValueError,
            ):  # a translation that drops or breaks a placeholder
                text = self.template.format(**values)
        prefix = _render(self.prefix, translate)
        return f"{prefix}: {text}" if prefix else text

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.render()!r})"

    def __eq__(self, other) -> bool:
        """Equal when template, values and prefix are (so results holding messages compare as data)."""
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, self.values, self.prefix) == (
            other.template,
            other.values,
            other.prefix,
        )

    def __hash__(self) -> int:
        return hash((self.template, str(self.prefix)))


class Field(Message):
    """An input a rule checks, in the rules' own words (``"offer"``, ``"ban"``); shown as that word
    until :func:`worded` replaces it by the caller's name for it."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name

    def render(self, translate=_same) -> str:
        """The field's own word (not translated: a caller words it, see :func:`worded`)."""
        return self.name


class Choices(Message):
    """The values an input allows, as data: ``Choices("complexity", ("low", "medium", "high"))`` in a
    refusal's values; ``kind`` names the set of values (an option of the rules' own words).

    Shown as the values joined by ", " until :func:`worded` gives them the caller's ``words`` (one
    word per value, an English word marked for the catalog (or a ``(singular, plural)`` pair, shown in
    the singular), shown in the display language: the CLI's
    option values, :data:`smashup_db.i18n.glossary.OPTION_WORDS`). A word holding a comma is quoted.
    """

    def __init__(self, kind: str, allowed, words=None):
        super().__init__("")
        self.kind, self.allowed = kind, tuple(allowed)
        self.words = tuple(words) if words is not None else None

    def render(self, translate=_same) -> str:
        """The words (translated) or else the values, joined by ", "."""
        if not self.words:
            shown = list(self.allowed)
        else:  # a (singular, plural) pair is a counted word of the catalog, shown in the singular
            shown = [translate(w if isinstance(w, str) else w[0]) for w in self.words]
        return ", ".join(f'"{s}"' if "," in s else s for s in shown)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Choices):
            return NotImplemented
        return (self.kind, self.allowed, self.words) == (other.kind, other.allowed, other.words)

    def __hash__(self) -> int:
        return hash((self.kind, self.allowed))


def _word_value(value, label, words):
    if isinstance(value, Field):
        return label(value.name)
    if isinstance(value, Choices):
        table = words(value.kind) if words else None
        if not table:
            return value
        return Choices(value.kind, value.allowed, [table.get(v, v) for v in value.allowed])
    if isinstance(value, Message):
        return worded(value, label, words)
    if isinstance(value, (list, tuple)):
        return type(value)(_word_value(v, label, words) for v in value)
    return value


def worded(message: Message, label, words=None) -> Message:
    """A copy of ``message`` (a plain :class:`Message`) where every :class:`Field`, also inside nested
    messages and the prefix, is ``label(field name)`` (a string or a :class:`Message`), and every
    :class:`Choices` takes the words ``words(kind)`` gives (``{value: word}``, None: the values
    themselves); the template is kept."""
    if isinstance(message, Field):
        return Message("{x}", x=label(message.name))
    if isinstance(message, Choices):
        return _word_value(message, label, words)
    values = {k: _word_value(v, label, words) for k, v in message.values.items()}
    return Message(message.template, prefix=_word_value(message.prefix, label, words), **values)


class UserError(Message, Exception):
    """An error caused by input (names, files, options, settings): message is one clear line.

    ``UserError(template, prefix=..., **values)`` as :class:`Message`; a plain
    English sentence without values works too (it is then shown as it is).
    """

    def __init__(self, template="", /, *, prefix="", **values):
        Message.__init__(self, template, prefix=prefix, **values)
        Exception.__init__(self, self.template)

    def __str__(self) -> str:
        return self.render()

    __eq__ = Exception.__eq__  # an error is itself, not its text
    __hash__ = Exception.__hash__


class DatabaseError(UserError, RuntimeError):
    """The database cannot be opened or used; the message says why in one line."""


class RuleError(UserError, ValueError):
    """A rule refused an input, as data and as a sentence.

    ``field``: which input (the rules' word, e.g. ``"offer"``; the template shows it as ``{field}``,
    a :class:`Field`), ``given``: the value given, ``allowed``: what would be accepted (a tuple of
    choices, a bound such as ``">= 2"``, or None when no short answer exists). Other values fill the
    template as for :class:`UserError`. Errors that concern no single input leave ``field`` None.
    """

    def __init__(
        self, template="", /, *, field=None, given=None, allowed=None, prefix="", **values
    ):
        if field is not None:
            values.setdefault("field", Field(field))
        UserError.__init__(self, template, prefix=prefix, **values)
        self.field, self.given, self.allowed = field, given, allowed
