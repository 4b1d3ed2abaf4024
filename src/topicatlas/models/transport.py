"""Entropic optimal transport (Sinkhorn's algorithm) for the OT-based topic models.

Used by ECRTM (Wu et al. 2023) and FASTopic (Wu et al. 2024), whose papers define the
transport plan between two weighted point sets x (weights a) and y (weights b) with cost
C_ij = ||x_i - y_j||^2 as the solution of the entropy-regularised problem

    pi* = argmin_pi  <pi, C> - eps H(pi)   s.t.  pi 1 = a,  pi^T 1 = b,

computed by Sinkhorn's matrix scaling with kernel G = exp(-C / eps) = exp(-alpha C)
(``alpha`` = 1 / eps, the papers' "sinkhorn alpha"): starting from u = 1/n, repeat
v = b / (G^T u), u = a / (G v) until the column marginal error
sum_j |v_j (G^T u)_j - b_j| falls below ``stop_thr`` (checked every ``check_every``
iterations, as in the papers' released implementations) or ``max_iter`` iterations ran;
pi = diag(u) G diag(v). Gradients flow through the iterations (the models differentiate
the transport cost <pi, C> with respect to the embeddings). Our own implementation.
"""

from __future__ import annotations

from typing import Any


def pairwise_sq_euclidean(x: Any, y: Any) -> Any:
    """``C[i, j] = ||x_i - y_j||^2`` for row-vector sets ``x`` (n x d) and ``y`` (m x d)."""
    return (x * x).sum(1, keepdim=True) + (y * y).sum(1) - 2.0 * x @ y.T


def sinkhorn(cost: Any, a: Any, b: Any, *, alpha: float, max_iter: int = 1000,
             stop_thr: float = 5e-3, check_every: int = 50, tiny: float = 1e-16) -> Any:
    """The entropic transport plan (n x m) between weights ``a`` (n) and ``b`` (m).

    ``tiny`` guards the divisions where a kernel column underflows to zero (very large
    ``alpha * cost``): that column then receives no mass instead of producing NaN.
    """
    import torch

    kernel = torch.exp(-alpha * cost)
    u = torch.full_like(a, 1.0 / a.shape[0])
    for it in range(1, max_iter + 1):
        v = b / (kernel.T @ u + tiny)
        u = a / (kernel @ v + tiny)
        if it % check_every == 1 or check_every == 1:
            with torch.no_grad():
                err = float((v * (kernel.T @ u) - b).abs().sum())
            if err <= stop_thr:
                break
    return u[:, None] * kernel * v[None, :]
