"""Local back-ends through Hugging Face transformers, on CPU by default.

* ``gguf``: a GGUF file given by its path as the model name, loaded with transformers'
  GGUF reader (``from_pretrained(folder, gguf_file=name)``; the weights are de-quantised
  to float32). No llama-cpp-python needed.
* ``transformers``: a local Hugging Face model directory.

Both format the messages with the model's own chat template (``tokenizer.chat_template``,
which transformers reads from the GGUF metadata too); a model without one is refused
unless ``chat_template=`` (a Jinja string) is given. Decoding: greedy at temperature 0,
otherwise sampling with ``temperature``/``top_p``, seeded with :meth:`ChatRequest.seed`
(so draws differ from each other and each draw is reproducible; this sets torch's global
RNG). ``stop`` strings end generation and are cut from the reply.

The model is loaded on the first request, so a re-run answered entirely from the cache
never loads it. Cache identity (the ``model`` in the key): the file or folder name plus
the size of the weights, so moving a model file keeps its cache while a different file
with the same name does not collide.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import Any

from topicatlas.errors import DataNotFoundError, NotInstalledError
from topicatlas.llm.base import ChatRequest, LLMBackend, LLMBackendError

_WEIGHT_SUFFIXES = (".safetensors", ".bin", ".gguf", ".pt")


@functools.lru_cache(maxsize=2)
def _load_pretrained(
    source: str,
    kwargs: tuple[tuple[str, Any], ...],
    dtype: str | None,
    chat_template: str | None,
    device: str,
    identity: str,  # file name + size: a replaced file at the same path is loaded anew
) -> tuple[Any, Any]:
    """Load (tokenizer, model) once per process: back-ends for the same weights share them.

    De-quantising a GGUF file takes tens of seconds on CPU; several back-end objects for
    one model (several judges, a re-created back-end per CLI step, a test session) reuse
    the loaded model. Generation does not modify it. The two most recent models are kept.
    """
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(source, **dict(kwargs))
    model_kwargs = dict(kwargs)
    if dtype:
        model_kwargs["dtype"] = getattr(torch, dtype)
    model = AutoModelForCausalLM.from_pretrained(source, **model_kwargs)
    if chat_template:
        tok.chat_template = chat_template
    model.to(device)
    model.eval()
    return tok, model


class _TransformersChat(LLMBackend):
    """Shared generation code; subclasses say where the tokenizer and model come from."""

    def __init__(
        self,
        model: str,
        *,
        device: str = "cpu",
        dtype: str | None = None,
        chat_template: str | None = None,
        threads: int | None = None,
    ) -> None:
        super().__init__(str(model))
        self.device = device
        self.dtype = dtype
        self.chat_template = chat_template
        self.threads = threads
        self._tok: Any = None
        self._model: Any = None
        self._lock = threading.Lock()

    # subclasses ---------------------------------------------------------------
    def _from_pretrained_args(self) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def _identity(self) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------------------
    @property
    def cache_namespace(self) -> dict[str, Any]:
        return {"backend": self.name, "model": self._identity()}

    def load(self) -> None:
        """Load tokenizer and model now (otherwise done on the first request)."""
        if self._model is not None:
            return
        try:
            import torch
            import transformers  # noqa: F401 - checked here for a clear message
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise NotInstalledError(
                f"the {self.name} back-end needs transformers and torch "
                "(pip install 'topicatlas[llm]'): " + str(exc)
            ) from exc
        if self.threads:
            torch.set_num_threads(int(self.threads))
        source, kwargs = self._from_pretrained_args()
        try:
            tok, model = _load_pretrained(
                source, tuple(sorted(kwargs.items())), self.dtype, self.chat_template, self.device,
                self._identity(),
            )
        except Exception as exc:  # any loading failure: no request can succeed
            raise LLMBackendError(
                f"cannot load the {self.name} model {self.model!r}: {type(exc).__name__}: {exc}"
            ) from exc
        if not getattr(tok, "chat_template", None):
            raise LLMBackendError(
                f"the model {self.model!r} has no chat template; pass chat_template= "
                "(a Jinja template string) to the back-end"
            )
        self._tok, self._model = tok, model

    def generate(self, request: ChatRequest) -> str:
        import torch

        with self._lock:
            self.load()
            tok, model = self._tok, self._model
            p = request.params
            inputs = tok.apply_chat_template(
                request.message_dicts(),
                add_generation_prompt=True,
                return_tensors="pt",
                return_dict=True,
            )
            inputs = {k: v.to(self.device) for k, v in inputs.items()}
            kwargs: dict[str, Any] = {"max_new_tokens": p.max_tokens}
            if p.temperature > 0:
                torch.manual_seed(request.seed())
                kwargs.update(do_sample=True, temperature=p.temperature, top_p=p.top_p, top_k=0)
            else:
                kwargs.update(do_sample=False, temperature=None, top_p=None, top_k=None)
            if p.stop:
                kwargs.update(stop_strings=list(p.stop), tokenizer=tok)
            if tok.pad_token_id is None:
                kwargs["pad_token_id"] = tok.eos_token_id
            with torch.inference_mode():
                out = model.generate(**inputs, **kwargs)
            n_prompt = inputs["input_ids"].shape[1]
            text = tok.decode(out[0][n_prompt:], skip_special_tokens=True)
        for s in p.stop:
            cut = text.find(s)
            if cut >= 0:
                text = text[:cut]
        return text

    @property
    def tokenizer(self) -> Any:
        """The model's own tokenizer (loads the model on first use)."""
        self.load()
        return self._tok

    @property
    def context_length(self) -> int | None:
        """The model's context window (``max_position_embeddings``; loads the model on first use)."""
        self.load()
        return getattr(self._model.config, "max_position_embeddings", None)

    def close(self) -> None:
        self._tok = self._model = None


class GGUFBackend(_TransformersChat):
    """A local GGUF file (``model`` is its path), through transformers' GGUF loading."""

    name = "gguf"

    def __init__(self, model: str, **options: Any) -> None:
        path = Path(model).expanduser()
        if not path.is_file():
            hint = " (it is a folder: give the .gguf file inside it)" if path.is_dir() else ""
            raise DataNotFoundError(
                f"GGUF model file not found: {model}{hint}. The gguf back-end takes the path "
                "of a .gguf file as the model name."
            )
        if path.suffix.lower() != ".gguf":
            raise LLMBackendError(f"{model} is not a .gguf file; use the transformers back-end")
        self.path = path.resolve()
        super().__init__(str(model), **options)

    def _from_pretrained_args(self) -> tuple[str, dict[str, Any]]:
        return str(self.path.parent), {"gguf_file": self.path.name}

    def _identity(self) -> str:
        return f"{self.path.name}:{self.path.stat().st_size}"


class TransformersBackend(_TransformersChat):
    """A local Hugging Face model directory (``model`` is its path)."""

    name = "transformers"

    def __init__(self, model: str, **options: Any) -> None:
        path = Path(model).expanduser()
        if not (path / "config.json").is_file():
            raise DataNotFoundError(
                f"no Hugging Face model directory at {model} (expected {path / 'config.json'}). "
                "The transformers back-end takes a local model folder; for a .gguf file use "
                "--backend gguf."
            )
        self.path = path.resolve()
        super().__init__(str(model), **options)

    def _from_pretrained_args(self) -> tuple[str, dict[str, Any]]:
        return str(self.path), {}

    def _identity(self) -> str:
        size = sum(
            f.stat().st_size
            for f in self.path.iterdir()
            if f.is_file() and f.suffix in _WEIGHT_SUFFIXES
        )
        return f"{self.path.name}:{size}"
