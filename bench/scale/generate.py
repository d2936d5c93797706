#!/usr/bin/env python3
"""Generated inputs for the scale benchmark (bench/scale/run.sh); nothing here is committed output.

  generate.py FIXTURES DIR STACKS DRIFT
      DIR/stacks.yaml with STACKS stacks, each an exact directory entry `stacks/sNNNNN` (no glob), every one a
      Terraform root module answered by bench/scale/fake-terraform with DRIFT drifted resources (a refresh-only
      plan of format 1.2; the entry is the genuine shape of the equiv-drift_simple fixture, only names differ).
      Drift mode `report`, every 6h, parallelism 4 (what the review's 1,000-stack figures used).
  generate.py shell CALLS TOOL PARALLELISM OUT
      On stdout, the shell's spawn floor: a POSIX sh script making the calls fake-terraform logged in CALLS (each
      stack's calls in order, with the tool environment of CALLS.env) in PARALLELISM lanes at once (stacks dealt
      round-robin), stdout to files under OUT in place of the run's work directory, stderr to /dev/null.
"""
import json
import os
import re
import shlex
import sys


def drift_entry(fixtures):
    with open(os.path.join(fixtures, "terraform", "equiv-drift_simple.plan.json")) as f:
        return json.load(f)["resource_drift"][0]


def plan(entry, drift):
    named = (json.dumps(dict(entry, name=f"r{i}", address=f"{entry['type']}.r{i}"), separators=(",", ":")) for i in range(drift))
    return '{"format_version":"1.2","terraform_version":"1.11.4","resource_drift":[' + ",".join(named) + '],"resource_changes":[]}'


def main(fixtures, out, stacks, drift):
    text = plan(drift_entry(fixtures), drift)
    names = [f"stacks/s{i:05d}" for i in range(stacks)]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "stacks.yaml"), "w") as f:
        f.write("drift:\n  enabled: true\n  mode: report\n  every: 6h\nreapply: 0\nparallelism: 4\nstacks:\n")
        f.writelines(f"  - dir: {name}\n" for name in names)
    for name in names:
        os.makedirs(os.path.join(out, name, ".bench"), exist_ok=True)
        with open(os.path.join(out, name, "main.tf"), "w") as f:
            f.write('resource "tfcoremock_simple_resource" "r0" {}\n')
        with open(os.path.join(out, name, ".bench", "plan.json"), "w") as f:
            f.write(text)
        if drift > 0:
            open(os.path.join(out, name, ".bench", "drifted"), "w").close()


def shell(calls, tool, parallelism, out):
    lines = [line.rstrip("\n").split("\t", 2) for line in open(calls)]
    run_root = os.path.dirname(os.path.dirname(os.path.dirname(lines[0][1])))
    env = [line.rstrip("\n") for line in open(calls + ".env") if re.match(r"(TF_|PULUMI_)\w*=", line)]
    stacks = {}
    for directory, stdout, arguments in lines:
        stacks.setdefault(directory, []).append((stdout.replace(run_root, out), arguments.replace(run_root, out)))
    lanes = [[] for _ in range(parallelism)]
    for i, (directory, steps) in enumerate(stacks.items()):
        lanes[i % parallelism].append((directory, steps))
    print("#!/bin/sh\nset -e")
    print("mkdir -p " + " ".join(shlex.quote(os.path.dirname(steps[0][0])) for steps in stacks.values()))
    for name_value in env:
        name, value = name_value.split("=", 1)
        print(f"export {name}={shlex.quote(value)}")
    for lane in lanes:
        print("(")
        for directory, steps in lane:
            print(f"cd {shlex.quote(directory)}")
            for stdout, arguments in steps:
                print(f"{shlex.quote(tool)} {arguments} < /dev/null > {shlex.quote(stdout)} 2> /dev/null || [ $? -eq 2 ]")
        print(") &")
    print("wait")


if __name__ == "__main__":
    if sys.argv[1] == "shell":
        shell(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
        sys.exit(0)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
