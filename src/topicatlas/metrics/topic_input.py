"""Checks and rules shared by the per-topic metrics: topic lists, ``topn`` and the OOV policy.

Out-of-vocabulary policy (``oov``), the same for every metric that looks words up:

* ``"skip"`` -- drop the missing words (listed in ``result.oov``), score the rest;
* ``"nan"`` -- the topic gets ``nan`` and the reason goes to ``result.undefined``;
* ``"error"`` -- raise :class:`~topicatlas.errors.InputFormatError` naming the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from topicatlas.errors import InputFormatError

OOV_POLICIES = ("skip", "nan", "error")


def as_topic_lists(topics: Iterable[Sequence[str] | str]) -> list[list[str]]:
    """Topics as lists of strings (a string topic is split on whitespace); none is an error."""
    lists = [t.split() if isinstance(t, str) else [str(w) for w in t] for t in topics]
    if not lists:
        raise InputFormatError("no topics given (expected a list of word lists)")
    return lists


def check_options(oov: str, topn: int | None) -> None:
    """Validate the OOV policy and ``topn`` (a positive integer or None)."""
    if oov not in OOV_POLICIES:
        raise InputFormatError(f"oov must be one of {OOV_POLICIES}, got {oov!r}")
    if topn is not None and (int(topn) != topn or topn < 1):
        raise InputFormatError(f"topn must be a positive integer or None, got {topn!r}")


def apply_oov(
    k: int,
    words: list[str],
    missing: list[str],
    oov: str,
    *,
    oov_words: dict[int, list[str]],
    undefined: dict[int, str],
    error: str,
    reason: str,
) -> list[str] | None:
    """Apply the OOV policy to topic ``k``; return its remaining words, or None if it is unscored.

    ``missing`` are the topic's words absent from the reference; they are recorded in
    ``oov_words``. ``error`` is the ``"error"`` message, with ``{words}`` for the quoted words;
    ``reason`` prefixes the ``"nan"`` entry in ``undefined``.
    """
    if not missing:
        return words
    oov_words[k] = missing
    if oov == "error":
        raise InputFormatError(f"topic {k}: " + error.format(words=", ".join(map(repr, missing))))
    if oov == "nan":
        undefined[k] = f"{reason}: " + " ".join(missing)
        return None
    gone = set(missing)
    return [w for w in words if w not in gone]
