"""Training the scorer (paper §3.1.2, Table 14) with a masked loss.

Targets are an ``(n, 2)`` array ``[sim, rel]`` in [0, 1] where either may be NaN
(a human benchmark measures only one dimension): each head's loss is the mean squared
error over the rows where its target is present.

``L = L_sim + L_rel + λ·L_gap`` with λ = 1.0 (Table 14). The paper says only that the
gap term "penalises the squared gap between the output scores" and that it is meant
"to encourage the model to learn a meaningful separation between the two dimensions".
Penalising ``(ŝ_rel − ŝ_sim)²`` literally would pull the heads together, against that
stated aim, so we read it as the squared error of the predicted gap against the target
gap: ``L_gap = mean((ŝ_rel − ŝ_sim) − (rel − sim))²`` over the rows where both targets
are present (rows with one target contribute nothing to it).

Optimiser AdamW (lr 3e-4, weight decay 0.01), cosine annealing per epoch over
``max_epochs`` down to 3e-5, batch 64 with uniform random sampling, early stopping with
patience 10 on validation loss (the best epoch's weights are restored).

Determinism: ``torch.manual_seed(seed)``, a seeded generator for the batch order,
``torch.use_deterministic_algorithms(True)`` and one thread while training, so the same
seed and data give the same weights.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass

import numpy as np
import torch

from topicatlas.scorer.features import PairFeatures
from topicatlas.scorer.model import ModelConfig, PairScorerNet


@dataclass(frozen=True)
class TrainConfig:
    seed: int = 13
    lr: float = 3e-4
    weight_decay: float = 0.01
    eta_min: float = 3e-5
    batch_size: int = 64
    max_epochs: int = 40
    patience: int = 10
    gap_lambda: float = 1.0
    threads: int = 1

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> TrainConfig:
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def masked_loss(pred: torch.Tensor, target: torch.Tensor, gap_lambda: float) -> torch.Tensor:
    """``L_sim + L_rel + λ·L_gap`` with NaN targets masked out (see module docstring)."""
    mask = ~torch.isnan(target)
    t = torch.nan_to_num(target)
    sq = (pred - t) ** 2 * mask
    counts = mask.sum(dim=0).clamp(min=1)
    loss = (sq.sum(dim=0) / counts).sum()
    both = mask.all(dim=1)
    if gap_lambda and bool(both.any()):
        pg = pred[both, 1] - pred[both, 0]
        tg = t[both, 1] - t[both, 0]
        loss = loss + gap_lambda * ((pg - tg) ** 2).mean()
    return loss


def _tensors(x: PairFeatures) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.from_numpy(x.e1), torch.from_numpy(x.e2), torch.from_numpy(x.wn)


@torch.no_grad()
def predict(model: PairScorerNet, x: PairFeatures, batch_size: int = 65536) -> np.ndarray:
    """(n, 2) scores; NaN for uncovered rows."""
    model.eval()
    e1, e2, wn = _tensors(x)
    out = np.full((len(x), 2), np.nan, dtype=np.float32)
    idx = np.flatnonzero(x.covered)
    for s in range(0, idx.size, batch_size):
        j = torch.from_numpy(idx[s : s + batch_size])
        out[idx[s : s + batch_size]] = model(e1[j], e2[j], wn[j]).numpy()
    return out


@torch.no_grad()
def evaluate_loss(model: PairScorerNet, x: PairFeatures, y: np.ndarray, gap_lambda: float) -> float:
    pred = torch.from_numpy(predict(model, x))
    return float(masked_loss(pred, torch.from_numpy(y.astype(np.float32)), gap_lambda))


@dataclass
class TrainResult:
    model: PairScorerNet
    history: list[dict]
    best_epoch: int
    best_val_loss: float


def fit(
    model_config: ModelConfig,
    config: TrainConfig,
    x_train: PairFeatures,
    y_train: np.ndarray,
    x_val: PairFeatures,
    y_val: np.ndarray,
    *,
    on_epoch: Callable[[PairScorerNet, dict], None] | None = None,
    progress: bool = False,
) -> TrainResult:
    """Train a :class:`PairScorerNet`; rows not covered by vectors are dropped."""
    keep = x_train.covered & ~np.all(np.isnan(y_train), axis=1)
    x_train, y_train = x_train.subset(np.flatnonzero(keep)), y_train[keep]
    vkeep = x_val.covered
    x_val, y_val = x_val.subset(np.flatnonzero(vkeep)), y_val[vkeep]
    if len(x_train) == 0:
        raise ValueError("no training pair has vectors for both words")

    prev_threads = torch.get_num_threads()
    prev_det = torch.are_deterministic_algorithms_enabled()
    torch.set_num_threads(config.threads)
    torch.use_deterministic_algorithms(True)
    try:
        torch.manual_seed(config.seed)
        gen = torch.Generator().manual_seed(config.seed)
        model = PairScorerNet(model_config)
        opt = torch.optim.AdamW(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(
            opt, T_max=config.max_epochs, eta_min=config.eta_min
        )
        e1, e2, wn = _tensors(x_train)
        y = torch.from_numpy(y_train.astype(np.float32))
        n = len(x_train)
        best_state, best_loss, best_epoch, bad = None, math.inf, -1, 0
        history: list[dict] = []
        epochs = range(config.max_epochs)
        if progress:
            from tqdm import tqdm

            epochs = tqdm(epochs, desc="training", unit="epoch")
        for epoch in epochs:
            model.train()
            perm = torch.randperm(n, generator=gen)
            total, batches = 0.0, 0
            for s in range(0, n, config.batch_size):
                j = perm[s : s + config.batch_size]
                loss = masked_loss(model(e1[j], e2[j], wn[j]), y[j], config.gap_lambda)
                opt.zero_grad()
                loss.backward()
                opt.step()
                total += float(loss.detach())
                batches += 1
            sched.step()
            val_loss = evaluate_loss(model, x_val, y_val, config.gap_lambda)
            row = {"epoch": epoch + 1, "train_loss": total / max(batches, 1), "val_loss": val_loss}
            if on_epoch is not None:
                on_epoch(model, row)
            history.append(row)
            if progress:
                epochs.set_postfix(val=f"{val_loss:.4f}")
            if val_loss < best_loss - 1e-6:
                best_loss, best_epoch, bad = val_loss, epoch + 1, 0
                best_state = copy.deepcopy(model.state_dict())
            else:
                bad += 1
                if bad >= config.patience:
                    break
        if best_state is not None:
            model.load_state_dict(best_state)
        model.eval()
        return TrainResult(model, history, best_epoch, best_loss)
    finally:
        torch.set_num_threads(prev_threads)
        torch.use_deterministic_algorithms(prev_det)
