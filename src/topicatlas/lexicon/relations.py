"""Lexical relations for building candidate word pairs: WordNet and ConceptNet-100k.

WordNet relations (the paper's Table 13: synonyms, co-hyponyms, hypernyms, antonyms)
are returned as WordNet lemma names, lower-cased, with WordNet's ``_`` for multi-word
lemmas (``ice_cream``); filter on ``"_" in w`` for single words. The input word is
normalised as in :func:`topicatlas.lexicon.wordnet.wordnet_forms`, and the word itself
(its normalised form and its morphy base form) is never in the result. A word outside
WordNet gives an empty set. Results are sets; pass them through ``sorted`` for a
reproducible order.

* synonyms: the other lemmas of every synset of the word (all parts of speech).
* hypernyms: the lemmas of the direct hypernyms and instance hypernyms of every noun
  and verb synset of the word (``depth`` levels up; default 1).
* co-hyponyms: the lemmas of the other hyponyms (and instance hyponyms) of those direct
  hypernyms -- the word's "siblings" -- minus its synonyms; at most ``limit``, chosen
  in WordNet's sense order (most frequent senses first), then alphabetically.
* antonyms: the lemmas WordNet marks as antonyms of the word's own lemmas (antonymy is a
  relation between lemmas, not synsets). Only these direct antonyms: WordNet's indirect
  antonyms (through a satellite's head adjective) are too loose (hot -> unsexy).

ConceptNet-100k (Li et al. 2016) as released: TSV ``rel head tail score`` files
``train100k.txt(.gz)``, ``dev1.txt``, ``dev2.txt``, ``test.txt`` (``valid.txt`` too if
present) under ``$TOPICATLAS_DATA/conceptnet``.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from topicatlas.config import data_dir
from topicatlas.errors import DataNotFoundError, InputFormatError, UnknownNameError
from topicatlas.lexicon import wordnet as W
from topicatlas.registry import suggest


def _self_forms(word: str) -> set[str]:
    forms = set(W.wordnet_forms(word))
    wn = W.get_wordnet()
    for f in list(forms):
        for pos in ("n", "v", "a", "r"):
            base = wn.morphy(f, pos)
            if base:
                forms.add(base)
    return forms


def _lemma_names(synsets: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for ss in synsets:
        for name in ss.lemma_names():
            name = name.lower()
            if name not in out:
                out.append(name)
    return out


def wordnet_synonyms(word: str) -> set[str]:
    """Other lemmas of all synsets of ``word`` (see the module docstring)."""
    me = _self_forms(word)
    return {n for n in _lemma_names(W.synsets(word)) if n not in me}


def _hypernym_synsets(word: str, depth: int = 1) -> list[Any]:
    out: list[Any] = []
    level = [ss for ss in W.synsets(word) if ss.pos() in ("n", "v")]
    for _ in range(depth):
        nxt = []
        for ss in level:
            for h in ss.hypernyms() + ss.instance_hypernyms():
                if h not in out:
                    out.append(h)
                    nxt.append(h)
        level = nxt
    return out


def wordnet_hypernyms(word: str, depth: int = 1) -> set[str]:
    """Lemmas of the hypernyms up to ``depth`` levels above ``word``'s noun/verb synsets."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    me = _self_forms(word)
    return {n for n in _lemma_names(_hypernym_synsets(word, depth)) if n not in me}


def wordnet_cohyponyms(word: str, limit: int | None = 50) -> set[str]:
    """Siblings of ``word`` under its direct hypernyms, at most ``limit`` (None: all)."""
    me = _self_forms(word) | wordnet_synonyms(word)
    own = set(W.synsets(word))
    ordered: list[str] = []
    for ss in W.synsets(word):
        if ss.pos() not in ("n", "v"):
            continue
        for h in ss.hypernyms() + ss.instance_hypernyms():
            siblings = [s for s in h.hyponyms() + h.instance_hyponyms() if s not in own]
            names = sorted({n for n in _lemma_names(siblings) if n not in me})
            ordered += [n for n in names if n not in ordered]
    return set(ordered if limit is None else ordered[:limit])


def wordnet_antonyms(word: str) -> set[str]:
    """Direct lemma antonyms of ``word`` in any part of speech."""
    me = _self_forms(word)
    out: set[str] = set()
    for ss in W.synsets(word):
        for lem in ss.lemmas():
            if lem.name().lower() not in me:
                continue
            for ant in lem.antonyms():
                out.add(ant.name().lower())
    return out - me


# -- ConceptNet-100k -----------------------------------------------------------------------
CONCEPTNET_SPLITS = {
    "train": ("train100k.txt.gz", "train100k.txt"),
    "dev1": ("dev1.txt",),
    "dev2": ("dev2.txt",),
    "valid": ("valid.txt",),
    "test": ("test.txt",),
}
CONCEPTNET_URL = "https://home.ttic.edu/~kgimpel/commonsense.html (ConceptNet-100k, Li et al. 2016)"


def _conceptnet_files(folder: Path, splits: Iterable[str] | None) -> list[tuple[str, Path]]:
    wanted = list(CONCEPTNET_SPLITS) if splits is None else list(splits)
    out = []
    for split in wanted:
        if split not in CONCEPTNET_SPLITS:
            raise UnknownNameError(
                f"unknown ConceptNet split {split!r}.{suggest(split, list(CONCEPTNET_SPLITS))} "
                f"Splits: {', '.join(CONCEPTNET_SPLITS)}"
            )
        for name in CONCEPTNET_SPLITS[split]:
            if (folder / name).is_file():
                out.append((split, folder / name))
                break
        else:
            if splits is not None:
                raise DataNotFoundError(
                    f"ConceptNet split {split!r}: none of {', '.join(CONCEPTNET_SPLITS[split])} "
                    f"in {folder}. Download {CONCEPTNET_URL} there."
                )
    if not out:
        raise DataNotFoundError(
            f"no ConceptNet-100k files (train100k.txt.gz, dev1.txt, dev2.txt, test.txt) in "
            f"{folder}. Download {CONCEPTNET_URL} into it, or set TOPICATLAS_DATA."
        )
    return out


def _read_conceptnet_file(split: str, path: Path) -> list[tuple[str, str, str, float, str]]:
    opener = gzip.open if path.suffix == ".gz" else open
    rows = []
    with opener(path, "rt", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip():
                continue
            parts = line.split("\t")
            if len(parts) != 4:
                raise InputFormatError(
                    f"{path}, line {lineno}: expected 4 tab-separated fields "
                    f"(rel, head, tail, score), got {len(parts)}: {line[:80]!r}"
                )
            rel, head, tail, score = parts
            try:
                value = float(score)
            except ValueError as exc:
                raise InputFormatError(f"{path}, line {lineno}: score {score!r} is not a number") from exc
            rows.append((rel, head.strip(), tail.strip(), value, split))
    return rows


def load_conceptnet(
    relations: Iterable[str] | None = None,
    single_word: bool = True,
    *,
    splits: Iterable[str] | None = None,
    folder: str | Path | None = None,
) -> Any:
    """ConceptNet-100k triples as a DataFrame with columns ``rel, head, tail, score, split``.

    ``relations``: keep only these relation names (e.g. ``["RelatedTo", "AtLocation"]``;
    an unknown name raises with a suggestion). ``single_word``: keep only triples whose
    head and tail are single tokens (no space, lower-cased ASCII letters, ``-`` or
    ``'``). ``splits``: a subset of ``train, dev1, dev2, valid, test`` (default: every
    file present). The data are read from ``folder`` (default ``$TOPICATLAS_DATA/conceptnet``).
    Rows keep their file order; duplicates across splits are kept (``split`` tells them apart).
    """
    import pandas as pd

    folder = Path(folder) if folder is not None else data_dir() / "conceptnet"
    rows = []
    for split, path in _conceptnet_files(folder, splits):
        rows += _read_conceptnet_file(split, path)
    df = pd.DataFrame(rows, columns=["rel", "head", "tail", "score", "split"])
    if relations is not None:
        wanted = list(relations)
        known = sorted(df["rel"].unique())
        for r in wanted:
            if r not in known:
                raise UnknownNameError(
                    f"ConceptNet relation {r!r} is not in the data.{suggest(r, known)} "
                    f"Relations: {', '.join(known)}"
                )
        df = df[df["rel"].isin(wanted)]
    if single_word:
        pattern = r"^[a-z][a-z'\-]*$"
        df = df[df["head"].str.match(pattern) & df["tail"].str.match(pattern)]
    return df.reset_index(drop=True)
