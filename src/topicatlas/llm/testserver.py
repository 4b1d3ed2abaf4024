"""A scripted OpenAI-compatible chat server on 127.0.0.1, for tests and benchmarks.

It speaks real HTTP (stdlib ``ThreadingHTTPServer``, one thread per connection) and
answers ``POST /v1/chat/completions`` with a reply computed by ``reply(body)`` (default: a
deterministic text derived from the last user message), after ``delay`` seconds. Scripted
one-off answers are queued with :meth:`ScriptedChatServer.push` and consumed in order, e.g.
an HTTP 429, a 500, a reply slower than the client's time-out, or a 200 that is not JSON::

    with ScriptedChatServer(models={"m"}, delay=0.2) as server:
        server.push(Scripted(status=429), Scripted(status=500), Scripted(delay=5.0))
        backend = get_backend("openai", "m", base_url=server.url)

The server checks the model name (404 "model does not exist" otherwise) and, when
``api_key`` is set, the ``Authorization: Bearer`` header (401 otherwise). It records the
number of requests, the peak number in flight and the request bodies.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Scripted:
    """One scripted answer: HTTP ``status``, raw ``body`` (default: a chat completion of
    ``text`` or of the server's reply), extra ``headers`` and a ``delay`` before answering."""

    status: int = 200
    body: str | None = None
    text: str | None = None
    delay: float | None = None
    headers: dict[str, str] = field(default_factory=dict)


def default_reply(body: dict[str, Any]) -> str:
    """``"echo: <last user message>"`` (deterministic)."""
    users = [m.get("content", "") for m in body.get("messages", []) if m.get("role") == "user"]
    return "echo: " + (users[-1] if users else "")


def completion(text: str, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # listen backlog: many clients connect at once


class ScriptedChatServer:
    """Threaded OpenAI-compatible server; use as a context manager."""

    def __init__(
        self,
        *,
        models: set[str] | None = None,
        reply: Callable[[dict[str, Any]], str] = default_reply,
        delay: float = 0.0,
        api_key: str | None = None,
        port: int = 0,
    ) -> None:
        self.models = models
        self.reply = reply
        self.delay = delay
        self.api_key = api_key
        self._script: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self.n_requests = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.bodies: list[dict[str, Any]] = []
        self.auth_headers: list[str | None] = []
        self.arrivals: list[float] = []
        self._httpd = _Server(("127.0.0.1", port), self._handler_class())
        self._thread: threading.Thread | None = None
        self._stopped = False

    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The base URL to give the ``openai`` back-end (ends in ``/v1``)."""
        return f"http://127.0.0.1:{self.port}/v1"

    def push(self, *answers: Scripted) -> None:
        """Queue one-off answers for the next requests, in order."""
        with self._lock:
            self._script.extend(answers)

    def start(self) -> ScriptedChatServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening; open keep-alive connections are dropped at their next request."""
        self._stopped = True
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> ScriptedChatServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ handling
    def _answer(self, headers: Any, raw: bytes) -> tuple[Scripted, float]:
        with self._lock:
            self.n_requests += 1
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            self.arrivals.append(time.monotonic())
            self.auth_headers.append(headers.get("Authorization"))
            scripted = self._script.popleft() if self._script else None
        try:
            body = json.loads(raw)
        except ValueError:
            return Scripted(400, json.dumps({"error": {"message": "body is not JSON"}})), 0.0
        with self._lock:
            self.bodies.append(body)
        delay = self.delay
        if scripted is not None and scripted.delay is not None:
            delay = scripted.delay
        if self.api_key is not None and headers.get("Authorization") != f"Bearer {self.api_key}":
            msg = {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}
            return Scripted(401, json.dumps(msg)), 0.0
        model = body.get("model")
        if self.models is not None and model not in self.models:
            msg = {"error": {"message": f"The model `{model}` does not exist."}}
            return Scripted(404, json.dumps(msg)), 0.0
        if scripted is None:
            scripted = Scripted()
        if scripted.body is None:
            if scripted.status == 200:
                text = scripted.text if scripted.text is not None else self.reply(body)
                scripted.body = json.dumps(completion(text, str(model)))
            else:
                scripted.body = json.dumps({"error": {"message": f"scripted {scripted.status}"}})
        return scripted, delay

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body leave at once (no 40 ms stall)

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if server._stopped:  # behave like a server that went away
                    self.close_connection = True
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(Scripted(404, json.dumps({"error": {"message": "no such path"}})))
                    return
                answer, delay = server._answer(self.headers, raw)
                try:
                    if delay:
                        time.sleep(delay)
                    self._send(answer)
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _send(self, answer: Scripted) -> None:
                data = (answer.body or "").encode()
                try:
                    self.send_response(answer.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in answer.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (time-out)
                    pass

        return Handler
