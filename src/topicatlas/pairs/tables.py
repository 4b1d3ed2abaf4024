"""Reading and writing pair tables: Parquet or CSV/TSV by extension, or two words per line.

Readable inputs (:func:`read_pairs`):

* ``.parquet``, ``.csv``, ``.tsv``/``.tab`` tables with ``word1`` and ``word2`` columns (any
  other columns, e.g. ``source``/``sub_source`` of a candidate table, are kept);
* any other file (or a CSV/TSV without those columns): plain text, one pair per line, two
  words separated by whitespace, a comma or a tab; blank lines and ``#`` comments skipped.

Words are stripped and lower-cased. A line or row without two words is an error that names
the file and the line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from topicatlas.errors import DataNotFoundError, InputFormatError

TABLE_SUFFIXES = (".parquet", ".csv", ".tsv", ".tab")
_SPLIT = re.compile(r"[\s,]+")


def _table_reader(path: Path) -> Any:
    import pandas as pd

    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    sep = "\t" if path.suffix in (".tsv", ".tab") else ","
    return pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False)


def _read_lines(path: Path) -> Any:
    import pandas as pd

    rows = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            parts = [p for p in _SPLIT.split(text) if p]
            if len(parts) != 2:
                raise InputFormatError(
                    f"{path}, line {lineno}: expected two words, got {len(parts)}: {text[:80]!r}. "
                    "Write one pair per line (e.g. 'cat dog'), or give a table with word1 and "
                    "word2 columns."
                )
            rows.append((parts[0], parts[1]))
    return pd.DataFrame(rows, columns=["word1", "word2"])


def read_pairs(path: str | Path) -> Any:
    """A DataFrame with at least ``word1`` and ``word2`` (see the module docstring)."""
    path = Path(path)
    if not path.is_file():
        raise DataNotFoundError(f"{path}: no such pair file")
    df = None
    if path.suffix in TABLE_SUFFIXES:
        try:
            df = _table_reader(path)
        except Exception as exc:
            raise InputFormatError(
                f"{path}: cannot read it as a {path.suffix} table: {exc}"
            ) from exc
        df.columns = [str(c).strip().lower() for c in df.columns]
        if not {"word1", "word2"} <= set(df.columns):
            if path.suffix == ".parquet":
                raise InputFormatError(
                    f"{path}: needs columns word1 and word2; has {list(df.columns)}"
                )
            df = None  # a headerless CSV/TSV: read as lines
    if df is None:
        df = _read_lines(path)
    df = df.reset_index(drop=True)
    for col in ("word1", "word2"):
        df[col] = df[col].astype(str).str.strip().str.lower()
        empty = df[col] == ""
        if empty.any():
            i = int(empty.to_numpy().nonzero()[0][0])
            raise InputFormatError(f"{path}, row {i + 2}: empty {col}")
    return df


def write_table(df: Any, path: str | Path) -> Path:
    """Write ``df`` as Parquet (``.parquet``) or CSV/TSV (anything else; ``.tsv`` = tabs).

    Written to a temporary file first and renamed, so an interrupted write never leaves a
    truncated table behind.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    if path.suffix == ".parquet":
        df.to_parquet(tmp, index=False)
    else:
        df.to_csv(tmp, index=False, sep="\t" if path.suffix in (".tsv", ".tab") else ",")
    tmp.replace(path)
    return path
