#!/usr/bin/python3
"""Checkpoints: what a resume costs with and without one, and what writing them costs.

1. A run of N evaluations, uninterrupted, timed (`bopp run`, default checkpoint settings).
2. The same run stopped with SIGTERM once M evaluations are on disk (the batch under way
   finishes, a checkpoint is written; --kill: SIGKILL, the run checkpointing after every
   batch), then `bopp resume`d to the
   end, timed: from the checkpoint, and again (a copy of the killed record, its checkpoint
   removed) by the full replay bopp did before checkpoints. Both resumed records must equal the
   uninterrupted one (every evaluation's index, batch, x, y, status and seed; run.json but its
   times). Prints each resume's time as a fraction of the uninterrupted run's.
3. The checkpoint's size, and its write time: the same run with `checkpoints = false` and with
   a checkpoint after every batch, the difference per batch.

    bench/host/checkpoint_bench.py --bopp build/release/bin/bopp --algorithm gpbo \\
        --set algorithm.acquisition=ucb --objective hartmann6 --evaluations 300 --kill-after 290

The target: gpbo (UCB) on hartmann6, batch 1, 300 evaluations killed after 290: the
resume in at most 5 % of the uninterrupted run's time. docs/long-runs.md gives the figures.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def experiment(folder, args, checkpoints, interval):
    path = os.path.join(folder, f"exp-{checkpoints}-{interval}.toml")
    with open(path, "w") as f:
        f.write(f"[run]\nseed = {args.seed}\nbudget = {args.evaluations}\nbatch = {args.batch}\n"
                f"checkpoints = {'true' if checkpoints else 'false'}\n"
                f"checkpoint_interval_s = {interval}\n"
                f"[objective]\nname = '{args.objective}'\n"
                f"[algorithm]\nname = '{args.algorithm}'\n")
    return path


def command(args, *rest):
    cmd = [args.bopp]
    for p in args.plugin_path:
        cmd += ["--plugin-path", p]
    cmd += list(rest)
    return cmd


def timed(args, *rest):
    start = time.perf_counter()
    done = subprocess.run(command(args, *rest), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bopp {' '.join(rest)} exited {done.returncode}: {done.stderr}")
    return seconds, done.stderr


def with_settings(args, rest):
    out = list(rest)
    for s in args.set:
        out += ["--set", s]
    return out


def lines_in(path):
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def evaluations(record):
    with open(os.path.join(record, "evaluations.jsonl")) as f:
        return [{k: v for k, v in json.loads(line).items() if k != "time"} for line in f]


def run_json(record):
    with open(os.path.join(record, "run.json")) as f:
        run = json.load(f)
    # The experiment file's path differs: the runs compared have other checkpoint settings.
    for key in ("time", "started", "finished", "experiment"):
        run.pop(key, None)
    return run


def seconds_of_batches_from(record, first):
    """The ask, evaluation and tell seconds batches.jsonl gives for batches `first`, ...: the
    work a resume after them has to do again."""
    with open(os.path.join(record, "batches.jsonl")) as f:
        batches = [json.loads(line) for line in f]
    return sum(b["ask_time"] + b["evaluation_time"] + b["tell_time"] for b in batches
               if b["batch"] >= first)


def same_run(expected, actual):
    return evaluations(expected) == evaluations(actual) and run_json(expected) == run_json(actual)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bopp", default="build/release/bin/bopp")
    parser.add_argument("--plugin-path", action="append", default=[])
    parser.add_argument("--algorithm", default="random")
    parser.add_argument("--objective", default="hartmann6")
    parser.add_argument("--set", action="append", default=[], help="--set for every run")
    parser.add_argument("--evaluations", type=int, default=300)
    parser.add_argument("--kill-after", type=int, default=290)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-write-time", action="store_true",
                        help="skip the four extra runs that time writing checkpoints")
    parser.add_argument("--kill", action="store_true",
                        help="stop the run with SIGKILL (it then checkpoints after every batch, "
                        "and so does its resume) instead of SIGTERM")
    parser.add_argument("--folder", default=None, help="where the records go (default: temporary)")
    parser.add_argument("--target", type=float, default=0.05,
                        help="the resume's largest fraction of the uninterrupted run's time")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        every = experiment(folder, args, True, 0)
        default = experiment(folder, args, True, 60)
        off = experiment(folder, args, False, 60)
        straight = os.path.join(folder, "straight")
        t_default, _ = timed(args, *with_settings(args, ["run", default, "--output", straight]))

        def run_time(path, *extra):
            return timed(args, *with_settings(args, ["run", path, "--output",
                                                     os.path.join(folder, "other"),
                                                     "--overwrite", *extra]))[0]

        t_every = t_off = t_every_nosync = t_off_nosync = None
        if not args.no_write_time:
            t_every, t_off = run_time(every), run_time(off)
            t_every_nosync, t_off_nosync = run_time(every, "--no-sync"), run_time(off, "--no-sync")

        killed = os.path.join(folder, "killed")
        # SIGTERM (what a batch queue sends first) stops the run after its batch, checkpointed,
        # with the default settings; SIGKILL needs a checkpoint after every batch to find one.
        stopped_by = signal.SIGKILL if args.kill else signal.SIGTERM
        child = subprocess.Popen(command(args, *with_settings(args, [
            "run", every if args.kill else default, "--output", killed])),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while child.poll() is None and lines_in(os.path.join(killed, "evaluations.jsonl")) < \
                args.kill_after:
            time.sleep(0.001)
        if child.poll() is not None:
            sys.exit("the run ended before it could be killed; lower --kill-after")
        child.send_signal(stopped_by)
        child.wait()
        kept = lines_in(os.path.join(killed, "evaluations.jsonl"))
        # The batches after the stop (read before the resume adds them), as the uninterrupted run spent them (batch 1: one each).
        with open(os.path.join(killed, "evaluations.jsonl")) as f:
            recorded_batches = max((json.loads(line)["batch"] for line in f), default=-1) + 1
        t_left = seconds_of_batches_from(straight, recorded_batches)
        checkpoint = os.path.join(killed, "checkpoint.bin")
        size = os.path.getsize(checkpoint) if os.path.exists(checkpoint) else None
        replayed = os.path.join(folder, "replayed")
        shutil.copytree(killed, replayed)
        if size is not None:
            os.remove(os.path.join(replayed, "checkpoint.bin"))
            t_resume, err = timed(args, "resume", killed)
            if "not used" in err:
                sys.exit(f"the resume did not use the checkpoint: {err}")
        t_replay, _ = timed(args, "resume", replayed)
        same = same_run(straight, replayed) and (size is None or same_run(straight, killed))

    batches = -(-args.evaluations // args.batch)
    print(f"{args.algorithm} on {args.objective}, {args.evaluations} evaluations in batches of "
          f"{args.batch}, {'killed' if args.kill else 'stopped (SIGTERM)'} after {kept}")
    print(f"  uninterrupted run: {t_default:.3f} s (default: a checkpoint a minute)" +
          ("" if t_every is None else
           f", {t_every:.3f} s (after every batch), {t_off:.3f} s (checkpoints off)"))
    replay_fraction = t_replay / t_default
    if size is not None:
        fraction = t_resume / t_default
        print(f"  resume from the checkpoint: {t_resume:.3f} s = {100 * fraction:.1f} % of the run; "
              f"the batches left took {t_left:.3f} s in the uninterrupted run, so restoring cost "
              f"{t_resume - t_left:.3f} s = {100 * (t_resume - t_left) / t_default:.1f} %")
    print(f"  resume by full replay:      {t_replay:.3f} s = {100 * replay_fraction:.1f} % of the "
          "run")
    if size is None:
        print(f"  no checkpoint: '{args.algorithm}' does not offer bopp.state/1; resumed record "
              f"equals the uninterrupted one: {'yes' if same else 'NO'}")
        return 0 if same else 1
    if t_every is None:
        print(f"  checkpoint: {size} bytes after {kept} evaluations")
    else:
        print(f"  checkpoint: {size} bytes after {kept} evaluations; written in "
              f"{1e3 * (t_every - t_off) / batches:.3f} ms with its fsyncs (of evaluations.jsonl, "
              f"batches.jsonl, the file and the folder), "
              f"{1e3 * (t_every_nosync - t_off_nosync) / batches:.3f} ms without (--no-sync): a "
              "run with one after every batch minus one without, per batch")
    print(f"  resumed records equal the uninterrupted one: {'yes' if same else 'NO'}; target "
          f"{100 * args.target:.0f} %: {'met' if fraction <= args.target else 'MISSED'}")
    return 0 if same and fraction <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
