"""bopp.run(experiment, objective=f) with a bopp.Box (or bounds) as the problem: no plugin to
borrow, and regret only when the Box gives the optimum."""

import json

import numpy as np
import pytest

import bopp


def lines(folder):
    return [json.loads(line) for line in (folder / "evaluations.jsonl").read_text().splitlines()]


def shifted(x):
    return float(((x - 0.25) ** 2).sum()) + 1.0


def test_a_box_is_a_runs_problem_without_regret(bopp_program, tmp_path):
    box = bopp.Box(lower=[0.0, 0.0], upper=[1.0, 1.0])
    experiment = {"run": {"seed": 4, "budget": 6}, "objective": box, "algorithm": {"name": "random"}}
    result = bopp.run(experiment, output=tmp_path / "record", sync=False, objective=shifted)
    assert result["status"] == "completed" and result["evaluations"] == 6
    assert result["optimum"] is None
    recorded = lines(tmp_path / "record")
    assert all("regret" not in e for e in recorded)
    assert all(0.0 <= v <= 1.0 for e in recorded for v in e["x"])
    assert [e["y"] for e in recorded] == [shifted(np.array(e["x"])) for e in recorded]
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["objective"]["name"] == "python:shifted" and run_json["problem"]["name"] == "box"
    assert bopp_program("report", tmp_path / "record").returncode == 0


def test_the_boxs_optimum_gives_the_regret(tmp_path):
    box = bopp.Box(lower=[0.0], upper=[1.0], optimum=1.0)
    experiment = {"run": {"budget": 4}, "objective": box, "algorithm": {"name": "random"}}
    bopp.run(experiment, output=tmp_path / "record", sync=False, objective=shifted)
    recorded = lines(tmp_path / "record")
    assert [e["regret"] for e in recorded] == [e["y"] - 1.0 for e in recorded]


def test_bounds_as_pairs_and_a_maximized_box(tmp_path):
    experiment = {"run": {"budget": 3}, "objective": [(0.0, 2.0), (-1.0, 1.0)], "algorithm": {"name": "random"}}
    result = bopp.run(experiment, output=tmp_path / "a", sync=False, objective=shifted)
    assert result["status"] == "completed"
    assert all(0 <= e["x"][0] <= 2 and -1 <= e["x"][1] <= 1 for e in lines(tmp_path / "a"))
    experiment["objective"] = bopp.Box([0.0], [1.0], maximize=True)
    result = bopp.run(experiment, output=tmp_path / "b", sync=False, objective=shifted)
    assert result["best"]["y"] == max(e["y"] for e in lines(tmp_path / "b"))


def test_a_box_without_a_callable_is_a_type_error():
    experiment = {"run": {"budget": 3}, "objective": bopp.Box([0.0], [1.0]), "algorithm": {"name": "random"}}
    with pytest.raises(TypeError, match="pass objective=f"):
        bopp.run(experiment)
