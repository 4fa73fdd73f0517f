"""Categorical and integer inputs in a bopp.Box: the ABI's categorical dimensions, with names."""

import json

import numpy as np
import pytest

import bopp

MATERIALS = ["steel", "titanium", "carbon"]


def box():
    return bopp.Box(lower=[0.0, 0, 1], upper=[1.0, 0, 9], integer=[False, False, True],
                    categorical={1: MATERIALS})


def test_asks_name_the_levels_and_tells_take_names():
    opt = bopp.Optimizer("random", objective_info=box(), seed=5)
    assert opt.lower.tolist() == [0.0, 0.0, 1.0] and opt.upper.tolist() == [1.0, 2.0, 9.0]
    X = opt.ask(12)
    assert X.dtype == object and set(X[:, 1]) <= set(MATERIALS) and len(set(X[:, 1])) > 1
    assert all(float(v) == round(float(v)) for v in X[:, 2])
    y = [float(x[0]) + MATERIALS.index(x[1]) for x in X]
    opt.tell(X, y)
    assert opt.X[:, 1].tolist() == X[:, 1].tolist()
    assert opt.best.x[1] in MATERIALS
    assert opt.recommend()[1] in MATERIALS
    opt.tell([0.5, "carbon", 3], 0.0)  # one point given bare, a name and numbers
    assert opt.best.y == 0.0 and opt.best.x[1] == "carbon"


def test_an_unknown_name_is_a_value_error():
    opt = bopp.Optimizer("random", objective_info=box())
    with pytest.raises(ValueError, match="'wood' is not a level of dimension 1"):
        opt.tell([[0.5, "wood", 3]], [1.0])


def test_the_algorithm_sees_a_categorical_dimension_of_k_levels():
    # Index coordinates 0 .. k-1, whole: what the ABI's BOPP_DIM_CATEGORICAL promises.
    opt = bopp.Optimizer("random", objective_info=box(), seed=2)
    codes = [MATERIALS.index(name) for name in opt.ask(30)[:, 1]]
    assert set(codes) == {0, 1, 2}


def test_bad_levels_are_value_errors():
    with pytest.raises(ValueError, match="at least two"):
        bopp.Box([0.0], [1.0], categorical={0: ["only"]})
    with pytest.raises(ValueError, match="repeat"):
        bopp.Box([0.0], [1.0], categorical={0: ["a", "a"]})
    with pytest.raises(ValueError, match="not a dimension index"):
        bopp.Box([0.0], [1.0], categorical={3: ["a", "b"]})


def test_a_run_gives_the_callable_names_and_records_indices(tmp_path):
    seen = []

    def f(x):
        seen.append(x[1])
        return float(x[0]) + MATERIALS.index(x[1]) + float(x[2])

    experiment = {"run": {"seed": 3, "budget": 10}, "objective": box(), "algorithm": {"name": "random"}}
    result = bopp.run(experiment, output=tmp_path / "record", sync=False, objective=f)
    assert result["status"] == "completed" and set(seen) <= set(MATERIALS)
    recorded = [json.loads(line) for line in (tmp_path / "record" / "evaluations.jsonl").read_text().splitlines()]
    assert [MATERIALS[int(e["x"][1])] for e in recorded] == seen
    assert all(e["x"][2] == round(e["x"][2]) for e in recorded)
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["objective"]["name"] == "python:test_a_run_gives_the_callable_names_and_records_indices.<locals>.f"
    assert np.isfinite(result["best"]["y"])


def test_a_space_of_named_parameters():
    space = bopp.Space({"thickness": (0.1, 1.0), "ribs": bopp.Integer(2, 12), "material": MATERIALS})
    opt = bopp.Optimizer("random", objective_info=space, seed=4)
    assert opt.lower.tolist() == [0.1, 2.0, 0.0] and opt.upper.tolist() == [1.0, 12.0, 2.0]
    points = space.named(opt.ask(5))
    assert [list(p) for p in points] == [["thickness", "ribs", "material"]] * 5
    assert all(isinstance(p["ribs"], int) and p["material"] in MATERIALS for p in points)
    opt.tell([space.row(p) for p in points], [p["thickness"] + p["ribs"] for p in points])
    assert space.named([opt.best.x])[0]["thickness"] == min(points, key=lambda p: p["thickness"] + p["ribs"])["thickness"]
    with pytest.raises(KeyError, match="no parameter named 'colour'"):
        space.row({"colour": "red"})
    with pytest.raises(TypeError, match="Space parameter 'x'"):
        bopp.Space({"x": 3})
