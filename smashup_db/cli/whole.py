"""The one Click parameter type of every integer a person types on the command line.

Click's own ``INT`` converts with Python's ``int()``, which also takes ``+7``, ``1_000``, ``٧``
(digits of other scripts) and numbers of any size; the play page refuses them. :data:`WHOLE_NUMBER`
reads every integer option and argument with :func:`smashup_db.rules.numbers.whole` instead (ASCII
digits, an optional leading ``-``, at most 2**53 - 1 either way: the page's rule, docs/play.md), and
refuses anything else with the rules' one line (``error: --seed must be a whole number, got '+7'``),
in the display language, exit code 1.
"""

from __future__ import annotations

import click


class WholeNumber(click.ParamType):
    """Click's type for integers a person types: :func:`smashup_db.rules.numbers.whole`'s shape and bound."""

    name = "integer"

    def get_metavar(self, param, ctx=None) -> str:
        """``N``: how every number option shows its value in ``--help`` (``--players N``, ``--seed N``)."""
        return "N"

    def convert(self, value, param, ctx):
        """``value`` (text, or a default that is already an int) as an int; a refusal is one error line
        (exit 1) naming the option, or Click's ``BadParameter`` while completing (nothing printed)."""
        from smashup_db.errors import RuleError
        from smashup_db.rules.numbers import check_whole, whole

        field = _field(param)
        try:
            if isinstance(value, int) and not isinstance(value, bool):
                return check_whole(value, field)
            return whole(value, field)
        except RuleError as exc:
            if ctx is None or ctx.resilient_parsing:
                from smashup_db.i18n import render

                self.fail(render(exc), param, ctx)
            from smashup_db.cli.output import fail

            fail(exc)


def _field(param) -> str:
    """How a refusal names the parameter: its long option (``--seed``), else its first name or metavar."""
    if param is None:
        return "value"
    opts = getattr(param, "opts", None) or []
    long = [o for o in opts if o.startswith("--")]
    if long:
        return long[0]
    if opts and opts[0].startswith("-"):
        return opts[0]
    return param.human_readable_name


#: The instance every integer parameter uses (``typer.Option(..., click_type=WHOLE_NUMBER)``).
WHOLE_NUMBER = WholeNumber()
