"""The pair-scoring prompt of the paper (App. B.3.3), as versioned package data files.

``prompts/pair_scoring_<version>.system.txt`` holds the system message and
``prompts/pair_scoring_<version>.user.txt`` the user prompt with the ``{word1}`` and
``{word2}`` placeholders. ``v1`` is the paper's prompt, word for word (including the
system message's "expert linguist neural"). Its layout was rebuilt from the PDF text,
whose extraction puts a blank line after every line: here list items and scale lines
are consecutive lines, sections are separated by one blank line, sub-items of the
"Critical Distinctions" are indented, and the apostrophes are ASCII ('). Changing a
prompt means adding a new version file, never editing an old one: the prompt's text is
part of every cached request, so an edit would silently invalidate the cache.

The prompt's own example pairs (``cat/dog``, ``key/lock``...) are read from the user
prompt itself (:func:`seed_pairs`) so that the candidate builder can drop them (the
paper's "seed overlap" filter) and the two never drift apart.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from topicatlas.errors import UnknownNameError
from topicatlas.registry import suggest

DEFAULT_VERSION = "v1"
_PAIR = re.compile(r"\b([a-z]+)/([a-z]+)\b")


@dataclass(frozen=True)
class PairPrompt:
    version: str
    system: str
    user_template: str

    def user(self, word1: str, word2: str) -> str:
        """The user prompt for one pair (plain substitution, no other braces are touched)."""
        return self.user_template.replace("{word1}", word1).replace("{word2}", word2)

    def messages(self, word1: str, word2: str) -> list[dict[str, str]]:
        return [
            {"role": "system", "content": self.system},
            {"role": "user", "content": self.user(word1, word2)},
        ]

    @property
    def sha256(self) -> str:
        return hashlib.sha256((self.system + "\0" + self.user_template).encode()).hexdigest()


def versions() -> list[str]:
    """The prompt versions shipped with the package."""
    files = resources.files("topicatlas.pairs.prompts").iterdir()
    names = sorted(f.name for f in files if f.name.endswith(".system.txt"))
    return [n[len("pair_scoring_") : -len(".system.txt")] for n in names]


@lru_cache(maxsize=8)
def load_prompt(version: str = DEFAULT_VERSION) -> PairPrompt:
    """The pair-scoring prompt ``version`` (default ``v1``, the paper's)."""
    known = versions()
    if version not in known:
        raise UnknownNameError(
            f"unknown pair prompt version {version!r}.{suggest(version, known)} "
            f"Versions: {', '.join(known)}"
        )
    root = resources.files("topicatlas.pairs.prompts")
    system = root.joinpath(f"pair_scoring_{version}.system.txt").read_text("utf-8").strip()
    user = root.joinpath(f"pair_scoring_{version}.user.txt").read_text("utf-8").rstrip()
    return PairPrompt(version, system, user)


def seed_pairs(version: str = DEFAULT_VERSION) -> set[frozenset[str]]:
    """The word pairs the prompt uses as examples (order-insensitive).

    Every ``a/b`` of lower-case words in the prompt's body lines, except headings (``#``,
    ``**...**``) and the "# Rules" section (its "plural/singular" is not an example pair).
    """
    text = load_prompt(version).user_template
    out: set[frozenset[str]] = set()
    in_rules = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            in_rules = stripped.lower().startswith("# rules")
            continue
        if in_rules or stripped.startswith("**"):
            continue
        out |= {frozenset((a, b)) for a, b in _PAIR.findall(line) if a != b}
    return out
