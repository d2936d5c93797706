#!/usr/bin/env python3
"""Paired runs of two commands, for every benchmark in bench/. A and B run in turn (A B A B ...) after one warm-up
each; prints the medians of each and the median of the pair-by-pair ratios A/B with their range: medians of pairs,
never a best single run, because the machine may be shared.

By default each command is a whole process timed by /usr/bin/time (CPU = user + sys, wall clock, peak RSS), with
an optional untimed preparation (before every timed run its PREPARE command runs, e.g. a fresh copy of a history,
so each run finds the same files). With --reported the command measures itself: the last line of its stdout is
"name value name value ...", and every name is a figure (bench/jobpage: a job page opened in one JVM).

usage: paired.py RUNS 'COMMAND A' 'COMMAND B'
       paired.py RUNS 'PREPARE A' 'COMMAND A' 'PREPARE B' 'COMMAND B'    (stdout of each command to /dev/null)
       paired.py --reported RUNS 'COMMAND A' 'COMMAND B'
"""
import statistics
import subprocess
import sys
import tempfile


def timed(prepare, command):
    subprocess.run(["sh", "-c", prepare], check=True)
    with tempfile.NamedTemporaryFile("r") as out:
        done = subprocess.run(["/usr/bin/time", "-o", out.name, "-f", "%e %U %S %M", "sh", "-c", command + " > /dev/null"],
                              check=False, stderr=subprocess.PIPE, text=True)
        wall, user, system, rss = out.read().split()[-4:]
    if done.returncode not in (0, 2):
        sys.exit(f"exit {done.returncode}: {command}\n{done.stderr[-2000:]}")
    return {"wall": float(wall), "cpu": float(user) + float(system), "peak RSS": int(rss) / 1024}


def reported(prepare, command):
    subprocess.run(["sh", "-c", prepare], check=True)
    done = subprocess.run(["sh", "-c", command], check=False, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or not lines:
        sys.exit(f"exit {done.returncode}: {command}\n{done.stderr[-2000:]}")
    words = lines[-1].split()
    return {words[i]: float(words[i + 1]) for i in range(0, len(words) - 1, 2)}


def ratio_line(pairs, name):
    ratios = [a[name] / b[name] for a, b in pairs if b[name] > 0]
    if not ratios:
        return "no ratio (B measured 0)"
    return f"median {statistics.median(ratios):.2f} [{min(ratios):.2f}-{max(ratios):.2f}] over {len(ratios)} pairs"


def main():
    sys.stdout.reconfigure(line_buffering=True)
    args = sys.argv[1:]
    measure = timed
    if args and args[0] == "--reported":
        measure, args = reported, args[1:]
    if len(args) == 3:
        runs, prep_a, a, prep_b, b = int(args[0]), "true", args[1], "true", args[2]
    else:
        runs, prep_a, a, prep_b, b = int(args[0]), args[1], args[2], args[3], args[4]
    measure(prep_a, a)
    measure(prep_b, b)
    pairs = [(measure(prep_a, a), measure(prep_b, b)) for _ in range(runs)]
    if measure is timed:
        for label, index in (("A", 0), ("B", 1)):
            rows = [p[index] for p in pairs]
            print(f"  {label}: cpu {statistics.median(r['cpu'] for r in rows):.2f} s  "
                  f"wall {statistics.median(r['wall'] for r in rows):.2f} s  "
                  f"peak {statistics.median(r['peak RSS'] for r in rows):.1f} MiB")
        for name in ("cpu", "wall", "peak RSS"):
            print(f"  A/B {name}: {ratio_line(pairs, name)}")
        return
    for name in pairs[0][0]:
        med_a = statistics.median(a[name] for a, _ in pairs)
        med_b = statistics.median(b[name] for _, b in pairs)
        print(f"  {name:15s} A {med_a:12.2f}  B {med_b:12.2f}  A/B {ratio_line(pairs, name)}")


if __name__ == "__main__":
    main()
