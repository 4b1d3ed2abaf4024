"""OCTIS dataset folders (github.com/MIND-Lab/OCTIS, ``preprocessed_datasets/<name>``).

A folder holds ``corpus.tsv`` -- one document per line, tab-separated
``text [<tab> split [<tab> label]]`` with ``split`` in train/val/test --, plus
``vocabulary.txt`` (one word per line) and ``metadata.json``. The text is already
preprocessed (lemmatised, stopwords and rare words removed), so these datasets default
to no preprocessing: whitespace tokens as given.
"""

from __future__ import annotations

import json
from pathlib import Path

from topicatlas.corpus.loaders.spec import decode_bytes, text_lines
from topicatlas.corpus.raw import RawDocuments
from topicatlas.errors import DataNotFoundError, InputFormatError

SPLITS = {"train": "train", "val": "val", "validation": "val", "dev": "val", "test": "test"}


def is_octis_folder(path: Path) -> bool:
    return path.is_dir() and (path / "corpus.tsv").is_file()


def read_octis_folder(path: Path, *, limit: int | None = None) -> RawDocuments:
    """Read an OCTIS dataset folder (``corpus.tsv`` required, the rest optional)."""
    tsv = path / "corpus.tsv"
    if not tsv.is_file():
        raise DataNotFoundError(f"{tsv} not found: an OCTIS dataset folder needs corpus.tsv "
                                "(text<TAB>split<TAB>label per line)")
    text, fell_back = decode_bytes(tsv.read_bytes())
    texts, split, labels, ids = [], [], [], []
    for n, line in enumerate(text_lines(text), 1):
        if not line.strip():
            continue
        cols = line.split("\t")
        if len(cols) > 3:
            raise InputFormatError(f"{tsv}, line {n}: expected at most 3 tab-separated columns "
                                   f"(text, split, label), got {len(cols)}")
        texts.append(cols[0])
        s = cols[1].strip().lower() if len(cols) > 1 else ""
        if s and s not in SPLITS:
            raise InputFormatError(f"{tsv}, line {n}: unknown split {cols[1]!r} "
                                   f"(expected one of train, val, test)")
        split.append(SPLITS.get(s, ""))
        labels.append((cols[2].strip(),) if len(cols) > 2 and cols[2].strip() else ())
        ids.append(f"{path.name}/{n}")
        if limit is not None and len(texts) >= limit:
            break
    info: dict[str, object] = {"latin1_fallback": int(fell_back)}
    meta = path / "metadata.json"
    if meta.is_file():
        try:
            info["metadata"] = json.loads(meta.read_text("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            info["metadata_error"] = f"{meta}: {exc}"
    vocab = path / "vocabulary.txt"
    if vocab.is_file():
        info["octis_vocabulary_size"] = sum(1 for w in text_lines(vocab.read_text("utf-8")) if w.strip())
    return RawDocuments(texts, labels, split, ids, info=info)


def read_octis_dataset(root: Path, *, folder: str, limit: int | None = None) -> RawDocuments:
    """A registered OCTIS dataset under the data directory."""
    return read_octis_folder(root / folder, limit=limit)
