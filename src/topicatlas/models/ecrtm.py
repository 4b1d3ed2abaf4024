"""ECRTM (Wu, Dong, Nguyen and Luu 2023, "Effective Neural Topic Modeling with Embedding
Clustering Regularization", ICML): our own PyTorch implementation from the paper (the
``topmost`` package, which ships the authors' version, pulls a CUDA torch; its public code
was read to confirm the defaults, not copied).

Model. A ProdLDA-style VAE whose topic-word matrix comes from embeddings:

* encoder: bag of words x -> two softplus layers of ``hidden`` (200) units -> dropout ->
  mean and log-variance of q(z | x), each batch-normalised (unit scale fixed, shift learned);
  theta = softmax(z), z sampled by the reparameterisation trick; prior: the Laplace
  approximation of a Dirichlet(1) (mean 0, variance 1 - 1/K), as in ProdLDA;
* topic-word: beta_kj = exp(-||w_j - t_k||^2 / tau) / sum_k' exp(-||w_j - t_k'||^2 / tau),
  word embeddings w_j (V x L, initialised with pretrained word vectors, rows unit-normalised,
  then trained) and topic embeddings t_k (K x L, truncated-normal std 0.1, unit-normalised,
  trained), temperature tau = ``beta_temp`` (0.2). Note the softmax runs over topics, as in
  the paper's decoder; the reported topic-word rows are beta's rows rescaled to sum to one
  (word order unchanged);
* decoder: p(w | theta) = softmax(BN(theta beta)) (product of experts, as ProdLDA);
* Embedding Clustering Regularisation: with cost C_kj = ||t_k - w_j||^2 and uniform weights
  1/K on topics and 1/V on words, the entropic transport plan pi* (Sinkhorn, alpha =
  ``sinkhorn_alpha`` = 20, at most ``sinkhorn_max_iter`` = 1000 iterations, stop threshold
  0.005; :mod:`topicatlas.models.transport`) makes each topic embedding the centre of a
  cluster of word embeddings; the loss adds ``weight_ecr`` * <pi*, C>.

Loss per batch: mean over documents of [-sum_w x_w log p(w | theta) + KL(q || prior)] +
weight_ecr * <pi*, C>. Adam, learning rate 0.002 halved every ``lr_step`` (125) epochs,
batch size 200, 500 epochs (the paper's released run scripts; ``weight_ecr`` = 250 is their
20 Newsgroups setting, the library default elsewhere is 100). Doc-topic: softmax of the
posterior mean in evaluation mode. A NaN loss stops training with
:class:`~topicatlas.models.base.TrainingDivergedError`.

Deviations (stated, not hidden):

* word vectors: default ``glove-6b-50d`` (the GloVe 6B 50-d vectors packaged for topicatlas)
  where the paper used 200-d GloVe; pass ``word_vectors=`` a registered space name or a GloVe
  /word2vec file (e.g. glove.6B.200d.txt) for the paper's setting. A vocabulary word that the
  space lacks starts from a truncated-normal (std 0.1) random vector; the number of such
  words is recorded in ``info["words_without_vector"]``;
* the corpus's own vocabulary and bag of words are used (the paper preprocessed its corpora
  with its own vocabulary filter).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError
from topicatlas.models.base import FitResult, check_finite, library_versions


def initial_word_embeddings(words: list[str], word_vectors: str, seed: int) -> tuple[np.ndarray, int]:
    """Pretrained vectors for ``words`` (missing ones: truncated-normal std 0.1), and the number
    of missing words."""
    from topicatlas.lexicon.vectors import load_vectors

    space = load_vectors(word_vectors)
    matrix, found = space.lookup(words)
    matrix = np.asarray(matrix, dtype=np.float32).copy()
    rng = np.random.default_rng(seed)
    missing = np.flatnonzero(~np.asarray(found))
    if missing.size:
        draws = rng.standard_normal((missing.size, matrix.shape[1]))
        while (np.abs(draws) > 2).any():  # truncate at two standard deviations
            bad = np.abs(draws) > 2
            draws[bad] = rng.standard_normal(int(bad.sum()))
        matrix[missing] = (0.1 * draws).astype(np.float32)
    return matrix, int(missing.size)


def _build(vocab_size: int, n_topics: int, hidden: int, dropout: float, word_init: np.ndarray,
           beta_temp: float) -> Any:
    import torch
    from torch import nn
    from torch.nn import functional as F  # noqa: N812

    class ECRTM(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.fc11 = nn.Linear(vocab_size, hidden)
            self.fc12 = nn.Linear(hidden, hidden)
            self.drop = nn.Dropout(dropout)
            self.fc21 = nn.Linear(hidden, n_topics)
            self.fc22 = nn.Linear(hidden, n_topics)
            self.mean_bn = nn.BatchNorm1d(n_topics)
            self.logvar_bn = nn.BatchNorm1d(n_topics)
            self.decoder_bn = nn.BatchNorm1d(vocab_size)
            for bn in (self.mean_bn, self.logvar_bn, self.decoder_bn):
                bn.weight.requires_grad_(False)
            self.word_embeddings = nn.Parameter(F.normalize(torch.tensor(word_init), dim=1))
            topics = nn.init.trunc_normal_(torch.empty(n_topics, word_init.shape[1]), std=0.1)
            self.topic_embeddings = nn.Parameter(F.normalize(topics, dim=1))
            var = 1.0 - 1.0 / n_topics if n_topics > 1 else 1.0
            self.register_buffer("prior_var", torch.full((n_topics,), var))

        def encode(self, x: Any) -> tuple[Any, Any]:
            h = F.softplus(self.fc12(F.softplus(self.fc11(x))))
            h = self.drop(h)
            return self.mean_bn(self.fc21(h)), self.logvar_bn(self.fc22(h))

        def cost(self) -> Any:
            from topicatlas.models.transport import pairwise_sq_euclidean

            return pairwise_sq_euclidean(self.topic_embeddings, self.word_embeddings)  # K x V

        def beta(self) -> Any:
            return F.softmax(-self.cost() / beta_temp, dim=0)

    return ECRTM()


def fit_ecrtm(corpus: Corpus, n_topics: int, seed: int, *, word_vectors: str = "glove-6b-50d",
              hidden: int = 200, dropout: float = 0.0, beta_temp: float = 0.2,
              weight_ecr: float = 250.0, sinkhorn_alpha: float = 20.0,
              sinkhorn_max_iter: int = 1000, stop_thr: float = 5e-3, lr: float = 2e-3,
              lr_step: int | None = 125, batch_size: int = 200, epochs: int = 500) -> FitResult:
    """ECRTM (see the module docstring)."""
    import torch
    from torch.nn import functional as F  # noqa: N812

    from topicatlas.models.transport import sinkhorn

    if len(corpus) < 2:
        raise InputFormatError("ecrtm: needs at least 2 documents (batch normalisation)")
    words = list(corpus.vocab.words)
    word_init, n_missing = initial_word_embeddings(words, word_vectors, seed)
    net = _build(len(words), n_topics, hidden, dropout, word_init, beta_temp)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=lr)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=lr_step, gamma=0.5) if lr_step else None
    x_all = torch.tensor(corpus.dtm.toarray(), dtype=torch.float32)
    n = x_all.shape[0]
    gen = torch.Generator().manual_seed(seed)
    a = torch.full((n_topics,), 1.0 / n_topics)
    b = torch.full((len(words),), 1.0 / len(words))
    losses: list[float] = []
    ecr_losses: list[float] = []
    for epoch in range(epochs):
        net.train()
        batches = list(torch.split(torch.randperm(n, generator=gen), batch_size))
        if len(batches) > 1 and len(batches[-1]) == 1:  # batch norm needs 2+ rows
            batches[-2] = torch.cat([batches[-2], batches.pop()])
        total = total_ecr = 0.0
        for idx in batches:
            x = x_all[idx]
            mu, logvar = net.encode(x)
            z = mu + torch.randn(mu.shape, generator=gen) * torch.exp(0.5 * logvar)
            theta = F.softmax(z, dim=1)
            recon = F.softmax(net.decoder_bn(theta @ net.beta()), dim=1)
            rec = -(x * torch.log(recon + 1e-10)).sum(1)
            var = torch.exp(logvar)
            kl = 0.5 * ((var / net.prior_var + mu ** 2 / net.prior_var
                         + torch.log(net.prior_var) - logvar).sum(1) - n_topics)
            cost = net.cost()
            plan = sinkhorn(cost, a, b, alpha=sinkhorn_alpha, max_iter=sinkhorn_max_iter,
                            stop_thr=stop_thr)
            transport = (plan * cost).sum()
            ecr = weight_ecr * transport
            loss = (rec + kl).mean() + ecr
            check_finite(loss.item(), model="ecrtm", epoch=epoch + 1, hint=f" (lr={lr})")
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
            total_ecr += transport.item() * len(idx)
        if sched is not None:
            sched.step()
        losses.append(total / n)
        ecr_losses.append(total_ecr / n)
    net.eval()
    with torch.no_grad():
        tw = net.beta().numpy().astype(np.float64)
        mu, _ = net.encode(x_all)
        dt = F.softmax(mu, dim=1).numpy().astype(np.float64)
    check_finite(float(tw.sum() + dt.sum()), model="ecrtm", epoch=epochs)
    used = {"word_vectors": word_vectors, "embedding_dim": int(word_init.shape[1]), "hidden": hidden,
            "dropout": dropout, "beta_temp": beta_temp, "weight_ecr": weight_ecr,
            "sinkhorn_alpha": sinkhorn_alpha, "sinkhorn_max_iter": sinkhorn_max_iter,
            "stop_thr": stop_thr, "lr": lr, "lr_step": lr_step, "batch_size": batch_size,
            "epochs": epochs, "versions": library_versions("torch")}
    info = {"final_loss": losses[-1] if losses else None,
            "final_transport_cost": ecr_losses[-1] if ecr_losses else None,
            "words_without_vector": n_missing}
    return FitResult(tw, dt, params=used, info=info)
