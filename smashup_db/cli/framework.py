"""The CLI framework's own words (Typer and Click) in the display language.

Typer and Click write their words through the standard library's
``gettext.gettext`` (domain ``messages``): the help panels' titles
("Options", "Arguments", "Commands"), "[required]", "[default: ...]", the
error panel's title, "Usage:", "Show this message and exit." and every usage
error ("Missing option ...", "No such option ...", "Invalid value for ...").
:func:`use_language` binds our catalog to that domain and selects the display
language (the ``LANGUAGE`` variable, which gettext reads on every call), so
they come out in German from our ``messages.po``: :data:`TYPER_WORDS` and
:data:`CLICK_WORDS` name the msgids (the frameworks' own English, so
extraction keeps them in the catalog). ``tests/cli/test_german_everywhere.py``
checks that each usage error comes out in German, so a changed wording in a
new Click fails a test instead of falling back to English unnoticed.

Why Typer < 0.26: from 0.26 on, Typer bundles its own copy of Click whose
messages are fixed English (no gettext) and pulls in pydantic at start-up; the
Typer releases before it use the Click package, whose messages go through
gettext as above (docs/architecture.md, "One CLI").
"""

from __future__ import annotations

import functools
import os
import re

from smashup_db.cli.fast import OTHER_LANG, display_lang  # noqa: F401  (read before anything is parsed)
from smashup_db.i18n import DOMAIN, LOCALE_DIR, N_, NP_, _

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

#: Click's words a person can see (its own msgids; translated by gettext where Click says them).
CLICK_WORDS = (
    N_("Usage:"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("Option {name!r} does not take a value."),
    NP_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    NP_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    NP_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    N_("Argument {name!r} takes {nargs} values."),
    NP_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    NP_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Error: invalid input"),
    N_("Error: The two entered values do not match."),
    N_("Repeat for confirmation"),
)
#: Help of the options Typer adds itself (the root's shell completion).
TYPER_OPTION_HELP = {
    "Install completion for the current shell.": N_("Install completion for the current shell."),
    "Show completion for the current shell, to copy it or customize the installation.": N_(
        "Show completion for the current shell, to copy it or customize the installation."
    ),
}
#: Help page words Click takes as parameters (not through gettext).
HELP_OPTION = N_("Show this message and exit.")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")


def use_language(lang: str) -> None:
    """Make ``lang`` the language of Typer's and Click's gettext words: our catalog for domain ``messages``.

    Call before Typer is imported (its help panel titles are read once, at import); Click's
    words follow ``LANGUAGE`` on every call.
    """
    import gettext as stdlib_gettext

    stdlib_gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    stdlib_gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = (
        lang  # what the standard library's gettext reads first (English: no catalog)
    )


def close_names(word: str, names: list[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` of ``names`` close to the mistyped ``word``, best first (rapidfuzz)."""
    from rapidfuzz import fuzz, process

    return [
        name
        for name, _score, _ in process.extract(
            word, names, scorer=fuzz.ratio, limit=limit, score_cutoff=60
        )
    ]


def did_you_mean(names: list[str]) -> str:
    """Click's own suggestion sentence for ``names`` (one or more), in the display language."""
    from smashup_db.i18n import ngettext

    quoted = ", ".join(repr(n) for n in names)
    return ngettext(
        "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", len(names)
    ).format(possibility=quoted, possibilities=quoted)


class _Words:
    """What every command class adds: the help option's help in the display language (Click builds
    that option once per command, so a process that switches languages (tests) asks again)."""

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _(HELP_OPTION)
        return option


@functools.cache
def classes() -> tuple[type, type]:
    """``(Command, Group)``: Typer's command classes speaking the display language (Typer imported here)."""
    from typer.core import TyperCommand, TyperGroup

    class Command(_Words, TyperCommand):
        """A Typer command speaking the display language."""

    class Group(_Words, TyperGroup):
        """A Typer group speaking the display language (its unknown-command errors too)."""

        def __init__(self, *args, **kwargs) -> None:
            kwargs["suggest_commands"] = False  # Typer's suggestion is fixed English; ours below
            super().__init__(*args, **kwargs)

        def resolve_command(self, ctx, args):
            import click

            try:
                return super().resolve_command(ctx, args)
            except click.UsageError as exc:
                close = close_names(args[0], self.list_commands(ctx)) if args else []
                if close:
                    exc.message = f"{exc.message} {did_you_mean(close)}"
                raise

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

                lang = display_lang(list(args))
                set_active_lang(lang)
                use_language(lang)
            return super().parse_args(ctx, args)

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
