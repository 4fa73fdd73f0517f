"""bopp.run, bopp.list_plugins and bopp.describe: what the CLI does, in Python values."""

import json

import pytest

import bopp


def test_a_run_from_a_dict_writes_a_record_bopp_report_reads(bopp_program, tmp_path):
    experiment = {
        "run": {"seed": 3, "budget": 8, "batch": 2},
        "objective": {"name": "branin"},
        "algorithm": {"name": "random", "design": "sobol"},
    }
    result = bopp.run(experiment, output=tmp_path / "record", sync=False)
    assert result["status"] == "completed" and result["evaluations"] == 8
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["status"] == "completed" and run_json["seed"] == 3
    assert result["best"]["y"] == run_json["best"]["y"]
    report = bopp_program("report", tmp_path / "record")
    assert report.returncode == 0, report.stderr
    assert "random" in report.stdout and "branin" in report.stdout


def test_a_run_is_the_same_as_bopp_runs(bopp_program, tmp_path):
    text = '[run]\nseed = 5\nbudget = 6\n[objective]\nname = "sphere"\ndim = 2\n' \
           '[algorithm]\nname = "random"\n'
    bopp.run(text, output=tmp_path / "python", sync=False)
    (tmp_path / "exp.toml").write_text(text)
    done = bopp_program("run", tmp_path / "exp.toml", "--output", tmp_path / "cli", "--no-sync")
    assert done.returncode == 0, done.stderr

    def points(folder):
        lines = (tmp_path / folder / "evaluations.jsonl").read_text().splitlines()
        return [(json.loads(line)["x"], json.loads(line)["y"]) for line in lines]

    assert points("python") == points("cli")


def test_a_bad_experiment_raises_a_config_error_naming_the_key():
    with pytest.raises(bopp.ConfigError, match="budgte"):
        bopp.run('[run]\nbudgte = 3\n[objective]\nname = "sphere"\n[algorithm]\nname = "random"\n')


def test_list_and_describe_show_the_plugins():
    names = {(p["kind"], p["name"]) for p in bopp.list_plugins()}
    assert ("algorithm", "gpbo") in names and ("objective", "branin") in names
    gpbo = bopp.describe("gpbo")
    assert gpbo["kind"] == "algorithm"
    params = {p["name"]: p for p in gpbo["params"]}
    assert params["acquisition"]["default"] == "logei"  # a Python value, not TOML text
    assert params["acquisition"]["required"] is False
    with pytest.raises(bopp.PluginError, match="no_such_plugin"):
        bopp.describe("no_such_plugin")


def test_the_stubs_declare_every_name_and_method_of_the_compiled_module():
    import ast
    import pathlib

    from bopp import _bopp

    stub = ast.parse((pathlib.Path(_bopp.__file__).parent / "_bopp.pyi").read_text())
    declared = {node.name: node for node in stub.body if hasattr(node, "name")}
    declared.update({t.id: node for node in stub.body if isinstance(node, ast.AnnAssign)
                     for t in [node.target]})
    public = {name for name in dir(_bopp) if not name.startswith("__") or name == "__version__"}
    assert public <= set(declared), public - set(declared)
    methods = {n.name for n in declared["_Optimizer"].body if isinstance(n, ast.FunctionDef)}
    assert {m for m in dir(_bopp._Optimizer) if not m.startswith("_")} <= methods
