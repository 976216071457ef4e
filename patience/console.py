"""What the terminal game reads and how it writes: line readers, whether to colour, the typed words.

The readers give :class:`~patience.terminal.TerminalGame` one line at a time (a console with line
editing, or any text stream, for pipes and tests); :func:`normalize_input` turns a typed line into
move words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TextIO

#: Reads one line after showing a prompt; ``None`` at the end of input.
LineReader = Callable[[str], "str | None"]

PROMPT: Final = "> "
_PILE_WORD: Final = re.compile(r"^(?:s|c|w|f[1-4]|t(?:1[0-6]|[1-9]))$")
_GROUP_WORD: Final = re.compile(r"^(?:c|w|f[1-4]|t(?:1[0-6]|[1-9]))x[1-9][0-9]?$")


def stream_reader(source: TextIO, echo_to: TextIO, echo_input: bool = True) -> LineReader:
    """A reader over a text stream; the prompt (and, with ``echo_input``, the line read) go to ``echo_to``.

    Echoing the line makes a piped session read like a typed one.
    """

    def read(prompt: str) -> str | None:
        echo_to.write(prompt)
        echo_to.flush()
        line = source.readline()
        if line == "":
            return None
        if echo_input:
            echo_to.write(line if line.endswith("\n") else line + "\n")
        return line

    return read


def console_reader(prompt: str) -> str | None:
    """A reader over the console with line editing (``input``); ``None`` at end of input."""
    try:
        return input(prompt)
    except EOFError:
        return None


def colour_wanted(choice: bool | None, stream: TextIO, environ: dict[str, str]) -> bool:
    """Colour when asked; else on a terminal unless ``NO_COLOR`` is set (https://no-color.org).

    >>> import io
    >>> colour_wanted(None, io.StringIO(), {}), colour_wanted(True, io.StringIO(), {"NO_COLOR": "1"})
    (False, True)
    """
    if choice is not None:
        return choice
    if environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def normalize_input(line: str) -> list[str]:
    """Move words of a typed line: ``t3 f1`` and ``t3 t5 x2`` are one move; ``s s c-f1`` three.

    >>> normalize_input(" T3 f1 "), normalize_input("t3 t5x2"), normalize_input("s s c-f1")
    (['t3-f1'], ['t3-t5x2'], ['s', 's', 'c-f1'])
    """
    words = line.strip().lower().split()
    if len(words) == 3 and re.fullmatch(r"x[1-9][0-9]?", words[2]):
        words = [words[0], words[1] + words[2]]
    if (len(words) == 2 and _PILE_WORD.match(words[0]) and words[0] != "s"
            and (_PILE_WORD.match(words[1]) or _GROUP_WORD.match(words[1])) and words[1] != "s"):
        return [f"{words[0]}-{words[1]}"]
    return words
