"""What a registered dataset is: its files, download addresses, reader and defaults."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from topicatlas.errors import DataNotFoundError


@dataclass(frozen=True)
class DatasetSpec:
    """A dataset in its canonical on-disk layout under the data directory.

    ``reader`` is ``"module:function"``; the function is called as
    ``reader(root, limit=..., **options)`` with ``root`` the data directory and returns
    :class:`~topicatlas.corpus.raw.RawDocuments`. ``preprocess`` names the default
    preprocessing preset (``"standard"``, ``"none"``, ...).
    """

    name: str
    description: str
    files: tuple[str, ...]
    urls: dict[str, str]
    reader: str
    options: dict[str, Any] = field(default_factory=dict)
    preprocess: str = "standard"

    def reader_fn(self) -> Callable[..., Any]:
        module, attr = self.reader.split(":")
        return getattr(importlib.import_module(module), attr)

    def paths(self, root: Path) -> list[Path]:
        return [root / f for f in self.files]

    def missing(self, root: Path) -> list[Path]:
        return [p for p in self.paths(root) if not p.exists()]

    def check(self, root: Path) -> None:
        """Raise :class:`DataNotFoundError` naming the missing files and where to get them."""
        missing = self.missing(root)
        if not missing:
            return
        lines = [f"dataset {self.name!r} ({self.description}) is not in the data directory "
                 f"{root} (set TOPICATLAS_DATA to change it). Missing:"]
        for p in missing:
            rel = p.relative_to(root).as_posix()
            url = self.urls.get(rel)
            lines.append(f"  {p}" + (f"  <- {url}" if url else ""))
        lines.append(f"Download with `topicatlas corpus download {self.name}` "
                     f"(or load_corpus({self.name!r}, download=True)).")
        raise DataNotFoundError("\n".join(lines))


def reader_options(fn: Callable[..., Any]) -> list[str] | None:
    """The keyword options a reader takes besides ``limit`` (None: it takes any)."""
    import inspect

    params = inspect.signature(fn).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return None
    return [n for n, p in params.items() if p.kind is p.KEYWORD_ONLY and n != "limit"]


def decode_bytes(data: bytes, encodings: tuple[str, ...] = ("utf-8", "latin-1")) -> tuple[str, bool]:
    """Decode with the first encoding that works; ``True`` when a fallback was needed.

    latin-1 accepts every byte, so with it last decoding never fails; without it the
    last encoding is applied with ``errors="replace"``.
    """
    for i, enc in enumerate(encodings):
        try:
            return data.decode(enc), i > 0
        except UnicodeDecodeError:
            continue
    return data.decode(encodings[-1], errors="replace"), True


def text_lines(text: str) -> list[str]:
    """Lines split on ``\\n`` only (``\\r\\n`` too), unlike ``str.splitlines`` which also
    splits on form feeds, ``\\x1c``-``\\x1e``, ``\\x85`` and U+2028 found inside documents."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
