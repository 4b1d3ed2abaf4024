"""BBC News full text (Greene & Cunningham 2006; mlg.ucd.ie/datasets/bbc.html).

``bbc-fulltext.zip`` holds ``bbc/<class>/<nnn>.txt``: 2,225 articles in 5 classes
(business, entertainment, politics, sport, tech); the first line is the headline.
Encoding: most files are ASCII or UTF-8 (e.g. ``£`` as UTF-8), but some are latin-1
(``sport/199.txt`` has a bare ``\\xa3``); each file is decoded as UTF-8 and, failing
that, as latin-1 (counted in ``info["latin1_fallback"]``).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from topicatlas.corpus.loaders.spec import decode_bytes
from topicatlas.corpus.raw import RawDocuments
from topicatlas.errors import InputFormatError

ARCHIVE = "corpora/bbc-fulltext.zip"
_MEMBER = re.compile(r"(?:^|/)bbc/([^/]+)/([^/]+)\.txt$")


def read_bbc(root: Path, *, limit: int | None = None) -> RawDocuments:
    """All articles sorted by class and file name (``limit``: the first ``limit`` of them)."""
    path = root / ARCHIVE
    texts, labels, ids = [], [], []
    fallback = 0
    try:
        with zipfile.ZipFile(path) as zf:
            names = sorted(n for n in zf.namelist() if _MEMBER.search(n))
            if not names:
                raise InputFormatError(f"{path}: no bbc/<class>/<nnn>.txt files in the archive")
            for name in names[:limit]:
                m = _MEMBER.search(name)
                assert m is not None
                text, fell_back = decode_bytes(zf.read(name))
                fallback += fell_back
                texts.append(text)
                labels.append((m.group(1),))
                ids.append(name)
    except (zipfile.BadZipFile, OSError) as exc:
        raise InputFormatError(f"{path}: not a readable zip archive ({exc}). Re-download it.") from exc
    return RawDocuments(texts, labels, [], ids, info={"latin1_fallback": fallback})
