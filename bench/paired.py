#!/usr/bin/env python3
"""Paired whole-process timing, for every benchmark in bench/: optionally with an untimed preparation (before
every timed run its PREPARE command runs, e.g. a fresh copy of a history, so each run finds the same files), then
the command runs under /usr/bin/time.
A and B run in turn (A B A B ...) after one warm-up each; prints the median CPU (user+sys), wall and peak RSS of
each, and the median of the pair-by-pair ratios A/B with their range: medians of pairs, never a best single
run, because the machine may be shared.

usage: paired.py RUNS 'COMMAND A' 'COMMAND B'
       paired.py RUNS 'PREPARE A' 'COMMAND A' 'PREPARE B' 'COMMAND B'    (stdout of each command to /dev/null)
"""
import statistics
import subprocess
import sys
import tempfile


def run(prepare, command):
    subprocess.run(["sh", "-c", prepare], check=True)
    with tempfile.NamedTemporaryFile("r") as out:
        done = subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %U %S %M", "sh", "-c", command + " > /dev/null"],
                              check=False, stderr=subprocess.PIPE, text=True)
        wall, user, system, rss = out.read().split()[-4:]
    if done.returncode not in (0, 2):
        sys.exit(f"exit {done.returncode}: {command}\n{done.stderr[-2000:]}")
    return float(wall), float(user) + float(system), int(rss) / 1024


def main():
    sys.stdout.reconfigure(line_buffering=True)
    if len(sys.argv) == 4:
        runs, prep_a, a, prep_b, b = int(sys.argv[1]), "true", sys.argv[2], "true", sys.argv[3]
    else:
        runs, prep_a, a, prep_b, b = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
    run(prep_a, a)
    run(prep_b, b)
    pairs = [(run(prep_a, a), run(prep_b, b)) for _ in range(runs)]
    for name, index in (("A", 0), ("B", 1)):
        rows = [p[index] for p in pairs]
        print(f"  {name}: cpu {statistics.median(r[1] for r in rows):.2f} s  wall {statistics.median(r[0] for r in rows):.2f} s  "
              f"peak {statistics.median(r[2] for r in rows):.1f} MiB")
    for label, index in (("cpu", 1), ("wall", 0), ("peak RSS", 2)):
        ratios = [p[0][index] / p[1][index] for p in pairs if p[1][index] > 0]
        if not ratios:
            print(f"  A/B {label}: no ratio (B measured 0)")
            continue
        print(f"  A/B {label}: median {statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}] over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
