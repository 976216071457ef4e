"""The web guards: body limit, security headers, /docs from our own files, cross-site changes,
the Host check, strict types with documented and translated refusals, and server-issued player ids."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from patience.web import create_app
from patience.web.context import PLAYER_COOKIE
from patience.web.middleware import CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, JsonBodyCheck
from patience.web.players import SECRET_SUFFIX
from tests.web.conftest import PAGE_HEADERS, new_game, play

PROJECT_ROOT = Path(__file__).resolve().parents[2]
EVIL = "http://evil.example"


def asgi_call(app: FastAPI, method: str, path: str, headers: list[tuple[bytes, bytes]],
              chunks: Iterator[bytes]) -> tuple[int, dict[str, Any], int]:
    """Call the app as a server would; returns the status, the JSON answer and how many chunks it read."""
    read = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        chunk = next(chunks, None)
        return {"type": "http.request", "body": chunk or b"", "more_body": chunk is not None}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"lang=pt_BR",
             "root_path": "", "headers": [(b"host", b"127.0.0.1:8000"), *headers],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000)}
    asyncio.run(app(scope, receive, send))
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], json.loads(body), read


# --- 3: body size ------------------------------------------------------------------------------------
def test_a_body_announced_over_the_limit_is_refused_before_reading(app: FastAPI) -> None:
    def never() -> Iterator[bytes]:
        raise AssertionError("the body was read")
        yield b""

    status, answer, _read = asgi_call(app, "POST", "/api/games/g/moves", [
        (b"content-type", b"text/plain"), (b"content-length", b"209715200")], never())
    assert status == 413
    assert answer["detail"] == "A requisição é grande demais: no máximo 64 KiB."


def test_a_content_length_that_is_not_ascii_digits_is_no_server_error(app: FastAPI) -> None:
    status, _answer, _read = asgi_call(app, "POST", "/api/games/g/undo", [
        (b"content-type", b"application/json"), (b"content-length", b"\xb2")], iter([b'{"version": 0}']))
    assert status == 404  # "²" is a digit to Python, not a length: read on, and there is no game g


def test_a_streamed_body_is_counted_and_refused_past_the_limit(app: FastAPI) -> None:
    endless = iter(lambda: b"x" * 1024, None)  # chunked: no Content-Length, never ends
    status, answer, read = asgi_call(app, "POST", "/api/games/g/moves",
                                     [(b"content-type", b"application/json")], endless)
    assert status == 413 and "64 KiB" in answer["detail"]
    assert read <= MAX_BODY_BYTES // 1024 + 1  # stopped at the limit, not at the end of the stream


def test_a_chunked_body_over_the_limit_through_a_client(client: TestClient) -> None:
    game = new_game(client, deal=1)
    body = json.dumps({"moves": ["s"] * 20000, "version": 0}).encode()
    response = client.post(f"/api/games/{game['id']}/moves", content=iter([body[:40000], body[40000:]]),
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.get(f"/api/games/{game['id']}").json()["version"] == 0
    assert len(body) > MAX_BODY_BYTES
    small = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": 0})
    assert small.status_code == 200


def test_a_body_of_exactly_the_limit_is_read(client: TestClient) -> None:
    game = new_game(client, deal=1)
    body = b'{"moves": ["s"], "version": 0}'
    body += b" " * (MAX_BODY_BYTES - len(body))
    response = client.post(f"/api/games/{game['id']}/moves", content=body,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 200
    assert client.post(f"/api/games/{game['id']}/moves", content=body + b" ",
                       headers={"Content-Type": "application/json"}).status_code == 413


# --- 8: security headers -----------------------------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/", 200), ("GET", "/static/style.css", 200), ("GET", "/static/js/main.js", 200),
    ("GET", "/api/games/catalog", 200), ("GET", "/api/games/nope", 404), ("GET", "/static/nope.js", 404),
    ("PUT", "/api/games", 405), ("POST", "/api/games/nope/abandon", 403), ("GET", "/docs", 200),
    ("GET", "/openapi.json", 200), ("POST", "/api/games", 422),
])
def test_every_answer_carries_the_security_headers(app: FastAPI, method: str, path: str, status: int) -> None:
    with TestClient(app) as client:
        response = client.request(method, path, json={} if method == "POST" and status == 422 else None)
    assert response.status_code == status
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_the_policy_allows_no_inline_script_and_no_framing() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'" and directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert not any("unsafe" in value or "*" in value for value in directives.values())


def test_a_server_error_is_translated_and_carries_the_headers(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3")

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/boom", params={"lang": "ru"})
    assert response.status_code == 500 and response.headers["x-frame-options"] == "DENY"
    assert response.json() == {"detail": "На сервере что-то пошло не так; попробуйте ещё раз."}
    app.state.store.close()


def test_the_page_has_no_inline_script_or_style() -> None:
    static = PROJECT_ROOT / "patience" / "web" / "static"
    for page in static.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page.name
        assert not re.search(r"\s(style|on[a-z]+)\s*=", html), page.name
        assert "<style" not in html, page.name
    for script in static.glob("js/*.js"):
        assert not re.search(r"setAttribute\(\s*['\"](style|on)", script.read_text()), script.name


# --- 9: /docs ------------------------------------------------------------------------------------------
def test_docs_use_only_the_apps_own_files(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    references = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", page.text)
    assert references and all(r.startswith("/") and not r.startswith("//") for r in references)
    for reference in references:
        assert client.get(reference).status_code == 200, reference
    assert client.get("/redoc").status_code == 404
    assert "cdn" not in client.get("/static/js/docs.js").text.lower()


# --- 10: cross-site changes --------------------------------------------------------------------------
@pytest.mark.parametrize("action", ["abandon", "restart"])
def test_a_cross_site_form_cannot_finish_a_game(app: FastAPI, action: str) -> None:
    with TestClient(app) as page, TestClient(app) as form:
        game = play(page, new_game(page, deal=1), "s")
        form.cookies.set(PLAYER_COOKIE, page.cookies[PLAYER_COOKIE])  # the browser sends it along
        form_post = {"Content-Type": "application/x-www-form-urlencoded"}
        for headers in ({**form_post, "Origin": EVIL}, form_post,
                        {**form_post, "Sec-Fetch-Site": "cross-site"}, {**PAGE_HEADERS, "Origin": EVIL},
                        {**PAGE_HEADERS, "Sec-Fetch-Site": "same-site"}):
            response = form.post(f"/api/games/{game['id']}/{action}", content=b"x=1", headers=headers,
                                 params={"lang": "pt_BR"})
            assert response.status_code == 403, headers
            assert response.json()["detail"].startswith("Recusado")
        assert not page.get(f"/api/games/{game['id']}").json()["finished"]
        same_origin = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
        same = form.post(f"/api/games/{game['id']}/{action}", headers={**PAGE_HEADERS, **same_origin})
        assert same.status_code in (200, 201)


def test_a_text_plain_move_from_another_page_is_refused(app: FastAPI) -> None:
    with TestClient(app) as client:  # no X-Patience header: what a form on another site can send
        game = new_game(client, deal=1)
        body = json.dumps({"moves": ["s"], "version": 0})
        for headers in ({"Content-Type": "text/plain"}, {"Content-Type": "application/json", "Origin": EVIL}):
            response = client.post(f"/api/games/{game['id']}/moves", content=body, headers=headers)
            assert response.status_code == 403
        assert client.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_resetting_statistics_needs_the_pages_header(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert client.delete("/api/stats", params={"game": "hamilton"}).status_code == 403
        allowed = client.delete("/api/stats", params={"game": "hamilton"}, headers=PAGE_HEADERS)
        assert allowed.status_code == 200


def test_the_page_sends_the_header_with_every_change() -> None:
    api = (PROJECT_ROOT / "patience" / "web" / "static" / "js" / "api.js").read_text()
    assert 'init.headers["X-Patience"] = "1"' in api


# --- 11: host names -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("host", "status"), [
    ("127.0.0.1:8000", 200), ("127.0.0.2:8000", 200), ("localhost:8000", 200), ("[::1]:8000", 200),
    ("192.168.1.20", 200), ("games.example", 200), ("evil.example", 400), ("evil.example:8000", 400),
    ("localhost.evil.example", 400), ("", 400), ("127.0.0.1:8783@evil.example", 400),
    ("127.0.0.1@evil.example", 400), ("localhost:80@evil.example:80", 400), ("127.0.0.1:80/x", 400),
    ("127.0.0.1:80:81", 400), ("[::1]@evil.example", 400), ("[evil.example]:80", 400),
    ("127.0.0.1 evil.example", 400), ("games.example.:8000", 200), ("[::ffff:127.0.0.1]:8000", 200),
])
def test_the_host_check_holds_for_every_name(tmp_path: Path, host: str, status: int) -> None:
    app = create_app(tmp_path / "games.sqlite3", allowed_hosts=["games.example"])
    with TestClient(app) as client:
        response = client.get("/api/games/catalog", headers={"Host": host, "Accept-Language": "ru"})
    assert response.status_code == status
    if status == 400:
        assert response.json()["detail"].startswith("Этот сервер не отвечает")
    app.state.store.close()


def free_port_on(address: str) -> int:
    """A TCP port nobody listens on at ``address``."""
    with socket.socket() as s:
        s.bind((address, 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_on_another_loopback_address_keeps_the_host_check(tmp_path: Path) -> None:
    port = free_port_on("127.0.0.2")
    proc = subprocess.Popen(
        [sys.executable, "-m", "patience", "serve", "--host", "127.0.0.2", "--port", str(port),
         "--db", str(tmp_path / "games.sqlite3"), "--allow-host", "games.example"],
        cwd=PROJECT_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.2:{port}/api/games/catalog"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url, timeout=0.5)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None, "serve did not start"
                time.sleep(0.1)
        assert httpx.get(url, headers={"Host": "evil.example"}).status_code == 400
        assert httpx.get(url, headers={"Host": "games.example"}).status_code == 200
        assert httpx.get(url).status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_allow_host_wants_a_bare_name() -> None:
    result = subprocess.run([sys.executable, "-m", "patience", "serve", "--allow-host", "http://x.example/"],
                            cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "--allow-host" in result.stderr


# --- 12: strict types, documented and translated refusals -------------------------------------------
@pytest.mark.parametrize("version", ["0", True, 0.0, None, [0]])
def test_a_version_must_be_an_integer(client: TestClient, version: Any) -> None:
    game = new_game(client, deal=1)
    response = client.post(f"/api/games/{game['id']}/moves", json={"moves": ["s"], "version": version},
                           params={"lang": "pt_BR"})
    assert response.status_code == 422
    assert response.json()["detail"] == "A requisição não é válida: body.version: deve ser um número inteiro"
    for action in ("undo", "redo"):
        assert client.post(f"/api/games/{game['id']}/{action}", json={"version": version}).status_code == 422


@pytest.mark.parametrize("deal", ["42", 42.0, True])
def test_a_deal_must_be_an_integer(client: TestClient, deal: Any) -> None:
    response = client.post("/api/games", json={"game": "hamilton", "deal": deal}, params={"lang": "ru"})
    assert response.status_code == 422
    assert response.json()["detail"] == "Неверный запрос: body.deal: должно быть целое число"


def test_deal_and_deck_exclude_each_other_in_the_schema_and_the_answer(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]["NewGameIn"]
    assert schema["allOf"][0]["not"]["required"] == ["deal", "deck"]
    response = client.post("/api/games", json={"game": "hamilton", "deal": 1, "deck": ""},
                           params={"lang": "pt_BR"})
    assert response.status_code == 422
    assert response.json()["detail"] == ("A requisição não é válida: body: Informe um número de distribuição "
                                         "ou uma sequência de cartas, não os dois.")
    assert client.post("/api/games", json={"game": "hamilton", "deal": 1, "deck": None}).status_code == 201


@pytest.mark.parametrize("body", [
    b'{"moves": ["s"], "version": 0, "x": "\xff\xfe"}',
    b'{"moves": ["s"], "version": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"moves": ["s"], "version": ' + b"7" * 4301 + b"}",
], ids=["not-utf-8", "deep-nesting", "4301-digits"])
def test_an_unreadable_body_is_a_translated_400(client: TestClient, body: bytes) -> None:
    game = new_game(client, deal=1)
    response = client.post(f"/api/games/{game['id']}/moves", content=body,
                           headers={"Content-Type": "application/json"}, params={"lang": "pt_BR"})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("Não foi possível ler o corpo da requisição")


MOVE_BODY = '{"moves": ["s"], "version": 0}'


@pytest.mark.parametrize("body", [
    b"\xef\xbb\xbf" + MOVE_BODY.encode(), MOVE_BODY.encode("utf-16"), MOVE_BODY.encode("utf-16-le"),
    MOVE_BODY.encode("utf-16-be"), MOVE_BODY.encode("utf-32"), MOVE_BODY.encode("utf-32-le"),
    MOVE_BODY.encode("utf-32-be"), b'{"moves": ["s"], "version": 0}\x00',
], ids=["utf-8-bom", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "nul"])
def test_a_body_in_utf_16_or_32_or_with_a_bom_is_a_translated_400(client: TestClient, body: bytes) -> None:
    game = new_game(client, deal=1)
    for content_type in ("application/json", "application/json; charset=utf-16"):
        response = client.post(f"/api/games/{game['id']}/moves", content=body,
                               headers={"Content-Type": content_type}, params={"lang": "pt_BR"})
        assert response.status_code == 400, response.text
        assert response.json()["detail"].startswith("Não foi possível ler o corpo da requisição")
    assert client.get(f"/api/games/{game['id']}").json()["move_count"] == 0  # nothing played
    assert client.post(f"/api/games/{game['id']}/moves", content=MOVE_BODY.encode(),
                       headers={"Content-Type": "application/json"}).status_code == 200


def test_a_byte_order_mark_split_across_pieces_is_still_seen() -> None:
    check = JsonBodyCheck()
    assert check.feed(b"\xef") and check.feed(b"\xbb")
    assert not check.feed(b"\xbf{}")
    check = JsonBodyCheck()
    assert check.feed(b'{"a": "\xef\xbb\xbf"}')  # a BOM inside the text is only a character


def test_every_operation_documents_the_guards(client: TestClient) -> None:
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        for method, operation in operations.items():
            documented = set(operation["responses"])
            assert {"400", "413"} <= documented, (method, path)
            if not path.startswith("/api/"):
                continue
            assert "422" in documented, (method, path)
            if method in ("post", "delete"):
                assert "403" in documented, (method, path)
                has_header = any(p["name"] == "X-Patience" for p in operation["parameters"])
                assert has_header == ("requestBody" not in operation), (method, path)


# --- 12: player ids ----------------------------------------------------------------------------------
def test_a_self_chosen_or_forged_player_id_is_a_new_player(client: TestClient) -> None:
    play(client, new_game(client, deal=1), "s")  # a saved game has a move
    issued = client.cookies[PLAYER_COOKIE]
    nonce, signature = issued.split(".")
    for chosen in ("chosen-by-me-0123456789", f"{nonce}.{signature[::-1]}", "x" * 24 + "." + "y" * 32):
        client.cookies.set(PLAYER_COOKIE, chosen)
        response = client.get("/api/games")
        assert response.json() == []
        assert response.cookies[PLAYER_COOKIE] not in (chosen, issued)
    client.cookies.set(PLAYER_COOKIE, issued)
    response = client.get("/api/games")
    assert len(response.json()) == 1 and PLAYER_COOKIE not in response.cookies


def test_an_older_unsigned_id_with_saved_games_keeps_them(app: FastAPI) -> None:
    older = "older-player-id-00000000"
    app.state.store.create_game(older, "hamilton", deal=5, deck=None, now=time.time())
    with TestClient(app) as client:
        client.cookies.set(PLAYER_COOKIE, older)
        response = client.get("/api/games/current")
    assert response.json()["deal"] == 5 and PLAYER_COOKIE not in response.cookies


def test_the_secret_belongs_to_the_database(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = create_app(db)
    with TestClient(first) as client:
        play(client, new_game(client, deal=3), "s")
        issued = client.cookies[PLAYER_COOKIE]
    first.state.store.close()
    secret = Path(str(db) + SECRET_SUFFIX)
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    second = create_app(db)  # a restart: the same database, the same secret, the same player
    with TestClient(second) as client:
        client.cookies.set(PLAYER_COOKIE, issued)
        assert [g["deal"] for g in client.get("/api/games").json()] == [3]
    second.state.store.close()
