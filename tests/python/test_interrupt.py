"""Ctrl-C: SIGINT sent to a child Python process stops bopp.run (recorded `stopped`, resumable
where a plugin evaluates) and interrupts a long Optimizer.ask at once, its points kept."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import bopp


def child(script, tmp_path):
    """A Python process running `script`, which prints "ready" once SIGINT may come."""
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def interrupt_when_ready(process):
    assert process.stdout.readline().strip() == "ready"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return out, err


def test_ctrl_c_stops_a_run_with_a_python_objective(tmp_path):
    process = child(
        """
        import sys, time, bopp
        calls = []
        def f(x):
            calls.append(1)
            if len(calls) == 2:
                print("ready", flush=True)
                time.sleep(0.3)   # SIGINT comes in here; the batch under way still ends
            return float(x.sum())
        try:
            bopp.run({"run": {"budget": 50, "batch": 2}, "objective": {"name": "sphere"},
                      "algorithm": {"name": "random"}}, output="record", sync=False, objective=f)
        except KeyboardInterrupt as e:
            print("interrupted", len(calls), e)
            raise
        """,
        tmp_path,
    )
    out, err = interrupt_when_ready(process)
    assert process.returncode == -signal.SIGINT, err  # Python's exit on KeyboardInterrupt
    assert "KeyboardInterrupt: bopp.run stopped" in err
    assert out.startswith("interrupted 2 "), out
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["status"] == "stopped" and "SIGINT" in run_json["message"]
    assert run_json["evaluations"] == 2


def test_ctrl_c_stops_a_plugin_run_which_bopp_resume_completes(bopp_program, tmp_path):
    # The command objective sleeps 50 ms a point: SIGINT comes once the first batch is recorded,
    # about a second before the run would end.
    process = child(
        """
        import os, time, bopp
        experiment = {"run": {"budget": 20, "seed": 2}, "algorithm": {"name": "random"},
                      "objective": {"name": "command", "argv": '["sh", "-c", "sleep 0.05; echo 1"]',
                                    "lower": [0.0], "upper": [1.0]}}
        import threading
        def watch():
            while not os.path.exists("record/evaluations.jsonl") or \\
                    not open("record/evaluations.jsonl").read():
                time.sleep(0.01)
            print("ready", flush=True)
        threading.Thread(target=watch, daemon=True).start()
        bopp.run(experiment, output="record", sync=False)
        """,
        tmp_path,
    )
    out, err = interrupt_when_ready(process)
    assert process.returncode == -signal.SIGINT, err
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["status"] == "stopped" and 1 <= run_json["evaluations"] < 20
    resumed = bopp_program("resume", tmp_path / "record")
    assert resumed.returncode == 0, resumed.stderr
    run_json = json.loads((tmp_path / "record" / "run.json").read_text())
    assert run_json["status"] == "completed" and run_json["evaluations"] == 20


def test_ctrl_c_interrupts_a_long_ask_and_the_next_ask_returns_its_points(tmp_path):
    plugins = os.path.join(os.environ["BOPP_TEST_BROKEN_PLUGIN_DIR"], "misbehaving")
    process = child(
        f"""
        import time, bopp
        opt = bopp.Optimizer("slow_algorithm", objective_info=bopp.Box([0.0], [1.0]),
                             config={{"sleep_ms": 1500}}, plugin_path={plugins!r})
        print("ready", flush=True)
        start = time.monotonic()
        try:
            opt.ask()  # 1.5 s
        except KeyboardInterrupt:
            print("interrupted after", time.monotonic() - start, flush=True)
        print("next", opt.ask().tolist(), flush=True)
        """,
        tmp_path,
    )
    assert process.stdout.readline().strip() == "ready"
    time.sleep(0.3)  # into the ask
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    first, second = out.splitlines()
    # Interrupted well before the 1.5 s ask could end (no wall-clock bound is asserted beyond
    # that ordering: the ask's own length is the reference).
    assert float(first.split()[-1]) < 1.5
    assert second == "next [[0.5]]"  # the interrupted ask's point; a fresh ask gives 2/3


def test_a_keyboard_interrupt_off_the_main_thread_changes_nothing():
    opt = bopp.Optimizer("random", objective_info=bopp.Box([0.0], [1.0]), seed=1)
    import threading

    result = []
    thread = threading.Thread(target=lambda: result.append(opt.ask(2)))
    thread.start()
    thread.join()
    assert result[0].shape[1] == 1 and opt.ask().shape == (1, 1)


@pytest.mark.parametrize("call", ["ask", "evaluate"])
def test_an_interrupted_call_raises_keyboard_interrupt_before_it_would_end(tmp_path, call):
    """SIGINT during a 3 s ask of a slow algorithm, or evaluate of a slow objective."""
    plugins = os.path.join(os.environ["BOPP_TEST_BROKEN_PLUGIN_DIR"], "misbehaving")
    made, called = {
        "ask": ('bopp.Optimizer("slow_algorithm", objective_info=bopp.Box([0.0], [1.0]), '
                f'config={{"sleep_ms": 3000}}, plugin_path={plugins!r})', "opt.ask()"),
        "evaluate": ('bopp.Optimizer("random", objective_info="slow_objective", '
                     f'objective_config={{"sleep_ms": 3000}}, plugin_path={plugins!r})',
                     "opt.evaluate([[0.5, 0.5]])"),
    }[call]
    process = child(
        f"""
        import time, bopp
        opt = {made}
        print("ready", flush=True)
        start = time.monotonic()
        try:
            {called}
        except KeyboardInterrupt:
            print(time.monotonic() - start, flush=True)
            raise
        """,
        tmp_path,
    )
    assert process.stdout.readline().strip() == "ready"
    time.sleep(0.3)  # into the call (a signal before it only makes the test weaker)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == -signal.SIGINT and "KeyboardInterrupt" in err, err
    # Cut short: the call's own 3 s are the yardstick, not a time budget.
    assert float(out) < 3.0
