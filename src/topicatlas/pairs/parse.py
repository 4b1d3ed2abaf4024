"""Parsing the annotator's ``SIM:`` / ``REL:`` / ``REASON:`` answer (App. B.3.3).

Rules (tested in ``tests/pairs/test_parse.py``):

* Field names are matched case-insensitively, with optional markdown decoration
  (``**SIM:** 0.85``, ``- REL = 0.4``) and ``:`` or ``=``; text before, between and after
  the fields is ignored. The first ``SIM`` and the first ``REL`` carrying a number win; a
  placeholder echoed from the prompt (``SIM: <0.00-1.00>`` or ``SIM: 0.00-1.00``) is a
  range, not a score, and is skipped.
* Numbers: ``0.85``, ``.85``, ``1``, ``0``, ``1.0``, and a decimal comma (``0,85``). Missing
  decimals are accepted (``SIM: 1`` is 1.0).
* Range: the scale is [0, 1]. A value at most ``tolerance`` (0.05) outside it is clipped
  (rounding slop such as ``1.02``); anything further out (``85``, ``-0.3``, ``1.5``) is
  rejected: the answer is malformed, so the caller re-asks. A fraction written as a
  percentage is rejected, not guessed.
* ``REASON`` is optional (only the scores are used, as in the paper); it is kept when
  present, up to the end of its line.

An answer lacking a usable SIM or REL is malformed; :attr:`ParsedScores.problem` says why.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

TOLERANCE = 0.05
_NUM = r"([-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+))"
_DECOR = r"[\s*_`#>\-]*"
# the whole number (no backing off to a prefix of it), not the start of a range such as the
# prompt's "0.00-1.00" echoed back; then an optional percent sign
_END = r"(?!\d|[.,]\d)(?!\s*[-\u2013\u2014]\s*\.?\d)(\s*%)?"


def _field(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?im)^{_DECOR}{name}{_DECOR}\s*[:=][\s*_`]*{_NUM}{_END}"
        rf"|\b{name}\b\s*\**\s*[:=][\s*_`]*{_NUM}{_END}"
    )


_SIM = _field("SIM(?:ILARITY)?")
_REL = _field("REL(?:ATEDNESS)?")
_REASON = re.compile(r"(?im)^[\s*_`#>\-]*REASON[\s*_`]*\s*[:=][\s*_`]*(.*)$")


@dataclass(frozen=True)
class ParsedScores:
    sim: float | None
    rel: float | None
    reason: str | None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _value(
    match: re.Match[str] | None, name: str, tolerance: float
) -> tuple[float | None, str | None]:
    if match is None:
        return None, f"no {name}: <number> line"
    groups = match.groups()
    number, percent = (groups[0], groups[1]) if groups[0] is not None else (groups[2], groups[3])
    if percent:
        return None, f"{name} given as a percentage ({number}%)"
    try:
        value = float(number.replace(",", "."))
    except ValueError:
        return None, f"{name} {number!r} is not a number"
    if math.isnan(value):
        return None, f"{name} is not a number"
    if -tolerance <= value < 0:
        value = 0.0
    elif 1 < value <= 1 + tolerance:
        value = 1.0
    elif not 0 <= value <= 1:
        return None, f"{name} {number} is outside [0, 1]"
    return value, None


def parse_scores(text: str | None, tolerance: float = TOLERANCE) -> ParsedScores:
    """Similarity, relatedness and reason from one answer (see the module rules)."""
    if not text or not text.strip():
        return ParsedScores(None, None, None, "empty answer")
    sim, p1 = _value(_SIM.search(text), "SIM", tolerance)
    rel, p2 = _value(_REL.search(text), "REL", tolerance)
    m = _REASON.search(text)
    reason = m.group(1).strip().strip("*").strip() if m else None
    problems = [p for p in (p1, p2) if p]
    return ParsedScores(sim, rel, reason or None, "; ".join(problems) or None)
