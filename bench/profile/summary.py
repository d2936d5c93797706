#!/usr/bin/env python3
"""Summary of async-profiler's collapsed stacks (with threads): the share of samples per thread; for one thread the
frames with the most samples of their own (jackson-core's counted as one) and our methods with the most inclusive
samples.

usage: summary.py OUT.collapsed [THREAD]
"""
import collections
import sys


def main():
    path, wanted = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "main")
    per_thread, own, ours = collections.Counter(), collections.Counter(), collections.Counter()
    total = in_thread = 0
    with open(path) as stacks:
        for line in stacks:
            stack, count = line.rsplit(" ", 1)
            count = int(count)
            frames = stack.split(";")
            name = frames[0].strip("[]").rsplit(" tid=", 1)[0] if frames[0].startswith("[") else "(no thread)"
            total += count
            per_thread[name] += count
            if name != wanted:
                continue
            in_thread += count
            top = frames[-1]
            own["jackson-core (all its frames)" if "jackson" in top else top] += count
            for frame in set(f for f in frames if f.startswith("io/stackdrift/")):
                ours[frame] += count
    if total == 0:
        sys.exit("no samples: did the command run a JVM with the agent?")
    print(f"{total} samples")
    for name, count in per_thread.most_common(8):
        print(f"  {100 * count / total:5.1f} %  {name}")
    print(f"thread {wanted}: {in_thread} samples; most samples of their own:")
    for frame, count in own.most_common(15):
        print(f"  {100 * count / max(in_thread, 1):5.1f} %  {frame}")
    print(f"thread {wanted}: our methods by inclusive samples:")
    for frame, count in ours.most_common(15):
        print(f"  {100 * count / max(in_thread, 1):5.1f} %  {frame}")


if __name__ == "__main__":
    main()
