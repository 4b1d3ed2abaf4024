"""WordNet 3.0 access for topicatlas: word normalisation, synsets, depths, information content.

Normalisation (:func:`wordnet_forms`): a word is NFKC-normalised, stripped and
lower-cased; runs of white space become ``_`` (WordNet writes ``ice_cream``). If that
form has no synset and contains ``-``, the forms with ``-`` replaced by ``_`` and with
``-`` removed are tried (``ice-cream`` -> ``ice_cream``); then, for non-ASCII words, the
form with accents stripped (``café`` -> ``cafe``). :func:`synsets` returns the synsets
of the first form that has any: ``wn.synsets(form)``, i.e. all senses in all parts of
speech, with NLTK's morphy lemmatisation (``dogs`` -> ``dog``), in WordNet's order.

Information content (:func:`information_content`) is computed offline from WordNet's
own sense-tagged counts (``cntlist.rev``: the SemCor/tagged-text frequency of every
sense key), the way NLTK's ``WordNetCorpusReader.ic()`` computes it from a corpus, with
one difference that sense tags make possible: a count goes to the one synset its sense
key names, not split over all synsets of the word. Precisely, for each part of speech
(adjective satellites counted as adjectives):

* ``count(s) = smoothing + sum of the counts of all senses of s and of every synset
  below s`` (hyponyms and instance hyponyms, transitively, each descendant once),
  with ``smoothing = 1.0`` (NLTK's default, so no synset has an infinite IC);
* ``total = smoothing + sum of all sense counts of that part of speech`` (NLTK's
  ``ic[pos][0]``), so ``IC(s) = -log(count(s) / total)`` and the noun root
  ``entity.n.01`` has IC 0.

The result is an NLTK-format IC dict (usable with ``Synset.lin_similarity``), cached
in ``cache_dir("wordnet")`` keyed by the size and mtime of the files it comes from.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

from topicatlas.config import cache_dir
from topicatlas.errors import DataNotFoundError, NotInstalledError

#: Default smoothing count added to every synset (as NLTK's ``ic()``).
IC_SMOOTHING = 1.0
_SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def get_wordnet() -> Any:
    """NLTK's WordNet reader, loaded (a clear error when NLTK or WordNet is missing)."""
    try:
        from nltk.corpus import wordnet as wn
    except ImportError as exc:
        raise NotInstalledError("WordNet needs NLTK: pip install 'topicatlas[lexicon]'") from exc
    try:
        wn.ensure_loaded()
    except LookupError as exc:
        raise DataNotFoundError(
            "NLTK cannot find WordNet 3.0. Run `topicatlas setup wordnet` (after "
            "`apt-get install -y wordnet-base wordnet-sense-index`), or "
            "`python -m nltk.downloader wordnet` where the internet is reachable."
        ) from exc
    return wn


def normalise(word: str) -> str:
    """NFKC, strip, lower-case, white space runs -> ``_`` (WordNet's spelling of phrases)."""
    if not isinstance(word, str):
        raise TypeError(f"a word must be a string, got {type(word).__name__}: {word!r}")
    return _SPACES.sub("_", unicodedata.normalize("NFKC", word).strip().lower())


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def wordnet_forms(word: str) -> list[str]:
    """The spellings tried, in order, to find ``word`` in WordNet (see the module doc)."""
    base = normalise(word)
    forms = [base]
    if "-" in base:
        forms += [base.replace("-", "_"), base.replace("-", "")]
    if not base.isascii():
        forms += [_strip_accents(f) for f in list(forms)]
    out: list[str] = []
    for f in forms:
        f = f.strip("_")
        if f and f not in out:
            out.append(f)
    return out


@lru_cache(maxsize=100_000)
def synsets(word: str) -> tuple[Any, ...]:
    """All synsets of ``word`` (all POS, morphy lemmatisation), of its first form that has any."""
    wn = get_wordnet()
    for form in wordnet_forms(word):
        found = wn.synsets(form)
        if found:
            return tuple(found)
    return ()


def in_wordnet(word: str) -> bool:
    return bool(synsets(word))


_POS_ORDER = ("n", "v", "a", "r")


def primary_pos(word: str) -> str | None:
    """The part of speech with most synsets of ``word`` (paper, Table 15), or None.

    Adjective satellites count as adjectives (``a``); ties go to the first of noun,
    verb, adjective, adverb.
    """
    counts = dict.fromkeys(_POS_ORDER, 0)
    for ss in synsets(word):
        counts["a" if ss._pos == "s" else ss._pos] += 1
    best = max(_POS_ORDER, key=lambda p: (counts[p], -_POS_ORDER.index(p)))
    return best if counts[best] else None


def lemma_vocabulary(single_word: bool = True) -> list[str]:
    """All WordNet lemma names (lower case, sorted); ``single_word`` drops ``_`` phrases."""
    wn = get_wordnet()
    names = {n.lower() for n in wn.all_lemma_names()}
    if single_word:
        names = {n for n in names if "_" not in n}
    return sorted(names)


def _wordnet_file(name: str) -> Path:
    """Path of a WordNet database file (NLTK's copy first, then Debian's)."""
    wn = get_wordnet()
    nltk_copy = Path(str(getattr(getattr(wn, "root", None), "path", "") or "/nonexistent")) / name
    for candidate in (nltk_copy, Path("/usr/share/wordnet") / name):
        if candidate.is_file():
            return candidate
    raise DataNotFoundError(
        f"WordNet file {name} not found next to NLTK's WordNet or in /usr/share/wordnet. "
        "Install `wordnet-sense-index` (apt-get) and run `topicatlas setup wordnet`."
    )


def _file_key(path: Path) -> str:
    st = path.stat()
    return hashlib.sha1(f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:16]


def sense_counts() -> dict[tuple[str, int], int]:
    """Tagged counts per synset ``(pos, offset)`` from ``cntlist.rev`` (+ ``index.sense``)."""
    cnt_path, index_path = _wordnet_file("cntlist.rev"), _wordnet_file("index.sense")
    key_counts: dict[str, int] = {}
    with open(cnt_path, encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) == 3 and int(parts[2]) > 0:
                key_counts[parts[0]] = key_counts.get(parts[0], 0) + int(parts[2])
    counts: dict[tuple[str, int], int] = {}
    with open(index_path, encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) < 2 or parts[0] not in key_counts:
                continue
            pos = _SS_TYPE[parts[0].split("%", 1)[1][0]]
            k = (pos, int(parts[1]))
            counts[k] = counts.get(k, 0) + key_counts[parts[0]]
    return counts


class _ICTable(dict):
    """One part of speech of an NLTK IC dict: offset -> count, missing -> the smoothing."""

    def __init__(self, data: dict[int, float], smoothing: float) -> None:
        super().__init__(data)
        self.smoothing = smoothing

    def __missing__(self, key: int) -> float:
        return self.smoothing


def _compute_ic_counts(smoothing: float) -> dict[str, dict[int, float]]:
    table = taxonomy()
    name_of = {(pos, off): name for name, (pos, off, _) in table.items()}
    counts = sense_counts()
    out: dict[str, dict[int, float]] = {p: {} for p in ("n", "v", "a", "r")}
    totals = {p: smoothing for p in out}
    for (pos, offset), c in sorted(counts.items()):
        closure = {offset}
        if pos in ("n", "v"):  # adjectives and adverbs have no hypernyms
            todo = [name_of[(pos, offset)]]
            while todo:
                todo = [p for name in todo for p in table[name][2]]
                closure.update(table[p][1] for p in todo)
        dest = out[pos]
        for off in closure:
            dest[off] = dest.get(off, smoothing) + c
        totals[pos] += c
    for pos, dest in out.items():
        dest[0] = totals[pos]
    return out


@lru_cache(maxsize=4)
def information_content(smoothing: float = IC_SMOOTHING) -> dict[str, _ICTable]:
    """NLTK-format IC dict from WordNet's sense-tagged counts (cached on disk)."""
    files = ("cntlist.rev", "index.sense", "data.noun", "data.verb")  # counts, keys, hierarchy
    key = hashlib.sha1("".join(_file_key(_wordnet_file(f)) for f in files).encode()).hexdigest()[:16]
    cache = cache_dir("wordnet") / f"ic-cntlist-{key}-s{smoothing:g}.json"
    if cache.is_file():
        raw = json.loads(cache.read_text())
    else:
        computed = _compute_ic_counts(smoothing)
        raw = {pos: {str(k): v for k, v in table.items()} for pos, table in computed.items()}
        tmp = cache.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(json.dumps(raw))
        os.replace(tmp, cache)
    ic = {pos: _ICTable({int(k): float(v) for k, v in table.items()}, smoothing) for pos, table in raw.items()}
    ic["s"] = ic["a"]
    return ic


def ic_value(synset: Any, ic: dict[str, _ICTable]) -> float:
    """``-log(count / total)`` exactly as ``nltk...wordnet.information_content``."""
    return ic_of_offset(synset._pos, synset._offset, ic)


def ic_of_offset(pos: str, offset: int, ic: dict[str, _ICTable]) -> float:
    """IC of the synset at ``offset`` of part of speech ``pos`` (see :func:`ic_value`)."""
    table = ic["a" if pos == "s" else pos]
    counts = table[offset]
    if counts == 0:
        return 1e300
    return -math.log(counts / table[0])


@lru_cache(maxsize=1)
def taxonomy() -> dict[str, tuple[str, int, tuple[str, ...]]]:
    """The noun and verb hypernym graph: synset name -> (pos, offset, parent names).

    Parents are the hypernyms and instance hypernyms (NLTK's order). Reading every
    synset through NLTK takes about 10 s, so the table is cached on disk (JSON, keyed
    by the data files' size and mtime) and later loads take a fraction of a second.
    """
    wn = get_wordnet()
    key = _file_key(_wordnet_file("data.noun")) + _file_key(_wordnet_file("data.verb"))
    cache = cache_dir("wordnet") / f"taxonomy-{hashlib.sha1(key.encode()).hexdigest()[:16]}.json"
    if cache.is_file():
        raw = json.loads(cache.read_text())
    else:
        raw = {}
        for pos in ("n", "v"):
            for ss in wn.all_synsets(pos):
                parents = [h._name for h in ss._hypernyms() + ss._instance_hypernyms()]
                raw[ss._name] = [pos, ss._offset, parents]
        tmp = cache.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(json.dumps(raw))
        os.replace(tmp, cache)
    return {name: (v[0], int(v[1]), tuple(v[2])) for name, v in raw.items()}


def taxonomy_depths_of(table: dict[str, tuple[str, int, tuple[str, ...]]]) -> dict[str, tuple[int, int]]:
    """``name -> (min_depth, max_depth)`` over ``table``, as NLTK's ``min_depth()``/``max_depth()``."""
    out: dict[str, tuple[int, int]] = {}

    def depth(name: str) -> tuple[int, int]:
        got = out.get(name)
        if got is None:
            parents = table[name][2]
            if parents:
                ds = [depth(p) for p in parents]
                got = (1 + min(d[0] for d in ds), 1 + max(d[1] for d in ds))
            else:
                got = (0, 0)
            out[name] = got
        return got

    for name in table:
        depth(name)
    return out


@lru_cache(maxsize=1)
def synset_depths() -> dict[str, tuple[int, int]]:
    """``name -> (min_depth, max_depth)`` for every noun and verb synset (memoised)."""
    return taxonomy_depths_of(taxonomy())


@lru_cache(maxsize=1)
def taxonomy_depths() -> dict[str, int]:
    """NLTK's LCH depth per POS: ``{'n': max noun depth, 'v': max verb depth + 1 (simulated root)}``.

    This is ``wn._compute_max_depth(pos, simulate_root)`` (the maximum ``max_depth()`` of
    all synsets of the POS, plus one where NLTK simulates a root, i.e. for verbs),
    computed from :func:`taxonomy`, and handed to NLTK (``wn._max_depth``) so NLTK's own
    ``lch_similarity`` does not walk every synset again.
    """
    wn = get_wordnet()
    table = taxonomy()
    depths_of = synset_depths()
    depths = {"n": 0, "v": 0}
    for name, (pos, _, _) in table.items():
        depths[pos] = max(depths[pos], depths_of[name][1])
    depths["v"] += 1
    max_depth = getattr(wn, "_max_depth", None)
    if isinstance(max_depth, dict):
        max_depth.setdefault(("n", False), depths["n"])
        max_depth.setdefault(("v", True), depths["v"])
    return depths
