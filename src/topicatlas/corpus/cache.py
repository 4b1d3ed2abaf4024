"""On-disk cache of preprocessed corpora (no pickle: ``.npz`` arrays + JSON).

An entry lives in ``cache_dir("corpora", <key>)`` where ``key`` is a hash of the
source (file paths, sizes and modification times, or the texts themselves for
in-memory input), the loader options and every preprocessing setting (including the
stopword list's identity), :data:`CACHE_FORMAT` and the topicatlas version (so a new
release, whose loaders may read a source differently, never reuses old entries; bump
:data:`CACHE_FORMAT` when a loader or the pipeline changes between releases).

Files: ``corpus.npz`` (token ids, offsets, UTF-8 texts as bytes + offsets),
``meta.json`` (name, vocabulary, labels, split, ids, settings, info) and
``manifest.json`` (size and SHA-256 of the other two). Each file is written to a
temporary name and moved into place atomically; the manifest is removed first and
written last, so an interrupted write leaves no manifest and the entry is rebuilt.
On load, a missing manifest, a size or checksum mismatch, or anything unreadable
makes the entry a miss: it is deleted and rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from topicatlas.config import cache_dir
from topicatlas.corpus.core import Corpus
from topicatlas.corpus.vocabulary import Vocabulary

CACHE_FORMAT = 1
FILES = ("corpus.npz", "meta.json")


def cache_key(payload: dict[str, Any]) -> str:
    """A hex key for a JSON-serialisable description of source + settings."""
    from topicatlas import __version__

    blob = json.dumps({"format": CACHE_FORMAT, "version": __version__, **payload},
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def path_fingerprint(paths: Iterable[Path]) -> list[Any]:
    """(path, size, mtime_ns) of each file; a folder contributes a digest over its files."""
    out: list[Any] = []
    for p in paths:
        p = Path(p).expanduser().resolve()
        if p.is_dir():
            h = hashlib.sha256()
            for f in sorted(q for q in p.rglob("*") if q.is_file()):
                st = f.stat()
                h.update(f"{f.relative_to(p).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            out.append([str(p), "dir", h.hexdigest()])
        elif p.exists():
            st = p.stat()
            out.append([str(p), st.st_size, st.st_mtime_ns])
        else:
            out.append([str(p), None, None])
    return out


def texts_fingerprint(texts: Iterable[str], labels: Iterable[Any] = ()) -> str:
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    h.update(json.dumps([list(x) if isinstance(x, list | tuple) else x for x in labels],
                        default=str).encode())
    return h.hexdigest()


def entry_dir(key: str, create: bool = False) -> Path:
    return cache_dir("corpora", create=create) / key


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 22), b""):
            h.update(chunk)
    return h.hexdigest()


def _atomic_write(path: Path, write: Any) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def save(corpus: Corpus, key: str) -> Path:
    """Write ``corpus`` as cache entry ``key`` (manifest last)."""
    folder = entry_dir(key, create=True)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "manifest.json"
    if manifest.exists():
        manifest.unlink()
    arrays: dict[str, np.ndarray] = {"token_ids": corpus.token_ids, "offsets": corpus.offsets}
    if corpus.texts is not None:
        encoded = [t.encode("utf-8", "surrogatepass") for t in corpus.texts]
        lengths = np.fromiter((len(b) for b in encoded), dtype=np.int64, count=len(encoded))
        arrays["text_bytes"] = np.frombuffer(b"".join(encoded), dtype=np.uint8)
        arrays["text_offsets"] = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)

    def write_npz(tmp: Path) -> None:
        with open(tmp, "wb") as fh:
            np.savez(fh, **arrays)

    meta = {
        "name": corpus.name,
        "vocab": corpus.vocab.words,
        "labels": [list(lab) for lab in corpus.labels],
        "split": corpus.split,
        "ids": corpus.ids,
        "settings": corpus.settings,
        "info": {k: v for k, v in corpus.info.items() if k != "cache"},
        "has_texts": corpus.texts is not None,
    }
    _atomic_write(folder / "corpus.npz", write_npz)
    _atomic_write(folder / "meta.json",
                  lambda tmp: tmp.write_text(json.dumps(meta, ensure_ascii=False, default=str),
                                             encoding="utf-8"))
    files = {f: {"size": (folder / f).stat().st_size, "sha256": _sha256(folder / f)} for f in FILES}
    _atomic_write(manifest, lambda tmp: tmp.write_text(
        json.dumps({"format": CACHE_FORMAT, "key": key, "files": files}), encoding="utf-8"))
    return folder


def discard(key: str) -> None:
    shutil.rmtree(entry_dir(key), ignore_errors=True)


def load(key: str) -> Corpus | None:
    """The cached corpus, or None on a miss; a corrupt entry is deleted (and warned about)."""
    folder = entry_dir(key)
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        if folder.exists():  # interrupted write: no manifest -> rebuild
            discard(key)
        return None
    try:
        man = json.loads(manifest.read_text("utf-8"))
        if man.get("format") != CACHE_FORMAT or man.get("key") != key:
            raise ValueError("manifest of another format or key")
        for f in FILES:
            expect = man["files"][f]
            path = folder / f
            if path.stat().st_size != expect["size"] or _sha256(path) != expect["sha256"]:
                raise ValueError(f"{f} does not match its checksum")
        meta = json.loads((folder / "meta.json").read_text("utf-8"))
        with np.load(folder / "corpus.npz", allow_pickle=False) as z:
            token_ids, offsets = z["token_ids"], z["offsets"]
            texts = None
            if meta["has_texts"]:
                data = z["text_bytes"].tobytes()
                to = z["text_offsets"].tolist()
                texts = [data[to[i]:to[i + 1]].decode("utf-8", "surrogatepass")
                         for i in range(len(to) - 1)]
        corpus = Corpus(
            name=meta["name"], vocab=Vocabulary(meta["vocab"]), token_ids=token_ids,
            offsets=offsets, texts=texts, labels=[tuple(x) for x in meta["labels"]],
            split=meta["split"], ids=meta["ids"], settings=meta["settings"], info=meta["info"],
        )
    except Exception as exc:  # noqa: BLE001 - any defect means: do not trust, rebuild
        warnings.warn(f"corpus cache entry {folder} is corrupt ({exc}); rebuilding it",
                      RuntimeWarning, stacklevel=2)
        discard(key)
        return None
    corpus.info["cache"] = "hit"
    return corpus
