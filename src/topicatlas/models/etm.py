"""ETM, the Embedded Topic Model (Dieng, Ruiz and Blei 2020), our own PyTorch implementation.

Topic-word distributions come from inner products in an embedding space:
beta_k = softmax(rho alpha_k) over the vocabulary, with word embeddings rho (V x L) and topic
embeddings alpha_k (L). The encoder q(delta | x) is an MLP (two layers of 800 ReLU units)
on the length-normalised bag of words giving a Gaussian; theta = softmax(delta). Loss per
document: -sum_w x_w log (theta beta)_w + KL(q || N(0, I)), averaged over the batch; Adam with
learning rate 5e-3 and weight decay 1.2e-6. Defaults follow OCTIS's ETM (100 epochs, batch 64,
dropout 0.5, 300-d embeddings), as used for the atlas. Doc-topic: softmax of the posterior
mean. A NaN loss stops training with :class:`TrainingDivergedError`.

Two variants, as in Table 11:

* ``etm`` -- rho fixed to pretrained contextual word embeddings computed on the corpus
  (App. B.6: in-context sub-word averages from a PLM, PCA-reduced to ``pca_dim``; default
  encoder all-MiniLM-L6-v2 instead of the paper's BERT-base layer 12, 384 -> 300 dimensions);
* ``etm-scratch`` -- rho learned jointly from random initialisation.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.base import FitResult, check_finite, library_versions


def train_etm(corpus: Corpus, n_topics: int, seed: int, *, rho: np.ndarray | None,
              embedding_dim: int, hidden: int, dropout: float, lr: float, wdecay: float,
              batch_size: int, epochs: int, model_name: str,
              train_embeddings: bool = False) -> tuple[np.ndarray, np.ndarray, list[float]]:
    """Train ETM; ``rho``: pretrained word embeddings (V x L; fixed unless
    ``train_embeddings``) or None to learn them from random initialisation."""
    import torch
    from torch import nn
    from torch.nn import functional as F  # noqa: N812

    vocab_size = len(corpus.vocab)
    dim = rho.shape[1] if rho is not None else embedding_dim

    class ETM(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            if rho is None:
                self.rho = nn.Parameter(torch.randn(vocab_size, dim) * 0.1)
            elif train_embeddings:
                self.rho = nn.Parameter(torch.tensor(rho, dtype=torch.float32))
            else:
                self.register_buffer("rho", torch.tensor(rho, dtype=torch.float32))
            self.alphas = nn.Linear(dim, n_topics, bias=False)
            self.q = nn.Sequential(nn.Linear(vocab_size, hidden), nn.ReLU(),
                                   nn.Linear(hidden, hidden), nn.ReLU())
            self.drop = nn.Dropout(dropout)
            self.mu = nn.Linear(hidden, n_topics)
            self.logsigma = nn.Linear(hidden, n_topics)

        def beta(self) -> Any:
            return F.softmax(self.alphas(self.rho), dim=0).T  # K x V

        def encode(self, xn: Any) -> tuple[Any, Any]:
            h = self.drop(self.q(xn))
            return self.mu(h), self.logsigma(h)

    net = ETM()
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=wdecay)
    x_all = torch.tensor(corpus.dtm.toarray(), dtype=torch.float32)
    xn_all = x_all / x_all.sum(1, keepdim=True).clamp(min=1.0)
    gen = torch.Generator().manual_seed(seed)
    losses: list[float] = []
    for epoch in range(epochs):
        net.train()
        total = 0.0
        for idx in torch.split(torch.randperm(len(x_all), generator=gen), batch_size):
            x, xn = x_all[idx], xn_all[idx]
            mu, logsigma = net.encode(xn)
            z = mu + torch.randn(mu.shape, generator=gen) * torch.exp(0.5 * logsigma)
            theta = F.softmax(z, dim=1)
            rec = -(torch.log(theta @ net.beta() + 1e-6) * x).sum(1)
            kl = -0.5 * (1 + logsigma - mu.pow(2) - logsigma.exp()).sum(1)
            loss = (rec + kl).mean()
            check_finite(loss.item(), model=model_name, epoch=epoch + 1, hint=f" (lr={lr})")
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        losses.append(total / len(x_all))
    net.eval()
    with torch.no_grad():
        tw = net.beta().numpy().astype(np.float64)
        mu, _ = net.encode(xn_all)
        dt = F.softmax(mu, dim=1).numpy().astype(np.float64)
    check_finite(float(tw.sum() + dt.sum()), model=model_name, epoch=epochs)
    return tw, dt, losses


_DEFAULTS = dict(hidden=800, dropout=0.5, lr=5e-3, wdecay=1.2e-6, batch_size=64, epochs=100)


def fit_etm(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
            layer: int = -1, pca_dim: int | None = 300, train_embeddings: bool = False,
            **train: Any) -> FitResult:
    """ETM with pretrained contextual word embeddings (see module docstring); they stay fixed,
    as in Dieng et al.'s pretrained setting, unless ``train_embeddings=True`` (then they only
    initialise rho)."""
    from topicatlas.models.encoders import DEFAULT_ENCODER, contextual_word_embeddings

    encoder = encoder or DEFAULT_ENCODER
    p = {**_DEFAULTS, **train}
    rho = contextual_word_embeddings(corpus, encoder, layer=layer, pca_dim=pca_dim, seed=seed)
    tw, dt, losses = train_etm(corpus, n_topics, seed, rho=rho, embedding_dim=rho.shape[1],
                               model_name="etm", train_embeddings=train_embeddings, **p)
    params = {**p, "encoder": encoder, "layer": layer, "pca_dim": pca_dim,
              "train_embeddings": train_embeddings,
              "embedding_dim": int(rho.shape[1]), "versions": library_versions("torch")}
    return FitResult(tw, dt, params=params, info={"final_loss": losses[-1] if losses else None})


def fit_etm_scratch(corpus: Corpus, n_topics: int, seed: int, *, embedding_dim: int = 300,
                    **train: Any) -> FitResult:
    """ETM learning its word embeddings from scratch (see module docstring)."""
    p = {**_DEFAULTS, **train}
    tw, dt, losses = train_etm(corpus, n_topics, seed, rho=None, embedding_dim=embedding_dim,
                               model_name="etm-scratch", **p)
    params = {**p, "embedding_dim": embedding_dim, "versions": library_versions("torch")}
    return FitResult(tw, dt, params=params, info={"final_loss": losses[-1] if losses else None})
