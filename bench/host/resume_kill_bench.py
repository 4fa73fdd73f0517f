#!/usr/bin/python3
"""Kill/resume cycles of `bopp run`: how many resumed records equal the uninterrupted run.

Each cycle starts `bopp run` on a noisy objective (the test plugins' slow_objective, seeded
noise) in batches of 3, kills it with SIGKILL once a pseudo-random number of evaluations is on
disk (and a pseudo-random moment later), sometimes kills the `bopp resume` that follows the same
way, then resumes to the end and compares the record with an uninterrupted run of the same
experiment: every evaluation's index, batch, x, y, status and seed, and run.json but its times.
The kill points come from a seeded generator, so two invocations kill at the same line counts.

    bench/host/resume_kill_bench.py --bopp build/release/bin/bopp \\
        --plugin-path build/release/test-plugins/misbehaving --cycles 200

The algorithms alternate between `random` and `gpbo` (whose asks depend on what it was told, so
a replay that told it something else would ask other points). docs/run-record.md gives the
figures.
"""
import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time


def experiment(folder, algorithm, budget, sleep_ms):
    path = os.path.join(folder, f"{algorithm}.toml")
    with open(path, "w") as f:
        f.write(f"[run]\nseed = 5\nbudget = {budget}\nbatch = 3\n"
                f"[objective]\nname = 'slow_objective'\nsleep_ms = {sleep_ms}\nnoise = 0.2\n"
                f"[algorithm]\nname = '{algorithm}'\n")
    return path


def lines_in(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


def kill_after(command, evaluations, lines, delay, env):
    """Starts `command`, SIGKILLs it once `lines` lines are in `evaluations` plus `delay`."""
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    while child.poll() is None and lines_in(evaluations) < lines:
        time.sleep(0.0005)
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()


def record(folder):
    with open(os.path.join(folder, "evaluations.jsonl")) as f:
        evaluations = [json.loads(line) for line in f if line.strip()]
    keep = ("index", "batch", "x", "y", "status", "seed")
    evaluations = [{k: e[k] for k in keep} for e in evaluations]
    with open(os.path.join(folder, "run.json")) as f:
        run = json.load(f)
    for key in ("time", "started", "finished"):
        run.pop(key, None)
    return evaluations, run


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bopp", required=True)
    parser.add_argument("--plugin-path", required=True, help="the folder of slow_objective")
    parser.add_argument("--cycles", type=int, default=200)
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--sleep-ms", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = dict(os.environ, BOPP_PLUGIN_PATH=os.path.abspath(args.plugin_path))
    bopp = os.path.abspath(args.bopp)
    generator = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        expected = {}
        for algorithm in ("random", "gpbo"):
            file = experiment(folder, algorithm, args.budget, args.sleep_ms)
            out = os.path.join(folder, f"straight-{algorithm}")
            subprocess.run([bopp, "run", file, "--output", out], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            expected[algorithm] = record(out)
        matched = killed_twice = complete_before_kill = 0
        mismatches = []
        start = time.perf_counter()
        for cycle in range(args.cycles):
            algorithm = ("random", "gpbo")[cycle % 2]
            file = os.path.join(folder, f"{algorithm}.toml")
            out = os.path.join(folder, f"cycle{cycle}")
            evaluations = os.path.join(out, "evaluations.jsonl")
            kill_after([bopp, "run", file, "--output", out], evaluations,
                       generator.randint(1, args.budget - 1), generator.uniform(0, 0.005), env)
            if generator.random() < 0.5:  # kill the resume too, later on
                killed_twice += 1
                kill_after([bopp, "resume", out], evaluations,
                           generator.randint(lines_in(evaluations), args.budget),
                           generator.uniform(0, 0.005), env)
            with open(os.path.join(out, "run.json")) as f:
                if json.load(f)["status"] == "completed":
                    complete_before_kill += 1
            resumed = subprocess.run([bopp, "resume", out], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
            if resumed.returncode == 0 and record(out) == expected[algorithm]:
                matched += 1
            else:
                mismatches.append(f"cycle {cycle} ({algorithm}): exit {resumed.returncode} "
                                  f"{resumed.stderr.strip()}")
        seconds = time.perf_counter() - start
    print(f"{matched} of {args.cycles} resumed records matched the uninterrupted run "
          f"({killed_twice} killed again while resuming, {complete_before_kill} complete before "
          f"the last kill); {seconds:.1f} s")
    for line in mismatches:
        print(line)
    return 0 if matched == args.cycles else 1


if __name__ == "__main__":
    sys.exit(main())
