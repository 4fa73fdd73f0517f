#!/usr/bin/python3
"""Times bopp::bo beside scikit-learn's GaussianProcessRegressor on the same data.

Usage: compare_sklearn.py PATH/TO/bo_bench [--sizes 250,500,1000,2000] [--max-evals 50]

Writes the data (d = 10, uniform inputs, a smooth function plus noise) to a temporary
folder, runs bo_bench on it (BOPP_BENCH_DATA), then fits sklearn with the same model
(ConstantKernel * Matern(nu=2.5, ARD) + WhiteKernel, normalize_y, one L-BFGS-B start with
the same evaluation cap) and predicts mean and standard deviation at 10 000 points; prints
both timings and the ratios, and the solve's distance from the arithmetic limit
(n^2 m flops at the single-core GEMM rate bo_bench measured). One thread everywhere.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import json
import subprocess
import tempfile
import time

import numpy as np
import scipy.optimize
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import ConstantKernel, Matern, WhiteKernel

DIM = 10
M = 10_000


def make_data(n, rng):
    X = rng.uniform(size=(n, DIM))
    y = np.sin(6 * X[:, 0]) + X[:, 1] * X[:, 2] + np.cos(3 * X[:, 3] + X[:, 4]) + rng.normal(0, 0.05, n)
    return X, y


def capped_lbfgs(max_evals):
    def optimizer(obj_func, initial_theta, bounds):
        result = scipy.optimize.minimize(obj_func, initial_theta, method="L-BFGS-B", jac=True,
                                         bounds=bounds, options={"maxfun": max_evals})
        return result.x, result.fun
    return optimizer


def sklearn_model(max_evals):
    kernel = ConstantKernel(1.0, (1e-3, 1e2)) * Matern(np.full(DIM, 0.5), (1e-3, 1e2), nu=2.5) \
        + WhiteKernel(1e-4, (1e-8, 10.0))
    return GaussianProcessRegressor(kernel, normalize_y=True, n_restarts_optimizer=0,
                                    optimizer=capped_lbfgs(max_evals))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench")
    parser.add_argument("--sizes", default="250,500,1000,2000")
    parser.add_argument("--max-evals", type=int, default=50)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

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
             "--benchmark_format=json"],
            env=dict(os.environ, BOPP_BENCH_DATA=folder), check=True, capture_output=True, text=True).stdout
        ours = {b["name"]: b for b in json.loads(out)["benchmarks"]}

        def ms(b):
            scale = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}[b["time_unit"]]
            return b["real_time"] * scale

        print(f"{'fit, d=10':<24}{'bopp ms':>12}{'evals':>7}{'sklearn ms':>12}{'evals':>7}{'ratio':>8}")
        fit_times = []
        for n in sizes:
            b = ours[f"BM_FitHyperparameters/n:{n}/max_evals:{args.max_evals}/iterations:1"]
            X, y = data[n]
            model = sklearn_model(args.max_evals)
            start = time.perf_counter()
            model.fit(X, y)
            sk = 1e3 * (time.perf_counter() - start)
            evals = len(getattr(model, "_fit_evals", [])) or "?"
            fit_times.append((n, ms(b)))
            print(f"n = {n:<20}{ms(b):>12.1f}{int(b['evaluations']):>7}{sk:>12.1f}{evals:>7}{sk / ms(b):>8.1f}")
        if len(fit_times) > 1:
            logs = np.log([[n, t] for n, t in fit_times])
            slope = np.polyfit(logs[:, 0], logs[:, 1], 1)[0]
            print(f"bopp fit time ~ n^{slope:.2f}")

        X, y = data[1000]
        model = sklearn_model(args.max_evals).fit(X, y)
        start = time.perf_counter()
        model.predict(Xs, return_std=True)
        sk_predict = 1e3 * (time.perf_counter() - start)
        p = ours["BM_PredictMeanVariance/n:1000/m:10000"]
        gemm = ours["BM_Gemm/1000"]["flops"]
        limit = 1e3 * 1000 ** 2 * M / gemm
        print(f"predict mean+sd at {M} points, n = 1000: bopp {ms(p):.1f} ms, sklearn {sk_predict:.1f} ms, "
              f"ratio {sk_predict / ms(p):.1f}")
        print(f"single-core GEMM {gemm / 1e9:.1f} GFLOP/s; n^2 m limit {limit:.1f} ms; "
              f"bopp at {ms(p) / limit:.2f}x the limit")
        print(f"one acquisition optimization (log-EI, n = 250): "
              f"{ms(ours['BM_OptimizeAcquisition/n:250']):.1f} ms")


if __name__ == "__main__":
    main()
