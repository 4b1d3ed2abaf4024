"""A persistent LLM response cache in SQLite (WAL mode).

Keyed by :meth:`topicatlas.llm.base.LLMBackend.cache_key` (SHA-256 of back-end, model,
messages, sampling parameters, draw and attempt indices). Only successful replies are
stored; failures are retried on the next run. The request itself is stored next to the
reply (for inspection), never an API key: back-ends keep secrets out of the key payload.

Concurrency: WAL journal plus a 60 s busy timeout lets several processes (and threads,
through one lock per connection) read and write the same file; a write is one short
``INSERT OR REPLACE`` transaction, so a crash loses at most the reply being written.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from topicatlas.config import cache_dir

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    backend TEXT NOT NULL,
    model TEXT NOT NULL,
    request TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL,
    elapsed_s REAL
)
"""


def default_cache_path() -> Path:
    """``<cache dir>/llm/responses.sqlite`` (see :func:`topicatlas.config.cache_dir`)."""
    return cache_dir("llm") / "responses.sqlite"


class ResponseCache:
    """Reply store shared by all back-ends; safe for concurrent writers."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(
            str(self.path), timeout=60.0, check_same_thread=False, isolation_level=None
        )
        self._conn.execute("PRAGMA busy_timeout=60000")
        mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # e.g. a network file system without shared memory
            raise OSError(f"could not switch the LLM cache {self.path} to WAL mode ({mode})")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute(_SCHEMA)

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT text FROM responses WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def get_many(self, keys: Iterable[str]) -> dict[str, str]:
        """The cached replies among ``keys`` (missing keys are absent from the dict)."""
        keys = list(dict.fromkeys(keys))
        out: dict[str, str] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                chunk = keys[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._conn.execute(
                    f"SELECT key, text FROM responses WHERE key IN ({marks})", chunk
                ).fetchall()
                out.update(rows)
        return out

    def put(
        self,
        key: str,
        text: str,
        *,
        backend: str,
        model: str,
        request: dict[str, Any],
        elapsed_s: float | None = None,
    ) -> None:
        blob = json.dumps(request, ensure_ascii=False, sort_keys=True)
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO responses (key, backend, model, request, text, created,"
                " elapsed_s) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, backend, model, blob, text, time.time(), elapsed_s),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> ResponseCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
