"""Player ids come only from the server: a random part signed with the database's own secret.

A cookie the server did not sign is a new player, unless it is an id of the
older unsigned kind that already has games in the database (players keep
their saved games). The secret lives beside the database, in
``<database>.secret`` (created on first use, readable by its owner only);
an in-memory database gets a secret of its own for its life.

>>> ids = PlayerIds(b"k" * 32, known=lambda player: player == "old-player-id-0000")
>>> player = ids.issue()
>>> forged = player[:-1] + ("B" if player.endswith("A") else "A")
>>> ids.accepts(player), ids.accepts(forged), ids.accepts("chosen-by-me-123456")
(True, False, False)
>>> ids.accepts("old-player-id-0000")
True
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import re
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final

SECRET_BYTES: Final = 32
SECRET_SUFFIX: Final = ".secret"
_SIGNED: Final = re.compile(r"^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{32})$")
_LEGACY: Final = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_KNOWN_CACHE_SIZE: Final = 4096


def database_secret(db_path: str | Path) -> bytes:
    """The signing secret of the database at ``db_path``, made on first use (random for ``:memory:``)."""
    if str(db_path) == ":memory:":
        return secrets.token_bytes(SECRET_BYTES)
    path = Path(str(db_path) + SECRET_SUFFIX)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_name(f"{path.name}.{secrets.token_hex(8)}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(SECRET_BYTES))
                out.flush()
                os.fsync(out.fileno())
            with contextlib.suppress(FileExistsError):  # two servers starting together keep one secret
                os.link(draft, path)
        finally:
            draft.unlink(missing_ok=True)
    secret = path.read_bytes()
    if len(secret) < SECRET_BYTES:
        raise OSError(f"{path}: the player-id secret is damaged (delete it to make a new one)")
    return secret


class PlayerIds:
    """Issues signed player ids and tells which cookies to trust (``known`` looks up older ids)."""

    def __init__(self, secret: bytes, known: Callable[[str], bool]) -> None:
        self._secret = secret
        self._known = known
        self._known_ids: set[str] = set()
        self._lock = threading.Lock()

    def _signature(self, nonce: str) -> str:
        digest = hmac.new(self._secret, nonce.encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode("ascii")[:32]

    def issue(self) -> str:
        """A new player id: ``<24 random characters>.<signature>``."""
        nonce = secrets.token_urlsafe(18)
        return f"{nonce}.{self._signature(nonce)}"

    def accepts(self, player: str) -> bool:
        """Whether ``player`` is an id this server issued (signed, or older and in the database)."""
        signed = _SIGNED.match(player)
        if signed is not None:
            return hmac.compare_digest(signed.group(2), self._signature(signed.group(1)))
        if not _LEGACY.match(player):
            return False
        with self._lock:
            if player in self._known_ids:
                return True
        if not self._known(player):
            return False
        with self._lock:
            if len(self._known_ids) >= _KNOWN_CACHE_SIZE:
                self._known_ids.clear()
            self._known_ids.add(player)
        return True
