"""Downloading registered datasets into the data directory (needs internet).

Each file of a :class:`~topicatlas.corpus.loaders.DatasetSpec` is fetched from its
canonical address into ``<data dir>/<relative path>``: streamed to a temporary file
with a progress bar and moved into place only when complete, so an interrupted
download leaves nothing half-written behind.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

from topicatlas.corpus.loaders.spec import DatasetSpec
from topicatlas.errors import DataNotFoundError


def download_file(url: str, dest: Path, *, timeout: float = 60.0) -> Path:
    """Fetch ``url`` to ``dest`` atomically (temporary file, then rename)."""
    from tqdm import tqdm

    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.part")
    print(f"downloading {url}\n         -> {dest}", file=sys.stderr)
    try:
        req = urllib.request.Request(url, headers={"User-Agent": "topicatlas"})
        with urllib.request.urlopen(req, timeout=timeout) as resp, open(tmp, "wb") as out:
            total = int(resp.headers.get("Content-Length") or 0) or None
            with tqdm(total=total, unit="B", unit_scale=True, desc=dest.name, disable=None) as bar:
                for chunk in iter(lambda: resp.read(1 << 16), b""):
                    out.write(chunk)
                    bar.update(len(chunk))
        os.replace(tmp, dest)
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        raise DataNotFoundError(
            f"could not download {url} to {dest} ({exc}). Download it by hand and place it "
            f"there, or set TOPICATLAS_DATA to a folder that has it.") from exc
    finally:
        if tmp.exists():
            tmp.unlink()
    return dest


def download_dataset(spec: DatasetSpec, root: Path, *, force: bool = False) -> list[Path]:
    """Download the dataset's missing files (all files with ``force``); returns what was fetched."""
    fetched = []
    for rel, url in spec.urls.items():
        dest = root / rel
        if dest.exists() and not force:
            continue
        fetched.append(download_file(url, dest))
    return fetched
