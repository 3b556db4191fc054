"""The CLI framework's own words (Typer and the Click it bundles) in the display language.

Typer writes some of its words through the standard library's
``gettext.gettext`` (domain ``messages``): the help panels' titles
("Options", "Arguments", "Commands"), "[required]", "[default: ...]", the
error panel's title and "Try ... for help.". :func:`use_language` binds our
catalog to that domain and selects the display language *before* Typer is
imported (some of those words are module constants), so they come out in
German from our ``messages.po``.

The Click that Typer bundles writes the rest as fixed English text: the
"Usage: " line, the help option's "Show this message and exit." and the
usage errors ("Missing option ...", "Option ... requires an argument.", "No
such option ...", "Invalid value for ...", "Got unexpected extra argument(s)
..."). Our command classes (:class:`Command`, :class:`Group`, set on every
command by :func:`apply`) give the first two through ``_()``; usage errors
are caught where Click raises them (``make_context``, ``resolve_command``) and
re-raised in the display language: the English sentence is matched against
Click's wording (:data:`CLICK_ERRORS`, messages of our catalog) and the
values put into the German one. ``tests/cli/test_german.py`` checks that
every pattern still matches what the installed Click says, so a changed
wording fails a test instead of falling back to English unnoticed.
"""

from __future__ import annotations

import functools
import os
import re

from smashup_db.i18n import DOMAIN, LOCALE_DIR, N_, _

#: Typer's own gettext messages (the same msgids, so our catalog translates them; extracted from here).
TYPER_WORDS = (
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("Error"),
    N_("Aborted."),
    N_("Aborted!"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("[default: {}]"),
    N_("[env var: {}]"),
    N_("[required]"),
    N_("(deprecated) "),
    N_("(dynamic)"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)

#: Click's usage errors: (English pattern, the message it is shown as). ``{x}`` takes any text;
#: ``{head}`` is translated in turn (Typer appends its suggestion to a message it may have translated).
CLICK_ERRORS = (
    (r"{head}\. Did you mean {names}\?", N_("{head}. Did you mean {names}?")),
    (r"Missing option {hint}\.", N_("Missing option {hint}.")),
    (r"Missing argument {hint}\.", N_("Missing argument {hint}.")),
    (r"Missing parameter {hint}\.", N_("Missing parameter {hint}.")),
    (r"Option {option} requires an argument\.", N_("Option {option} requires an argument.")),
    (r"Option {option} requires {n} arguments\.", N_("Option {option} requires {n} arguments.")),
    (r"Option {option} does not take a value\.", N_("Option {option} does not take a value.")),
    (
        r"No such option: {option} \(Possible options: {options}\)",
        N_("No such option: {option} (Possible options: {options})"),
    ),
    (r"No such option: {option}", N_("No such option: {option}")),
    (r"No such command {name}\.", N_("No such command {name}.")),
    (
        r"Got unexpected extra argument\(s\) \({args}\)",
        N_("Got unexpected extra argument(s) ({args})"),
    ),
    (r"Argument {name} takes {n} values\.", N_("Argument {name} takes {n} values.")),
    (r"Invalid value for {hint}: {detail}", N_("Invalid value for {hint}: {detail}")),
    (r"Invalid value: {detail}", N_("Invalid value: {detail}")),
    (
        r"Input should be a valid integer, unable to parse string as an integer",
        N_("Input should be a valid integer, unable to parse string as an integer"),
    ),
    (
        r"Input should be a valid integer, got a number with a fractional part",
        N_("Input should be a valid integer, got a number with a fractional part"),
    ),
    (
        r"Input should be a valid number, unable to parse string as a number",
        N_("Input should be a valid number, unable to parse string as a number"),
    ),
    (
        r"Input should be a valid boolean, unable to interpret input",
        N_("Input should be a valid boolean, unable to interpret input"),
    ),
)
#: Help of the options Typer adds itself (the root's shell completion).
TYPER_OPTION_HELP = {
    "Install completion for the current shell.": N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.": N_(
        "Show completion for the current shell, to copy it or customize the installation."
    ),
}
#: Help page words of the bundled Click.
USAGE_PREFIX = N_("Usage: ")
HELP_OPTION = N_("Show this message and exit.")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")

_PATTERNS: list = []

#: Commands whose ``--lang``/``-l`` is not the display language (a language to export, languages to build).
OTHER_LANG = ("export", "site")


def display_lang(args: list[str]) -> str:
    """The display language of a command line: its ``--lang``/``-l`` (de or en), else the locale's.

    Read before anything is parsed, so that help and usage errors come out in it
    too. An unknown value is left for the command to report (the locale's language meanwhile).
    """
    from smashup_db.i18n import LANGS, default_lang

    if not args or args[0] not in OTHER_LANG:
        for i, token in enumerate(args):
            if token == "--":
                break
            value = None
            if token in ("--lang", "-l") and i + 1 < len(args):
                value = args[i + 1]
            elif token.startswith("--lang="):
                value = token[len("--lang=") :]
            if value is not None and value.lower() in LANGS:
                return value.lower()
    return default_lang()


def use_language(lang: str) -> None:
    """Make ``lang`` the language of Typer's gettext words: our catalog for domain ``messages``.

    Call before Typer is imported (its help panel titles are read once, at import).
    """
    import gettext as stdlib_gettext

    stdlib_gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    stdlib_gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = (
        lang  # what the standard library's gettext reads first (English: no catalog)
    )


def _patterns() -> list:
    if not _PATTERNS:
        for pattern, message in CLICK_ERRORS:
            regex = re.sub(r"\\?\{(\w+)\\?\}", lambda m: f"(?P<{m.group(1)}>.+?)", pattern)
            _PATTERNS.append((re.compile(regex + r"\Z", re.S), message))
    return _PATTERNS


def click_message(text: str) -> str:
    """Click's English usage-error sentence ``text`` in the display language (unchanged when it is not Click's)."""
    for regex, message in _patterns():
        found = regex.match(text)
        if found:
            values = found.groupdict()
            if "detail" in values:
                values["detail"] = click_message(values["detail"])
            if "head" in values:  # a sentence whose full stop the suggestion replaced
                values["head"] = click_message(values["head"] + ".").rstrip(".")
            return _(message).format(**values)
    return text


def usage_error_class() -> type:
    """Click's ``UsageError`` (the class of every usage error), found as the base of the one Click
    exception Typer exports, ``typer.BadParameter`` (Typer bundles its own Click)."""
    import typer

    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


def _translated(exc):
    """A usage error with the same context and exit code, its message in the display language."""
    german = usage_error_class()(click_message(exc.format_message()), getattr(exc, "ctx", None))
    german.exit_code = exc.exit_code
    return german


def _shown_type(param, ctx=None) -> str | None:
    """What the help shows beside an option instead of Typer's ``<bool>``/``<list[str]>``: nothing for a
    flag, ``N`` for a number, else nothing (the option's help says what to give)."""
    if getattr(param, "is_flag", False):
        return None
    bare = param.bare_type() if hasattr(param, "bare_type") else ""
    return "N" if bare == "int" else ""


class _Words:
    """What every command class adds: the usage line and the help option in the display language,
    usage errors translated where Click raises them."""

    def format_usage(self, ctx, formatter) -> None:
        formatter.write_usage(
            ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=_(USAGE_PREFIX)
        )

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in (
            params
        ):  # no programming types in the help (<bool>, <list[str]>): the help text says it
            param.display_type_rich = functools.partial(_shown_type, param)
        return params

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _(HELP_OPTION)
        return option

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except usage_error_class() as exc:
            if getattr(exc, "_translated", False) or type(exc).__name__ == "NoArgsIsHelpError":
                raise
            german = _translated(exc)
            german._translated = True
            raise german from None


@functools.cache
def classes() -> tuple[type, type]:
    """``(Command, Group)``: Typer's command classes speaking the display language (Typer imported here)."""
    from typer.core import TyperCommand, TyperGroup

    class Command(_Words, TyperCommand):
        """A Typer command speaking the display language."""

    class Group(_Words, TyperGroup):
        """A Typer group speaking the display language (its unknown-command errors too)."""

        def get_params(self, ctx):
            params = super().get_params(ctx)
            for (
                param
            ) in params:  # the options Typer adds to the root after building it (shell completion)
                if getattr(param, "help", None) in TYPER_OPTION_HELP:
                    param.help = _(TYPER_OPTION_HELP[param.help])
            return params

        def parse_args(self, ctx, args):
            if ctx.parent is None:
                # each command line starts in its --lang (read ahead: usage errors come before the command
                # runs), else the locale's language; in-process runs (tests) too
                from smashup_db.i18n import set_active_lang

                set_active_lang(display_lang(list(args)))
            return super().parse_args(ctx, args)

        def resolve_command(self, ctx, args):
            try:
                return super().resolve_command(ctx, args)
            except usage_error_class() as exc:
                german = _translated(exc)
                german._translated = True
                raise german from None

    return Command, Group


def reflow(text):
    """A help text with each paragraph on one line (the terminal wraps it), indented example lines kept.

    Paragraphs are separated by a blank line; a paragraph whose lines all start
    with two spaces (command examples) keeps its line breaks.
    """
    if not isinstance(text, str):
        return text
    paragraphs = []
    for para in text.split("\n\n"):
        lines = para.split("\n")
        indented = all(ln.startswith("  ") for ln in lines if ln.strip())
        paragraphs.extend(
            [para] if indented else _examples(" ".join(ln.strip() for ln in lines if ln.strip()))
        )
    return "\n\n".join(paragraphs)


#: "Examples: smashup ...; smashup ..." inside a paragraph (English or German help).
_EXAMPLES = re.compile(r"(?:(?<=\s)|^)(Examples?|Beispiele?):\s+(?=smashup\b)")


def _examples(para: str) -> list[str]:
    """``para`` with its inline examples (``Examples: smashup a; smashup b``) as paragraphs of their own,
    one indented command each, so that no command is broken across lines at 80 columns."""
    m = _EXAMPLES.search(para)
    if not m:
        return [para]
    head = para[: m.start()].strip()
    out = [head] if head else []
    out.append(m.group(1) + ":")
    for piece in _split_examples(para[m.end() :].split()):
        out.append("  " + " ".join(piece).rstrip(";"))
    return out


def _split_examples(words: list[str]) -> list[list[str]]:
    """The words of inline examples split into one command each: a command begins at ``smashup``
    after a word ending in ``;`` (``a; smashup b``) or after a label (``then: smashup b``, the
    label going with the command it introduces). One pass over the words (linear time)."""
    pieces: list[list[str]] = [[]]
    for word in words:
        cur = pieces[-1]
        if word == "smashup" and cur:
            if cur[-1].endswith(";"):
                pieces.append([])
            elif cur[-1].endswith(":") and ":" not in cur[-1][:-1] and len(cur) > 1:
                pieces.append([cur.pop()])
        pieces[-1].append(word)
    return [p for p in pieces if p]


def apply(app) -> None:
    """Give every command and group of the Typer ``app`` (recursively) the classes above, their help reflowed."""
    from typer.core import TyperCommand, TyperGroup

    command_cls, group_cls = classes()

    def ours(cls, default, mine):
        return mine if not cls or cls is default else cls

    def group_words(info) -> None:
        info.help = reflow(info.help)
        info.options_metavar = _(OPTIONS_METAVAR)
        info.subcommand_metavar = _(SUBCOMMAND_METAVAR)

    def walk(typer_app) -> None:
        typer_app.info.cls = ours(typer_app.info.cls, TyperGroup, group_cls)
        group_words(typer_app.info)
        if typer_app.registered_callback is not None:
            group_words(typer_app.registered_callback)
        for info in typer_app.registered_commands:
            info.cls = ours(info.cls, TyperCommand, command_cls)
            info.help = reflow(info.help)
            info.options_metavar = _(OPTIONS_METAVAR)
        for group in typer_app.registered_groups:
            group.cls = ours(group.cls, TyperGroup, group_cls)
            group_words(group)
            walk(group.typer_instance)

    walk(app)
