"""Run many chat requests through a back-end, with a progress bar and the response cache.

:func:`run_batch` first answers every request it can from the cache (no request sent),
sends each remaining *distinct* request once (identical requests in one batch share one
reply), stores each reply in the cache the moment it arrives, and returns one
:class:`~topicatlas.llm.base.ChatResult` per input request, in input order.

Asynchronous back-ends (``backend.is_async``) keep up to ``backend.concurrency`` requests
in flight; local back-ends answer one at a time. A request that fails after the back-end's
retries is returned with ``error`` set. The batch stops early, raising
:class:`~topicatlas.llm.base.LLMBackendError`, when the back-end reports a failure no
request can survive (unreachable server, bad API key, unknown model) or when
``max_consecutive_errors`` requests in a row fail; replies received up to then are cached,
so the same call resumes where it stopped.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence

from topicatlas.llm.base import ChatRequest, ChatResult, LLMBackend, LLMBackendError, LLMError
from topicatlas.llm.cache import ResponseCache

ResultCallback = Callable[[int, ChatResult], None]


class _Run:
    """Shared state of one batch (results, counters, progress bar, stop flag)."""

    def __init__(
        self,
        backend: LLMBackend,
        requests: Sequence[ChatRequest],
        cache: ResponseCache | None,
        progress: bool,
        desc: str | None,
        max_consecutive_errors: int,
        on_result: ResultCallback | None,
    ) -> None:
        from tqdm.auto import tqdm

        self.backend = backend
        self.requests = list(requests)
        self.cache = cache
        self.on_result = on_result
        self.max_consecutive_errors = max_consecutive_errors
        self.results: list[ChatResult | None] = [None] * len(self.requests)
        self.keys = [backend.cache_key(r) for r in self.requests]
        self.by_key: dict[str, list[int]] = {}
        for i, k in enumerate(self.keys):
            self.by_key.setdefault(k, []).append(i)
        self.n_cached = self.n_errors = self.n_sent = 0
        self.consecutive_errors = 0
        self.fatal: LLMBackendError | None = None
        self.lock = threading.Lock()
        hits = cache.get_many(self.by_key) if cache is not None else {}
        self.pending = [k for k in self.by_key if k not in hits]
        self.bar = tqdm(
            total=len(self.requests),
            desc=desc or f"LLM {backend.describe()}",
            unit="req",
            disable=not progress,
            dynamic_ncols=True,
        )
        for key, text in hits.items():
            for i in self.by_key[key]:
                self._set(i, ChatResult(self.requests[i], text, cached=True))
                self.n_cached += 1
        self._postfix()

    def _set(self, i: int, result: ChatResult) -> None:
        self.results[i] = result
        self.bar.update(1)
        if self.on_result is not None:
            self.on_result(i, result)

    def _postfix(self) -> None:
        self.bar.set_postfix(cached=self.n_cached, sent=self.n_sent, errors=self.n_errors)

    def record(self, key: str, text: str | None, error: str | None, elapsed: float) -> None:
        """Store one reply (or failure) for every request that shares ``key``."""
        with self.lock:
            idx = self.by_key[key]
            first = self.requests[idx[0]]
            if error is None and text is not None:
                self.consecutive_errors = 0
                if self.cache is not None:
                    self.cache.put(
                        key,
                        text,
                        backend=self.backend.name,
                        model=self.backend.model,
                        request={**self.backend.cache_namespace, **first.key_payload()},
                        elapsed_s=elapsed,
                    )
            else:
                self.consecutive_errors += 1
                self.n_errors += len(idx)
                if self.consecutive_errors >= self.max_consecutive_errors and self.fatal is None:
                    self.fatal = LLMBackendError(
                        f"{self.consecutive_errors} requests in a row failed on "
                        f"{self.backend.describe()}; stopping. Last error: {error}"
                    )
            self.n_sent += 1
            for i in idx:
                self._set(i, ChatResult(self.requests[i], text, False, error, elapsed))
            self._postfix()

    def fail(self, exc: LLMBackendError) -> None:
        with self.lock:
            if self.fatal is None:
                self.fatal = exc

    def finish(self, raise_on_fatal: bool) -> list[ChatResult]:
        self.bar.close()
        if self.fatal is not None:
            done = sum(r is not None for r in self.results)
            msg = (
                f"{self.fatal} ({done} of {len(self.results)} requests answered or failed before "
                f"stopping; {self.n_cached} came from the cache; the replies received are cached "
                "and a re-run resumes from there)"
            )
            if raise_on_fatal:
                raise LLMBackendError(msg, results=list(self.results)) from self.fatal
            for i, r in enumerate(self.results):
                if r is None:
                    self.results[i] = ChatResult(self.requests[i], None, error=f"not sent: {msg}")
        return [
            r if r is not None else ChatResult(self.requests[i], None, error="not sent")
            for i, r in enumerate(self.results)
        ]


def _call(backend: LLMBackend, request: ChatRequest) -> tuple[str | None, str | None]:
    """Run ``backend.generate`` and turn a per-request failure into an error string."""
    try:
        text = backend.generate(request)
    except LLMBackendError:
        raise
    except LLMError as exc:
        return None, str(exc)
    except Exception as exc:  # a back-end bug or a library error for this input
        return None, f"{type(exc).__name__}: {exc}"
    return _check_text(text)


def _check_text(text: object) -> tuple[str | None, str | None]:
    if not isinstance(text, str):
        return None, f"back-end returned {type(text).__name__} instead of text"
    return text, None


def _run_sync(run: _Run) -> None:
    for key in run.pending:
        if run.fatal is not None:
            return
        request = run.requests[run.by_key[key][0]]
        start = time.perf_counter()
        try:
            text, error = _call(run.backend, request)
        except LLMBackendError as exc:
            run.fail(exc)
            return
        run.record(key, text, error, time.perf_counter() - start)


async def _run_async(run: _Run) -> None:
    backend = run.backend
    queue: asyncio.Queue[str] = asyncio.Queue()
    for key in run.pending:
        queue.put_nowait(key)

    async def worker() -> None:
        while run.fatal is None:
            try:
                key = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            request = run.requests[run.by_key[key][0]]
            start = time.perf_counter()
            try:
                text, error = _check_text(await backend.agenerate(request))
            except LLMBackendError as exc:
                run.fail(exc)
                return
            except LLMError as exc:
                text, error = None, str(exc)
            except Exception as exc:
                text, error = None, f"{type(exc).__name__}: {exc}"
            run.record(key, text, error, time.perf_counter() - start)

    await backend.aopen()
    try:
        n = max(1, min(int(backend.concurrency), len(run.pending)))
        await asyncio.gather(*(worker() for _ in range(n)))
    finally:
        await backend.aclose()


def _run_coroutine(coro_factory: Callable[[], object]) -> None:
    """``asyncio.run`` that also works when called from inside a running loop (notebooks)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(coro_factory())  # type: ignore[arg-type]
        return
    box: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coro_factory())  # type: ignore[arg-type]
        except BaseException as exc:  # re-raised in the caller's thread
            box.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if box:
        raise box[0]


_DEFAULT = object()


def run_batch(
    backend: LLMBackend,
    requests: Sequence[ChatRequest],
    *,
    cache: ResponseCache | None | object = _DEFAULT,
    progress: bool = True,
    desc: str | None = None,
    max_consecutive_errors: int = 25,
    on_result: ResultCallback | None = None,
    raise_on_fatal: bool = True,
) -> list[ChatResult]:
    """Answer ``requests`` (cache first), returning one :class:`ChatResult` per request.

    ``cache``: a :class:`ResponseCache`, ``None`` to disable caching, or (default) the
    shared cache under ``cache_dir("llm")``. ``on_result(index, result)`` is called as each
    result becomes known (cached ones first). With ``raise_on_fatal=False`` a fatal
    back-end failure does not raise: the requests not sent get an ``error`` instead.
    """
    own_cache = cache is _DEFAULT
    store: ResponseCache | None = ResponseCache() if own_cache else cache  # type: ignore[assignment]
    try:
        run = _Run(backend, requests, store, progress, desc, max_consecutive_errors, on_result)
        try:
            if run.pending:
                if backend.is_async:
                    _run_coroutine(lambda: _run_async(run))
                else:
                    _run_sync(run)
        except KeyboardInterrupt:
            run.bar.close()
            raise
        return run.finish(raise_on_fatal)
    finally:
        if own_cache and store is not None:
            store.close()


def chat(
    backend: LLMBackend,
    messages: object,
    params: object = None,
    *,
    draw: int = 0,
    cache: ResponseCache | None | object = _DEFAULT,
) -> str:
    """One request through the cache; raises :class:`LLMError` when it fails."""
    request = ChatRequest(messages, params, draw=draw)  # type: ignore[arg-type]
    (result,) = run_batch(backend, [request], cache=cache, progress=False)
    if not result.ok:
        raise LLMError(f"{backend.describe()}: {result.error}")
    return result.text  # type: ignore[return-value]
