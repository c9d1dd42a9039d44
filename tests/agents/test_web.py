"""`tabletop human --web` answers only its own page: raw requests from elsewhere (another
site's form, a rebound name, no token, a body not JSON, too large or too deep) are refused and
change nothing; what the page shows of names is escaped; closed connections and failed saves
end quietly."""

from __future__ import annotations

import http.client
import json
import re
import threading

import pytest

from agents.play.human import HumanTable
from agents.play.records import GameRecord, play_game
from agents.play.web import WebGame, json_depth, make_server


@pytest.fixture
def served():
    """A web game of Aquilon (the person in seat 1), served on a free port in a thread."""
    table = HumanTable("aquilon", 2, 1, ["random"], seed=3)
    table.players[0].name = "<img src=x onerror=alert(1)>"
    game = WebGame(table, lambda finished: None)
    server = make_server(game)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield game, server.server_address[1]
    server.shutdown()
    server.server_close()


def request(port: int, method: str, path: str, body: bytes | None = None,
            **headers: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    headers.setdefault("Host", f"127.0.0.1:{port}")
    for key, value in headers.items():
        connection.putheader(key.replace("_", "-"), value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body)
    response = connection.getresponse()
    answer = response.status, response.read()
    connection.close()
    return answer


def token_of(port: int) -> str:
    status, page = request(port, "GET", "/")
    assert status == 200
    return re.search(r'const TOKEN = "([^"]+)"', page.decode()).group(1)


def act(port: int, action: int, **headers: str) -> tuple[int, bytes]:
    return request(port, "POST", "/act", json.dumps({"action": action}).encode(), **headers)


def test_the_page_s_own_requests_play(served):
    game, port = served
    token = token_of(port)
    status, view = request(port, "GET", "/state", X_Tabletop_Token=token)
    assert status == 200
    action = json.loads(view)["legal"][0][0]
    status, _ = act(port, action, X_Tabletop_Token=token, Content_Type="application/json",
                    Origin=f"http://localhost:{port}", Host=f"localhost:{port}")
    assert status == 200 and game.table.actions


def test_requests_from_elsewhere_are_refused_and_change_nothing(served):
    game, port = served
    token = token_of(port)
    action = game.table.legal()[0][0]
    before = list(game.table.actions)
    good = {"X_Tabletop_Token": token, "Content_Type": "application/json"}
    refused = [
        # Another site's form: text/plain, its own Origin and (rebound) Host, no token.
        act(port, action, Host="evil.example", Origin="http://evil.example",
            Content_Type="text/plain"),
        act(port, action, **good, Host="evil.example"),
        act(port, action, **good, Origin="http://evil.example"),
        act(port, action, **good, Origin="null"),
        act(port, action, Content_Type="application/json"),
        act(port, action, Content_Type="application/json", X_Tabletop_Token="x" * 43),
        act(port, action, X_Tabletop_Token=token, Content_Type="text/plain"),
        act(port, action, X_Tabletop_Token=token),
    ]
    assert [status for status, _ in refused] == [403, 403, 403, 403, 403, 403, 415, 415]
    # The person's view, read through a rebound name or without the token.
    assert request(port, "GET", "/state", Host="evil.example", X_Tabletop_Token=token)[0] == 403
    assert request(port, "GET", "/state")[0] == 403
    assert request(port, "GET", "/", Host=f"evil.example:{port}")[0] == 403
    assert game.table.actions == before


def test_bodies_too_large_deep_or_not_json_are_refused(served):
    game, port = served
    token = token_of(port)
    before = list(game.table.actions)
    headers = {"X_Tabletop_Token": token, "Content_Type": "application/json"}
    deep = b"[" * 100_000 + b"]" * 100_000
    try:
        assert request(port, "POST", "/act", deep, **headers)[0] == 413
    except ConnectionError:
        pass  # the server answered without reading the whole body, and closed
    status, answer = request(port, "POST", "/act", b"[" * 40 + b"]" * 40, **headers)
    assert status == 400 and b"deeper than 32" in answer
    for body in (b"{not json", b'{"action": true}', b"[1]", b"\xff", b'{"action": 99999}'):
        assert request(port, "POST", "/act", body, **headers)[0] == 400
    assert json_depth("[" * 100_000 + "]" * 100_000) == 100_000
    assert json_depth('{"a": "[[[[\\"[[", "b": [[]]}') == 3
    assert game.table.actions == before
    assert request(port, "GET", "/state", **headers)[0] == 200  # still serving


def test_names_in_the_page_are_escaped(served):
    _, port = served
    page = request(port, "GET", "/")[1].decode()
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


def test_a_closed_connection_is_no_traceback(capsys):
    from agents.play.web import QuietServer

    server = QuietServer(("127.0.0.1", 0), None)
    try:
        for error in (BrokenPipeError(), ConnectionResetError()):
            try:
                raise error
            except ConnectionError:
                server.handle_error(None, ("127.0.0.1", 1))
    finally:
        server.server_close()
    assert capsys.readouterr().err == ""


def test_a_save_that_fails_keeps_the_old_file_and_leaves_nothing(tmp_path, monkeypatch):
    record = play_game("aquilon", 2, ["random", "random"], seed=1)
    path = tmp_path / "game.json"
    path.write_text("old")

    def refuse(*args):
        raise OSError("disk full")

    monkeypatch.setattr("agents.play.records.os.replace", refuse)
    with pytest.raises(OSError):
        record.save(path)
    assert path.read_text() == "old" and sorted(tmp_path.iterdir()) == [path]
    monkeypatch.undo()
    record.save(path)
    assert GameRecord.load(path).actions == record.actions
