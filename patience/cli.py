"""The ``patience`` command line: thin; parses arguments and calls the library.

>>> main(["deal", "hamilton", "1"])  # doctest: +ELLIPSIS
7D 9C 4D ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, cast

from patience import __version__
from patience.commands import analysis, engine, fair, play, rules, serve, solve, stats
from patience.errors import PatienceError
from patience.i18n import _
from patience.kit import default_slug
from patience.solver.switch import SolverChoiceError, search_description, which_search

#: Each module adds its sub-commands; see ``patience.commands``.
COMMAND_MODULES = [engine, play, rules, serve, solve, fair, analysis, stats]

Handler = Callable[[argparse.Namespace], int]


class Parser(argparse.ArgumentParser):
    """``argparse`` with every refusal on one line (no usage block), exit status 2.

    >>> Parser(prog="patience demo").error("argument --max-seconds: not 'nan'")
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` on one line and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


class VersionAction(argparse.Action):
    """``--version``: the program's version and which search answers (worked out when asked, so
    building the parser never depends on ``PATIENCE_SOLVER`` or on the compiled core)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def version_line() -> str:
    """What ``patience --version`` prints, e.g. ``patience 0.1.0 (search: core 0.1.0)``.

    >>> version_line().startswith("patience 0.1.0 (search: ")
    True
    """
    return _("patience {version} (search: {search})").format(version=__version__, search=search_description())


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command (their parsers are :class:`Parser` too)."""
    parser = Parser(
        prog="patience",
        description="Play and analyse Hamilton and Union Square patience.",
    )
    parser.add_argument("--version", action=VersionAction,
                        help=_("print the version and which search answers"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def default_command(parser: argparse.ArgumentParser) -> list[str]:
    """What plain ``patience`` runs: the web app when it is installed, else the terminal game."""
    choices = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    if "serve" in choices:
        return ["serve"]
    return ["play", default_slug()]


def with_command(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``argv`` with the default command put first when it names none: plain ``patience`` and
    ``patience --port 8771`` are ``patience serve`` and ``patience serve --port 8771``.

    >>> parser = build_parser()
    >>> with_command(parser, ["--port", "8771"]), with_command(parser, ["--version"])
    (['serve', '--port', '8771'], ['--version'])
    """
    args = list(argv)
    own_options = parser._option_string_actions  # --help and --version
    if not args or (args[0].startswith("-") and args[0].split("=", 1)[0] not in own_options):
        return default_command(parser) + args
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        which_search()  # an unknown PATIENCE_SOLVER is refused whatever the command
    except SolverChoiceError as exc:
        print(f"patience: {one_line(str(exc))}", file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(with_command(parser, sys.argv[1:] if argv is None else argv))
    handler = cast(Handler | None, getattr(args, "handler", None))
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except PatienceError as exc:
        print(f"patience: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (``patience deal … | head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file that cannot be read or written
        print(f"patience: {one_line(str(exc))}", file=sys.stderr)
        return 2


def one_line(message: str) -> str:
    """An error message on one line, cut to 500 characters.

    >>> one_line("a\\nb")
    'a b'
    """
    text = " ".join(message.split())
    return text if len(text) <= 500 else text[:499] + "…"


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
