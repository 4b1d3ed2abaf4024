"""Lazy package namespaces: public names resolved (and their modules imported) on first use.

A package lists ``name -> "module:attribute"`` and installs the hooks with::

    __getattr__, __dir__ = lazy_exports(__name__, _LAZY)

so ``import topicatlas.judge`` stays light and ``topicatlas.judge.radar_plots`` imports
matplotlib only when it is touched. :func:`make_callable` resolves the clash between a
sub-package and the function of the same name (``topicatlas.evaluate``, ``topicatlas.judge``).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable
from typing import Any


def lazy_exports(
    module_name: str, table: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Module-level ``__getattr__`` and ``__dir__`` resolving ``table``'s names lazily."""

    def __getattr__(name: str) -> Any:
        target = table.get(name)
        if target is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        source, attr = target.split(":")
        value = getattr(importlib.import_module(source), attr)
        setattr(sys.modules[module_name], name, value)  # later look-ups skip this hook
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[module_name])) | set(table))

    return __getattr__, __dir__


def make_callable(module_name: str, target: str) -> None:
    """Make the package ``module_name`` callable, forwarding to ``"module:function"``.

    After ``import topicatlas.evaluate`` Python binds the *sub-package* to the attribute
    ``topicatlas.evaluate``, shadowing the lazily exported function; a callable module
    keeps ``topicatlas.evaluate(...)`` working either way.
    """
    source, attr = target.split(":")

    class _CallableModule(types.ModuleType):
        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return getattr(importlib.import_module(source), attr)(*args, **kwargs)

    sys.modules[module_name].__class__ = _CallableModule
