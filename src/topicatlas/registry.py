"""Name -> object registries with lazy imports and "did you mean" errors.

One :class:`Registry` per kind of thing (datasets, topic models, metrics, LLM
back-ends). An entry is registered either directly (an object) or lazily as a
``"package.module:attribute"`` string that is imported only when the entry is
looked up, so listing a registry never imports torch or transformers.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from topicatlas.errors import UnknownNameError

T = TypeVar("T")


@dataclass
class Entry(Generic[T]):
    name: str
    target: T | str
    meta: dict[str, Any] = field(default_factory=dict)

    def load(self) -> T:
        if isinstance(self.target, str) and ":" in self.target:
            module_name, attr = self.target.split(":", 1)
            obj = importlib.import_module(module_name)
            for part in attr.split("."):
                obj = getattr(obj, part)
            self.target = obj  # cache the import
        return self.target  # type: ignore[return-value]


def suggest(name: str, known: list[str], n: int = 3) -> str:
    """Return ``" Did you mean 'x'?"`` (or an empty string) for an unknown ``name``."""
    lowered = {k.lower(): k for k in known}
    close = difflib.get_close_matches(name.lower(), list(lowered), n=n, cutoff=0.5)
    if not close:
        return ""
    return " Did you mean " + " or ".join(repr(lowered[c]) for c in close) + "?"


class Registry(Generic[T]):
    """A named collection of lazily-imported objects of one kind."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, Entry[T]] = {}
        self._aliases: dict[str, str] = {}

    def register(
        self,
        name: str,
        target: T | str | None = None,
        *,
        aliases: tuple[str, ...] = (),
        **meta: Any,
    ) -> Callable[[T], T] | T:
        """Register ``target`` under ``name``; usable as a decorator when target is None."""

        def _add(obj: T | str) -> T | str:
            key = name.lower()
            if key in self._entries or key in self._aliases:
                raise ValueError(f"{self.kind} {name!r} is already registered")
            self._entries[key] = Entry(name, obj, dict(meta))
            for alias in aliases:
                self._aliases[alias.lower()] = key
            return obj

        if target is None:
            return _add  # type: ignore[return-value]
        return _add(target)  # type: ignore[return-value]

    def _key(self, name: str) -> str:
        key = name.lower()
        key = self._aliases.get(key, key)
        if key not in self._entries:
            known = self.names()
            raise UnknownNameError(
                f"unknown {self.kind} {name!r}.{suggest(name, known + list(self._aliases))} "
                f"Known {self.kind}s: {', '.join(known)}."
            )
        return key

    def entry(self, name: str) -> Entry[T]:
        return self._entries[self._key(name)]

    def get(self, name: str) -> T:
        """The registered object (importing its module on first use)."""
        return self.entry(name).load()

    def meta(self, name: str) -> dict[str, Any]:
        return self.entry(name).meta

    def names(self) -> list[str]:
        return [e.name for e in self._entries.values()]

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        key = name.lower()
        return key in self._entries or key in self._aliases

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self._entries)
