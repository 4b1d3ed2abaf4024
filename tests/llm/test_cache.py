"""The SQLite response cache: keys, persistence, concurrent writers."""

from __future__ import annotations

import multiprocessing as mp
import sqlite3

from topicatlas.llm import ChatRequest, LLMBackend, ResponseCache, SamplingParams, run_batch


class _Reverse(LLMBackend):
    """A pure-Python back-end (reverses the prompt): exercises the cache and batch logic."""

    name = "reverse"

    def __init__(self, model: str = "r") -> None:
        super().__init__(model)
        self.calls = 0

    def generate(self, request: ChatRequest) -> str:
        self.calls += 1
        return request.messages[-1].content[::-1]


def test_key_depends_on_everything_but_the_tag():
    b = _Reverse()
    base = ChatRequest("x", SamplingParams(temperature=0.3), draw=0, tag="a")
    same = ChatRequest([{"role": "user", "content": "x"}], SamplingParams(temperature=0.3), tag="b")
    assert b.cache_key(base) == b.cache_key(same)
    variants = [
        ChatRequest("y", SamplingParams(temperature=0.3)),
        ChatRequest("x", SamplingParams(temperature=0.4)),
        ChatRequest("x", SamplingParams(temperature=0.3, max_tokens=10)),
        ChatRequest("x", SamplingParams(temperature=0.3), draw=1),
        base.with_attempt(1),
        ChatRequest([{"role": "system", "content": "x"}], SamplingParams(temperature=0.3)),
    ]
    keys = {b.cache_key(v) for v in variants}
    assert len(keys) == len(variants) and b.cache_key(base) not in keys
    assert _Reverse("other").cache_key(base) != b.cache_key(base)


def test_cache_persists_across_instances_and_uses_wal(tmp_path):
    path = tmp_path / "c.sqlite"
    b = _Reverse()
    reqs = [ChatRequest(f"abc{i}") for i in range(5)]
    with ResponseCache(path) as c:
        run_batch(b, reqs, cache=c, progress=False)
    assert b.calls == 5
    with ResponseCache(path) as c:
        results = run_batch(b, reqs, cache=c, progress=False)
    assert b.calls == 5 and all(r.cached for r in results)
    assert results[0].text == "0cba"
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_default_cache_lives_under_cache_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("TOPICATLAS_CACHE", str(tmp_path))
    run_batch(_Reverse(), [ChatRequest("q")], progress=False)
    assert (tmp_path / "llm" / "responses.sqlite").is_file()


def _writer(path: str, worker: int, n: int) -> None:
    with ResponseCache(path) as c:
        for i in range(n):
            c.put(f"{worker}-{i}", f"text {worker} {i}", backend="b", model="m", request={"i": i})


def test_concurrent_writer_processes(tmp_path):
    path = str(tmp_path / "c.sqlite")
    ResponseCache(path).close()
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 150)) for w in range(3)]
    for p in procs:
        p.start()
    _writer(path, 99, 150)  # and this process at the same time
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    with ResponseCache(path) as c:
        assert len(c) == 600
        assert c.get("1-149") == "text 1 149"


def test_unexpected_backend_exception_is_a_request_error():
    class Flaky(_Reverse):
        def generate(self, request):
            if request.messages[-1].content == "bad":
                raise RuntimeError("boom")
            return super().generate(request)

    results = run_batch(
        Flaky(), [ChatRequest("bad"), ChatRequest("ok")], cache=None, progress=False
    )
    assert results[0].error == "RuntimeError: boom" and results[1].text == "ko"
