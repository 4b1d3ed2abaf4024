"""Short-text corpora stored as plain line files: CiteSeer-M10 and GoogleNews-T."""

from __future__ import annotations

from pathlib import Path

from topicatlas.corpus.loaders.spec import decode_bytes, text_lines
from topicatlas.corpus.raw import RawDocuments
from topicatlas.errors import InputFormatError


def _lines(path: Path) -> tuple[list[str], bool]:
    text, fell_back = decode_bytes(path.read_bytes())
    lines = text_lines(text)
    return lines, fell_back


def read_m10(root: Path, *, limit: int | None = None) -> RawDocuments:
    """CiteSeer-M10 (TriDNR): ``docs.txt`` lines "``<id> <title>``", ``labels.txt`` lines
    "``<id> <label>``" (matched by id). All 10,310 titles, in ``docs.txt`` order."""
    folder = root / "corpora" / "m10"
    docs, fb1 = _lines(folder / "docs.txt")
    labs, fb2 = _lines(folder / "labels.txt")
    label_of: dict[str, str] = {}
    for n, line in enumerate(labs, 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 2:
            raise InputFormatError(f"{folder / 'labels.txt'}, line {n}: expected '<id> <label>', "
                                   f"got {line[:80]!r}")
        label_of[parts[0]] = parts[1]
    texts, labels, ids = [], [], []
    for n, line in enumerate(docs, 1):
        if not line.strip():
            continue
        doc_id, _, title = line.strip().partition(" ")
        if not doc_id:
            raise InputFormatError(f"{folder / 'docs.txt'}, line {n}: expected '<id> <title>'")
        texts.append(title)
        ids.append(f"m10/{doc_id}")
        labels.append((label_of[doc_id],) if doc_id in label_of else ())
        if limit is not None and len(texts) >= limit:
            break
    return RawDocuments(texts, labels, [], ids,
                        info={"unlabelled": sum(1 for lab in labels if not lab),
                              "latin1_fallback": int(fb1 or fb2)})


def read_googlenews(root: Path, *, limit: int | None = None) -> RawDocuments:
    """GoogleNews-T: one pre-tokenised title per line, the label on the same line of
    ``GoogleNews_LABEL.txt``."""
    folder = root / "corpora" / "googlenews"
    docs, _ = _lines(folder / "GoogleNews.txt")
    labs, _ = _lines(folder / "GoogleNews_LABEL.txt")
    if len(docs) != len(labs):
        raise InputFormatError(f"{folder}: GoogleNews.txt has {len(docs)} lines but "
                               f"GoogleNews_LABEL.txt has {len(labs)}; they must match line by line")
    n = len(docs) if limit is None else min(limit, len(docs))
    return RawDocuments(docs[:n], [(lab.strip(),) for lab in labs[:n]], [],
                        [f"googlenews/{i + 1}" for i in range(n)])
