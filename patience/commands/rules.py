"""``patience rules GAME [--lang L]``: print a game's help page in the terminal.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="patience")
>>> register(parser.add_subparsers())
>>> args = parser.parse_args(["rules", "hamilton", "--lang", "pt_BR"])
>>> run_rules(args)  # doctest: +ELLIPSIS
Hamilton
========
...
0
"""

from __future__ import annotations

import argparse

from patience.help import help_games, help_page
from patience.i18n import LANGUAGES, language_from_environment, normalize


def language_argument(text: str) -> str:
    """``--lang`` value: a supported language (``pt-BR``, ``pt``, ``ru_RU`` …), else an argparse error.

    >>> language_argument("pt-br"), language_argument("EN")
    ('pt_BR', 'en')
    """
    lang = normalize(text)
    if lang == "en" and not text.lower().startswith("en"):
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; use one of {', '.join(LANGUAGES)}")
    return lang


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``rules``."""
    p = sub.add_parser("rules", help="print the rules of a game (its help page)",
                       description="Print a game's help page: layout, goal, rules, scoring, "
                                   "strategy and history.")
    p.add_argument("game", choices=help_games())
    p.add_argument("--lang", metavar="L", type=language_argument,
                   help="language: en, pt_BR or ru (default: from LC_ALL, LC_MESSAGES or LANG)")
    p.set_defaults(handler=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    """Print the help page of ``args.game`` in ``args.lang`` or the environment's language."""
    lang = args.lang if args.lang else language_from_environment()
    print(help_page(args.game, lang).text)
    return 0
