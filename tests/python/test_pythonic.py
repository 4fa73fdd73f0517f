"""bopp as Python users expect it: Python's exceptions naming the argument, __version__, repr,
the history told, describe() in Python values, one point given bare, inspect.signature."""

import inspect
import pickle

import numpy as np
import pytest

import bopp
from conftest import sphere


def box2():
    return bopp.Box(lower=[0.0, 0.0], upper=[1.0, 1.0])


def test_version_is_the_projects():
    assert isinstance(bopp.__version__, str) and bopp.__version__.count(".") == 2


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: bopp.Optimizer(3, objective_info=box2()), TypeError, "algorithm must be str, not int"),
        (lambda: bopp.Optimizer("random", objective_info=[0, 1]), TypeError, "objective_info must be str or Box"),
        (lambda: bopp.Optimizer("random", objective_info=box2(), seed=-1), ValueError, "seed must be at least 0"),
        (lambda: bopp.Optimizer("random", objective_info=box2(), seed=1.5), TypeError, "seed must be int, not float"),
        (lambda: bopp.Optimizer("random", objective_info=box2(), config=[1]), TypeError, "config must be Mapping"),
        (lambda: bopp.Optimizer("random", objective_info=box2()).ask("2"), TypeError, "max_points must be int"),
        (lambda: bopp.Optimizer("random", objective_info=box2()).ask(0), ValueError, "max_points must be at least 1"),
        (lambda: bopp.Box(lower=[0, 1], upper=[1]), ValueError, "lower and upper must have one length"),
        (lambda: bopp.Box(lower=[0], upper=[0]), ValueError, "dimension 0 needs finite bounds with lower < upper"),
        (lambda: bopp.Box(lower=["a"], upper=[1]), TypeError, "Box lower must be a sequence of numbers"),
        (lambda: bopp.run(3), TypeError, "experiment must be str or Mapping, not int"),
        (lambda: bopp.run("", overwrite=1), TypeError, "overwrite must be bool, not int"),
        (lambda: bopp.describe(None), TypeError, "name must be str, not NoneType"),
        (lambda: bopp.read_run(3), TypeError, "folder must be str or PathLike"),
    ],
)
def test_bad_arguments_raise_pythons_exceptions_naming_the_argument(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_refused_output_folder_speaks_of_overwrite_true(tmp_path):
    experiment = {"run": {"budget": 2}, "objective": {"name": "sphere"}, "algorithm": {"name": "random"}}
    bopp.run(experiment, output=tmp_path / "record", sync=False)
    with pytest.raises(bopp.RunError, match=r"pass overwrite=True") as refused:
        bopp.run(experiment, output=tmp_path / "record", sync=False)
    assert "--overwrite" not in str(refused.value) and "--output" not in str(refused.value)
    assert bopp.run(experiment, output=tmp_path / "record", sync=False, overwrite=True)["status"] == "completed"


def test_the_error_classes():
    assert issubclass(bopp.ConfigError, bopp.Error) and issubclass(bopp.ConfigError, ValueError)
    assert issubclass(bopp.PluginError, bopp.Error) and issubclass(bopp.RunError, bopp.Error)
    assert bopp.Error.__module__ == "bopp"


def test_repr_names_the_algorithm_and_the_problem():
    opt = bopp.Optimizer("random", objective_info=box2(), seed=4)
    opt.tell(opt.ask(), [1.0])
    assert repr(opt) == "bopp.Optimizer('random', Box of dim 2, seed=4, told=1)"
    assert "maximized" in repr(bopp.Optimizer("random", objective_info=bopp.Box([0], [1], maximize=True)))


def test_the_history_told_and_the_best():
    opt = bopp.Optimizer("random", objective_info=box2(), seed=1)
    assert opt.X.shape == (0, 2) and opt.y.shape == (0,) and opt.best is None
    X = opt.ask(3)
    opt.tell(X, [3.0, 1.0, float("nan")])
    opt.tell(X[:2], [0.5, 2.0], failed=[True, False])
    assert opt.X.tolist() == X.tolist() + X[:2].tolist()
    assert np.array_equal(opt.y, [3.0, 1.0, np.nan, np.nan, 2.0], equal_nan=True)
    best = opt.best
    assert best.index == 1 and best.y == 1.0 and best.x.tolist() == X[1].tolist()
    kept = pickle.loads(pickle.dumps(opt))
    assert kept.X.tolist() == opt.X.tolist() and kept.best.index == 1 and kept.best.y == 1.0
    assert kept.ask().tolist() == opt.ask().tolist()


def test_the_best_of_a_maximized_problem_is_the_greatest():
    opt = bopp.Optimizer("random", objective_info=bopp.Box([0], [1], maximize=True))
    opt.tell([[0.2], [0.7]], [1.0, 2.0])
    assert opt.best.index == 1


def test_one_point_may_be_told_and_evaluated_bare():
    opt = bopp.Optimizer("random", objective_info="branin", seed=2)
    x = opt.ask()[0]
    y = opt.evaluate(x)
    assert isinstance(y, float)
    opt.tell(x, y)
    assert opt.told == 1 and opt.y.tolist() == [y]


def test_describe_gives_defaults_as_python_values():
    params = {p["name"]: p for p in bopp.describe("gpbo")["params"]}
    assert params["acquisition"]["default"] == "logei"
    assert isinstance(params["initial_points"]["default"], int)
    assert params["acquisition"]["choices"] is None or "logei" in params["acquisition"]["choices"]
    sphere_params = {p["name"]: p for p in bopp.describe("sphere")["params"]}
    assert all(isinstance(p["required"], bool) for p in sphere_params.values())


def test_inspect_signature_works_on_every_public_callable():
    assert list(inspect.signature(bopp.Optimizer.ask).parameters) == ["self", "max_points"]
    assert "failed" in inspect.signature(bopp.Optimizer.tell).parameters
    assert inspect.signature(bopp.Optimizer).parameters["seed"].default == 0
    for function in (bopp.run, bopp.describe, bopp.list_plugins, bopp.read_run, bopp.read_bench):
        inspect.signature(function)
    assert inspect.signature(bopp.run).parameters["overwrite"].kind is inspect.Parameter.KEYWORD_ONLY


def test_the_python_loop_still_matches_numpy_objectives():
    opt = bopp.Optimizer("random", objective_info=box2(), seed=3)
    for _ in range(3):
        X = opt.ask(2)
        opt.tell(X, sphere(X))
    assert opt.told == 6 and opt.best.y == opt.y.min()
