#!/usr/bin/python3
"""Times bopp::bo beside scikit-learn's GaussianProcessRegressor on the same data.

Usage: compare_sklearn.py PATH/TO/bo_bench [--sizes 250,500,1000,2000] [--max-evals 50]
                          [--repeats 1]

Writes the data (d = 10, uniform inputs, a smooth function plus noise) to a temporary
folder, runs bo_bench on it (BOPP_BENCH_DATA), then fits sklearn with the same model
(ConstantKernel * Matern(nu=2.5, ARD) + WhiteKernel, normalize_y, one L-BFGS-B start with
the same evaluation cap) and predicts mean and standard deviation at 10 000 points; prints
both timings with the likelihood evaluations each fit used, the ratios, the exponent of
bopp's fit time in n (log-log slope), and the prediction's distance from the arithmetic
limit (n^2 m flops at the single-core GEMM rate bo_bench measured).

Times are CPU times (one thread everywhere), so a machine shared with other work inflates
them less than wall-clock; with --repeats N each figure is the minimum of N runs. Load
averages before and after are printed beside them.

Both sides run on the OpenBLAS kernels that `bopp --version` (beside bo_bench) names, unless
OPENBLAS_CORETYPE is set: OpenBLAS's own detection falls back to its generic kernels on some
virtual machines, which made both sides about 4 times slower and the ratio 5.3x instead of 15x.
"""
import os
import re
import subprocess
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")


def bopp_openblas_core(bench):
    """The kernel name bopp sets OPENBLAS_CORETYPE to on this CPU, or None."""
    bopp = os.path.join(os.path.dirname(os.path.abspath(bench)), "bopp")
    try:
        out = subprocess.run([bopp, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"OpenBLAS kernels: ([A-Za-z0-9_]+) ", out)
    return found.group(1) if found else None


# Before numpy loads OpenBLAS, which reads the variable once.
if "OPENBLAS_CORETYPE" not in os.environ and len(sys.argv) > 1:
    core = bopp_openblas_core(sys.argv[1])
    if core:
        os.environ["OPENBLAS_CORETYPE"] = core

import argparse
import json
import tempfile
import time
import warnings

import numpy as np
import scipy.optimize
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.exceptions import ConvergenceWarning
from sklearn.gaussian_process.kernels import ConstantKernel, Matern, WhiteKernel

# Lengthscales of the five inactive inputs run to their bound, as they should.
warnings.filterwarnings("ignore", category=ConvergenceWarning)

DIM = 10
M = 10_000
DEFAULT_SUBSET = 500  # FitOptions::subset_size


def make_data(n, rng):
    X = rng.uniform(size=(n, DIM))
    y = np.sin(6 * X[:, 0]) + X[:, 1] * X[:, 2] + np.cos(3 * X[:, 3] + X[:, 4]) + rng.normal(0, 0.05, n)
    return X, y


def capped_lbfgs(max_evals, counter):
    def optimizer(obj_func, initial_theta, bounds):
        def counted(theta):
            counter[0] += 1
            return obj_func(theta)
        result = scipy.optimize.minimize(counted, initial_theta, method="L-BFGS-B", jac=True,
                                         bounds=bounds, options={"maxfun": max_evals})
        return result.x, result.fun
    return optimizer


def sklearn_model(max_evals, counter):
    kernel = ConstantKernel(1.0, (1e-3, 1e2)) * Matern(np.full(DIM, 0.5), (1e-3, 1e2), nu=2.5) \
        + WhiteKernel(1e-4, (1e-8, 10.0))
    return GaussianProcessRegressor(kernel, normalize_y=True, n_restarts_optimizer=0,
                                    optimizer=capped_lbfgs(max_evals, counter))


def cpu_ms(action, repeats):
    """Minimum CPU time of `repeats` calls, in ms, and the last call's result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.process_time()
        result = action()
        best = min(best, 1e3 * (time.process_time() - start))
    return best, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench")
    parser.add_argument("--sizes", default="250,500,1000,2000")
    parser.add_argument("--max-evals", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    core = os.environ.get("OPENBLAS_CORETYPE", "chosen by OpenBLAS")
    print(f"OpenBLAS kernels: {core}")

    rng = np.random.default_rng(1)
    with tempfile.TemporaryDirectory() as folder:
        data = {n: make_data(n, rng) for n in sorted(set(sizes) | {250, 1000})}
        for n, (X, y) in data.items():
            np.savetxt(f"{folder}/X_{n}.csv", X, delimiter=",", fmt="%.17g")
            np.savetxt(f"{folder}/y_{n}.csv", y, delimiter=",", fmt="%.17g")
        Xs = rng.uniform(size=(M, DIM))
        np.savetxt(f"{folder}/Xs.csv", Xs, delimiter=",", fmt="%.17g")

        fits = "|".join(f"n:{n}/" for n in sizes)
        out = subprocess.run(
            [args.bench, f"--benchmark_filter=BM_FitHyperparameters/({fits})|BM_Predict|BM_Optimize|BM_Gemm",
             "--benchmark_format=json", f"--benchmark_repetitions={args.repeats}"],
            env=dict(os.environ, BOPP_BENCH_DATA=folder), check=True, capture_output=True, text=True).stdout
        ours = {}
        for b in json.loads(out)["benchmarks"]:
            if b.get("run_type", "iteration") != "iteration":
                continue
            name = b.get("run_name", b["name"])
            if name not in ours or b["cpu_time"] < ours[name]["cpu_time"]:
                ours[name] = b

        def ms(b):
            scale = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b["time_unit"]]
            return b["cpu_time"] * scale

        # Each fit row: (n, FitOptions::subset_size, benchmark); below twice the subset size
        # the subset is not used and every evaluation is on all n points.
        rows = []
        for name, b in ours.items():
            if name.startswith("BM_FitHyperparameters/"):
                fields = dict(part.split(":") for part in name.split("/")[1:] if ":" in part)
                if int(fields["max_evals"]) == args.max_evals and int(fields["n"]) in sizes:
                    rows.append((int(fields["n"]), int(fields["subset"]), b))
        rows.sort(key=lambda r: (r[0], r[1]))
        print(f"{'fit, d=10 (CPU ms)':<22}{'bopp':>10}{'evals':>9}{'lml/n':>8}"
              f"{'sklearn':>11}{'evals':>7}{'lml/n':>8}{'ratio':>8}")
        sklearn_fits = {}
        for n in sizes:
            X, y = data[n]
            counter = [0]
            sk, model = cpu_ms(lambda: sklearn_model(args.max_evals, counter).fit(X, y), args.repeats)
            sklearn_fits[n] = (sk, counter[0] // args.repeats, model.log_marginal_likelihood_value_ / n)
        direct, default = {}, {}  # n -> ms: every evaluation on all points; FitOptions' default
        for n, subset, b in rows:
            sk, sk_evals, sk_lml = sklearn_fits[n]
            used = n >= 2 * subset > 0
            evals = f"{int(b['evaluations'])}" + (f"+{int(b['subset_evaluations'])}s" if used else "")
            label = f"n = {n}" + (f", subset {subset}" if used else "")
            if not used:
                direct[n] = ms(b)
            if subset == DEFAULT_SUBSET:
                default[n] = ms(b)
            print(f"{label:<22}{ms(b):>10.1f}{evals:>9}{b['lml_per_point']:>8.3f}"
                  f"{sk:>11.1f}{sk_evals:>7}{sk_lml:>8.3f}{sk / ms(b):>8.1f}")
        print("(evals: likelihood evaluations on all n points, +Ns on the subset; lml/n: log "
              "marginal likelihood per point reached, standardized outputs)")
        for title, times in (("every evaluation on all points", direct),
                             (f"default (subset {DEFAULT_SUBSET})", default)):
            times = sorted(times.items())
            if len(times) > 1:
                logs = np.log(times)
                slope = np.polyfit(logs[:, 0], logs[:, 1], 1)[0]
                pairs = ", ".join(f"{a[0]}-{b[0]}: {np.log(b[1] / a[1]) / np.log(b[0] / a[0]):.2f}"
                                  for a, b in zip(times, times[1:]))
                print(f"bopp fit time, {title}: ~ n^{slope:.2f} (log-log fit; pairwise {pairs})")

        X, y = data[1000]
        model = sklearn_model(args.max_evals, [0]).fit(X, y)
        sk_predict, _ = cpu_ms(lambda: model.predict(Xs, return_std=True), max(args.repeats, 3))
        p = ours["BM_PredictMeanVariance/n:1000/m:10000"]
        gemm = ours["BM_Gemm/1000"]["flops"]
        limit = 1e3 * 1000 ** 2 * M / gemm
        print(f"predict mean+sd at {M} points, n = 1000: bopp {ms(p):.1f} ms, sklearn {sk_predict:.1f} ms, "
              f"ratio {sk_predict / ms(p):.2f}")
        print(f"single-core GEMM {gemm / 1e9:.1f} GFLOP/s; n^2 m limit {limit:.1f} ms; "
              f"bopp at {ms(p) / limit:.2f}x the limit")
        for name, b in sorted(ours.items()):
            if name.startswith("BM_OptimizeAcquisition/"):  # one per n, d and way of running starts
                print(f"one acquisition optimization (log-EI, {name.split('/', 1)[1]}): "
                      f"{ms(b):.1f} ms")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
