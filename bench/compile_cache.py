#!/usr/bin/env python3
"""The compile cache, measured (not a test): hit latency, machines sharing
one Redis, and a sweep of every corpus kernel.

  bench/compile_cache.py [--corpus DIR] [--repeat 50] [--tsv FILE]
                         [--only latency,machines,pair,sweep]

- latency: the driver's wall time for a local hit and for a remote hit
  (a fresh local directory each run, so every run fetches from Redis and
  fills it), beside a compile with the cache off, on a vector add and the
  corpus f16 matmul; medians of --repeat runs.
- machines: 8 processes, each with a cache directory of its own (8
  machines), compile the same 50 corpus kernels in the same order at the same
  time against one redis-server; the compiles they ran (the sum of their
  `misses`), how many waited for another's lease, and the wall time; then
  the same 8 without the remote.
- pair: machine A compiles 6 corpus kernels and publishes them; machine B,
  with an empty directory, fetches them: both wall times and B/A.
- sweep: every cuTile 13.4 corpus kernel for sm_90 with 1 and 2 compiles at
  a time (xargs -P), the cache off, then cold (empty directory), then warm.

Every compile is `scripts/tileiras IN -o OUT --gpu-name sm_90 -O3` in the
default (staged) mode. Rows go to stdout and, with --tsv, to a TSV with the
machine, date and commit.
"""
import argparse
import concurrent.futures
import datetime
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILEIRAS = os.path.join(ROOT, "scripts", "tileiras")
FIXTURE = os.path.join(ROOT, "test", "e2e", "Inputs", "redis-fixture.py")
SUFFIX = "__v13_4_anyarch.tileirbc"
FLAGS = ["--gpu-name", "sm_90", "-O3"]
MATMUL = "sample__matmul_kernel__float16__1024x1024x1024_t128x256x64"
SIX = [MATMUL,
       "sample__fmha_kernel__float16__b2h8s128d64_t128x128_causal",
       "sample__layer_norm_fwd__bfloat16__1024x2048_t1024",
       "sample__transpose_kernel__float16__1024x512_t128x128",
       "test__unary_neg__int32__n512_t64",
       "sample__vector_add_quickstart__float32__n4096_t16"]

ROWS = []


def record(measurement, config, value, unit):
    ROWS.append((measurement, config, value, unit))
    shown = "%.4f" % value if isinstance(value, float) else str(value)
    print("%-28s %-46s %12s %s" % (measurement, config, shown, unit), flush=True)


def environment(cache_dir=None, remote=None):
    env = dict(os.environ)
    for name in ("TILECHAIN_CACHE_DIR", "TILECHAIN_REMOTE_CACHE",
                 "TILECHAIN_REMOTE_CACHE_KEY", "TILECHAIN_CACHE_MAX_SIZE"):
        env.pop(name, None)
    if cache_dir is None:
        env["TILECHAIN_CACHE"] = "0"
    else:
        env["TILECHAIN_CACHE"] = "1"
        env["TILECHAIN_CACHE_DIR"] = cache_dir
    if remote:
        env["TILECHAIN_REMOTE_CACHE"] = remote
    return env


def compile_once(path, out, env):
    """Wall seconds of one compile; raises when it fails."""
    start = time.perf_counter()
    subprocess.run([TILEIRAS, path, "-o", out] + FLAGS, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def stats(cache_dir):
    """The counters of `tileiras --cache-stats`, by name."""
    text = subprocess.run([TILEIRAS, "--cache-stats"],
                          env=environment(cache_dir), check=True,
                          capture_output=True, text=True).stdout
    values = {}
    for line in text.splitlines():
        name, _, value = line.rpartition(" ")
        if value.isdigit():
            values[name.strip()] = int(value)
    return values


class Redis:
    def __init__(self, work):
        self.directory = os.path.join(work, "redis")
        self.url = subprocess.run([sys.executable, FIXTURE, "start",
                                   self.directory], check=True,
                                  capture_output=True, text=True).stdout.strip()

    def stop(self):
        subprocess.run([sys.executable, FIXTURE, "stop", self.directory],
                       check=True)


def latency(work, corpus, repeat):
    inputs = [("vector_add", os.path.join(ROOT, "examples", "vector_add.tileirbc"))]
    matmul = os.path.join(corpus, MATMUL + SUFFIX)
    if os.path.exists(matmul):
        inputs.append(("matmul f16", matmul))
    redis = Redis(work)
    try:
        for label, path in inputs:
            out = os.path.join(work, "out.cubin")
            cold = [compile_once(path, out, environment())
                    for _ in range(max(3, repeat // 10))]
            record("latency", label + ", cache off", statistics.median(cold), "s")
            local = os.path.join(work, "local-" + label.replace(" ", "_"))
            compile_once(path, out, environment(local))
            hits = [compile_once(path, out, environment(local))
                    for _ in range(repeat)]
            record("latency", label + ", local hit", statistics.median(hits), "s")
            compile_once(path, out, environment(os.path.join(work, "seed"), redis.url))
            remote = []
            for i in range(repeat):
                fresh = os.path.join(work, "remote-%d" % i)
                remote.append(compile_once(path, out, environment(fresh, redis.url)))
                shutil.rmtree(fresh)
            record("latency", label + ", remote hit", statistics.median(remote), "s")
    finally:
        redis.stop()


def run_machine(paths, cache_dir, remote, work):
    env = environment(cache_dir, remote)
    out = os.path.join(work, os.path.basename(cache_dir) + ".cubin")
    start = time.perf_counter()
    for path in paths:
        compile_once(path, out, env)
    return time.perf_counter() - start


def machines(work, corpus):
    kernels = sorted(glob.glob(os.path.join(corpus, "*" + SUFFIX)))
    paths = kernels[::max(1, len(kernels) // 50)][:50]
    for label, use_redis in (("one redis-server", True), ("no remote", False)):
        redis = Redis(work) if use_redis else None
        dirs = [os.path.join(work, "machine-%s-%d" % (use_redis, m))
                for m in range(8)]
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda d: run_machine(paths, d, redis and redis.url,
                                                work), dirs))
        wall = time.perf_counter() - start
        if redis:
            redis.stop()
        counts = [stats(d) for d in dirs]
        config = "8 machines x %d kernels, %s" % (len(paths), label)
        record("machines", config + ": compiles",
               sum(c.get("misses (compiled)", 0) for c in counts), "compiles")
        record("machines", config + ": remote hits",
               sum(c.get("hits (remote)", 0) for c in counts), "hits")
        record("machines", config + ": waits",
               sum(c.get("waits for another machine", 0) for c in counts), "waits")
        record("machines", config + ": remote errors",
               sum(c.get("remote errors", 0) for c in counts), "errors")
        record("machines", config + ": wall", wall, "s")


def pair(work, corpus):
    paths = [os.path.join(corpus, k + SUFFIX) for k in SIX]
    paths = [p for p in paths if os.path.exists(p)]
    redis = Redis(work)
    try:
        a = run_machine(paths, os.path.join(work, "pair-a"), redis.url, work)
        b = run_machine(paths, os.path.join(work, "pair-b"), redis.url, work)
    finally:
        redis.stop()
    record("pair", "machine A, %d kernels, compiles" % len(paths), a, "s")
    record("pair", "machine B, same kernels, remote hits", b, "s")
    record("pair", "B / A", b / a, "ratio")
    record("pair", "machine B compiles",
           stats(os.path.join(work, "pair-b")).get("misses (compiled)", -1),
           "compiles")


def sweep(work, corpus):
    kernels = sorted(glob.glob(os.path.join(corpus, "*" + SUFFIX)))
    listing = os.path.join(work, "kernels")
    with open(listing, "w") as f:
        f.write("\n".join(kernels) + "\n")
    for jobs in (1, 2):
        for label, cache_dir in (("cache off", None),
                                 ("cold cache", os.path.join(work, "sweep-%d" % jobs)),
                                 ("warm cache", os.path.join(work, "sweep-%d" % jobs))):
            env = environment(cache_dir)
            outputs = os.path.join(work, "sweep-out")
            os.makedirs(outputs, exist_ok=True)
            script = ('for f; do "%s" "$f" -o "%s/$(basename "$f").cubin" %s'
                      ' 2>/dev/null || echo "failed: $f"; done'
                      % (TILEIRAS, outputs, " ".join(FLAGS)))
            start = time.perf_counter()
            result = subprocess.run(
                ["xargs", "-a", listing, "-n", "8", "-P", str(jobs), "bash", "-c",
                 script, "sweep"], env=env, capture_output=True, text=True)
            wall = time.perf_counter() - start
            failed = result.stdout.count("failed:")
            config = "%d kernels, -j %d, %s" % (len(kernels), jobs, label)
            record("sweep", config, wall, "s")
            record("sweep", config + ": failed", failed, "kernels")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.path.join(
        os.environ.get("TILECHAIN_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")),
        "cutile"))
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--tsv")
    parser.add_argument("--only", default="latency,machines,pair,sweep")
    args = parser.parse_args()
    if not shutil.which("redis-server"):
        sys.exit("compile_cache: redis-server not found (scripts/setup installs it)")
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain",
                            "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    commit += "+changes" if dirty else ""
    machine = "%d cores, load %s" % (os.cpu_count(), " ".join(
        "%.2f" % l for l in os.getloadavg()))
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    print("machine: %s; commit %s; %s" % (machine, commit, date))
    work = tempfile.mkdtemp(prefix="tilechain-cache-bench-")
    try:
        sections = {"latency": lambda: latency(work, args.corpus, args.repeat),
                    "machines": lambda: machines(work, args.corpus),
                    "pair": lambda: pair(work, args.corpus),
                    "sweep": lambda: sweep(work, args.corpus)}
        for name in args.only.split(","):
            sections[name]()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.tsv:
        with open(args.tsv, "w") as f:
            f.write("measurement\tconfig\tvalue\tunit\tmachine\tcommit\tdate\n")
            for row in ROWS:
                value = "%.4f" % row[2] if isinstance(row[2], float) else str(row[2])
                f.write("\t".join([row[0], row[1], value, row[3], machine,
                                   commit, date]) + "\n")


if __name__ == "__main__":
    main()
