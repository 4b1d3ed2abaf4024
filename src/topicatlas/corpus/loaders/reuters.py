"""Reuters-21578, Distribution 1.0 (kdd.ics.uci.edu/databases/reuters21578).

The archive holds ``reut2-000.sgm`` ... ``reut2-021.sgm`` (SGML, latin-1). Split:
**ModApte** -- ``LEWISSPLIT="TRAIN"`` with ``TOPICS="YES"`` is train,
``LEWISSPLIT="TEST"`` with ``TOPICS="YES"`` is test, everything else is unused.
Labels: the ``<TOPICS>`` categories (multi-label).

``categories="modapte90"`` (default) keeps the usual 90 categories: those with at
least one train and one test document; documents with none of them are dropped and
other categories are removed from the label tuples (7,770 train / 3,019 test here;
NLTK's copy has 7,769 / 3,019). ``categories="all"`` keeps every ModApte document
with its full topic list, including documents without topics.

Text = title + the rest of ``<TEXT>`` (dateline and author removed, SGML entities
decoded, control characters dropped). Two pieces of wire-service boilerplate are
removed: the trailing "Reuter"/"REUTER" sign-off and the "Blah blah blah." placeholder
that stands for the body of BRIEF items.
"""

from __future__ import annotations

import html
import re
import tarfile
from pathlib import Path

from topicatlas.corpus.raw import RawDocuments
from topicatlas.errors import InputFormatError

ARCHIVE = "corpora/reuters21578.tar.gz"
_DOC = re.compile(r"<REUTERS([^>]*)>(.*?)</REUTERS>", re.S)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_TOPICS = re.compile(r"<TOPICS>(.*?)</TOPICS>", re.S)
_D = re.compile(r"<D>(.*?)</D>", re.S)
_TEXT = re.compile(r"<TEXT[^>]*>(.*?)</TEXT>", re.S)
_DROP = re.compile(r"<(DATELINE|AUTHOR)>.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SIGNOFF = re.compile(r"\s*\breuter\b\s*$", re.I)
_BLAH = re.compile(r"\bBlah blah blah\.", re.I)


def _text(block: str) -> str:
    block = _DROP.sub(" ", block)
    block = _TAG.sub("\n", block)
    block = _CONTROL.sub("", html.unescape(block))
    block = _BLAH.sub("", block)
    return _SIGNOFF.sub("", block).strip()


def read_reuters(root: Path, *, limit: int | None = None,
                 categories: str = "modapte90") -> RawDocuments:
    """ModApte documents (``limit``: stop after that many ModApte documents in file order,
    before the category filter)."""
    if categories not in ("modapte90", "all"):
        raise InputFormatError(f"reuters: categories must be 'modapte90' or 'all', got {categories!r}")
    path = root / ARCHIVE
    rows: list[tuple[str, str, tuple[str, ...], str]] = []  # newid, split, topics, text
    try:
        with tarfile.open(path, "r:gz") as tar:
            members = sorted((m for m in tar.getmembers()
                              if re.search(r"reut2-\d+\.sgm$", m.name)), key=lambda m: m.name)
            if not members:
                raise InputFormatError(f"{path}: no reut2-NNN.sgm files in the archive")
            from tqdm import tqdm

            for m in tqdm(members, desc="reading reuters", unit="file", leave=False, disable=None):
                fh = tar.extractfile(m)
                assert fh is not None
                sgml = fh.read().decode("latin-1")  # the collection's encoding; never fails
                for attrs, body in _DOC.findall(sgml):
                    a = dict(_ATTR.findall(attrs))
                    if a.get("TOPICS") != "YES" or a.get("LEWISSPLIT") not in ("TRAIN", "TEST"):
                        continue
                    tm = _TOPICS.search(body)
                    topics = tuple(_D.findall(tm.group(1))) if tm else ()
                    txt = _TEXT.search(body)
                    rows.append((a.get("NEWID", str(len(rows))), a["LEWISSPLIT"].lower(), topics,
                                 _text(txt.group(1)) if txt else ""))
                    if limit is not None and len(rows) >= limit:
                        break
                if limit is not None and len(rows) >= limit:
                    break
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise InputFormatError(f"{path}: not a readable Reuters-21578 tar.gz archive ({exc}). "
                               "Re-download it.") from exc
    info: dict[str, object] = {"modapte_documents": len(rows)}
    if categories == "modapte90":
        train = {t for _, s, ts, _ in rows if s == "train" for t in ts}
        test = {t for _, s, ts, _ in rows if s == "test" for t in ts}
        keep = train & test
        rows = [(i, s, tuple(t for t in ts if t in keep), x) for i, s, ts, x in rows]
        rows = [r for r in rows if r[2]]
        info["categories"] = len(keep)
    return RawDocuments(
        texts=[r[3] for r in rows],
        labels=[r[2] for r in rows],
        split=[r[1] for r in rows],
        ids=[f"reuters/{r[0]}" for r in rows],
        info=info,
    )
