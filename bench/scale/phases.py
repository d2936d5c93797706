#!/usr/bin/env python3
"""Where a run's wall clock goes, by its progress lines on stderr: before the first stack starts (JVM start-up,
configuration, sweeps), while stacks run (first "checking" line to the last stack's result line), and after
(record, printing, clean-up). One run, so a sketch of the phases, not a figure; the paired runs are run.sh's.

usage: phases.py COMMAND...     (stdout to /dev/null)
"""
import subprocess
import sys
import time


def main():
    started = time.monotonic()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first = last = None
    for line in process.stderr:
        now = time.monotonic() - started
        if first is None and line.startswith("checking "):
            first = now
        if ": drifted" in line or ": in sync" in line or ": failed" in line:
            last = now
    process.wait()
    end = time.monotonic() - started
    if first is None or last is None:
        sys.exit(f"no progress lines seen (exit {process.returncode})")
    print(f"  before the first stack {first:.2f} s, stacks {last - first:.2f} s, after the last {end - last:.2f} s; "
          f"total {end:.2f} s (exit {process.returncode})")


if __name__ == "__main__":
    main()
