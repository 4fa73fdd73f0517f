"""bopp.run(objective=callable): a Python function evaluates the points of a whole run."""

import json
import os
import threading

import numpy as np
import pytest

import bopp

EXPERIMENT = {
    "run": {"seed": 7, "budget": 12, "batch": 3},
    "objective": {"name": "sphere", "dim": 2},
    "algorithm": {"name": "random"},
}


def python_sphere(x):
    """The sphere objective's sum of squares, coordinate after coordinate as it sums them."""
    assert isinstance(x, np.ndarray) and x.shape == (2,) and x.dtype == np.float64
    return float(x[0] * x[0] + x[1] * x[1])


def lines(folder):
    return [json.loads(line) for line in (folder / "evaluations.jsonl").read_text().splitlines()]


def test_a_callable_run_records_what_the_plugin_run_records(bopp_program, tmp_path):
    plugin = bopp.run(EXPERIMENT, output=tmp_path / "plugin", sync=False)
    called = bopp.run(EXPERIMENT, output=tmp_path / "python", sync=False, objective=python_sphere)
    assert called["status"] == "completed" and called["evaluations"] == 12
    assert [(e["x"], e["y"], e["seed"], e["status"]) for e in lines(tmp_path / "python")] == \
        [(e["x"], e["y"], e["seed"], e["status"]) for e in lines(tmp_path / "plugin")]
    assert called["best"] == plugin["best"] and called["optimum"] == plugin["optimum"] == 0.0
    run_json = json.loads((tmp_path / "python" / "run.json").read_text())
    assert run_json["objective"] == {"name": "python:python_sphere"}
    assert run_json["problem"]["name"] == "sphere" and run_json["evaluator"] == "serial"
    report = bopp_program("report", tmp_path / "python")
    assert report.returncode == 0, report.stderr
    assert "python:python_sphere" in report.stdout


def test_an_exception_or_nan_is_a_failed_evaluation_and_the_run_goes_on(bopp_program, tmp_path):
    calls = []

    class Flaky:
        def __call__(self, x):
            calls.append(x.copy())
            if len(calls) % 3 == 1:
                raise ValueError("no convergence at\nthis point")
            return float("nan") if len(calls) % 3 == 2 else float(x.sum())

    result = bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False, objective=Flaky())
    assert result["status"] == "completed" and result["evaluations"] == 12 == len(calls)
    assert result["failed_evaluations"] == 8
    recorded = lines(tmp_path / "record")
    assert [e["message"] for e in recorded[:3]] == [
        "ValueError: no convergence at", "the objective returned NaN", ""]
    assert [e["status"] for e in recorded] == ["failed", "failed", "ok"] * 4
    assert recorded[2]["y"] == pytest.approx(calls[2].sum())
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["objective"]["name"] == "python:" + Flaky.__qualname__  # its class's
    assert bopp_program("report", tmp_path / "record").returncode == 0


def test_a_keyboard_interrupt_stops_the_run_and_bopp_resume_refuses_it(bopp_program, tmp_path):
    calls = []

    def interrupted(x):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return python_sphere(x)

    with pytest.raises(KeyboardInterrupt, match="bopp.run stopped"):
        bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False, objective=interrupted)
    # As on Ctrl-C, the batch under way ends: 2 batches of 3, the interrupted call failed.
    assert len(calls) == 6
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["status"] == "stopped" and run_json["evaluations"] == 6
    assert [e["message"] for e in lines(tmp_path / "record")][3] == "KeyboardInterrupt"
    # The record names the callable, not the plugin: a resume must not evaluate the plugin.
    resumed = bopp_program("resume", tmp_path / "record")
    assert resumed.returncode != 0
    assert "python:test_a_keyboard_interrupt" in resumed.stderr


def test_only_the_serial_and_threads_evaluators_run_a_callable(tmp_path):
    experiment = dict(EXPERIMENT, evaluator={"kind": "processes"})
    with pytest.raises(bopp.RunError,
                       match="'processes' cannot evaluate python:python_sphere: a caller's "
                             "objective runs only 'serial' or 'threads'"):
        bopp.run(experiment, output=tmp_path / "record", objective=python_sphere)
    assert not (tmp_path / "record").exists()


def test_an_object_that_cannot_be_called_is_a_type_error():
    with pytest.raises(TypeError, match="callable"):
        bopp.run(EXPERIMENT, objective=3.0)


def test_an_exception_message_with_a_lone_surrogate_is_recorded_escaped(tmp_path):
    def surrogate(x):
        raise ValueError("bad \ud800 text")

    result = bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False, objective=surrogate)
    assert result["status"] == "completed" and result["failed_evaluations"] == 12
    assert {e["message"] for e in lines(tmp_path / "record")} == {"ValueError: bad \\ud800 text"}


def test_a_second_run_on_another_thread_is_refused_the_folder_in_use(tmp_path):
    started, release = threading.Event(), threading.Event()

    def held(x):
        started.set()
        release.wait(60)
        return python_sphere(x)

    outcome = {}
    first = threading.Thread(target=lambda: outcome.update(bopp.run(
        EXPERIMENT, output=tmp_path / "record", sync=False, objective=held)))
    first.start()
    try:
        assert started.wait(60)
        with pytest.raises(bopp.RunError, match="is in use by process"):
            bopp.run(EXPERIMENT, output=tmp_path / "record", sync=False, overwrite=True)
    finally:
        release.set()
        first.join()
    assert outcome["status"] == "completed" and outcome["evaluations"] == 12
    assert len(lines(tmp_path / "record")) == 12


def test_a_folder_name_that_is_not_utf8_is_returned_as_os_fsdecode_gives_it(tmp_path):
    folder = tmp_path / os.fsdecode(b"record-\xff")
    result = bopp.run(EXPERIMENT, output=folder, sync=False, objective=python_sphere)
    assert result["status"] == "completed" and result["record"] == str(folder)
    assert json.loads((folder / "run.json").read_text())["status"] == "completed"


def test_the_threads_evaluator_overlaps_calls_and_records_what_serial_records(tmp_path):
    # Two calls meet at a barrier, which only calls running at once can pass: with the GIL
    # held only inside each call, the threads evaluator runs them so.
    barrier, lock = threading.Barrier(2, timeout=30), threading.Lock()
    met = []

    def meeting(x):
        with lock:
            first_two = len(met) < 2
            met.append(1)
        if first_two:
            barrier.wait()  # releases the GIL while it waits
        return python_sphere(x)

    threaded = dict(EXPERIMENT, evaluator={"kind": "threads", "workers": 3})
    result = bopp.run(threaded, output=tmp_path / "threads", sync=False, objective=meeting)
    assert result["status"] == "completed" and result["failed_evaluations"] == 0 and len(met) == 12
    bopp.run(EXPERIMENT, output=tmp_path / "serial", sync=False, objective=python_sphere)
    assert [(e["x"], e["y"]) for e in lines(tmp_path / "threads")] == \
        [(e["x"], e["y"]) for e in lines(tmp_path / "serial")]
    run_json = json.loads((tmp_path / "threads" / "run.json").read_text())
    assert run_json["evaluator"] == "threads (3)"
