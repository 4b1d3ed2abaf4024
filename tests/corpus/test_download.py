"""Downloading into the data directory, against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from topicatlas.corpus.download import download_dataset
from topicatlas.corpus.loaders import DatasetSpec
from topicatlas.errors import DataNotFoundError


@pytest.fixture()
def server(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    (served / "GoogleNews.txt").write_text("rocket launch orbit\noven bake bread\n", encoding="utf-8")
    (served / "GoogleNews_LABEL.txt").write_text("1\n2\n", encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def spec_for(base: str) -> DatasetSpec:
    files = ("corpora/googlenews/GoogleNews.txt", "corpora/googlenews/GoogleNews_LABEL.txt")
    return DatasetSpec(
        name="googlenews", description="test copy", files=files,
        urls={f: f"{base}/{f.rsplit('/', 1)[1]}" for f in files},
        reader="topicatlas.corpus.loaders.titles:read_googlenews", preprocess="none")


def test_download_then_load(server, tmp_path):
    root = tmp_path / "data"
    spec = spec_for(server)
    with pytest.raises(DataNotFoundError, match=r"GoogleNews\.txt  <- http://127\.0\.0\.1"):
        spec.check(root)
    fetched = download_dataset(spec, root)
    assert [p.name for p in fetched] == ["GoogleNews.txt", "GoogleNews_LABEL.txt"]
    spec.check(root)  # nothing missing now
    raw = spec.reader_fn()(root)
    assert raw.texts == ["rocket launch orbit", "oven bake bread"] and raw.labels == [("1",), ("2",)]
    assert download_dataset(spec, root) == []  # present files are not fetched again
    assert not list(root.rglob("*.part"))


def test_failed_download_leaves_nothing_behind(server, tmp_path):
    root = tmp_path / "data"
    spec = DatasetSpec(name="x", description="x", files=("corpora/x.txt",),
                       urls={"corpora/x.txt": f"{server}/does-not-exist.txt"}, reader="a:b")
    with pytest.raises(DataNotFoundError, match=r"could not download .*does-not-exist\.txt"):
        download_dataset(spec, root)
    assert not (root / "corpora" / "x.txt").exists()
    assert not list(root.rglob("*.part"))
