"""Every algorithm plugin found, driven through ask/tell on a numpy objective."""

import numpy as np
import pytest

import bopp
from conftest import sphere

ALGORITHMS = [p["name"] for p in bopp.list_plugins() if p["kind"] == "algorithm"]


def test_finds_the_algorithms_bopp_list_shows(bopp_program):
    listed = bopp_program("list").stdout
    assert ALGORITHMS, "no algorithm found"
    for name in ALGORITHMS:
        assert f"  {name} " in listed


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_asks_and_tells_a_few_rounds(algorithm, candidates):
    box = bopp.Box(lower=[0.0] * 3, upper=[1.0] * 3)
    try:
        opt = bopp.Optimizer(algorithm, objective_info=box, seed=4)
    except bopp.Error as e:
        # Some algorithms work on a finite candidate set only, and say so.
        assert "candidate set" in str(e), str(e)
        box = bopp.Box(lower=[0.0] * 3, upper=[1.0] * 3, candidates=candidates)
        opt = bopp.Optimizer(algorithm, objective_info=box, seed=4)
    told = 0
    for _ in range(6):
        X = opt.ask(2)
        assert X.dtype == np.float64 and X.ndim == 2 and X.shape[1] == 3
        assert 1 <= X.shape[0] <= 2
        assert np.all(X >= 0.0) and np.all(X <= 1.0)
        if box.candidates is not None:
            assert all(np.any(np.all(candidates == x, axis=1)) for x in X)
        opt.tell(X, sphere(X))
        told += X.shape[0]
    assert opt.told == told
    x = opt.recommend()
    assert x.shape == (3,) and np.all(x >= 0.0) and np.all(x <= 1.0)
