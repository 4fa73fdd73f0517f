#!/usr/bin/python3
"""Estimates the algorithm time of a whole 1000-evaluation gpbo GP-UCB run from timed windows.

Usage: gpbo_whole_run.py PATH/TO/bopp [--objectives rastrigin:100,levy:20]
                         [--windows 100,250,500,750,1000] [--iterations 5] [--warmup 3]
                         [--budget 1000] [--set key=value]...

A whole run at d = 100 takes hours, so it is sampled: at each window end n, gpbo runs with
the settings of examples/papers/wei-fig2.toml's GP-UCB (UCB, beta = 4, maximum likelihood,
10 acquisition restarts; --set adds or overrides algorithm keys, e.g.
fit_restart_schedule=every_fit) on a Sobol design of n - warmup - iterations points, then
once more with `iterations` fewer model iterations. The difference of the two processes' CPU
times over `iterations` is the CPU time of one iteration at about n points in steady state
(the warm-up iterations absorb the cold first fit and the restart schedule's first fits).
Iteration times between windows are interpolated linearly in n and summed from the design's
end (20 points) to the budget: an extrapolation, not a measured run. The data are design
points rather than the points a real run would have chosen, which changes how many
likelihood evaluations a fit needs; the likelihood evaluations of the timed iterations are
printed beside the times (from gpbo's debug log lines).

CPU times (OpenBLAS on one thread), so a machine shared with other work inflates them less
than wall-clock; the load average before and after is printed.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import re
import resource
import subprocess
import tempfile

DESIGN = 20  # wei-fig2's initial design


def experiment(objective, dim, points, budget, extra):
    lines = [
        "[run]", f"budget = {budget}", "seed = 0", "",
        "[algorithm]", 'name = "gpbo"', 'acquisition = "ucb"', "beta = 4.0",
        f"initial_points = {points}", "priors = false", "optimizer_restarts = 10",
    ]
    lines += [f"{k} = {v}" for k, v in extra.items()]
    lines += ["", "[objective]", f'name = "{objective}"', f"dim = {dim}", ""]
    return "\n".join(lines)


def toml_value(text):
    """A number or a boolean as written, anything else as a string."""
    if text in ("true", "false"):
        return text
    try:
        float(text)
        return text
    except ValueError:
        return json.dumps(text)


def cpu_seconds_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def likelihood_evaluations(log_path, first_fit):
    """Likelihood evaluations of the fits from number `first_fit` on, from the debug lines."""
    total = 0
    for line in open(log_path):
        message = json.loads(line).get("message", "")
        m = re.search(r": fit (\d+): (.*)", message)
        if m and int(m.group(1)) >= first_fit:
            total += sum(int(x) for x in re.findall(r"(\d+) likelihood evaluations", m.group(2)))
    return total


def window(bopp, objective, dim, n, iterations, warmup, extra, folder):
    times, evaluations = [], 0
    for timed in (0, iterations):
        design = n - warmup - iterations
        path = os.path.join(folder, f"{objective}{dim}-{n}-{timed}.toml")
        with open(path, "w") as f:
            f.write(experiment(objective, dim, design, design + warmup + timed, extra))
        out = os.path.join(folder, f"{objective}{dim}-{n}-{timed}")
        times.append(cpu_seconds_of([bopp, "run", path, "--output", out, "--overwrite"]))
        if timed:
            evaluations = likelihood_evaluations(os.path.join(out, "log.jsonl"), warmup + 1)
    return (times[1] - times[0]) / iterations, evaluations / iterations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bopp")
    parser.add_argument("--objectives", default="rastrigin:100,levy:20")
    parser.add_argument("--windows", default="100,250,500,750,1000")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--budget", type=int, default=1000)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    extra = {k: toml_value(v) for k, v in (s.split("=", 1) for s in args.set)}
    windows = [int(w) for w in args.windows.split(",")]
    print(f"load average before: {os.getloadavg()}")
    print(f"algorithm keys beyond wei-fig2's GP-UCB: {extra or 'none'}")
    with tempfile.TemporaryDirectory() as folder:
        for spec in args.objectives.split(","):
            objective, dim = spec.split(":")
            per_iteration = []
            print(f"\n{objective} (d = {dim})")
            print("| n | CPU s / iteration | likelihood evaluations / iteration |")
            print("|---:|---:|---:|")
            for n in windows:
                seconds, evaluations = window(args.bopp, objective, int(dim), n, args.iterations,
                                              args.warmup, extra, folder)
                per_iteration.append((n, seconds))
                print(f"| {n} | {seconds:.3f} | {evaluations:.0f} |", flush=True)
            total = 0.0
            for t in range(DESIGN, args.budget):  # the iteration that asks point t + 1
                lo = max((w for w in per_iteration if w[0] <= t), default=per_iteration[0])
                hi = min((w for w in per_iteration if w[0] >= t), default=per_iteration[-1])
                frac = 0.0 if hi[0] == lo[0] else (t - lo[0]) / (hi[0] - lo[0])
                total += max(0.0, lo[1] + frac * (hi[1] - lo[1]))
            print(f"extrapolated algorithm CPU time of a {args.budget}-evaluation run: "
                  f"{total:.0f} s ({total / 60:.1f} minutes)")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
