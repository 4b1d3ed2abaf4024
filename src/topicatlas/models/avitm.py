"""AVITM (Srivastava and Sutton 2017): ProdLDA and NeuralLDA, and CombinedTM (Bianchi et al. 2021).

Our own PyTorch implementation from the papers (the reference packages, OCTIS and
contextualized-topic-models, would pull a CUDA torch or pin old libraries). Defaults are
those of the papers' released code as used through OCTIS: two hidden layers of 100
softplus units, dropout 0.2, Adam with learning rate 2e-3 and beta1 = 0.99, batch size 64,
100 epochs.

Model. The encoder maps a document's bag of words x (CombinedTM: x concatenated with
a linear map of its sentence embedding to V dimensions, as in the CombinedTM inference
network) to the mean and log-variance of a Gaussian q(z | x) (batch-normalised, no affine
parameters). The prior is the Laplace approximation of a Dirichlet(1) in the softmax basis:
mean 0, variance 1 - 1/K, learned during training (``learn_priors=True``, the default of the
AVITM/CTM code as wrapped by OCTIS) or kept fixed (``learn_priors=False``, as in the AVITM paper). theta = softmax(z) with z sampled by the
reparameterisation trick, dropout on theta.

* ProdLDA: p(w | theta) = softmax(BN(theta B)) -- a product of experts; the topic-word matrix
  reported is softmax(B) row by row (same word order as the expert weights B used for topics
  in the paper, now a distribution).
* NeuralLDA: p(w | theta) = theta softmax(BN(B)) -- a mixture; topic-word = softmax(BN(B)).

Loss: -sum_w x_w log p(w | theta) + KL(q || prior), summed over the batch; a NaN loss stops
training with :class:`TrainingDivergedError`. Doc-topic: the mean of softmax(z) over
``n_samples`` = 20 posterior samples per document in evaluation mode (as CTM's
``get_doc_topic_distribution``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError
from topicatlas.models.base import FitResult, check_finite, library_versions


def _build(input_size: int, vocab_size: int, n_topics: int, hidden: tuple[int, ...],
           dropout: float, kind: str, context_size: int, learn_priors: bool) -> Any:
    import torch
    from torch import nn
    from torch.nn import functional as F  # noqa: N812

    class AVITM(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.adapt = nn.Linear(context_size, vocab_size) if context_size else None
            sizes = (input_size + (vocab_size if context_size else 0),) + tuple(hidden)
            layers: list[nn.Module] = []
            for a, b in zip(sizes[:-1], sizes[1:], strict=True):
                layers += [nn.Linear(a, b), nn.Softplus()]
            self.hidden = nn.Sequential(*layers)
            self.drop = nn.Dropout(dropout)
            self.mu = nn.Linear(sizes[-1], n_topics)
            self.logvar = nn.Linear(sizes[-1], n_topics)
            self.bn_mu = nn.BatchNorm1d(n_topics, affine=False)
            self.bn_logvar = nn.BatchNorm1d(n_topics, affine=False)
            self.beta = nn.Parameter(torch.empty(n_topics, vocab_size))
            nn.init.xavier_uniform_(self.beta)
            self.bn_beta = nn.BatchNorm1d(vocab_size, affine=False)
            self.drop_theta = nn.Dropout(dropout)
            mean = torch.zeros(n_topics)
            var = torch.full((n_topics,), 1.0 - 1.0 / n_topics if n_topics > 1 else 1.0)
            if learn_priors:
                self.prior_mean = nn.Parameter(mean)
                self.prior_var = nn.Parameter(var)
            else:
                self.register_buffer("prior_mean", mean)
                self.register_buffer("prior_var", var)

        def encode(self, x: Any, ctx: Any) -> tuple[Any, Any]:
            if self.adapt is not None:
                x = torch.cat([x, self.adapt(ctx)], dim=1)
            h = self.drop(self.hidden(x))
            return self.bn_mu(self.mu(h)), self.bn_logvar(self.logvar(h))

        def forward(self, x: Any, ctx: Any) -> tuple[Any, Any, Any]:
            mu, logvar = self.encode(x, ctx)
            z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
            theta = self.drop_theta(F.softmax(z, dim=1))
            if kind == "prodlda":
                word = F.softmax(self.bn_beta(theta @ self.beta), dim=1)
            else:
                word = theta @ self.topic_word()
            return word, mu, logvar

        def topic_word(self) -> Any:
            if kind == "prodlda":
                return F.softmax(self.beta, dim=1)
            # batch norm over the K topic rows (as in the AVITM code); impossible with K = 1
            return F.softmax(self.bn_beta(self.beta) if n_topics > 1 else self.beta, dim=1)

    return AVITM()


def train_avitm(corpus: Corpus, n_topics: int, seed: int, *, kind: str, context: np.ndarray | None,
                hidden: tuple[int, ...] = (100, 100), dropout: float = 0.2, lr: float = 2e-3,
                momentum: float = 0.99, batch_size: int = 64, epochs: int = 100,
                n_samples: int = 20, learn_priors: bool = True,
                model_name: str) -> tuple[np.ndarray, np.ndarray, list[float]]:
    """Train an AVITM-family model; returns (topic_word, doc_topic, per-epoch losses)."""
    import torch

    if len(corpus) < 2:
        raise InputFormatError(f"{model_name}: needs at least 2 documents (batch normalisation)")
    x_all = torch.tensor(corpus.dtm.toarray(), dtype=torch.float32)
    ctx_all = torch.tensor(context, dtype=torch.float32) if context is not None else None
    net = _build(x_all.shape[1], x_all.shape[1], n_topics, tuple(hidden), dropout, kind,
                 0 if context is None else context.shape[1], learn_priors)
    opt = torch.optim.Adam(net.parameters(), lr=lr, betas=(momentum, 0.999))
    gen = torch.Generator().manual_seed(seed)
    n = x_all.shape[0]
    losses: list[float] = []
    for epoch in range(epochs):
        net.train()
        perm = torch.randperm(n, generator=gen)
        batches = list(torch.split(perm, batch_size))
        if len(batches) > 1 and len(batches[-1]) == 1:  # batch norm needs 2+ rows
            batches[-2] = torch.cat([batches[-2], batches.pop()])
        total = 0.0
        for idx in batches:
            x = x_all[idx]
            ctx = ctx_all[idx] if ctx_all is not None else None
            word, mu, logvar = net(x, ctx)
            var = torch.exp(logvar)
            kl = 0.5 * ((var / net.prior_var).sum(1)
                        + ((mu - net.prior_mean) ** 2 / net.prior_var).sum(1)
                        - n_topics + torch.log(net.prior_var).sum() - logvar.sum(1))
            rec = -(x * torch.log(word + 1e-10)).sum(1)
            loss = (rec + kl).sum()
            check_finite(loss.item(), model=model_name, epoch=epoch + 1, hint=f" (lr={lr})")
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        losses.append(total / n)
    net.eval()
    with torch.no_grad():
        tw = net.topic_word().numpy().astype(np.float64)
        mu, logvar = net.encode(x_all, ctx_all)
        std = torch.exp(0.5 * logvar)
        dt = torch.zeros_like(mu)
        for _ in range(n_samples):
            eps = torch.randn(mu.shape, generator=gen)
            dt += torch.softmax(mu + eps * std, dim=1)
        dt = (dt / n_samples).numpy().astype(np.float64)
    check_finite(float(tw.sum() + dt.sum()), model=model_name, epoch=epochs)
    return tw, dt, losses


def _params(**kw: Any) -> dict[str, Any]:
    kw["hidden"] = list(kw["hidden"])
    kw["versions"] = library_versions("torch")
    return kw


def fit_prodlda(corpus: Corpus, n_topics: int, seed: int, *, hidden: tuple[int, ...] = (100, 100),
                dropout: float = 0.2, lr: float = 2e-3, momentum: float = 0.99,
                batch_size: int = 64, epochs: int = 100, n_samples: int = 20,
                learn_priors: bool = True) -> FitResult:
    """ProdLDA (AVITM product-of-experts decoder); see the module docstring."""
    p = dict(hidden=hidden, dropout=dropout, lr=lr, momentum=momentum, batch_size=batch_size,
             epochs=epochs, n_samples=n_samples, learn_priors=learn_priors)
    tw, dt, losses = train_avitm(corpus, n_topics, seed, kind="prodlda", context=None,
                                 model_name="prodlda", **p)
    return FitResult(tw, dt, params=_params(**p), info={"final_loss": losses[-1] if losses else None})


def fit_neurallda(corpus: Corpus, n_topics: int, seed: int, *, hidden: tuple[int, ...] = (100, 100),
                  dropout: float = 0.2, lr: float = 2e-3, momentum: float = 0.99,
                  batch_size: int = 64, epochs: int = 100, n_samples: int = 20,
                  learn_priors: bool = True) -> FitResult:
    """NeuralLDA (AVITM mixture decoder, the LDA variant); see the module docstring."""
    p = dict(hidden=hidden, dropout=dropout, lr=lr, momentum=momentum, batch_size=batch_size,
             epochs=epochs, n_samples=n_samples, learn_priors=learn_priors)
    tw, dt, losses = train_avitm(corpus, n_topics, seed, kind="lda", context=None,
                                 model_name="neurallda", **p)
    return FitResult(tw, dt, params=_params(**p), info={"final_loss": losses[-1] if losses else None})


def fit_combinedtm(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
                   hidden: tuple[int, ...] = (100, 100), dropout: float = 0.2, lr: float = 2e-3,
                   momentum: float = 0.99, batch_size: int = 64, epochs: int = 100,
                   n_samples: int = 20, learn_priors: bool = True) -> FitResult:
    """CombinedTM (Bianchi et al. 2021): ProdLDA whose encoder also reads an SBERT embedding.

    The document embedding (default all-MiniLM-L6-v2 over the corpus's raw texts, or its
    tokens joined when no raw text was kept) goes through a linear layer to V dimensions and is
    concatenated with the bag of words before the hidden layers; decoder and loss are ProdLDA's.
    """
    from topicatlas.models.encoders import DEFAULT_ENCODER, document_embeddings

    encoder = encoder or DEFAULT_ENCODER
    emb = document_embeddings(corpus, encoder)
    p = dict(hidden=hidden, dropout=dropout, lr=lr, momentum=momentum, batch_size=batch_size,
             epochs=epochs, n_samples=n_samples, learn_priors=learn_priors)
    tw, dt, losses = train_avitm(corpus, n_topics, seed, kind="prodlda", context=emb,
                                 model_name="combinedtm", **p)
    params = _params(**p)
    params["encoder"] = encoder
    return FitResult(tw, dt, params=params, info={"final_loss": losses[-1] if losses else None})
