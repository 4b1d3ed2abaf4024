"""The judge prompts, kept as versioned package data (``prompts/<version>.json``).

The default set, ``paper-v1``, holds Prompts 1-4 of the LLM-judge paper verbatim. Each
prompt ends with the paper's answer cue (``The rate is:``...), the slot the judge fills.
Prompts are sent as one user message; the back-end applies the model's own chat
template (never a hand-written one).

Rendering (:func:`render`): placeholders ``{topic_words}``, ``{topic_words_1}``,
``{topic_words_2}``, ``{document}`` and ``{anchor}`` are replaced in one pass (so braces
inside a document are never re-interpreted). A word list is rendered as
``[w1, w2, ...]``; a word holding a comma, bracket, parenthesis or quote is written in
double quotes (inner double quotes become single quotes) so the list stays unambiguous.
A document is rendered in double quotes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from topicatlas.errors import UnknownNameError

DEFAULT_VERSION = "paper-v1"
_PLACEHOLDER = re.compile(r"\{(topic_words|topic_words_1|topic_words_2|document|anchor)\}")
_NEEDS_QUOTES = re.compile(r"[,\[\]()'\"]")


def available_versions() -> list[str]:
    folder = resources.files("topicatlas.judge") / "prompts"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@lru_cache(maxsize=8)
def load_prompts(version: str = DEFAULT_VERSION) -> dict[str, Any]:
    """The prompt set ``version`` as ``{"version", "source", "prompts": {metric: text}}``.

    ``version`` names a packaged set (``paper-v1``) or is the path of a JSON file with the
    same layout (your own prompts; its ``version`` field names it in the results).
    """
    if version.endswith(".json"):
        from pathlib import Path

        from topicatlas.errors import DataNotFoundError, InputFormatError

        own = Path(version)
        if not own.is_file():
            raise DataNotFoundError(f"prompt file not found: {own}")
        data = json.loads(own.read_text(encoding="utf-8"))
        if not isinstance(data.get("prompts"), dict) or "version" not in data:
            raise InputFormatError(f"{own}: a prompt file needs 'version' and 'prompts' (metric -> text)")
        return data
    path = resources.files("topicatlas.judge") / "prompts" / f"{version}.json"
    if not path.is_file():
        from topicatlas.registry import suggest

        known = available_versions()
        raise UnknownNameError(
            f"unknown judge prompt version {version!r}.{suggest(version, known)} Known: {', '.join(known)}"
        )
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("version") != version:
        raise ValueError(f"prompt file {version}.json declares version {data.get('version')!r}")
    return data


def format_word(word: str) -> str:
    """One word as written inside a rendered list (quoted only when it must be)."""
    if _NEEDS_QUOTES.search(word):
        return '"' + word.replace('"', "'") + '"'
    return word


def format_words(words: Sequence[str]) -> str:
    """``[w1, w2, ...]``, the rendering of the paper's ``[TOPIC WORDS]`` slot."""
    return "[" + ", ".join(format_word(w) for w in words) + "]"


def fingerprint(version: str = DEFAULT_VERSION) -> str:
    """SHA-256 (first 16 hex digits) of the prompt texts: what exactly was asked."""
    import hashlib

    prompts = load_prompts(version)["prompts"]
    blob = json.dumps(prompts, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:16]


def render(metric: str, version: str = DEFAULT_VERSION, **slots: Any) -> str:
    """The prompt text of ``metric`` with its slots filled.

    Word-list slots take a sequence of words, ``document`` and ``anchor`` a string.
    """
    prompts = load_prompts(version)["prompts"]
    if metric not in prompts:
        raise UnknownNameError(f"prompt set {version!r} has no prompt for metric {metric!r}")
    template = prompts[metric]
    values: dict[str, str] = {}
    for name, value in slots.items():
        if name.startswith("topic_words"):
            values[name] = format_words(list(value))
        elif name == "document":
            values[name] = '"' + str(value) + '"'
        else:
            values[name] = str(value)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"prompt {metric!r} needs the slot {name!r}")
        return values[name]

    return _PLACEHOLDER.sub(fill, template)
