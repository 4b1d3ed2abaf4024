"""The openai back-end against a real HTTP server on 127.0.0.1 (answers from a script)."""

from __future__ import annotations

import sqlite3

import pytest

from topicatlas.llm import (
    ChatRequest,
    LLMBackendError,
    ResponseCache,
    SamplingParams,
    get_backend,
    run_batch,
)
from topicatlas.llm.testserver import Scripted, ScriptedChatServer

FAST = {"backoff": 0.01, "max_backoff": 0.05}


def _requests(n: int, draw: int = 0) -> list[ChatRequest]:
    return [
        ChatRequest(
            [{"role": "system", "content": "sys"}, {"role": "user", "content": f"q{i}"}],
            SamplingParams(temperature=0.3, max_tokens=20),
            draw=draw,
            tag=i,
        )
        for i in range(n)
    ]


def test_batch_answers_in_order_and_rerun_sends_nothing(server, cache):
    backend = get_backend("openai", "test-model", base_url=server.url, concurrency=4)
    results = run_batch(backend, _requests(20), cache=cache, progress=False)
    assert [r.text for r in results] == [f"echo: q{i}" for i in range(20)]
    assert [r.request.tag for r in results] == list(range(20))
    assert not any(r.cached for r in results)
    assert server.n_requests == 20
    body = server.bodies[0]
    assert body["model"] == "test-model" and body["temperature"] == 0.3
    assert body["max_tokens"] == 20 and body["messages"][0] == {"role": "system", "content": "sys"}

    again = run_batch(backend, _requests(20), cache=cache, progress=False)
    assert server.n_requests == 20  # nothing sent
    assert all(r.cached for r in again)
    assert [r.text for r in again] == [r.text for r in results]
    # another draw index is another request
    run_batch(backend, _requests(3, draw=1), cache=cache, progress=False)
    assert server.n_requests == 23


def test_identical_requests_in_one_batch_are_sent_once(server, cache):
    backend = get_backend("openai", "test-model", base_url=server.url)
    results = run_batch(backend, _requests(2) + _requests(2), cache=cache, progress=False)
    assert server.n_requests == 2
    assert [r.text for r in results] == ["echo: q0", "echo: q1"] * 2


def test_requests_in_flight_bounded_by_concurrency(cache):
    with ScriptedChatServer(delay=0.05) as server:
        backend = get_backend("openai", "m", base_url=server.url, concurrency=3)
        results = run_batch(backend, _requests(15), cache=cache, progress=False)
    assert all(r.ok for r in results)
    assert 1 < server.peak_in_flight <= 3


def test_retries_on_429_and_500_then_succeeds(server, cache):
    server.push(
        Scripted(status=429, headers={"Retry-After": "0"}), Scripted(status=500), Scripted(503)
    )
    backend = get_backend("openai", "test-model", base_url=server.url, concurrency=1, **FAST)
    (result,) = run_batch(backend, _requests(1), cache=cache, progress=False)
    assert result.ok and result.text == "echo: q0"
    assert server.n_requests == 4
    assert backend.n_http_requests == 4


def test_slow_answer_times_out_and_is_retried(server, cache):
    server.push(Scripted(delay=3.0))
    backend = get_backend(
        "openai", "test-model", base_url=server.url, timeout=0.3, concurrency=1, **FAST
    )
    (result,) = run_batch(backend, _requests(1), cache=cache, progress=False)
    assert result.ok and result.text == "echo: q0"
    assert server.n_requests == 2


def test_exhausted_retries_recorded_as_error_and_batch_goes_on(server, cache):
    server.push(*[Scripted(status=500)] * 3)
    backend = get_backend(
        "openai", "test-model", base_url=server.url, concurrency=1, max_retries=2, **FAST
    )
    results = run_batch(backend, _requests(3), cache=cache, progress=False)
    assert results[0].text is None and "HTTP 500" in results[0].error
    assert "3 tries" in results[0].error
    assert [r.text for r in results[1:]] == ["echo: q1", "echo: q2"]
    # the failure is not cached: a re-run asks again (and now succeeds)
    again = run_batch(backend, _requests(3), cache=cache, progress=False)
    assert again[0].text == "echo: q0" and not again[0].cached
    assert again[1].cached and again[2].cached


def test_rate_limit_spaces_requests(cache):
    with ScriptedChatServer() as server:
        backend = get_backend("openai", "m", base_url=server.url, concurrency=8, rpm=1200)
        run_batch(backend, _requests(6), cache=cache, progress=False)
        span = server.arrivals[-1] - server.arrivals[0]
        # the same back-end serves a second batch (a new event loop) with the limiter on
        more = run_batch(backend, _requests(3, draw=1), cache=cache, progress=False)
    # 1200 per minute = one start every 50 ms, so 6 starts span at least 250 ms
    # (a lower bound the limiter enforces; 40 ms of slack for arrival jitter)
    assert len(server.arrivals) == 9 and span >= 0.21
    assert all(r.ok for r in more)


def test_api_key_from_env_only_and_never_stored(monkeypatch, tmp_path):
    secret = "sk-test-SECRET-0123456789"
    monkeypatch.setenv("TA_TEST_KEY", secret)
    db = tmp_path / "c.sqlite"
    with ScriptedChatServer(api_key=secret) as server, ResponseCache(db) as cache:
        backend = get_backend("openai", "m", base_url=server.url, api_key_env="TA_TEST_KEY")
        results = run_batch(backend, _requests(2), cache=cache, progress=False)
        assert all(r.ok for r in results)
        assert server.auth_headers == [f"Bearer {secret}"] * 2
        assert secret not in repr(backend) and secret not in str(backend.cache_namespace)
    rows = sqlite3.connect(db).execute("SELECT * FROM responses").fetchall()
    assert rows and secret not in repr(rows)
    for path in tmp_path.iterdir():  # nor in the WAL / shm files
        assert secret.encode() not in path.read_bytes()


def test_invalid_api_key_is_a_clear_error_without_the_key(monkeypatch, cache):
    monkeypatch.setenv("TA_TEST_KEY", "sk-wrong-key-9876")
    with ScriptedChatServer(api_key="sk-right") as server:
        backend = get_backend("openai", "m", base_url=server.url, api_key_env="TA_TEST_KEY")
        with pytest.raises(LLMBackendError) as info:
            run_batch(backend, _requests(5), cache=cache, progress=False)
    msg = str(info.value)
    assert "401" in msg and "TA_TEST_KEY" in msg and "sk-wrong-key-9876" not in msg


def test_wrong_model_name_is_a_clear_error(server, cache):
    backend = get_backend("openai", "no-such-model", base_url=server.url)
    with pytest.raises(LLMBackendError) as info:
        run_batch(backend, _requests(5), cache=cache, progress=False)
    assert "no-such-model" in str(info.value) and "404" in str(info.value)


def test_unreachable_server_is_a_clear_error(cache):
    with ScriptedChatServer() as server:  # find a free port, then close it
        url = server.url
    backend = get_backend("openai", "m", base_url=url, max_retries=1, **FAST)
    with pytest.raises(LLMBackendError) as info:
        run_batch(backend, _requests(3), cache=cache, progress=False)
    assert "cannot reach" in str(info.value) and url in str(info.value)


def test_garbage_answers_fail_requests_then_stop_the_batch(server, cache):
    server.push(*[Scripted(body="<html>Bad Gateway</html>")] * 50)
    backend = get_backend("openai", "test-model", base_url=server.url, concurrency=1)
    with pytest.raises(LLMBackendError) as info:
        run_batch(backend, _requests(10), cache=cache, progress=False, max_consecutive_errors=3)
    assert "3 requests in a row failed" in str(info.value)
    assert "not a chat completion" in str(info.value) and "Bad Gateway" in str(info.value)
    partial = info.value.results
    assert len(partial) == 10 and sum(r is not None for r in partial) == 3


def test_run_resumes_after_the_server_went_away(cache):
    server = ScriptedChatServer().start()
    port = server.port
    backend = get_backend("openai", "m", base_url=server.url, concurrency=1, max_retries=0)
    done = []

    def stop_after_four(i, result):
        done.append(i)
        if len(done) == 4:
            server.stop()

    with pytest.raises(LLMBackendError):
        run_batch(backend, _requests(10), cache=cache, progress=False, on_result=stop_after_four)
    assert len(cache) == 4
    with ScriptedChatServer(port=port) as again:
        results = run_batch(backend, _requests(10), cache=cache, progress=False)
        assert again.n_requests == 6
    assert sum(r.cached for r in results) == 4
    assert [r.text for r in results] == [f"echo: q{i}" for i in range(10)]


def test_seed_sent_only_when_set_and_differs_by_draw(server, cache):
    backend = get_backend("openai", "test-model", base_url=server.url, concurrency=1)
    params = SamplingParams(temperature=0.7, seed=1)
    reqs = [ChatRequest("hi", params, draw=d) for d in range(3)] + [ChatRequest("hi")]
    run_batch(backend, reqs, cache=cache, progress=False)
    seeds = [b.get("seed") for b in server.bodies]
    assert seeds[3] is None and len(set(seeds[:3])) == 3
