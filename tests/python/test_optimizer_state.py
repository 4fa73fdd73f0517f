"""bopp.Optimizer.save/load and pickling: a loaded optimizer asks what the saved one would, and
keeps the history told and a Box's level names."""

import io
import json
import pickle

import numpy as np
import pytest

import bopp
from conftest import sphere


def drive(opt, f, batches, batch=2):
    asked = []
    for _ in range(batches):
        X = opt.ask(batch)
        opt.tell(X, f(X))
        asked.append(X)
    return asked


def fresh_box(algorithm, **config):
    box = bopp.Box(lower=[-1.0, 0.0, -2.0], upper=[1.0, 2.0, 0.5])
    return bopp.Optimizer(algorithm, objective_info=box, seed=4, config=config or None)


@pytest.mark.parametrize("algorithm,config", [("random", {}), ("gpbo", {"initial_points": 4, "raw_samples": 32, "optimizer_restarts": 1})])
def test_a_loaded_optimizer_asks_what_the_saved_one_would(tmp_path, algorithm, config):
    original = fresh_box(algorithm, **config)
    drive(original, sphere, 3)
    original.save(tmp_path / "opt.bopp")
    loaded = bopp.Optimizer.load(tmp_path / "opt.bopp")
    for a, b in zip(drive(original, sphere, 3), drive(loaded, sphere, 3)):
        assert a.tolist() == b.tolist()  # bit for bit
    assert original.recommend().tolist() == loaded.recommend().tolist()


def test_pickling_goes_through_the_same_bytes():
    original = fresh_box("random")
    drive(original, sphere, 2)
    copy = pickle.loads(pickle.dumps(original))
    assert original.ask(3).tolist() == copy.ask(3).tolist()
    assert copy.dim == 3 and copy.lower.tolist() == [-1.0, 0.0, -2.0]


def test_an_objective_plugin_optimizer_is_saved_with_its_objective(tmp_path):
    opt = bopp.Optimizer("random", objective_info="branin", seed=2)
    X = opt.ask(2)
    opt.tell(X, opt.evaluate(X))
    opt.save(tmp_path / "opt.bopp")
    loaded = bopp.Optimizer.load(str(tmp_path / "opt.bopp"))
    X1, X2 = opt.ask(2), loaded.ask(2)
    assert X1.tolist() == X2.tolist()
    # The evaluation seeds continue where the saved one stood.
    assert opt.evaluate(X1).tolist() == loaded.evaluate(X2).tolist()


def test_a_file_that_is_not_a_saved_optimizer_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "not-an-optimizer.bopp"
    bad.write_bytes(b"\x00garbage")
    with pytest.raises(bopp.Error, match="not-an-optimizer.bopp: not a saved bopp optimizer"):
        bopp.Optimizer.load(bad)
    original = fresh_box("random")
    original.save(tmp_path / "cut.bopp")
    data = (tmp_path / "cut.bopp").read_bytes()
    (tmp_path / "cut.bopp").write_bytes(data[: len(data) // 2])
    with pytest.raises(bopp.Error, match="cut.bopp"):
        bopp.Optimizer.load(tmp_path / "cut.bopp")


def test_a_loaded_optimizer_has_the_history_and_the_level_names(tmp_path):
    box = bopp.Box(lower=[0.0, 0.0], upper=[1.0, 1.0], categorical={1: ["steel", "titanium", "oak"]})
    opt = bopp.Optimizer("random", objective_info=box, seed=5)
    X = opt.ask(3)
    opt.tell(X, [2.0, float("nan"), 1.0])
    opt.tell(opt.ask(1), [0.5], failed=[True])
    opt.save(tmp_path / "opt.bopp")
    loaded = bopp.Optimizer.load(tmp_path / "opt.bopp")
    assert loaded.X.tolist() == opt.X.tolist()  # names on the categorical dimension
    assert set(loaded.X[:, 1]) <= {"steel", "titanium", "oak"}
    assert np.array_equal(loaded.y, opt.y, equal_nan=True) and loaded.told == 4
    assert (loaded.best.index, loaded.best.y) == (opt.best.index, opt.best.y)
    assert loaded.ask(2).tolist() == opt.ask(2).tolist()  # names again, the same points
    loaded.tell([[0.5, "oak"]], [0.1])  # a name is told as on the saved one
    assert loaded.best.y == 0.1


def test_a_history_that_does_not_fit_its_optimizer_is_one_line_naming_the_file(tmp_path):
    opt = fresh_box("random")
    drive(opt, sphere, 1)
    core = opt._core
    bad = tmp_path / "short.bopp"
    core.save(str(bad), attachment=b"not an npz")
    with pytest.raises(bopp.ConfigError, match="short.bopp: not a saved optimizer's history"):
        bopp.Optimizer.load(bad)
    buffer = io.BytesIO()
    np.savez(buffer, X=np.zeros((1, 3)), y=np.zeros(1), categorical=np.array("{}"))
    core.save(str(bad), attachment=buffer.getvalue())
    with pytest.raises(bopp.ConfigError, match=r"short.bopp: a history of shapes \(1, 3\)"):
        bopp.Optimizer.load(bad)
    buffer = io.BytesIO()
    np.savez(buffer, X=np.zeros((2, 3)), y=np.zeros(2), categorical=np.array('{"0": ["a", "b"]}'))
    core.save(str(bad), attachment=buffer.getvalue())
    with pytest.raises(bopp.ConfigError, match="short.bopp: level names"):
        bopp.Optimizer.load(bad)  # dimension 0 is [-1, 1], not two levels
    for key in ("\u00b2", "-1", "x"):  # a superscript two is a digit to str.isdigit, not to int
        buffer = io.BytesIO()
        np.savez(buffer, X=np.zeros((2, 3)), y=np.zeros(2), categorical=np.array(json.dumps({key: ["a", "b"]})))
        core.save(str(bad), attachment=buffer.getvalue())
        with pytest.raises(bopp.ConfigError, match="short.bopp: level names"):
            bopp.Optimizer.load(bad)
    # A pickled object in the archive is not unpickled.
    buffer = io.BytesIO()
    np.savez(buffer, X=np.array([object()]), y=np.zeros(2), categorical=np.array("{}"))
    core.save(str(bad), attachment=buffer.getvalue())
    with pytest.raises(bopp.ConfigError, match="short.bopp: not a saved optimizer's history"):
        bopp.Optimizer.load(bad)
