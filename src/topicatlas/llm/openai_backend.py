"""The ``openai`` back-end: any OpenAI-compatible ``/chat/completions`` HTTP endpoint.

Works with vLLM, Ollama, the llama.cpp server, DeepSeek's and OpenAI's APIs::

    get_backend("openai", "deepseek-chat", base_url="https://api.deepseek.com/v1",
                api_key_env="DEEPSEEK_API_KEY", concurrency=16, rpm=600)

* ``base_url`` (default ``$OPENAI_BASE_URL``, else ``https://api.openai.com/v1``): the
  requests go to ``<base_url>/chat/completions``.
* The API key is read from the environment variable ``api_key_env`` only (default
  ``OPENAI_API_KEY``; unset means no ``Authorization`` header, as local servers need). It is
  never part of the cache key, an error message, a log line or ``repr``.
* ``concurrency`` requests in flight (asynchronous, httpx); ``rpm`` caps requests started
  per minute (retries count), spaced evenly.
* Retries with exponential back-off (``backoff * 2**i`` seconds, at most ``max_backoff``,
  or the server's ``Retry-After``) on HTTP 429, 5xx, time-outs and dropped connections, at
  most ``max_retries`` times; then the request fails (recorded, the batch goes on).
* Failures no request can survive stop the batch (:class:`LLMBackendError`): the server
  cannot be reached (after the retries), HTTP 401/403 (API key), HTTP 404 or an unknown-model
  answer (model name or base URL).
* A 200 answer that is not a chat completion (not JSON, no ``choices``) is a failed request
  whose error quotes the start of the body; many in a row stop the batch.
* ``seed``: sent only when :attr:`SamplingParams.seed` is set, as the request's own seed
  (:meth:`ChatRequest.seed`, which differs between draws).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

from topicatlas.llm.base import (
    ChatRequest,
    LLMBackend,
    LLMBackendError,
    LLMRequestError,
)

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


def _snippet(text: str, n: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n] + "..."


def _server_message(response: Any) -> str:
    """The ``error.message`` of an OpenAI-style error body, else the start of the body."""
    try:
        body = response.json()
        err = body.get("error", body) if isinstance(body, dict) else body
        if isinstance(err, dict):
            return _snippet(str(err.get("message") or err.get("detail") or err))
        return _snippet(str(err))
    except Exception:
        return _snippet(response.text)


class _RateLimiter:
    """Spaces request starts ``60 / rpm`` seconds apart (no burst).

    The slot is reserved without awaiting in between, which is atomic within one event
    loop, so no lock is needed (and none ties the limiter to one loop).
    """

    def __init__(self, rpm: float | None) -> None:
        self.interval = 60.0 / rpm if rpm else 0.0
        self._next = 0.0

    async def wait(self) -> None:
        if not self.interval:
            return
        now = time.monotonic()
        start = max(now, self._next)
        self._next = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)


class OpenAIBackend(LLMBackend):
    """Asynchronous client for an OpenAI-compatible chat-completions server."""

    name = "openai"
    is_async = True

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        concurrency: int = 8,
        rpm: float | None = None,
        timeout: float = 120.0,
        max_retries: int = 5,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        extra_body: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(model)
        url = base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
        self.base_url = url.rstrip("/")
        self.endpoint = self.base_url + "/chat/completions"
        self.api_key_env = api_key_env
        self.concurrency = max(1, int(concurrency))
        self.rpm = rpm
        self.timeout = float(timeout)
        self.max_retries = max(0, int(max_retries))
        self.backoff = float(backoff)
        self.max_backoff = float(max_backoff)
        self.extra_body = dict(extra_body or {})
        self._limiter = _RateLimiter(rpm)
        self._client: Any = None
        #: HTTP requests actually sent (retries included); for tests and benchmarks
        self.n_http_requests = 0

    # ------------------------------------------------------------------ plumbing
    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.api_key_env) if self.api_key_env else None
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def _new_client(self) -> Any:
        import httpx

        limits = httpx.Limits(
            max_connections=self.concurrency, max_keepalive_connections=self.concurrency
        )
        timeout = httpx.Timeout(self.timeout, connect=min(10.0, self.timeout))
        return httpx.AsyncClient(timeout=timeout, limits=limits)

    async def aopen(self) -> None:
        if self._client is None:
            self._client = self._new_client()

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def body(self, request: ChatRequest) -> dict[str, Any]:
        p = request.params
        body: dict[str, Any] = {
            "model": self.model,
            "messages": request.message_dicts(),
            "temperature": p.temperature,
            "top_p": p.top_p,
            "max_tokens": p.max_tokens,
            "n": 1,
        }
        if p.stop:
            body["stop"] = list(p.stop)
        if p.seed is not None:
            body["seed"] = request.seed()
        body.update(self.extra_body)
        return body

    def _delay(self, attempt: int, response: Any = None) -> float:
        if response is not None:
            retry_after = response.headers.get("retry-after")
            if retry_after:
                try:
                    return min(self.max_backoff, max(0.0, float(retry_after)))
                except ValueError:
                    pass
        base = min(self.max_backoff, self.backoff * (2**attempt))
        return base * (0.5 + 0.5 * random.random())  # jitter: 50-100 % of the step

    def _fatal_for_status(self, response: Any) -> LLMBackendError | None:
        status = response.status_code
        msg = _server_message(response)
        if status in (401, 403):
            return LLMBackendError(
                f"{self.endpoint} rejected the request with HTTP {status} ({msg}). Check the API "
                f"key in the environment variable {self.api_key_env} "
                f"({'set' if os.environ.get(self.api_key_env) else 'not set'})."
            )
        lowered = msg.lower()
        model_problem = "model" in lowered and any(
            w in lowered for w in ("not found", "does not exist", "not exist", "unknown", "invalid")
        )
        if status == 404 or (status == 400 and model_problem):
            return LLMBackendError(
                f"{self.endpoint} answered HTTP {status} ({msg}). Check the model name "
                f"{self.model!r} and the base URL {self.base_url!r} (it usually ends in /v1)."
            )
        return None

    @staticmethod
    def parse(payload_text: str) -> str:
        """The assistant text of a chat-completion JSON body; raises on anything else."""
        import json

        try:
            data = json.loads(payload_text)
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMRequestError(
                f"the server's answer is not a chat completion ({type(exc).__name__}); "
                f"it starts with: {_snippet(payload_text)!r}"
            ) from None
        if content is None:
            content = ""
        if not isinstance(content, str):
            raise LLMRequestError(
                f"the server's message content is not text: {_snippet(str(content))!r}"
            )
        return content

    # ------------------------------------------------------------------ requests
    async def agenerate(self, request: ChatRequest) -> str:
        import httpx

        own_client = self._client is None
        client = self._client or self._new_client()
        body = self.body(request)
        last = ""
        try:
            for attempt in range(self.max_retries + 1):
                await self._limiter.wait()
                response = None
                try:
                    self.n_http_requests += 1
                    response = await client.post(self.endpoint, json=body, headers=self._headers())
                except httpx.TimeoutException:
                    last = f"no answer within {self.timeout:g} s (time-out)"
                except httpx.ConnectError as exc:
                    last = f"cannot connect ({exc.__class__.__name__}: {exc})"
                    if attempt == self.max_retries:
                        raise LLMBackendError(
                            f"cannot reach {self.endpoint} after {attempt + 1} tries: {exc}. "
                            "Is the server running, and is the base URL right?"
                        ) from None
                except httpx.TransportError as exc:
                    last = f"connection failed ({exc.__class__.__name__}: {exc})"
                else:
                    if response.status_code == 200:
                        return self.parse(response.text)
                    fatal = self._fatal_for_status(response)
                    if fatal is not None:
                        raise fatal
                    last = f"HTTP {response.status_code}: {_server_message(response)}"
                    if response.status_code not in RETRY_STATUS and response.status_code < 500:
                        raise LLMRequestError(f"{self.endpoint} answered {last}")
                if attempt < self.max_retries:
                    await asyncio.sleep(self._delay(attempt, response))
            raise LLMRequestError(
                f"{self.endpoint} failed after {self.max_retries + 1} tries; last: {last}"
            )
        finally:
            if own_client:
                await client.aclose()

    def generate(self, request: ChatRequest) -> str:
        """One blocking request (for many, use :func:`topicatlas.llm.run_batch`)."""
        return asyncio.run(self.agenerate(request))

    def describe(self) -> str:
        return f"openai:{self.model}@{self.base_url}"
