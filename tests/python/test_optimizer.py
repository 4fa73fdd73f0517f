"""bopp.Optimizer: the same points as `bopp run`, failures, errors, the problem it reports."""

import json
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import bopp
from conftest import sphere

EXPERIMENT = """
[run]
seed = 11
budget = 9
batch = 3
[objective]
name = "branin"
[algorithm]
name = "gpbo"
raw_samples = 64
optimizer_restarts = 2
"""


def evaluations(record):
    with open(record / "evaluations.jsonl") as lines:
        return [json.loads(line) for line in lines]


def test_asks_what_bopp_run_asks_for_the_same_seed(bopp_program, tmp_path):
    (tmp_path / "exp.toml").write_text(EXPERIMENT)
    done = bopp_program("run", tmp_path / "exp.toml", "--output", tmp_path / "record", "--no-sync")
    assert done.returncode == 0, done.stderr
    recorded = evaluations(tmp_path / "record")

    opt = bopp.Optimizer(
        "gpbo",
        objective_info="branin",
        seed=11,
        config={"raw_samples": 64, "optimizer_restarts": 2},
    )
    asked, values = [], []
    while len(asked) < 9:
        X = opt.ask(3)
        y = opt.evaluate(X)
        opt.tell(X, y)
        asked.extend(X.tolist())
        values.extend(y.tolist())
    assert asked == [line["x"] for line in recorded]  # bit for bit: floats compare exactly
    assert values == [line["y"] for line in recorded]
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert opt.recommend().tolist() == run_json["recommended"]


def test_nan_and_the_failed_mask_are_failed_evaluations():
    def fresh():
        box = bopp.Box(lower=[0.0], upper=[1.0])
        return bopp.Optimizer("gpbo", objective_info=box, config={"initial_points": 3})

    X = np.array([[0.1], [0.5], [0.9]])
    y = np.array([1.0, 0.5, 0.25])  # minimized: 0.9 is best while every value counts
    opt = fresh()
    opt.tell(X, y)
    assert opt.recommend().tolist() == [0.9]
    opt = fresh()
    opt.tell(X, np.array([1.0, 0.5, np.nan]), failed=[False, True, False])
    assert opt.recommend().tolist() == [0.1]  # gpbo recommends the best successful point


def test_maximize_turns_the_preference():
    opt = bopp.Optimizer("random", objective_info=bopp.Box([0.0], [1.0], maximize=True))
    opt.tell(np.array([[0.2], [0.7]]), np.array([1.0, 2.0]))
    assert opt.maximize and opt.recommend().tolist() == [0.7]


def test_integer_dimensions_are_asked_rounded():
    box = bopp.Box(lower=[0, -5], upper=[1, 5], integer=[False, True])
    X = bopp.Optimizer("random", objective_info=box, seed=2).ask(20)
    assert np.all(X[:, 1] == np.round(X[:, 1]))


def test_an_unknown_algorithm_raises_a_plugin_error_naming_it():
    with pytest.raises(bopp.PluginError, match="no_such_method"):
        bopp.Optimizer("no_such_method", objective_info=bopp.Box([0], [1]))
    assert issubclass(bopp.PluginError, bopp.Error) and issubclass(bopp.Error, RuntimeError)


def test_an_unknown_key_raises_the_clis_message():
    with pytest.raises(bopp.ConfigError, match="unknown key 'acquisitoin'.*did you mean 'acquisition'"):
        bopp.Optimizer("gpbo", objective_info=bopp.Box([0], [1]), config={"acquisitoin": "ei"})


def test_a_value_of_the_wrong_type_is_rejected_by_the_schema():
    with pytest.raises(ValueError, match="initial_points"):  # bopp.ConfigError is one
        bopp.Optimizer("gpbo", objective_info=bopp.Box([0], [1]), config={"initial_points": "x"})


def test_told_shapes_and_bounds_are_checked():
    opt = bopp.Optimizer("random", objective_info=bopp.Box([0, 0], [1, 1]))
    with pytest.raises(ValueError, match=r"X must be an \(n, 2\) array of points, not shape \(1, 3\)"):
        opt.tell(np.zeros((1, 3)), [1.0])
    with pytest.raises(ValueError, match="y has 1 values for the 2 points of X"):
        opt.tell(np.zeros((2, 2)), [1.0])
    with pytest.raises(ValueError, match="failed has 1 marks"):
        opt.tell(np.zeros((2, 2)), [1.0, 2.0], failed=[True])
    with pytest.raises(ValueError, match=r"tell: point 0 has x\[0\] = 2.000000 outside the bounds"):
        opt.tell(np.full((1, 2), 2.0), [1.0])
    with pytest.raises(TypeError, match="evaluate needs an objective plugin"):
        opt.evaluate(np.zeros((1, 2)))


def test_reports_its_problem_and_configuration():
    opt = bopp.Optimizer("gpbo", objective_info="branin")
    assert opt.dim == 2 and not opt.maximize and opt.algorithm == "gpbo"
    assert opt.lower.tolist() == [-5.0, 0.0] and opt.upper.tolist() == [10.0, 15.0]
    assert "acquisition = 'logei'" in opt.config


def test_threads_may_share_an_optimizer():
    opt = bopp.Optimizer("random", objective_info=bopp.Box([0.0] * 2, [1.0] * 2), seed=1)
    errors = []

    def loop():
        try:
            for _ in range(20):
                X = opt.ask(2)
                opt.tell(X, sphere(X))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=loop) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and opt.told == 120


def test_warns_when_openblas_was_loaded_before_with_other_kernels(tmp_path):
    """numpy loads OpenBLAS with the kernels the environment names; bopp, imported after, warns."""
    script = tmp_path / "late.py"
    script.write_text(
        "import os, warnings\n"
        "import numpy\n"  # loads OpenBLAS with OPENBLAS_CORETYPE=Prescott
        "del os.environ['OPENBLAS_CORETYPE']\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    import bopp\n"
        "print('|'.join(str(w.message) for w in caught))\n"
    )
    env = dict(os.environ, OPENBLAS_CORETYPE="Prescott")
    done = subprocess.run([sys.executable, script], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    version = subprocess.run(
        [os.environ["BOPP_TEST_PROGRAM"], "--version"], capture_output=True, text=True,
        env={k: v for k, v in os.environ.items() if k != "OPENBLAS_CORETYPE"},
    ).stdout
    if "OpenBLAS's choice" in version:  # a CPU without AVX2: bopp names no kernels
        assert done.stdout.strip() == ""
    else:
        assert "OpenBLAS was loaded before bopp with its Prescott kernels" in done.stdout
