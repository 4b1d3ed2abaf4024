"""Benchmark: the openai back-end's concurrency and response cache.

Against a local OpenAI-compatible server (``topicatlas.llm.testserver``, real HTTP on
127.0.0.1) that takes ``--delay`` seconds (default 0.2) per answer:

1. reference: the same client with one request in flight and no cache (one at a time);
2. ``--n`` requests (default 500) with ``--concurrency`` (default 32) in flight, through a
   fresh response cache;
3. the same requests again through that cache.

Prints the wall times, the speed-up of (2) over (1) (target: at least 20x) and the number of
requests the server received in run (3) (target: 0). Exit status 1 when a target is missed.

    .venv/bin/python benchmarks/llm_client.py            # ~2 minutes (the reference is slow)
    .venv/bin/python benchmarks/llm_client.py --n 100    # quicker
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from topicatlas.llm import ChatRequest, ResponseCache, SamplingParams, get_backend, run_batch
from topicatlas.llm.testserver import ScriptedChatServer


def requests(n: int) -> list[ChatRequest]:
    params = SamplingParams(temperature=0.3, max_tokens=50)
    return [
        ChatRequest(
            [
                {"role": "system", "content": "Rate word pairs."},
                {"role": "user", "content": f"pair {i}"},
            ],
            params,
        )
        for i in range(n)
    ]


def timed_run(url: str, n: int, concurrency: int, cache: ResponseCache | None) -> tuple[float, int]:
    backend = get_backend("openai", "bench", base_url=url, concurrency=concurrency)
    start = time.perf_counter()
    results = run_batch(backend, requests(n), cache=cache, progress=False)
    elapsed = time.perf_counter() - start
    failed = sum(not r.ok for r in results)
    if failed:
        raise SystemExit(f"{failed} of {n} requests failed: {results[0].error}")
    return elapsed, backend.n_http_requests


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--delay", type=float, default=0.2)
    args = ap.parse_args(argv)

    with (
        ScriptedChatServer(models={"bench"}, delay=args.delay) as server,
        tempfile.TemporaryDirectory() as tmp,
    ):
        t_one, sent_one = timed_run(server.url, args.n, 1, None)
        with ResponseCache(Path(tmp) / "bench.sqlite") as cache:
            t_many, sent_many = timed_run(server.url, args.n, args.concurrency, cache)
            before = server.n_requests
            t_again, sent_again = timed_run(server.url, args.n, args.concurrency, cache)
            received_again = server.n_requests - before
        peak = server.peak_in_flight

    speedup = t_one / t_many
    print(f"server: {args.delay * 1000:.0f} ms per answer, {args.n} requests")
    print(f"reference, 1 in flight, no cache : {t_one:8.2f} s  ({sent_one} HTTP requests)")
    print(
        f"{args.concurrency} in flight, fresh cache      : {t_many:8.2f} s  ({sent_many} HTTP requests, peak in flight {peak})"
    )
    print(
        f"second run, same cache           : {t_again:8.2f} s  ({received_again} requests received by the server)"
    )
    print(f"speed-up {args.concurrency} in flight vs 1: {speedup:.1f}x (target >= 20x)")
    ok = speedup >= 20 and received_again == 0 and sent_again == 0
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
