"""`tabletop human --web`: the game of `tabletop human` in a browser.

A standard-library HTTP server on 127.0.0.1 only. The page shows the table drawn for the
person's seat, what the others did (never their hidden choices) and the person's legal actions
with their descriptions as buttons; a click plays it, then the bots play until the person must
act again. `GET /state` gives the view as JSON, `POST /act` with `{"action": id}` plays.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from agents.play.human import HumanTable
from agents.play.replay_html import page

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
  await refresh(await fetch('/act', {method: 'POST', body: JSON.stringify({action})}));
}
fetch('/state').then(refresh);
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


def make_server(game: WebGame, port: int = 0) -> ThreadingHTTPServer:
    """An HTTP server for `game` on 127.0.0.1 (`port` 0 picks a free one)."""
    table = game.table
    title = f"{table.game}: you are seat {table.seat}"
    html_page = page(title, BODY.replace("TITLE", title).replace("INTRO", table.introduction()),
                     SCRIPT)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server naming)
            if self.path == "/":
                self._send(200, "text/html; charset=utf-8", html_page.encode())
            elif self.path == "/state":
                with game.lock:
                    self._json(200, game.view())
            else:
                self._json(404, {"error": "not found"})

        def do_POST(self):  # noqa: N802
            if self.path != "/act":
                self._json(404, {"error": "not found"})
                return
            try:
                length = int(self.headers.get("Content-Length", 0))
                action = json.loads(self.rfile.read(length))["action"]
                if not isinstance(action, int) or isinstance(action, bool):
                    raise ValueError("action must be an integer")
                self._json(200, game.act(action))
            except (ValueError, KeyError, TypeError, json.JSONDecodeError) as err:
                self._json(400, {"error": str(err)})

        def _json(self, code: int, value) -> None:
            self._send(code, "application/json", json.dumps(value).encode())

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve_human(table: HumanTable, port: int = 0, save: str | None = None,
                write: Callable[[str], None] = print) -> None:
    """Serve `table` until interrupted, printing the URL; save its log when the game ends."""

    def on_over(finished: HumanTable) -> str | None:
        if not save:
            return None
        finished.record().save(save)
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
