#!/usr/bin/env python3
"""The markdown table of a best_vs_best.py TSV: for each workload, shape and
dtype, each system's best rate (for matmul the re-timed `matmul best` row,
elsewhere the best configuration's) and tilechain's ratio to each other
system (above 1: tilechain is faster).

  bench/gpu/summarize.py RESULTS.tsv > TABLE.md
"""
import collections
import csv
import sys

SYSTEMS = ["tilechain", "nvidia-tileiras", "cublas", "cudnn", "flash", "triton",
           "torch", "copy"]


def main():
    path = sys.argv[1]
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    best = collections.OrderedDict()
    failed = collections.Counter()
    for row in rows:
        workload = row["workload"]
        if row["unit"] == "":  # fail, compile-error, crash
            failed[(workload.replace(" best", ""), row["system"], row["rate"])] += 1
            continue
        if workload == "matmul":
            continue  # screening rows: the `matmul best` rows stand for them
        key = (workload.replace(" best", ""), row["shape"], row["dtype"])
        systems = best.setdefault(key, {})
        rate = float(row["rate"])
        if row["system"] not in systems or rate > systems[row["system"]][0]:
            systems[row["system"]] = (rate, row["config"], row["unit"])
    present = [s for s in SYSTEMS if any(s in v for v in best.values())]
    print("| workload | shape | dtype | unit | " + " | ".join(present)
          + " | tilechain / best other |")
    print("|" + "---|" * (len(present) + 5))
    for (workload, shape, dtype), systems in best.items():
        unit = next(iter(systems.values()))[2]
        cells = ["%.1f" % systems[s][0] if s in systems else "" for s in present]
        others = [v[0] for s, v in systems.items() if s not in ("tilechain", "copy")]
        if unit == "GB/s" and "copy" in systems:
            others.append(systems["copy"][0])
        ratio = ("%.2fx" % (systems["tilechain"][0] / max(others))
                 if "tilechain" in systems and others else "")
        print("| %s | %s | %s | %s | %s | %s |" % (workload, shape, dtype, unit,
                                                 " | ".join(cells), ratio))
    print()
    print("Best configurations:")
    print()
    for (workload, shape, dtype), systems in best.items():
        configs = "; ".join("%s: %s" % (s, systems[s][1]) for s in present
                            if s in systems and s != "copy")
        print("- %s %s %s: %s" % (workload, shape, dtype, configs))
    if failed:
        print()
        print("Rows without a time (failed checks, compile errors, crashes):")
        print()
        for (workload, system, status), count in sorted(failed.items()):
            print("- %s, %s: %d %s" % (workload, system, count, status))


if __name__ == "__main__":
    main()
