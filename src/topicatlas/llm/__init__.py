"""LLM back-ends behind one narrow interface, with a persistent response cache.

See :mod:`topicatlas.llm.base` for the interface and a usage example. Importing this
package is cheap: back-ends (httpx, transformers) are imported only when built.
"""

from topicatlas.llm.base import (
    BACKENDS,
    ChatRequest,
    ChatResult,
    LLMBackend,
    LLMBackendError,
    LLMError,
    LLMRequestError,
    Message,
    SamplingParams,
    get_backend,
)
from topicatlas.llm.batch import chat, run_batch
from topicatlas.llm.cache import ResponseCache, default_cache_path

__all__ = [
    "BACKENDS",
    "ChatRequest",
    "ChatResult",
    "LLMBackend",
    "LLMBackendError",
    "LLMError",
    "LLMRequestError",
    "Message",
    "ResponseCache",
    "SamplingParams",
    "chat",
    "default_cache_path",
    "get_backend",
    "run_batch",
]
