#!/usr/bin/python3
"""bopp against Optuna, per evaluation: random search on the 5-d sphere.

Measures, in one go, a whole `bopp run` (process start, plugin loading, record written with
the default sync interval) of `random` on `sphere` (d = 5), 100 000 evaluations at batch 100,
and Optuna's in-memory RandomSampler for as many trials of the same function, and prints the
cost per evaluation of each and their ratio. docs/benchmarks.md gives the figures.

Optuna comes from Debian (`python3-optuna`, installed by packaging/install-deps.sh), so run
this with Debian's Python, /usr/bin/python3:

    bench/host/optuna_comparison.py --bopp build/release/bin/bopp

Optuna's cost per trial grows with the trials already in its in-memory study (100 000 trials
did not finish in 45 minutes on a shared 2-core machine), so --optuna-trials N times Optuna on
the first N trials only. Its cost per trial over those is less than its average over all
100 000, so the ratio printed is then a lower bound.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def bopp_run(bopp, folder, evaluations, batch, dim, sync_interval, checkpoint_interval):
    """Runs `bopp run` once; returns (wall seconds, CPU seconds of the child)."""
    experiment = os.path.join(folder, "sphere.toml")
    with open(experiment, "w") as f:
        f.write(f"[run]\nbudget = {evaluations}\nbatch = {batch}\n")
        if sync_interval is not None:
            f.write(f"sync_interval_s = {sync_interval}\n")
        if checkpoint_interval is not None:
            f.write(f"checkpoint_interval_s = {checkpoint_interval}\n")
        f.write(f'[objective]\nname = "sphere"\ndim = {dim}\n[algorithm]\nname = "random"\n')
    record = os.path.join(folder, "record")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([bopp, "run", experiment, "--output", record], check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(os.path.join(record, "run.json")) as f:
        run = json.load(f)
    if run["status"] != "completed" or run["evaluations"] != evaluations:
        sys.exit(f"bopp run did not complete: {run['status']}, {run['evaluations']} evaluations")
    with open(os.path.join(record, "evaluations.jsonl"), "rb") as f:
        lines = sum(1 for _ in f)
    if lines != evaluations:
        sys.exit(f"the record holds {lines} evaluations, not {evaluations}")
    return wall, cpu


def optuna_run(evaluations, dim):
    """Optuna's RandomSampler, in-memory storage; returns (wall seconds, CPU seconds)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)

    def sphere(trial):
        return sum(trial.suggest_float(f"x{i}", -5.12, 5.12) ** 2 for i in range(dim))

    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=0))
    start, cpu_start = time.perf_counter(), time.process_time()
    study.optimize(sphere, n_trials=evaluations)
    return time.perf_counter() - start, time.process_time() - cpu_start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bopp", default="build/release/bin/bopp", help="the bopp program")
    parser.add_argument("--evaluations", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--dim", type=int, default=5)
    parser.add_argument("--sync-interval", type=float, default=None,
                        help="[run] sync_interval_s for bopp (default: the key's default)")
    parser.add_argument("--checkpoint-interval", type=float, default=None,
                        help="[run] checkpoint_interval_s for bopp (0: after every batch; "
                        "default: the key's default)")
    parser.add_argument("--folder", default=None,
                        help="where bopp writes its record (default: a temporary folder)")
    parser.add_argument("--optuna-trials", type=int, default=None,
                        help="time Optuna on this many trials only (default: --evaluations); "
                        "the ratio is then a lower bound")
    parser.add_argument("--target", type=float, default=100.0, help="the ratio to reach")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        bopp_wall, bopp_cpu = bopp_run(args.bopp, folder, args.evaluations, args.batch, args.dim,
                                       args.sync_interval, args.checkpoint_interval)
    trials = args.optuna_trials or args.evaluations
    optuna_wall, optuna_cpu = optuna_run(trials, args.dim)

    n = args.evaluations
    us, optuna_us = 1e6 / n, 1e6 / trials
    print(f"{n} evaluations of the {args.dim}-d sphere, random search")
    print(f"  bopp run (batch {args.batch}, record on): {bopp_wall * us:9.2f} us/eval wall, "
          f"{bopp_cpu * us:9.2f} us/eval CPU")
    print(f"  optuna RandomSampler, in memory, {trials} trials: "
          f"{optuna_wall * optuna_us:9.2f} us/eval wall, {optuna_cpu * optuna_us:9.2f} us/eval CPU")
    ratio = (optuna_wall * optuna_us) / (bopp_wall * us)
    cpu_ratio = (optuna_cpu * optuna_us) / (bopp_cpu * us)
    bound = " (lower bounds: Optuna timed on fewer trials)" if trials < n else ""
    print(f"  ratio (optuna / bopp): {ratio:.0f}x wall, {cpu_ratio:.0f}x CPU{bound}; "
          f"target {args.target:.0f}x: {'met' if ratio >= args.target else 'MISSED'}")
    return 0 if ratio >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
