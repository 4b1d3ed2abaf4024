"""The network (Table 14 shape, exact symmetry) and the masked loss with the gap term."""

from __future__ import annotations

import math

import pytest
import torch

from topicatlas.scorer.model import ModelConfig, PairScorerNet, n_parameters
from topicatlas.scorer.train import masked_loss


def test_default_shape_is_the_papers_trunk_on_50d_glove():
    model = PairScorerNet(ModelConfig(dim=50))
    linears = [m for m in model.trunk if isinstance(m, torch.nn.Linear)]
    assert [(m.in_features, m.out_features) for m in linears] == [(4 * 50 + 8, 256), (256, 64)]
    assert [m.p for m in model.trunk if isinstance(m, torch.nn.Dropout)] == [0.4, 0.4]
    assert 65_000 < n_parameters(model) < 75_000  # "the 50-d GloVe model is ~70k params"


@pytest.mark.parametrize("overrides", [{}, {"input_mode": "concat"}, {"use_wordnet": False},
                                       {"arch": "cross_attention"}])
def test_forward_is_exactly_symmetric_and_in_unit_interval(overrides):
    torch.manual_seed(0)
    model = PairScorerNet(ModelConfig(dim=50, **overrides)).eval()
    e1, e2, wn = torch.randn(33, 50), torch.randn(33, 50), torch.rand(33, 8)
    ab, ba = model(e1, e2, wn), model(e2, e1, wn)
    assert torch.equal(ab, ba)
    assert ab.shape == (33, 2) and bool(((ab > 0) & (ab < 1)).all())
    # the ordered pass is NOT symmetric by itself: the averaging does the work
    assert not torch.equal(model.forward_ordered(e1, e2, wn), model.forward_ordered(e2, e1, wn))


def test_bad_model_config_is_rejected():
    with pytest.raises(ValueError, match="input_mode"):
        ModelConfig(input_mode="sum")
    with pytest.raises(ValueError, match="divisible"):
        ModelConfig(dim=50, arch="cross_attention", n_tokens=7)


def test_masked_loss_ignores_missing_targets_and_scores_the_gap():
    pred = torch.tensor([[0.5, 0.5], [0.2, 0.9]])
    nan = math.nan
    # row 0 rates only sim, row 1 only rel: no gap term
    y = torch.tensor([[0.7, nan], [nan, 0.5]])
    expect = (0.5 - 0.7) ** 2 + (0.9 - 0.5) ** 2
    assert masked_loss(pred, y, 1.0).item() == pytest.approx(expect)
    # both rated: gap term = ((0.9-0.2) - (0.5-0.1))^2
    y2 = torch.tensor([[nan, nan], [0.1, 0.5]])
    mse = (0.2 - 0.1) ** 2 + (0.9 - 0.5) ** 2
    gap = ((0.9 - 0.2) - (0.5 - 0.1)) ** 2
    assert masked_loss(pred, y2, 1.0).item() == pytest.approx(mse + gap)
    assert masked_loss(pred, y2, 0.0).item() == pytest.approx(mse)
