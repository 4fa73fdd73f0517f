"""bopp.read_run and bopp.read_bench: a record as NumPy arrays (and pandas, when importable)."""

import json

import numpy as np
import pytest

import bopp

EXPERIMENT = {
    "run": {"seed": 2, "budget": 6, "batch": 2},
    "objective": {"name": "sphere", "dim": 3},
    "algorithm": {"name": "random"},
}


def lines(folder):
    return [json.loads(line) for line in (folder / "evaluations.jsonl").read_text().splitlines()]


def test_a_run_record_as_arrays(tmp_path):
    calls = []

    def f(x):
        calls.append(1)
        return float("nan") if len(calls) == 3 else float((x * x).sum())

    bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False, objective=f)
    record = bopp.read_run(tmp_path / "record")
    recorded = lines(tmp_path / "record")
    assert record.x.shape == (6, 3) and record.x.tolist() == [e["x"] for e in recorded]
    assert np.isnan(record.y[2]) and record.y[[0, 1, 3, 4, 5]].tolist() == [
        e["y"] for i, e in enumerate(recorded) if i != 2]
    assert record.status.tolist() == [e["status"] for e in recorded] and record.status[2] == "failed"
    assert record.batch.tolist() == [0, 0, 1, 1, 2, 2] and record.index.tolist() == list(range(6))
    assert record.seed.dtype == np.uint64 and record.seed.tolist() == [e["seed"] for e in recorded]
    assert record.time.shape == (6,) and np.all(record.time >= 0)
    assert record.regret is not None and record.regret[0] == recorded[0]["regret"]
    assert np.isnan(record.regret[2])
    assert record.run["status"] == "completed"


def test_a_record_without_an_optimum_has_no_regret(tmp_path):
    experiment = dict(EXPERIMENT, objective=bopp.Box([0.0], [1.0]))
    bopp.run(experiment, output=tmp_path / "record", sync=False, objective=lambda x: float(x[0]))
    record = bopp.read_run(str(tmp_path / "record"))
    assert record.regret is None and record.simple_regret is None and record.y.shape == (6,)


def test_a_bench_as_arrays(bopp_program, tmp_path):
    (tmp_path / "grid.toml").write_text(
        '[bench]\nseeds = [0, 1]\nbudget = 3\n[[algorithm]]\nname = "random"\n'
        '[[objective]]\nname = "sphere"\ndim = 2\n'
    )
    done = bopp_program("bench", tmp_path / "grid.toml", "--output", tmp_path / "bench", "--no-sync")
    assert done.returncode == 0, done.stderr
    bench = bopp.read_bench(tmp_path / "bench")
    assert [(r.objective, r.algorithm, r.seed) for r in bench.runs] == [
        ("sphere", "random", 0), ("sphere", "random", 1)]
    assert all(r.record is not None and r.record.x.shape == (3, 2) for r in bench.runs)
    assert bench.runs[0].record.x.tolist() != bench.runs[1].record.x.tolist()


def test_to_pandas_is_a_frame_of_the_same_values(tmp_path):
    pandas = pytest.importorskip("pandas")
    bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False)
    record = bopp.read_run(tmp_path / "record")
    frame = record.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 6
    assert frame["x2"].tolist() == record.x[:, 2].tolist() and frame["y"].tolist() == record.y.tolist()


def test_to_pandas_without_pandas_says_what_to_install(tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real_import(name, *args, **kwargs)

    bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False)
    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="python3-pandas"):
        bopp.read_run(tmp_path / "record").to_pandas()
