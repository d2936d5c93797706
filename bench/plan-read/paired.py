#!/usr/bin/env python3
"""Paired whole-process timing: A and B run in turn (A B A B ...) under /usr/bin/time, after one warm-up
each; prints the median CPU (user+sys), wall and peak RSS of each, and the median of the pair-by-pair
ratios A/B with their range. Medians of pairs, never a best single run: the machine may be shared.

usage: paired.py RUNS 'COMMAND A' 'COMMAND B'     (each command's stdout goes to /dev/null)
"""
import statistics
import subprocess
import sys
import tempfile


def run(command):
    with tempfile.NamedTemporaryFile("r") as out:
        subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %U %S %M", "sh", "-c", command + " > /dev/null"],
                       check=False, stderr=subprocess.DEVNULL)
        wall, user, system, rss = out.read().split()[-4:]
    return float(wall), float(user) + float(system), int(rss) / 1024


def main():
    sys.stdout.reconfigure(line_buffering=True)
    runs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    run(a)
    run(b)
    pairs = [(run(a), run(b)) for _ in range(runs)]
    for name, index in (("A", 0), ("B", 1)):
        rows = [p[index] for p in pairs]
        print(f"{name}: cpu {statistics.median(r[1] for r in rows):.2f} s  wall {statistics.median(r[0] for r in rows):.2f} s  "
              f"peak {statistics.median(r[2] for r in rows):.1f} MiB  ({[a, b][index]})")
    for label, index in (("cpu", 1), ("wall", 0)):
        ratios = [p[0][index] / p[1][index] for p in pairs if p[1][index] > 0]
        if not ratios:
            print(f"A/B {label}: B took no measurable time")
            continue
        print(f"A/B {label}: median {statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}] over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
