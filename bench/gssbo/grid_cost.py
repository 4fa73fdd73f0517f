#!/usr/bin/python3
"""CPU time of one model iteration of each cell type of examples/papers/wei-fig2.toml at n points.

Usage: grid_cost.py PATH/TO/bopp [--objectives rastrigin:100,levy:20] [--n 1000]
                    [--cells gssbo,gssbo-pilot,gssbo-inducing,rssbo,gp-ucb]
                    [--iterations 3] [--reference-iterations 2] [--warmup 1]

The approach of bench/bo/gpbo_whole_run.py: each cell runs from a host design ([run]
initial_design, scrambled Sobol) of n - warmup - k points, once with warmup model iterations
and once with warmup + k; the difference of the two processes' CPU times over k is the CPU time
of one iteration at about n points (the warm-up absorbs the cold first fit, which on a host
design past the buffer fits the first M rows before the first selection). The gssbo cells keep
n_init = 20, so the first 20 design points are the forced rows. The data are design points,
not the points a run would have chosen, which changes how long a fit takes.

CPU times (OpenBLAS on one thread); the load average before and after is printed.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import resource
import subprocess
import tempfile

# The algorithm tables of wei-fig2.toml (and pilot gradients, the earlier default).
CELLS = {
    "gssbo": ['name = "gssbo"', "buffer_size = 100"],
    "gssbo-pilot": ['name = "gssbo"', "buffer_size = 100", 'gradient_source = "pilot"'],
    "gssbo-inducing": ['name = "gssbo"', "buffer_size = 100", 'model = "inducing"'],
    "rssbo": ['name = "rssbo"', "buffer_size = 100"],
    "gp-ucb": ['name = "gssbo"', 'buffer_mode = "none"'],
}


def experiment(cell, objective, dim, design, budget):
    lines = ["[run]", f"budget = {budget}", "seed = 0",
             f'initial_design = {{ points = {design}, kind = "sobol" }}', "",
             "[algorithm]"] + CELLS[cell]
    lines += ["", "[objective]", f'name = "{objective}"', f"dim = {dim}", ""]
    return "\n".join(lines)


def cpu_seconds_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def window(bopp, cell, objective, dim, n, iterations, warmup, folder):
    times = []
    design = n - warmup - iterations
    for timed in (0, iterations):
        name = f"{cell}-{objective}{dim}-{n}-{timed}"
        path = os.path.join(folder, name + ".toml")
        with open(path, "w") as f:
            f.write(experiment(cell, objective, dim, design, design + warmup + timed))
        out = os.path.join(folder, name)
        times.append(cpu_seconds_of([bopp, "run", path, "--output", out, "--overwrite"]))
    return (times[1] - times[0]) / iterations


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bopp")
    parser.add_argument("--objectives", default="rastrigin:100,levy:20")
    parser.add_argument("--n", default="1000", help="comma-separated window ends")
    parser.add_argument("--cells", default=",".join(CELLS))
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--reference-iterations", type=int, default=2)
    parser.add_argument("--warmup", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    print("| objective | cell | n | CPU s / iteration |")
    print("|---|---|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for spec in args.objectives.split(","):
            objective, dim = spec.split(":")
            for cell in args.cells.split(","):
                k = args.reference_iterations if cell == "gp-ucb" else args.iterations
                for n in (int(v) for v in args.n.split(",")):
                    seconds = window(args.bopp, cell, objective, int(dim), n, k, args.warmup,
                                     folder)
                    print(f"| {objective}, d = {dim} | {cell} | {n} | {seconds:.3f} |",
                          flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
