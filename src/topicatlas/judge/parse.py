"""Parsers for the judges' answers.

Every parser returns a :class:`Parsed`: ``ok`` (the answer could be read), the value it
carries, the accepted items and the *rejected* ones. Words and pairs are always checked
against the topic's actual words: a word the judge names that is not in the topic
(a hallucination such as ``('client', 'customer')`` when "customer" is not a topic word)
is rejected and counted, never scored.

The parsers read both free chat answers (``The rate is: **2**``, ``[fax, printer]``,
``('faith', 'belief'), ('christian', 'church')``) and the reference release's answers,
which are continuations of an assistant prefill (``The rate is: **`` then ``2``;
``... are: [ `` then ``'adams' ].``); pass that prefill as ``prefill`` so the text is
parsed as the model saw it.

Choices where the paper is silent (documented and tested):

* a rating is the *first* number the answer commits to: a leading number (not a list
  marker such as ``1. The first step``), else one after ``rate/rating/score ... is``,
  else ``N/3`` or ``N out of 3``, else the only distinct number in the answer once echoed
  scales (``1 to 3``, ``1-3``) and list markers are removed; a number outside 1..3, a
  fraction (``2.5``) or two conflicting numbers make the answer unreadable (``ok=False``);
* a word list is read from the first ``[...]`` that is not an echo of the whole topic,
  else from the first paragraph after the answer cue; an explicit "none"/``[ ]`` is an
  empty list; a list without brackets in which no topic word is found is unreadable;
* a duplicate pair ``(w, w)`` (a word paired with itself) is rejected unless the topic
  really holds ``w`` twice; a group of more than two words is accepted as mutually
  duplicate words.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

_DECOR = "'\"`‘’“”«»*_~•·ˈˌ[](){}<>"
_TRAILING = ".,;:!?"


@dataclass
class Parsed:
    """What a parser read from one answer."""

    ok: bool
    value: Any = None
    accepted: list[Any] = field(default_factory=list)
    rejected: list[Any] = field(default_factory=list)
    note: str = ""


# --------------------------------------------------------------------------- words
def normalize_word(text: str) -> str:
    """Canonical form for matching a judge's word to a topic word.

    NFKC, lower case, underscores as spaces, whitespace collapsed, decoration (quotes,
    markdown, brackets, bullets, IPA stress marks, emoji and other symbols) and trailing
    punctuation stripped from both ends.
    """
    s = unicodedata.normalize("NFKC", str(text)).lower().replace("_", " ")
    s = re.sub(r"\s+", " ", s)
    s = re.sub(r"^\s*(?:\d{1,2}[.)]\s+|[-+•]\s+)", "", s)  # "1. word", "- word"
    prev = None
    while prev != s:
        prev = s
        s = s.strip().strip(_DECOR).rstrip(_TRAILING)
        while s and unicodedata.category(s[0]) in ("So", "Sk", "Lm", "Mn", "Cf", "Sm"):
            s = s[1:]
        while s and unicodedata.category(s[-1]) in ("So", "Sk", "Lm", "Mn", "Cf", "Sm"):
            s = s[:-1]
    return s


class WordMatcher:
    """Maps a judge's item to the topic word it names, or to ``None``."""

    def __init__(self, topic_words: Sequence[str]) -> None:
        self.words = list(topic_words)
        self.index: dict[str, str] = {}
        for w in self.words:
            self.index.setdefault(normalize_word(w), w)
        self.counts = Counter(normalize_word(w) for w in self.words)

    def match(self, item: str) -> str | None:
        key = normalize_word(item)
        if key in self.index:
            return self.index[key]
        # "fax (unrelated to printing)", "fax - a machine", "fax: ..."
        for sep in (" (", " - ", " – ", " — ", ":", " because "):
            if sep in item:
                head = normalize_word(item.split(sep, 1)[0])
                if head in self.index:
                    return self.index[head]
        return None

    def multiplicity(self, word: str) -> int:
        return self.counts[normalize_word(word)]


# --------------------------------------------------------------------------- regions
_NONE_RE = re.compile(
    r"^\W*(?:none|nothing|n/?a|no\b|there (?:are|is) no|all (?:the )?(?:words|topics|themes|of the words)"
    r"|every word|\[\s*\])",
    re.IGNORECASE,
)
_CUE_RE = re.compile(
    r"^.*?\b(?:are|is|list|pairs?|words?|themes?|topics?)\b[^:\n\[]{0,40}:\s*", re.IGNORECASE
)
_QUOTED_RE = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|“([^”\n]*)”|‘([^’\n]*)’")


def _with_prefill(answer: str | None, prefill: str) -> str:
    return (prefill or "") + (answer or "")


def _bracket_regions(text: str) -> list[str]:
    """Contents of top-level ``[...]`` groups (an unclosed one runs to the paragraph end)."""
    regions = []
    i = 0
    while True:
        start = text.find("[", i)
        if start < 0:
            break
        depth, j = 0, start
        end = None
        while j < len(text):
            ch = text[j]
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth -= 1
                if depth == 0:
                    end = j
                    break
            j += 1
        if end is None:
            stop = text.find("\n\n", start)
            end = len(text) if stop < 0 else stop
            regions.append(text[start + 1 : end])
            break
        regions.append(text[start + 1 : end])
        i = end + 1
    return regions


def _first_paragraph(text: str) -> str:
    for para in re.split(r"\n\s*\n", text.strip()):
        if para.strip():
            return para.strip()
    return ""


def split_items(region: str) -> list[str]:
    """Items of a list region: quoted strings first, then the rest split on commas/lines."""
    items: list[str] = []
    rest = region
    if _QUOTED_RE.search(region):
        for m in _QUOTED_RE.finditer(region):
            items.append(next(g for g in m.groups() if g is not None))
        rest = _QUOTED_RE.sub(",", region)
    for part in re.split(r"[,;\n]|\s+and\s+", rest):
        if normalize_word(part):
            items.append(part)
    return [i for i in items if normalize_word(i)]


def _is_none(text: str) -> bool:
    t = text.strip().strip("*[]`'\" ").strip()
    return not t or bool(_NONE_RE.match(text.strip().lstrip("*[ ")))


def _list_region(text: str, matcher: WordMatcher | None) -> tuple[str | None, bool]:
    """The text holding the answer's list and whether it came from brackets."""
    regions = _bracket_regions(text)
    if regions:
        if matcher is not None and len(regions) > 1:
            n = len(set(matcher.index))
            for region in regions:
                hits = {matcher.match(i) for i in split_items(region)} - {None}
                if not (n > 2 and len(hits) >= n - 1):  # not an echo of the whole topic
                    return region, True
        return regions[0], True
    for para in re.split(r"\n\s*\n", text.strip()):
        para = para.strip()
        if not para:
            continue
        first_line = para.splitlines()[0]
        if _CUE_RE.match(first_line) and _CUE_RE.sub("", first_line, count=1).strip():
            para = _CUE_RE.sub("", para, count=1)
        elif _CUE_RE.match(first_line):  # the cue alone on the first line, the list below
            para = "\n".join(para.splitlines()[1:]).strip()
        if para:  # a lead-in paragraph ("... the words are:") is skipped
            return para, False
    return None, False


# --------------------------------------------------------------------------- ratings
_SCALE_RE = re.compile(
    r"(?:scale of\s*)?\b\d\s*(?:-|–|to)\s*\d\b|scale of \d|rate \d:", re.IGNORECASE
)
_RATE_RES = (
    # a leading number, unless it is a list marker ("1. The first step...") or a scale ("1-3")
    re.compile(r"^\W{0,4}(\d+(?:\.\d+)?)(?![.)]\s+[A-Za-z])(?!\s*(?:-|–|to)\s*\d)\b"),
    re.compile(
        r"\b(?:rate|rating|score|rated|coherence|repetitiveness|distinctiveness)\b[^0-9\n]{0,20}?"
        r"(?:is|of|:|=|as)\s*\W{0,4}(\d+(?:\.\d+)?)\b(?!\s*(?:-|–|to)\s*\d)",
        re.IGNORECASE,
    ),
    re.compile(r"\b(\d+)\s*(?:/|out of)\s*3\b", re.IGNORECASE),
)


def _rating_value(token: str, low: int, high: int) -> Parsed:
    value = float(token)
    if value != int(value):
        return Parsed(False, note=f"rating {token} is not a whole number")
    if low <= value <= high:
        return Parsed(True, value, accepted=[int(value)])
    return Parsed(False, note=f"rating {token} outside {low}..{high}")


def parse_rating(answer: str | None, *, low: int = 1, high: int = 3, prefill: str = "") -> Parsed:
    """The 1-3 rating in an answer (see the module docstring for the order of rules)."""
    text = _with_prefill(answer, prefill).replace("**", " ").replace("#", " ").strip()
    if not text:
        return Parsed(False, note="empty answer")
    for rx in _RATE_RES:
        m = rx.search(text)
        if m:
            return _rating_value(m.group(1), low, high)
    stripped = _SCALE_RE.sub(" ", text)
    stripped = re.sub(r"(?m)^\s*\d+[.)]\s+(?=[A-Za-z])", " ", stripped)  # list markers
    numbers = set(re.findall(r"(?<![\d.])(\d+(?:\.\d+)?)(?![\d.]*\d)", stripped))
    if len(numbers) == 1:
        return _rating_value(numbers.pop(), low, high)
    if numbers:
        return Parsed(False, note=f"several candidate ratings {sorted(numbers)}")
    return Parsed(False, note="no rating found")


# --------------------------------------------------------------------------- word lists
def parse_word_list(
    answer: str | None, topic_words: Sequence[str], *, prefill: str = ""
) -> Parsed:
    """Topic words named in a list answer (outliers, irrelevant words).

    ``value`` is the list of accepted topic words (distinct, in answer order);
    ``rejected`` holds the items that are not topic words.
    """
    text = _with_prefill(answer, prefill)
    if not text.strip():
        return Parsed(False, [], note="empty answer")
    matcher = WordMatcher(topic_words)
    region, bracketed = _list_region(text, matcher)
    if region is None:
        return Parsed(False, [], note="no list found")
    if _is_none(region):
        return Parsed(True, [], note="none")
    accepted: list[str] = []
    rejected: list[str] = []
    for item in split_items(region):
        word = matcher.match(item)
        if word is None and "," in item:  # a quoted item that is really several words
            subs = [matcher.match(s) for s in item.split(",")]
            if any(subs):
                for s, w in zip(item.split(","), subs, strict=True):
                    if w is None:
                        rejected.append(normalize_word(s))
                    elif w not in accepted:
                        accepted.append(w)
                continue
        if word is None:
            rejected.append(normalize_word(item))
        elif word not in accepted:
            accepted.append(word)
    if not bracketed and not accepted:
        return Parsed(False, [], rejected=rejected, note="no topic word in an unbracketed answer")
    return Parsed(True, accepted, accepted=list(accepted), rejected=rejected)


def parse_themes(answer: str | None, topic_words: Sequence[str], *, prefill: str = "") -> Parsed:
    """Missing themes named in an answer (free text, not topic words).

    ``value`` is the list of distinct themes. A "theme" that is itself a topic word
    contradicts the question (it is not missing) and is rejected. Readable answers: a
    bracketed list, a bullet or numbered list, or an explicit none.
    """
    text = _with_prefill(answer, prefill)
    if not text.strip():
        return Parsed(False, [], note="empty answer")
    matcher = WordMatcher(topic_words)
    regions = _bracket_regions(text)
    if regions:
        region = regions[0]
    else:
        bullets = re.findall(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+)$", text, flags=re.MULTILINE)
        if bullets:
            region = "\n".join(b.split(":")[0] for b in bullets)
        elif _is_none(_CUE_RE.sub("", _first_paragraph(text), count=1)):
            return Parsed(True, [], note="none")
        else:
            return Parsed(False, [], note="no list found")
    if _is_none(region):
        return Parsed(True, [], note="none")
    themes: list[str] = []
    rejected: list[str] = []
    for item in split_items(region):
        key = normalize_word(item)
        if matcher.match(item) is not None:
            rejected.append(key)
        elif key not in themes:
            themes.append(key)
    return Parsed(True, themes, accepted=list(themes), rejected=rejected)


# --------------------------------------------------------------------------- pairs
_TUPLE_RE = re.compile(r"\(([^()]*)\)")
_INNER_LIST_RE = re.compile(r"\[([^\[\]]*)\]")


def _pair_groups(region: str) -> list[list[str]]:
    groups = [split_items(g) for g in _TUPLE_RE.findall(region)]
    groups = [g for g in groups if len(g) >= 2]
    if groups:
        return groups
    inner = [split_items(g) for g in _INNER_LIST_RE.findall(region)]
    inner = [g for g in inner if len(g) >= 2]
    quoted = [next(x for x in m.groups() if x is not None) for m in _QUOTED_RE.finditer(region)]
    if quoted and all("," in q for q in quoted):  # 'a, b', 'c, d'
        return [split_items(q) for q in quoted]
    if inner:
        return inner
    items = split_items(region)
    if len(items) == 2:  # a bare "a, b"
        return [items]
    return []


def parse_pairs(answer: str | None, topic_words: Sequence[str], *, prefill: str = "") -> Parsed:
    """Duplicate-concept pairs in an answer, checked against the topic words.

    ``value`` is the set of topic words that have at least one accepted duplicate (the
    paper's R_duplicate counts these words), ``accepted`` the accepted pairs (tuples),
    ``rejected`` the pairs naming a word outside the topic or a word with itself.
    """
    text = _with_prefill(answer, prefill)
    if not text.strip():
        return Parsed(False, [], note="empty answer")
    matcher = WordMatcher(topic_words)
    # the list region: the first paragraph holding pair syntax (lead-ins are skipped)
    region = None
    for para in re.split(r"\n\s*\n", text.strip()):
        if _TUPLE_RE.search(para) or "[" in para or "]" in para or "," in para:
            region = para
            break
        after_cue = _CUE_RE.sub("", para, count=1).strip()
        if after_cue and _is_none(after_cue):
            return Parsed(True, [], note="none")
    if region is None:
        first = _CUE_RE.sub("", _first_paragraph(text), count=1)
        if _is_none(first):
            return Parsed(True, [], note="none")
        return Parsed(False, [], note="no pairs found")
    groups = _pair_groups(region)
    if not groups:
        brackets = _bracket_regions(region)
        inside = brackets[0] if brackets else region
        if _is_none(inside) or _is_none(_CUE_RE.sub("", inside, count=1)):
            return Parsed(True, [], note="none")
        return Parsed(False, [], note="no pairs found")
    accepted: list[tuple[str, ...]] = []
    rejected: list[tuple[str, ...]] = []
    words: list[str] = []
    for group in groups:
        matched = [matcher.match(x) for x in group]
        names = tuple(normalize_word(x) for x in group)
        if any(m is None for m in matched):
            rejected.append(names)
            continue
        distinct = list(dict.fromkeys(matched))
        if len(distinct) < 2 and matcher.multiplicity(distinct[0]) < 2:
            rejected.append(names)  # a word paired with itself
            continue
        pair = tuple(matched)
        if pair not in accepted:
            accepted.append(pair)  # type: ignore[arg-type]
        for w in distinct:
            if w not in words:
                words.append(w)
    return Parsed(True, words, accepted=accepted, rejected=rejected)


def parse_anchor_answer(
    answer: str | None, topic_words: Sequence[str], anchor: str, *, prefill: str = ""
) -> Parsed:
    """The word(s) a judge pairs with ``anchor`` (adversarial duplicate test).

    ``value`` is the list of topic words named besides the anchor; ``'None'`` gives an
    empty list. Items that are not topic words are rejected.
    """
    text = _with_prefill(answer, prefill)
    if not text.strip():
        return Parsed(False, [], note="empty answer")
    matcher = WordMatcher(topic_words)
    anchor_key = normalize_word(anchor)
    region, bracketed = _list_region(text, matcher)
    if region is None:
        return Parsed(False, [], note="no answer found")
    if _is_none(region):
        return Parsed(True, [], note="none")
    items: list[str] = []
    for group in _TUPLE_RE.findall(region) or [region]:
        items.extend(split_items(group))
    accepted: list[str] = []
    rejected: list[str] = []
    for item in items:
        word = matcher.match(item)
        if word is None:
            if not _is_none(item):
                rejected.append(normalize_word(item))
        elif normalize_word(word) != anchor_key and word not in accepted:
            accepted.append(word)
    if not accepted and not bracketed and rejected:
        return Parsed(False, [], rejected=rejected, note="no topic word named")
    return Parsed(True, accepted, accepted=list(accepted), rejected=rejected)


def distinct(items: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(items))
