"""``patience serve [--host H] [--port P] [--db PATH] [--allow-host NAME]... [--open]``: the browser game.

Plain ``patience`` runs this. The page and every asset are served by the
app itself; games are saved in SQLite (the user's data directory unless
``--db`` says otherwise). Whatever address it listens on, the server answers
only requests addressed to an IP address, ``localhost`` or a name given with
``--allow-host`` (against DNS rebinding).
"""

from __future__ import annotations

import argparse
import errno
import socket
import sqlite3
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import Final

from patience.commands.options import seconds, tell_if_core_absent
from patience.errors import PatienceError
from patience.i18n import _
from patience.numbers import parse_int
from patience.store import Store, StoreError, check_database
from patience.workers.scheduler import WINNABLE_LIMIT, default_workers

DEFAULT_HOST = "127.0.0.1"
MAX_WORKERS = 256
MIN_LIMIT = 1.0
MAX_LIMIT = 86_400.0
DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve``."""
    p = sub.add_parser("serve", help=_("play in the browser (the default command)"),
                       description=_("Start the web app and print its address."))
    p.add_argument("--host", default=DEFAULT_HOST, help=_("address to listen on (default: {host})")
                   .format(host=DEFAULT_HOST))
    p.add_argument("--port", type=parse_int, default=DEFAULT_PORT, help=_("port (default: {port})")
                   .format(port=DEFAULT_PORT))
    p.add_argument("--db", type=Path, metavar="PATH",
                   help=_("SQLite file for saved games and statistics (default: in your data directory)"))
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help=_("also answer requests for this host name (repeatable); IP addresses and "
                          "localhost are always answered"))
    p.add_argument("--open", action="store_true", help=_("open the page in the web browser"))
    p.add_argument("--solver-workers", type=parse_int, metavar="N",
                   help=_("solver searches run at once (default: one per CPU, here {count})")
                   .format(count=default_workers()))
    p.add_argument("--winnable-limit", type=seconds, default=WINNABLE_LIMIT, metavar="S",
                   help=_("longest search for whether a position can be won, in seconds (default {seconds})")
                   .format(seconds=int(WINNABLE_LIMIT)))
    p.set_defaults(handler=run_serve)


#: A warning filter for the resource tracker (``-W`` syntax): its notice that it cleaned up the
#: worker pools' semaphores after the server was killed (``kill -9``), a multi-line warning that
#: tells the player nothing; the tracker still cleans them up.
QUIET_TRACKER: Final = "ignore:resource_tracker:UserWarning:multiprocessing.resource_tracker"


def quiet_resource_tracker() -> None:
    """Pass :data:`QUIET_TRACKER` to the processes started from now on (the resource tracker is one).

    Python starts the tracker with the server's ``-W`` options (``sys.warnoptions``); this
    process's own warning filters are left alone.
    """
    if QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(QUIET_TRACKER)


def page_url(host: str, port: int) -> str:
    """The address to print and open.

    >>> page_url("127.0.0.1", 8000), page_url("0.0.0.0", 80), page_url("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://127.0.0.1:80/', 'http://[::1]:8080/')
    """
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def allowed_host_names(names: list[str]) -> list[str]:
    """The ``--allow-host`` names, checked: a bare host name each (no scheme, port or path).

    >>> allowed_host_names(["Games.Example", "patience.local."])
    ['games.example', 'patience.local']
    """
    checked = []
    for name in names:
        clean = name.strip().lower().rstrip(".")
        if not clean or any(c in clean for c in "/:@ []*?#"):
            raise PatienceError(_("--allow-host wants a host name such as games.example, not {name}")
                                .format(name=repr(name)))
        checked.append(clean)
    return checked


def check_port_free(host: str, port: int) -> None:
    """Refuse early, in one line, when the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PatienceError(_("port {port} is already in use; choose another with --port")
                                    .format(port=port)) from None
            raise PatienceError(_("cannot listen on {host}:{port}: {reason}")
                                .format(host=host, port=port, reason=exc.strerror)) from None


def ready_database(path: Path) -> Path:
    """Check the database before serving (one line and exit 2 when it cannot be used); say where
    the backup went when one was made (before a schema upgrade)."""
    try:
        backup = check_database(path)
        Store(path).close()  # creates or upgrades it now, so a failure is reported here, in one line
    except (StoreError, sqlite3.Error, OSError) as exc:
        raise PatienceError(str(exc) if isinstance(exc, StoreError) else _(
            "cannot use the database {path}: {problem}").format(path=path, problem=exc)) from None
    if backup is not None:
        print(_("A copy of the games was kept in {backup} before the database was upgraded.")
              .format(backup=backup), flush=True)
    return path


def run_serve(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C."""
    import uvicorn

    from patience.store.files import default_db_path
    from patience.web.app import create_app

    if not 0 < args.port < 65536:
        raise PatienceError(_("the port must be from 1 to 65535, not {port}").format(port=args.port))
    allowed = allowed_host_names(args.allow_host)
    if args.solver_workers is not None and not 0 < args.solver_workers <= MAX_WORKERS:
        raise PatienceError(_("--solver-workers must be from 1 to {max}, not {count}")
                            .format(max=MAX_WORKERS, count=args.solver_workers))
    if not MIN_LIMIT <= args.winnable_limit <= MAX_LIMIT:
        raise PatienceError(_("--winnable-limit must be from {low} to {high} seconds, not {seconds}")
                            .format(low=int(MIN_LIMIT), high=int(MAX_LIMIT), seconds=args.winnable_limit))
    check_port_free(args.host, args.port)
    quiet_resource_tracker()  # before the worker pools, which start the tracker
    db_path = args.db if args.db is not None else default_db_path()
    ready = ready_database(db_path)
    tell_if_core_absent()
    app = create_app(ready, warm_up=True, allowed_hosts=allowed,
                     solver_workers=args.solver_workers, winnable_limit=args.winnable_limit, top_up=True)
    server = uvicorn.Server(uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                                           access_log=False))
    url = page_url(args.host, args.port)

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            print(_("patience is running at {url} (games saved in {path}); press Ctrl+C to stop.")
                  .format(url=url, path=db_path), flush=True)
            if args.open:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
    return 0
