"""The similarity-relatedness network (paper §3.1.2, Table 14).

Input for a pair of word vectors ``(e1, e2)``: ``[e1; e2; |e1 - e2|; e1 * e2]`` (Table 14;
``input_mode="full"``) or ``[e1; e2]`` only (the Table 16 ablation, ``"concat"``), followed
by the 8 WordNet features (unless ``use_wordnet`` is off). A shared trunk
``in -> 256 -> 64`` (Linear + GELU + Dropout 0.4 after each layer) feeds two heads,
``64 -> 1`` with a sigmoid each: similarity and relatedness in [0, 1].

Symmetry: score(a, b) == score(b, a) exactly. The network's forward pass is averaged over
both word orders (``(f(e1, e2) + f(e2, e1)) / 2``), and the WordNet features are computed
once per unordered pair (the featurizer puts each pair in a canonical order), so swapping
the words gives bit-identical inputs and outputs. Averaging is done in training too, so
the model is trained as the symmetric function it is used as.

``arch="cross_attention"`` is the Table 16 "cross-attention hybrid" ablation, in our
reading: each word vector is cut into ``n_tokens`` equal chunks, projected to
``d_model``; each word's tokens attend to the other word's (one shared multi-head
attention layer), the attended tokens are mean-pooled and
``[p1; p2; |p1 - p2|; p1 * p2]`` plus the WordNet features go into the same trunk.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import torch
from torch import nn

N_WORDNET = 8


@dataclass(frozen=True)
class ModelConfig:
    """Shape of the network; saved next to the weights so they can be rebuilt."""

    dim: int = 50
    n_wordnet: int = N_WORDNET
    use_wordnet: bool = True
    input_mode: str = "full"  # "full" = [e1; e2; |e1-e2|; e1*e2], "concat" = [e1; e2]
    arch: str = "mlp"  # "mlp" or "cross_attention"
    hidden: tuple[int, ...] = field(default=(256, 64))
    dropout: float = 0.4
    n_tokens: int = 5  # cross_attention only
    d_model: int = 32  # cross_attention only

    def __post_init__(self) -> None:
        if self.input_mode not in ("full", "concat"):
            raise ValueError(f"input_mode must be 'full' or 'concat', not {self.input_mode!r}")
        if self.arch not in ("mlp", "cross_attention"):
            raise ValueError(f"arch must be 'mlp' or 'cross_attention', not {self.arch!r}")
        if self.arch == "cross_attention" and self.dim % self.n_tokens:
            raise ValueError(f"dim {self.dim} is not divisible by n_tokens {self.n_tokens}")
        object.__setattr__(self, "hidden", tuple(int(h) for h in self.hidden))

    def to_dict(self) -> dict:
        d = asdict(self)
        d["hidden"] = list(self.hidden)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> ModelConfig:
        known = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        return cls(**known)


class PairScorerNet(nn.Module):
    """Two-headed MLP over pair features; ``forward`` is symmetric in the two words."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.config = config
        if config.arch == "cross_attention":
            self.token_proj = nn.Linear(config.dim // config.n_tokens, config.d_model)
            self.attn = nn.MultiheadAttention(config.d_model, num_heads=4, batch_first=True)
            pair_dim = 4 * config.d_model
        else:
            pair_dim = (4 if config.input_mode == "full" else 2) * config.dim
        in_dim = pair_dim + (config.n_wordnet if config.use_wordnet else 0)
        layers: list[nn.Module] = []
        for width in config.hidden:
            layers += [nn.Linear(in_dim, width), nn.GELU(), nn.Dropout(config.dropout)]
            in_dim = width
        self.trunk = nn.Sequential(*layers)
        self.sim_head = nn.Linear(in_dim, 1)
        self.rel_head = nn.Linear(in_dim, 1)

    def _pair_features(self, e1: torch.Tensor, e2: torch.Tensor) -> torch.Tensor:
        cfg = self.config
        if cfg.arch == "cross_attention":
            t1 = self.token_proj(e1.reshape(e1.shape[0], cfg.n_tokens, -1))
            t2 = self.token_proj(e2.reshape(e2.shape[0], cfg.n_tokens, -1))
            a1, _ = self.attn(t1, t2, t2, need_weights=False)
            a2, _ = self.attn(t2, t1, t1, need_weights=False)
            e1, e2 = (t1 + a1).mean(dim=1), (t2 + a2).mean(dim=1)
            return torch.cat([e1, e2, (e1 - e2).abs(), e1 * e2], dim=1)
        if cfg.input_mode == "concat":
            return torch.cat([e1, e2], dim=1)
        return torch.cat([e1, e2, (e1 - e2).abs(), e1 * e2], dim=1)

    def forward_ordered(self, e1: torch.Tensor, e2: torch.Tensor, wn: torch.Tensor) -> torch.Tensor:
        """(N, 2) sigmoid scores [similarity, relatedness] for the pairs in the given order."""
        x = self._pair_features(e1, e2)
        if self.config.use_wordnet:
            x = torch.cat([x, wn], dim=1)
        h = self.trunk(x)
        return torch.sigmoid(torch.cat([self.sim_head(h), self.rel_head(h)], dim=1))

    def forward(self, e1: torch.Tensor, e2: torch.Tensor, wn: torch.Tensor) -> torch.Tensor:
        """(N, 2) symmetric scores: the mean of both word orders."""
        n = e1.shape[0]
        both = self.forward_ordered(torch.cat([e1, e2]), torch.cat([e2, e1]), torch.cat([wn, wn]))
        return (both[:n] + both[n:]) * 0.5


def n_parameters(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())
