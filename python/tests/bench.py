#!/usr/bin/env python3
"""Benchmarks of the Python module against the command line (docs/python.md,
"Performance").  Run from the repository root after `make python`:

    PYTHONPATH=build/python python3 python/tests/bench.py [BUILD]

Prints, for each, the best and median of several runs:
  - wythoff.table("wythoff", size=4096) against
    `BUILD/wythoff table wythoff --size 4096 --format bin --output F`;
  - wythoff.values("wythoff", ...) on 100,000 random 30-digit positions
    (seed printed) against `BUILD/wythoff value wythoff -` on the same lines.
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import wythoff

build = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("WY_BUILD", "build")
tool = os.path.join(build, "wythoff")
runs = int(os.environ.get("WY_BENCH_RUNS", "7"))
seed = int(os.environ.get("WY_SEED", "20261121"))


def timed(fn):
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return min(ts), statistics.median(ts)


def report(what, best, med):
    print(f"{what:58s} best {best * 1000:8.1f} ms  median {med * 1000:8.1f} ms")


print(f"wythoff {wythoff.__version__}, {os.cpu_count()} cores, {runs} runs each, seed {seed}")
with tempfile.TemporaryDirectory() as d:
    out = os.path.join(d, "t.bin")
    b, m = timed(lambda: subprocess.run([tool, "table", "wythoff", "--size", "4096", "--format", "bin", "--output",
                                         out, "--quiet"], check=True))
    report("CLI table wythoff --size 4096 --format bin", b, m)
    b2, m2 = timed(lambda: wythoff.table("wythoff", size=4096))
    report('wythoff.table("wythoff", size=4096)', b2, m2)
    print(f"  module / CLI: best {b2 / b:.3f}, median {m2 / m:.3f}")

    rng = random.Random(seed)
    pos = [(rng.randrange(10**29, 10**30), rng.randrange(10**29, 10**30)) for _ in range(100000)]
    b, m = timed(lambda: wythoff.values("wythoff", pos))
    report("wythoff.values('wythoff', 100000 random 30-digit positions)", b, m)
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    b, m = timed(lambda: wythoff.values("wythoff", xs, ys))
    report("wythoff.values('wythoff', xs, ys) (the same, two lists)", b, m)
    lines = os.path.join(d, "pos.txt")
    with open(lines, "w") as f:
        f.writelines(f"{x} {y}\n" for x, y in pos)
    def cli():
        with open(lines) as f:
            subprocess.run([tool, "value", "wythoff", "-", "--format", "json", "--quiet"], stdin=f,
                           stdout=subprocess.DEVNULL, check=True)
    b, m = timed(cli)
    report("CLI value wythoff - (the same 100000 lines, json)", b, m)
