#!/usr/bin/python3
"""The Python binding's overhead per call: bopp.Optimizer's ask and tell against C++'s.

The same three loops as bench/host/embed_overhead_bench (the C++ side, Google Benchmark):
`random` on a 10-d box [0, 1]^10, seed 1, one point per call.

    ask      X = opt.ask()                      (a (1, 10) float64 array)
    tell     opt.tell(X, y)                     (a fixed X and a one-value array)
    asktell  X = opt.ask(); opt.tell(X, X[:, 0])

Runs the C++ benchmark, then times each loop in Python (time.perf_counter, the median of
--repeats runs of --calls calls), and prints per call: C++ time, Python time, their ratio and
the difference, which is what the binding adds (the goal: under 20 µs). Run it with the
interpreter the module was built for, from the source tree (docs/benchmarks.md):

    cmake --build --preset release -j2 --target bopp_python embed_overhead_bench random
    PYTHONPATH=build/release/python bench/python/embed_overhead.py \\
        --cpp build/release/bin/embed_overhead_bench
"""
import argparse
import json
import statistics
import subprocess
import time

import numpy as np

import bopp

DIM = 10


def optimizer():
    return bopp.Optimizer("random", objective_info=bopp.Box(lower=[0.0] * DIM, upper=[1.0] * DIM),
                          seed=1)


def ask_loop(calls):
    opt = optimizer()
    ask = opt.ask
    start = time.perf_counter()
    for _ in range(calls):
        ask()
    return time.perf_counter() - start


def tell_loop(calls):
    opt = optimizer()
    tell = opt.tell
    X = np.full((1, DIM), 0.5)
    y = np.array([0.25])
    start = time.perf_counter()
    for _ in range(calls):
        tell(X, y)
    return time.perf_counter() - start


def ask_tell_loop(calls):
    opt = optimizer()
    ask, tell = opt.ask, opt.tell
    start = time.perf_counter()
    for _ in range(calls):
        X = ask()
        tell(X, X[:, 0])
    return time.perf_counter() - start


LOOPS = {"ask": (ask_loop, "BM_Ask"), "tell": (tell_loop, "BM_Tell"),
         "asktell": (ask_tell_loop, "BM_AskTell")}


def cpp_times(program, repeats):
    """Median real time per iteration of each C++ benchmark, in µs."""
    done = subprocess.run([program, "--benchmark_format=json",
                           f"--benchmark_repetitions={repeats}",
                           "--benchmark_report_aggregates_only=true"],
                          check=True, capture_output=True, text=True)
    times = {}
    for b in json.loads(done.stdout)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3}[b["time_unit"]]
            times[b["run_name"]] = b["real_time"] * scale
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpp", required=True, help="the embed_overhead_bench program")
    parser.add_argument("--calls", type=int, default=100_000, help="calls per timed loop")
    parser.add_argument("--repeats", type=int, default=5, help="timed loops per side")
    args = parser.parse_args()

    cpp = cpp_times(args.cpp, args.repeats)
    print(f"random, {DIM}-d box, one point per call; medians of {args.repeats} runs")
    print(f"{'call':8} {'C++ µs':>9} {'Python µs':>10} {'ratio':>7} {'binding adds µs':>16}")
    for name, (loop, cpp_name) in LOOPS.items():
        loop(1000)  # warm up: first calls, caches
        python = statistics.median(loop(args.calls) for _ in range(args.repeats)) / args.calls * 1e6
        native = cpp[cpp_name]
        print(f"{name:8} {native:9.3f} {python:10.3f} {python / native:7.1f} "
              f"{python - native:16.3f}")


if __name__ == "__main__":
    main()
