"""20 Newsgroups, "bydate" version (qwone.com/~jason/20Newsgroups/20news-bydate.tar.gz).

The archive holds ``20news-bydate-train/<group>/<id>`` (11,314 posts) and
``20news-bydate-test/<group>/<id>`` (7,532 posts); posts are latin-1 text. The split
comes from the top folder, the label is the newsgroup.

``remove`` strips parts of each post with the same semantics as scikit-learn's
``fetch_20newsgroups(remove=...)`` (re-implemented here):

* ``"headers"``: everything up to the first blank line;
* ``"footers"``: the last block after the last line consisting only of dashes/blanks
  (a signature), when such a line exists and is not the first line;
* ``"quotes"``: lines that quote another post (``>`` or ``|`` at the start, "In article",
  "Quoted from", or containing "writes:", "writes in", "wrote:", "says:", "said:").

scikit-learn applies them in the order headers, footers, quotes; so do we.
"""

from __future__ import annotations

import re
import tarfile
from collections.abc import Iterable
from pathlib import Path

from topicatlas.corpus.raw import RawDocuments
from topicatlas.errors import InputFormatError

ARCHIVE = "corpora/20news-bydate.tar.gz"
PARTS = ("headers", "footers", "quotes")
_QUOTE = re.compile(r"(writes in|writes:|wrote:|says:|said:|^In article|^Quoted from|^\||^>)")
# the same line test as _QUOTE, applied to the whole text at once (much faster)
_QUOTE_LINES = re.compile(r"^(?:.*(?:writes in|writes:|wrote:|says:|said:)|In article|Quoted from|\||>).*(?:\n|$)",
                          re.M)


def strip_header(text: str) -> str:
    """Drop everything up to (and including) the first blank line."""
    _, _, after = text.partition("\n\n")
    return after


def strip_quotes(text: str) -> str:
    """Drop lines that quote or introduce a quote of another post.

    Equivalent to keeping the lines that ``_QUOTE`` does not match (scikit-learn's
    definition); only a trailing newline may differ when the last line is dropped."""
    return _QUOTE_LINES.sub("", text)


def strip_footer(text: str) -> str:
    """Drop the signature block after the last line made only of dashes or blanks."""
    lines = text.strip().split("\n")
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip().strip("-") == "":
            return "\n".join(lines[:i]) if i > 0 else text
    return text


def clean_post(text: str, remove: Iterable[str]) -> str:
    remove = set(remove)
    unknown = remove - set(PARTS)
    if unknown:
        raise InputFormatError(f"20ng: unknown part(s) to remove {sorted(unknown)}; "
                               f"choose from {', '.join(PARTS)}")
    if "headers" in remove:
        text = strip_header(text)
    if "footers" in remove:
        text = strip_footer(text)
    if "quotes" in remove:
        text = strip_quotes(text)
    return text


def read_20newsgroups(root: Path, *, limit: int | None = None,
                      remove: Iterable[str] = PARTS) -> RawDocuments:
    """All posts of the archive (or the first ``limit`` in archive order), sorted by
    split (train first), newsgroup and post number."""
    path = root / ARCHIVE
    remove = tuple(remove)
    rows: list[tuple[int, str, int, str, str]] = []
    from tqdm import tqdm

    bar = tqdm(total=limit or 18846, desc="reading 20ng", unit="post", leave=False,
               disable=None, mininterval=0.5)  # shown on terminals only
    try:
        with bar, tarfile.open(path, "r:gz") as tar:
            for member in tar:
                if not member.isfile():
                    continue
                parts = member.name.split("/")
                if len(parts) != 3 or not parts[0].startswith("20news-bydate-"):
                    continue
                split = parts[0].removeprefix("20news-bydate-")
                fh = tar.extractfile(member)
                assert fh is not None
                text = fh.read().decode("latin-1")  # every byte decodes: latin-1 is the corpus' encoding
                num = int(parts[2]) if parts[2].isdigit() else 0
                rows.append((0 if split == "train" else 1, parts[1], num, member.name,
                             clean_post(text, remove)))
                bar.update()
                if limit is not None and len(rows) >= limit:
                    break
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise InputFormatError(f"{path}: not a readable 20news-bydate tar.gz archive ({exc}). "
                               "Re-download it.") from exc
    rows.sort(key=lambda r: r[:3])
    return RawDocuments(
        texts=[r[4] for r in rows],
        labels=[(r[1],) for r in rows],
        split=["train" if r[0] == 0 else "test" for r in rows],
        ids=[r[3] for r in rows],
        info={"remove": list(remove)},
    )
