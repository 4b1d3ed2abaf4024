"""The gguf and transformers back-ends with the real SmolLM2-135M-Instruct on CPU."""

from __future__ import annotations

import pytest

from topicatlas.errors import DataNotFoundError
from topicatlas.llm import ChatRequest, SamplingParams, get_backend, run_batch
from topicatlas.llm.local_backend import GGUFBackend

SHORT = SamplingParams(max_tokens=4)
MESSAGES = [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "Name a fruit."},
]


def test_gguf_greedy_reply_is_text_and_deterministic(gguf_backend):
    request = ChatRequest(MESSAGES, SHORT)
    first = gguf_backend.generate(request)
    assert isinstance(first, str) and first.strip()
    assert gguf_backend.generate(request) == first


def test_gguf_uses_the_models_chat_template(gguf_backend):
    prompt = gguf_backend._tok.apply_chat_template(
        MESSAGES, add_generation_prompt=True, tokenize=False
    )
    # SmolLM2's own ChatML template, read from the GGUF metadata
    assert "<|im_start|>system\nYou are a helpful assistant.<|im_end|>" in prompt
    assert prompt.rstrip().endswith("<|im_start|>assistant")


def test_gguf_sampled_draws_are_seeded_per_draw(gguf_backend):
    params = SamplingParams(temperature=1.0, max_tokens=4, seed=3)
    draws = [gguf_backend.generate(ChatRequest(MESSAGES, params, draw=d)) for d in range(3)]
    assert gguf_backend.generate(ChatRequest(MESSAGES, params, draw=1)) == draws[1]
    assert len(set(draws)) > 1


def test_gguf_stop_string_cuts_the_reply(gguf_backend):
    free = gguf_backend.generate(ChatRequest(MESSAGES, SHORT))
    word = free.split()[0]
    stopped = gguf_backend.generate(
        ChatRequest(MESSAGES, SamplingParams(max_tokens=4, stop=(word,)))
    )
    assert word not in stopped and free.startswith(stopped)


def test_gguf_batch_through_cache(gguf_backend, cache):
    requests = [
        ChatRequest([{"role": "user", "content": f"Say {w}."}], SHORT) for w in ("hi", "yes")
    ]
    first = run_batch(gguf_backend, requests, cache=cache, progress=False)
    assert all(r.ok and not r.cached for r in first)
    again = run_batch(gguf_backend, requests, cache=cache, progress=False)
    assert all(r.cached for r in again) and [r.text for r in again] == [r.text for r in first]


def test_gguf_rerun_from_cache_does_not_load_the_model(gguf_path, gguf_backend, cache):
    request = ChatRequest(MESSAGES, SHORT)
    run_batch(gguf_backend, [request], cache=cache, progress=False)
    fresh = get_backend("gguf", str(gguf_path))
    (result,) = run_batch(fresh, [request], cache=cache, progress=False)
    assert result.cached and fresh._model is None


def test_gguf_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DataNotFoundError, match="not found"):
        GGUFBackend(str(tmp_path / "nope.gguf"))
    with pytest.raises(DataNotFoundError, match="folder"):
        GGUFBackend(str(tmp_path))


@pytest.fixture(scope="module")
def hf_dir(gguf_backend, tmp_path_factory):
    """SmolLM2 written as a Hugging Face folder (config, bf16 safetensors, tokenizer).

    ``save_pretrained`` refuses GGUF-loaded models, so the folder is written by hand.
    """
    import json

    import torch
    from safetensors.torch import save_model

    folder = tmp_path_factory.mktemp("smollm2-hf")
    model = gguf_backend._model
    model.config.save_pretrained(folder)
    config = json.loads((folder / "config.json").read_text())
    config.pop("quantization_config", None)
    (folder / "config.json").write_text(json.dumps(config))
    model.generation_config.save_pretrained(folder)
    try:
        save_model(model.to(torch.bfloat16), str(folder / "model.safetensors"), {"format": "pt"})
    finally:
        model.to(torch.float32)
    gguf_backend._tok.save_pretrained(folder)
    return folder


def test_transformers_backend_answers_from_a_model_folder(hf_dir, gguf_backend):
    backend = get_backend("transformers", str(hf_dir), dtype="float32")
    request = ChatRequest(MESSAGES, SHORT)
    text = backend.generate(request)
    assert isinstance(text, str) and text.strip()
    assert backend.cache_namespace["backend"] == "transformers"
    assert backend.cache_key(request) != gguf_backend.cache_key(request)


def test_transformers_backend_rejects_a_non_model_folder(tmp_path):
    with pytest.raises(DataNotFoundError, match="config.json"):
        get_backend("hf", str(tmp_path))


def test_unreadable_gguf_file_stops_the_batch(tmp_path, cache):
    from topicatlas.llm import LLMBackendError

    bad = tmp_path / "broken.gguf"
    bad.write_bytes(b"this is not a GGUF file" * 10)
    backend = get_backend("gguf", str(bad))
    with pytest.raises(LLMBackendError, match="cannot load the gguf model"):
        run_batch(backend, [ChatRequest(MESSAGES, SHORT)] * 3, cache=cache, progress=False)
