#!/usr/bin/env python3
"""Writes a big Terraform `show -json` plan for the plan-read benchmark.

It scales the shapes of two genuine fixtures (never edited, read from ../shared/fixtures):
every 10th resource change / drift entry is the deeply nested resource change of
equiv-fully_populated_complex_update (about 14 KB), the others are the small one of
equiv-drift_simple. Only the address (and name) differ, so every entry is a real shape.
Written streaming, compact on one line like `terraform show -json`.

usage: generate.py FIXTURES_DIR OUT_FILE [CHANGES] [DRIFT]
"""
import json
import sys


def main():
    fixtures, out = sys.argv[1], sys.argv[2]
    changes = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    drift = int(sys.argv[4]) if len(sys.argv) > 4 else 100_000
    with open(f"{fixtures}/terraform/equiv-fully_populated_complex_update.plan.json") as f:
        complex_plan = json.load(f)
    with open(f"{fixtures}/terraform/equiv-drift_simple.plan.json") as f:
        simple_plan = json.load(f)
    big = complex_plan["resource_changes"][0]
    small_change = simple_plan["resource_changes"][0]
    small_drift = simple_plan["resource_drift"][0]
    big_drift = dict(big, change=dict(big["change"], before=big["change"]["after"], after=big["change"]["before"]))

    def entry(template, i):
        name = f"r{i}"
        item = dict(template, name=name, address=f"{template['type']}.{name}")
        return json.dumps(item, separators=(",", ":"))

    with open(out, "w") as f:
        f.write('{"format_version":"1.2","terraform_version":"1.11.0","resource_drift":[')
        for i in range(drift):
            if i:
                f.write(",")
            f.write(entry(big_drift if i % 10 == 0 else small_drift, i))
        f.write('],"resource_changes":[')
        for i in range(changes):
            if i:
                f.write(",")
            f.write(entry(big if i % 10 == 0 else small_change, i))
        f.write('],"applyable":true,"complete":true,"errored":false}\n')


if __name__ == "__main__":
    main()
