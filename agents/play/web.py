"""`tabletop human --web`: the game of `tabletop human` in a browser.

A standard-library HTTP server on 127.0.0.1 only. The page shows the table drawn for the
person's seat, what the others did (never their hidden choices) and the person's legal actions
with their descriptions as buttons; a click plays it, then the bots play until the person must
act again. `GET /state` gives the view as JSON, `POST /act` with `{"action": id}` plays.

Only the person's own page may do either: every request must name the server by its address
(`Host` 127.0.0.1:port or localhost:port, and `Origin` the same when sent), which a page of
another site, even one whose name was rebound to 127.0.0.1, cannot; `/state` and `/act` must
also carry the random token of the server's page (header `X-Tabletop-Token`), and `/act` a
JSON body (`Content-Type: application/json`, at most 4 KB, nested at most 32 deep).
"""

from __future__ import annotations

import hmac
import html
import json
import secrets
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agents.play.human import HumanTable
from agents.play.replay_html import json_for_script, page

MAX_BODY = 4096
MAX_DEPTH = 32
TOKEN_HEADER = "X-Tabletop-Token"

SCRIPT = """
async function refresh(response) {
  const view = await response.json();
  document.getElementById('board').innerHTML = view.svg;
  const log = document.getElementById('log');
  log.innerHTML = '';
  view.log.forEach(line => { const d = document.createElement('div'); d.textContent = line;
                             log.appendChild(d); });
  log.scrollTop = log.scrollHeight;
  const legal = document.getElementById('legal');
  legal.innerHTML = '';
  document.getElementById('status').textContent = view.status;
  view.legal.forEach(([action, text]) => {
    const b = document.createElement('button');
    b.textContent = text; b.dataset.action = action; b.className = 'action';
    b.onclick = () => act(action);
    legal.appendChild(b);
  });
  document.body.dataset.over = view.over ? '1' : '0';
}
async function act(action) {
  document.querySelectorAll('button.action').forEach(b => b.disabled = true);
  await refresh(await fetch('/act', {method: 'POST', body: JSON.stringify({action}),
      headers: {'X-Tabletop-Token': TOKEN, 'Content-Type': 'application/json'}}));
}
fetch('/state', {headers: {'X-Tabletop-Token': TOKEN}}).then(refresh);
"""

BODY = """<h1>TITLE</h1><div class='note'>INTRO</div><div id='status' class='note'></div>
<div id='main'><div id='board'></div><div id='side'><div class='legal' id='legal'></div>
<div id='log'></div></div></div>"""


class WebGame:
    """A `HumanTable` behind a lock, with the lines the person has been told so far."""

    def __init__(self, table: HumanTable, on_over: Callable[[HumanTable], str | None]):
        self.table = table
        self.lock = threading.Lock()
        self.on_over = on_over
        self.lines = [table.introduction()]
        self._advance()

    def _advance(self) -> None:
        self.lines += self.table.play_bots()
        if self.table.over:
            self.lines.append(self.table.final_line())
            note = self.on_over(self.table)
            if note:
                self.lines.append(note)

    def view(self) -> dict:
        """The person's view: drawing, legal actions with descriptions, the log, status."""
        table = self.table
        status = "game over" if table.over else "your turn: click one of your actions"
        return {"svg": table.view_svg(), "legal": table.legal(), "log": self.lines,
                "over": table.over, "status": status}

    def act(self, action: int) -> dict:
        """Play the person's action (ValueError if it is not theirs and legal), then the bots."""
        with self.lock:
            self.lines.append(self.table.play_person(action))
            self._advance()
            return self.view()


class Refused(Exception):
    """A request the server answers with an error status and says why."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of JSON `text` nest (brackets inside strings do not
    count), found without parsing it: `json.loads` itself overflows the stack on deep input."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = c == "\\", c != '"'
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def parse_action(kind: str, body: bytes) -> int:
    """The action of a `POST /act` body, `{"action": <int>}` of content type `kind`
    (Refused otherwise)."""
    if kind.split(";")[0].strip().lower() != "application/json":
        raise Refused(415, "the body must be application/json")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8") from None
    if json_depth(text) > MAX_DEPTH:
        raise Refused(400, f"the body nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise Refused(400, f"the body is not JSON: {err}") from None
    action = data.get("action") if isinstance(data, dict) else None
    if not isinstance(action, int) or isinstance(action, bool):
        raise Refused(400, 'the body must be {"action": <integer>}')
    return action


class QuietServer(ThreadingHTTPServer):
    """A threading HTTP server that says nothing of a browser closing its connection early."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(game: WebGame, port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server for `game` on 127.0.0.1 (`port` 0 picks a free one), answering only its
    own page (see the module docstring)."""
    table = game.table
    token = secrets.token_urlsafe(32)
    title = f"{table.game}: you are seat {table.seat}"
    html_page = page(title, BODY.replace("TITLE", html.escape(title)).replace(
        "INTRO", html.escape(table.introduction())),
        f"const TOKEN = {json_for_script(token)};\n{SCRIPT}").encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server naming)
            self._answer(self._get)

        def do_POST(self):  # noqa: N802
            self._answer(self._post)

        def _get(self) -> None:
            if self.path == "/":
                self._send(200, "text/html; charset=utf-8", html_page)
                return
            if self.path != "/state":
                raise Refused(404, "not found")
            self._check_token()
            with game.lock:
                self._json(200, game.view())

        def _post(self) -> None:
            if self.path != "/act":
                raise Refused(404, "not found")
            self._check_token()
            self._json(200, game.act(parse_action(self.headers.get("Content-Type", ""),
                                                  self._body())))

        def _answer(self, respond: Callable[[], None]) -> None:
            try:
                bound = self.server.server_address[1]
                hosts = {f"127.0.0.1:{bound}", f"localhost:{bound}"}
                host, origin = self.headers.get("Host"), self.headers.get("Origin")
                if host not in hosts or origin is not None and origin not in {
                        f"http://{h}" for h in hosts}:
                    raise Refused(403, "this server answers only its own page")
                respond()
            except Refused as err:
                self._json(err.status, {"error": str(err)})
            except ValueError as err:  # the action is not the person's to play now
                self._json(400, {"error": str(err)})

        def _check_token(self) -> None:
            sent = self.headers.get(TOKEN_HEADER, "")
            if not hmac.compare_digest(sent.encode(), token.encode()):
                raise Refused(403, "missing or wrong token")

        def _body(self) -> bytes:
            try:
                length = int(self.headers.get("Content-Length", ""))
            except ValueError:
                raise Refused(411, "a body of known length is needed") from None
            if not 0 <= length <= MAX_BODY:
                self.close_connection = True
                raise Refused(413, f"the body must be at most {MAX_BODY} bytes")
            return self.rfile.read(length)

        def _json(self, code: int, value: Any) -> None:
            self._send(code, "application/json", json.dumps(value).encode())

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    return QuietServer(("127.0.0.1", port), Handler)


def serve_human(table: HumanTable, port: int = 0, save: str | None = None,
                write: Callable[[str], None] = print) -> None:
    """Serve `table` until interrupted, printing the URL; save its log when the game ends."""

    def on_over(finished: HumanTable) -> str | None:
        if not save:
            return None
        try:
            finished.record().save(save)
        except OSError as err:  # checked at the start, but the disk may have changed since
            write(f"cannot save the game to {save}: {err.strerror or err}")
            return f"the game could not be saved to {save}: {err.strerror or err}"
        write(f"game saved to {save}")
        return f"game saved to {save} (tabletop replay {save} --html replay.html)"

    try:
        server = make_server(WebGame(table, on_over), port)
    except OSError as err:
        raise SystemExit(f"cannot serve on 127.0.0.1:{port}: {err.strerror or err}") from None
    host, bound = server.server_address[:2]
    write(f"play in your browser: http://{host}:{bound}/   (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        write("stopped")
    finally:
        server.server_close()
