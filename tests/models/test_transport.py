"""Sinkhorn's algorithm (models/transport.py), checked against exact optimal transport."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from scipy.optimize import linear_sum_assignment
from scipy.spatial.distance import cdist

from topicatlas.models.transport import pairwise_sq_euclidean, sinkhorn


def test_pairwise_cost_is_the_squared_euclidean_distance() -> None:
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(5, 3)), rng.normal(size=(7, 3))
    got = pairwise_sq_euclidean(torch.tensor(x), torch.tensor(y)).numpy()
    np.testing.assert_allclose(got, cdist(x, y, "sqeuclidean"), atol=1e-10)


def test_plan_has_the_requested_marginals() -> None:
    rng = np.random.default_rng(1)
    cost = torch.tensor(rng.random((6, 9)))
    a = torch.tensor(rng.dirichlet(np.ones(6)))
    b = torch.tensor(rng.dirichlet(np.ones(9)))
    plan = sinkhorn(cost, a, b, alpha=5.0, max_iter=5000, stop_thr=1e-9, check_every=1)
    np.testing.assert_allclose(plan.sum(1).numpy(), a.numpy(), atol=1e-7)
    np.testing.assert_allclose(plan.sum(0).numpy(), b.numpy(), atol=1e-7)
    assert (plan >= 0).all()


def test_small_entropy_recovers_the_optimal_assignment() -> None:
    """With uniform weights on n = m points the exact OT plan is the optimal permutation
    (Birkhoff); a large alpha (small entropy) must put ~all mass there."""
    rng = np.random.default_rng(2)
    angles = np.linspace(0, 2 * np.pi, 6, endpoint=False)
    x = 3 * np.column_stack([np.cos(angles), np.sin(angles)])  # well separated: no near-ties
    y = x[rng.permutation(6)] + rng.normal(scale=0.05, size=(6, 2))
    cost = cdist(x, y, "sqeuclidean")
    rows, cols = linear_sum_assignment(cost)
    u = torch.full((6,), 1 / 6, dtype=torch.float64)
    plan = sinkhorn(torch.tensor(cost / cost.max()), u, u, alpha=100.0, max_iter=20000,
                    stop_thr=1e-10, check_every=1).numpy()
    assert plan[rows, cols].sum() > 0.95
    assert (plan * cost).sum() == pytest.approx(cost[rows, cols].mean(), abs=0.05 * cost.mean())


def test_gradients_flow_through_the_iterations() -> None:
    x = torch.randn(4, 3, dtype=torch.float64, generator=torch.Generator().manual_seed(0),
                    requires_grad=True)
    y = torch.randn(5, 3, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    cost = pairwise_sq_euclidean(x, y)
    plan = sinkhorn(cost, torch.full((4,), 0.25, dtype=torch.float64),
                    torch.full((5,), 0.2, dtype=torch.float64), alpha=2.0)
    (plan * cost).sum().backward()
    assert x.grad is not None and torch.isfinite(x.grad).all() and x.grad.abs().sum() > 0
