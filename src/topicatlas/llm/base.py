"""The narrow LLM interface: chat messages in, text out.

Everything that talks to a language model in topicatlas goes through this module::

    from topicatlas.llm import ChatRequest, SamplingParams, get_backend, run_batch

    backend = get_backend("openai", "deepseek-chat", base_url="https://api.deepseek.com/v1",
                          api_key_env="DEEPSEEK_API_KEY", concurrency=16)
    # or get_backend("gguf", "/path/to/model.Q4_1.gguf"), get_backend("transformers", "/path/dir")
    params = SamplingParams(temperature=0.3, max_tokens=200)
    requests = [
        ChatRequest([{"role": "system", "content": "..."}, {"role": "user", "content": q}],
                    params, draw=0, tag=i)
        for i, q in enumerate(questions)
    ]
    results = run_batch(backend, requests, desc="annotating")  # cached, resumable
    for r in results:
        r.text      # the reply (None when r.error is set)
        r.cached    # True when answered from the response cache (no request sent)
        r.error     # None, or why this request failed after the back-end's retries
        r.request.tag  # the caller's own bookkeeping, not part of the cache key

* A :class:`ChatRequest` is *what* is asked: the messages, the :class:`SamplingParams`,
  the ``draw`` index (independent samples of the same prompt: draw 0, 1, 2... are cached
  separately and, where the back-end supports seeds, seeded differently) and the
  ``attempt`` index (a re-ask after an unusable reply; also part of the cache key, so a
  re-ask is a new request while a re-run replays it from the cache).
* An :class:`LLMBackend` answers one request (:meth:`LLMBackend.generate`, or the
  coroutine :meth:`LLMBackend.agenerate` for back-ends that keep many requests in flight).
  Back-ends are registered by name in :data:`BACKENDS` and imported only when used.
* :func:`topicatlas.llm.batch.run_batch` runs many requests with a progress bar through the
  persistent :class:`topicatlas.llm.cache.ResponseCache`, so a re-run or a resumed run sends
  no request that was already answered.

Failures: a request that fails after the back-end's own retries becomes a result with
``error`` set (never dropped). A failure that no request can survive (server unreachable,
invalid API key, unknown model, or many consecutive failures) raises
:class:`LLMBackendError`; everything answered before it is already in the cache, so running
the same command again resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from topicatlas.errors import TopicAtlasError
from topicatlas.registry import Registry

ROLES = ("system", "user", "assistant")


# --------------------------------------------------------------------------- errors
class LLMError(TopicAtlasError):
    """Base class of LLM errors."""


class LLMRequestError(LLMError):
    """One request failed (after retries); the batch records it and goes on."""


class LLMBackendError(LLMError):
    """The back-end cannot answer any request (unreachable, bad key, unknown model...).

    ``results`` holds the batch's results up to the failure (``None`` for requests that
    were not run) when raised by :func:`~topicatlas.llm.batch.run_batch`.
    """

    def __init__(self, message: str, results: list[Any] | None = None) -> None:
        super().__init__(message)
        self.results = results


# --------------------------------------------------------------------------- requests
@dataclass(frozen=True)
class Message:
    """One chat message (``role`` is system, user or assistant)."""

    role: str
    content: str

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"chat role must be one of {ROLES}, got {self.role!r}")
        if not isinstance(self.content, str):
            raise TypeError(f"chat message content must be a string, got {type(self.content)}")

    def to_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class SamplingParams:
    """Sampling parameters shared by all back-ends.

    ``temperature == 0`` means greedy decoding. ``seed`` (optional) is combined with the
    request's draw and attempt indices into the per-request seed (:meth:`ChatRequest.seed`);
    back-ends that cannot seed (most HTTP servers ignore it) still cache draws separately.
    """

    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 256
    seed: int | None = None
    stop: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.temperature < 0:
            raise ValueError(f"temperature must be >= 0, got {self.temperature}")
        if not 0 < self.top_p <= 1:
            raise ValueError(f"top_p must be in (0, 1], got {self.top_p}")
        if self.max_tokens < 1:
            raise ValueError(f"max_tokens must be >= 1, got {self.max_tokens}")
        object.__setattr__(self, "stop", tuple(self.stop))


MessagesLike = Sequence[Message | Mapping[str, str]]


def _to_messages(messages: MessagesLike | str) -> tuple[Message, ...]:
    if isinstance(messages, str):
        return (Message("user", messages),)
    out = []
    for m in messages:
        if isinstance(m, Message):
            out.append(m)
        else:
            out.append(Message(str(m["role"]), m["content"]))
    if not out:
        raise ValueError("a chat request needs at least one message")
    return tuple(out)


@dataclass(frozen=True, init=False)
class ChatRequest:
    """What is asked: messages, sampling parameters, draw and attempt indices.

    ``messages`` may be given as a string (one user message), as dicts with ``role`` and
    ``content``, or as :class:`Message` objects. ``tag`` is for the caller's bookkeeping
    (e.g. the row index) and is not part of the cache key.
    """

    messages: tuple[Message, ...]
    params: SamplingParams = field(default_factory=SamplingParams)
    draw: int = 0
    attempt: int = 0
    tag: Any = field(default=None, compare=False, hash=False)

    def __init__(
        self,
        messages: MessagesLike | str,
        params: SamplingParams | None = None,
        draw: int = 0,
        attempt: int = 0,
        tag: Any = None,
    ) -> None:
        object.__setattr__(self, "messages", _to_messages(messages))
        object.__setattr__(self, "params", params or SamplingParams())
        object.__setattr__(self, "draw", int(draw))
        object.__setattr__(self, "attempt", int(attempt))
        object.__setattr__(self, "tag", tag)

    def message_dicts(self) -> list[dict[str, str]]:
        return [m.to_dict() for m in self.messages]

    def key_payload(self) -> dict[str, Any]:
        """Everything that identifies the request (no tag), as plain JSON-able data."""
        return {
            "messages": self.message_dicts(),
            "params": asdict(self.params),
            "draw": self.draw,
            "attempt": self.attempt,
        }

    def seed(self) -> int:
        """A deterministic per-request seed from ``params.seed``, ``draw`` and ``attempt``."""
        base = self.params.seed if self.params.seed is not None else 0
        digest = hashlib.sha256(f"{base}/{self.draw}/{self.attempt}".encode()).digest()
        return int.from_bytes(digest[:4], "little") & 0x7FFFFFFF

    def with_attempt(self, attempt: int) -> ChatRequest:
        return ChatRequest(self.messages, self.params, self.draw, attempt, self.tag)


@dataclass
class ChatResult:
    """The outcome of one request: ``text`` or ``error``, and whether it came from the cache."""

    request: ChatRequest
    text: str | None
    cached: bool = False
    error: str | None = None
    elapsed_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None and self.text is not None


# --------------------------------------------------------------------------- back-ends
class LLMBackend(ABC):
    """A language model that answers chat requests.

    Subclasses set :attr:`name` (the registry name) and implement :meth:`generate`;
    back-ends that keep many requests in flight set ``is_async = True`` and implement
    :meth:`agenerate` (plus optional :meth:`aopen`/:meth:`aclose` around a batch).
    ``generate`` raises :class:`LLMRequestError` for a failure of this request and
    :class:`LLMBackendError` when no request can succeed.
    """

    name: str = "?"
    is_async: bool = False
    #: most requests in flight at once (asynchronous back-ends)
    concurrency: int = 1

    def __init__(self, model: str) -> None:
        self.model = model

    @property
    def cache_namespace(self) -> dict[str, Any]:
        """What identifies this back-end and model in the cache key (never secrets)."""
        return {"backend": self.name, "model": self.model}

    def cache_key(self, request: ChatRequest) -> str:
        """SHA-256 of back-end, model, messages, sampling parameters, draw and attempt."""
        payload = {**self.cache_namespace, **request.key_payload()}
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    @abstractmethod
    def generate(self, request: ChatRequest) -> str:
        """Answer one request (blocking)."""

    async def agenerate(self, request: ChatRequest) -> str:
        """Answer one request inside an event loop (default: :meth:`generate` in a thread)."""
        import asyncio

        return await asyncio.to_thread(self.generate, request)

    async def aopen(self) -> None:  # noqa: B027 - optional hook
        """Prepare for a batch of :meth:`agenerate` calls in the running event loop."""

    async def aclose(self) -> None:  # noqa: B027 - optional hook
        """Release what :meth:`aopen` acquired."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources (models, connections)."""

    def describe(self) -> str:
        return f"{self.name}:{self.model}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


BACKENDS: Registry[type[LLMBackend]] = Registry("LLM back-end")
BACKENDS.register(
    "openai",
    "topicatlas.llm.openai_backend:OpenAIBackend",
    aliases=("openai-compatible", "vllm", "ollama", "llamacpp-server", "deepseek"),
    help="any OpenAI-compatible /chat/completions endpoint (vLLM, Ollama, llama.cpp, DeepSeek)",
)
BACKENDS.register(
    "gguf",
    "topicatlas.llm.local_backend:GGUFBackend",
    help="a local GGUF file (model = its path), on CPU through transformers' GGUF loading",
)
BACKENDS.register(
    "transformers",
    "topicatlas.llm.local_backend:TransformersBackend",
    aliases=("hf",),
    help="a local Hugging Face model directory (model = its path)",
)


def get_backend(name: str, model: str, **options: Any) -> LLMBackend:
    """Build the back-end registered as ``name`` for ``model`` (options go to its constructor)."""
    cls = BACKENDS.get(name)
    return cls(model, **options)
