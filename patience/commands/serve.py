"""``patience serve [--host H] [--port P] [--db PATH] [--open]``: the browser game.

Plain ``patience`` runs this. The page and every asset are served by the
app itself; games are saved in SQLite (the user's data directory unless
``--db`` says otherwise).
"""

from __future__ import annotations

import argparse
import errno
import socket
import threading
import time
import webbrowser
from pathlib import Path

from patience.errors import PatienceError
from patience.i18n import _

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve``."""
    p = sub.add_parser("serve", help=_("play in the browser (the default command)"),
                       description=_("Start the web app and print its address."))
    p.add_argument("--host", default=DEFAULT_HOST, help=_("address to listen on (default: {host})")
                   .format(host=DEFAULT_HOST))
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=_("port (default: {port})")
                   .format(port=DEFAULT_PORT))
    p.add_argument("--db", type=Path, metavar="PATH",
                   help=_("SQLite file for saved games and statistics (default: in your data directory)"))
    p.add_argument("--open", action="store_true", help=_("open the page in the web browser"))
    p.set_defaults(handler=run_serve)


def page_url(host: str, port: int) -> str:
    """The address to print and open.

    >>> page_url("127.0.0.1", 8000), page_url("0.0.0.0", 80), page_url("::1", 8080)
    ('http://127.0.0.1:8000/', 'http://127.0.0.1:80/', 'http://[::1]:8080/')
    """
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def local_host_names(host: str) -> list[str] | None:
    """Host names a loopback-only server answers to (None: any, when listening on the network).

    >>> local_host_names("127.0.0.1")
    ['127.0.0.1', 'localhost', '::1', '[::1]']
    >>> local_host_names("0.0.0.0") is None
    True
    """
    loopback = ["127.0.0.1", "localhost", "::1", "[::1]"]
    return loopback if host in loopback else None


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


def run_serve(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C."""
    import uvicorn

    from patience.web.app import create_app, default_db_path

    if not 0 < args.port < 65536:
        raise PatienceError(_("the port must be from 1 to 65535, not {port}").format(port=args.port))
    check_port_free(args.host, args.port)
    db_path = args.db if args.db is not None else default_db_path()
    app = create_app(db_path, warm_up=True, allowed_hosts=local_host_names(args.host), top_up=True)
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
