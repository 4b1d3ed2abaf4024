"""FASTopic (Wu, Nguyen, Zhang, Wang and Luu 2024, "FASTopic: Pretrained Transformer is a
Fast, Adaptive, Stable, and Transferable Topic Model", NeurIPS): our own PyTorch
implementation from the paper (the ``fastopic`` package pulls a CUDA torch; its public code
was read to confirm the defaults, not copied).

Dual Semantic-relation Reconstruction (DSR). Document embeddings d_i (N x H) come from a
frozen sentence encoder, used as it outputs them (default all-MiniLM-L6-v2, FASTopic's own
default, whose vectors are unit length); topic embeddings t_k (K x H) and word embeddings
w_j (V x H) are free parameters (standard normal truncated at +-2, rows unit-normalised at
initialisation). Two semantic relations are
Embedding Transport Plans (ETP), entropic optimal transport between the embedding sets
(:mod:`topicatlas.models.transport`, cost ||x - y||^2):

* document-topic: weights 1/N on documents and s = softmax(s~) on topics (s~ learned,
  initialised to 1/K), Sinkhorn alpha ``dt_alpha`` = 3; theta = N * pi_DT (rows sum to one);
* topic-word: weights 1/K on topics and r = softmax(r~) on words (r~ learned, initialised to
  1/V), Sinkhorn alpha ``tw_alpha`` = 2; beta = K * pi_TW (rows sum to one).

The bag of words is reconstructed from the two relations: loss = -mean_i sum_j x_ij
log((theta beta)_ij + 1e-12) + <pi_DT, C_DT> + <pi_TW, C_TW>, minimised over the whole corpus
at once (one full-batch step per epoch) with Adam, learning rate 0.002, 200 epochs; Sinkhorn
runs at most ``sinkhorn_max_iter`` = 5000 iterations with stop threshold 0.005, gradients
flowing through its iterations. Topic-word: beta. Doc-topic (FASTopic's inference rule):
theta_ik proportional to exp(-||d_i - t_k||^2 / tau) / sum_i' exp(-||d_i' - t_k||^2 / tau)
over the training documents, rows normalised, tau = ``theta_temp`` = 1.

Deviations (stated): the corpus's own vocabulary and bag of words are used (the package
builds its own, at most 10,000 words); document embeddings are computed from the corpus's
raw texts when it kept them, else from its tokens joined by spaces (as for CombinedTM here).
A NaN loss stops training with :class:`~topicatlas.models.base.TrainingDivergedError`.
"""

from __future__ import annotations

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.base import FitResult, check_finite, library_versions


def fit_fastopic(corpus: Corpus, n_topics: int, seed: int, *, encoder: str | None = None,
                 dt_alpha: float = 3.0, tw_alpha: float = 2.0, theta_temp: float = 1.0,
                 lr: float = 2e-3, epochs: int = 200, sinkhorn_max_iter: int = 5000,
                 stop_thr: float = 5e-3) -> FitResult:
    """FASTopic (see the module docstring)."""
    import torch
    from torch import nn
    from torch.nn import functional as F  # noqa: N812

    from topicatlas.models.encoders import DEFAULT_ENCODER, document_embeddings
    from topicatlas.models.transport import pairwise_sq_euclidean, sinkhorn

    encoder = encoder or DEFAULT_ENCODER
    docs = torch.tensor(document_embeddings(corpus, encoder), dtype=torch.float32)
    bow = torch.tensor(corpus.dtm.toarray(), dtype=torch.float32)
    n, dim = docs.shape
    vocab_size = bow.shape[1]

    def unit_trunc_normal(rows: int) -> nn.Parameter:
        return nn.Parameter(F.normalize(nn.init.trunc_normal_(torch.empty(rows, dim)), dim=1))

    word_emb = unit_trunc_normal(vocab_size)
    topic_emb = unit_trunc_normal(n_topics)
    word_w = nn.Parameter(torch.full((vocab_size,), 1.0 / vocab_size))
    topic_w = nn.Parameter(torch.full((n_topics,), 1.0 / n_topics))
    opt = torch.optim.Adam([word_emb, topic_emb, word_w, topic_w], lr=lr)
    doc_marg = torch.full((n,), 1.0 / n)
    topic_marg = torch.full((n_topics,), 1.0 / n_topics)

    def plans() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        c_dt = pairwise_sq_euclidean(docs, topic_emb)
        c_tw = pairwise_sq_euclidean(topic_emb, word_emb)
        pi_dt = sinkhorn(c_dt, doc_marg, F.softmax(topic_w, dim=0), alpha=dt_alpha,
                         max_iter=sinkhorn_max_iter, stop_thr=stop_thr)
        pi_tw = sinkhorn(c_tw, topic_marg, F.softmax(word_w, dim=0), alpha=tw_alpha,
                         max_iter=sinkhorn_max_iter, stop_thr=stop_thr)
        return pi_dt, c_dt, pi_tw, c_tw

    losses: list[float] = []
    for epoch in range(epochs):
        pi_dt, c_dt, pi_tw, c_tw = plans()
        theta = pi_dt * n
        beta = pi_tw * n_topics
        dsr = -(bow * torch.log(theta @ beta + 1e-12)).sum(1).mean()
        loss = dsr + (pi_dt * c_dt).sum() + (pi_tw * c_tw).sum()
        check_finite(loss.item(), model="fastopic", epoch=epoch + 1, hint=f" (lr={lr})")
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    with torch.no_grad():
        _, _, pi_tw, _ = plans()
        tw = (pi_tw * n_topics).numpy().astype(np.float64)
        sim = torch.exp(-pairwise_sq_euclidean(docs, topic_emb) / theta_temp)
        dt = sim / sim.sum(0, keepdim=True)
        dt = (dt / dt.sum(1, keepdim=True)).numpy().astype(np.float64)
    check_finite(float(tw.sum() + dt.sum()), model="fastopic", epoch=epochs)
    params = {"encoder": encoder, "dt_alpha": dt_alpha, "tw_alpha": tw_alpha,
              "theta_temp": theta_temp, "lr": lr, "epochs": epochs,
              "sinkhorn_max_iter": sinkhorn_max_iter, "stop_thr": stop_thr,
              "versions": library_versions("torch", "sentence_transformers")}
    return FitResult(tw, dt, params=params, info={"final_loss": losses[-1] if losses else None})
