#!/usr/bin/env python3
"""Paired runs of two commands that each print one line of figures ("name value name value ..."): A B A B ...
after one warm-up each, then the median of each figure for A and for B and the median [range] of the pair-by-pair
ratios A/B. Medians of pairs, never a best single run: the machine may be shared.

usage: paired.py PAIRS 'COMMAND A' 'COMMAND B'
"""
import statistics
import subprocess
import sys


def run(command):
    done = subprocess.run(["sh", "-c", command], check=False, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("first_ms ")]
    if done.returncode != 0 or not lines:
        sys.exit(f"exit {done.returncode}: {command}\n{done.stderr[-2000:]}")
    words = lines[-1].split()
    return {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}


def main():
    sys.stdout.reconfigure(line_buffering=True)
    pairs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    run(a)
    run(b)
    results = [(run(a), run(b)) for _ in range(pairs)]
    for name in results[0][0]:
        med_a = statistics.median(r[0][name] for r in results)
        med_b = statistics.median(r[1][name] for r in results)
        ratios = [r[0][name] / r[1][name] for r in results if r[1][name] > 0]
        ratio = f"median {statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}]" if ratios else "-"
        print(f"  {name:15s} A {med_a:12.2f}  B {med_b:12.2f}  A/B {ratio} over {len(ratios)} pairs")


if __name__ == "__main__":
    main()
