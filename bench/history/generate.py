#!/usr/bin/env python3
"""Generated inputs for the history benchmark (bench/history/run.sh); nothing here is committed output.

  generate.py repo FIXTURES DIR STACKS DRIFT BIG_DRIFT
      DIR/stacks.yaml with STACKS stacks s0000.. (each with DRIFT drifted resources), `big` (BIG_DRIFT drifted
      resources) and `tiny` (one pending change), every one a Terraform root module answered by fake-terraform.
      The entries are the genuine shapes of the equiv-drift_simple fixture; only names differ.
  generate.py settle DIR
      the state the timed commands see: `big` in sync (its huge drift is in the recorded run only), the others
      as generated.
  generate.py history TEMPLATE OUT RUNS
      OUT: RUNS copies of the one run recorded in TEMPLATE (sequence, run id and times rewritten, run i moved back
      (RUNS - i) x 6 h, the newest a day old so every stack is due), its stack index and drift files pointing at
      the newest.
"""
import json
import os
import re
import shutil
import sys

SIX_HOURS = 6 * 3600 * 1000


def plan(drift_entry, change_entry, drift, pending):
    def named(template, i):
        return json.dumps(dict(template, name=f"r{i}", address=f"{template['type']}.r{i}"), separators=(",", ":"))
    parts = ['{"format_version":"1.2","terraform_version":"1.11.4","resource_drift":[',
             ",".join(named(drift_entry, i) for i in range(drift)), '],"resource_changes":[',
             ",".join(named(change_entry, i) for i in range(pending)), ']}']
    return "".join(parts)


def repo(fixtures, out, stacks, drift, big_drift):
    with open(os.path.join(fixtures, "terraform", "equiv-drift_simple.plan.json")) as f:
        simple = json.load(f)
    drift_entry, change_entry = simple["resource_drift"][0], simple["resource_changes"][0]
    names = [f"s{i:04d}" for i in range(stacks)] + ["big", "tiny"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "stacks.yaml"), "w") as f:
        f.write("drift:\n  enabled: true\n  mode: report\n  every: 6h\nreapply: 0\nparallelism: 2\nstacks:\n")
        for name in names:
            f.write(f"  - dir: {name}\n")
    for name in names:
        d = os.path.join(out, name, ".bench")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(out, name, "main.tf"), "w") as f:
            f.write('resource "tfcoremock_simple_resource" "r0" {}\n')
        count = big_drift if name == "big" else 0 if name == "tiny" else drift
        pending = 1 if name == "tiny" else 0
        with open(os.path.join(d, "plan.json"), "w") as f:
            f.write(plan(drift_entry, change_entry, count, pending))
        for flag, on in (("drifted", count > 0), ("pending", pending > 0)):
            path = os.path.join(d, flag)
            if on:
                open(path, "w").close()
            elif os.path.exists(path):
                os.remove(path)


def settle(out):
    d = os.path.join(out, "big", ".bench")
    with open(os.path.join(d, "plan.json"), "w") as f:
        f.write('{"format_version":"1.2","terraform_version":"1.11.4","resource_drift":[],"resource_changes":[]}')
    if os.path.exists(os.path.join(d, "drifted")):
        os.remove(os.path.join(d, "drifted"))


def history(template, out, runs):
    runs_dir = os.path.join(template, "runs")
    summary_name = sorted(n for n in os.listdir(runs_dir) if n.endswith(".summary.json"))[-1]
    summary = open(os.path.join(runs_dir, summary_name)).read()
    details = open(os.path.join(runs_dir, summary_name.replace("summary", "details")), encoding="utf-8").read()
    meta = json.loads(summary)
    took = meta["finishedAt"] - meta["startedAt"]
    newest = meta["startedAt"] - 24 * 3600 * 1000
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    head = re.compile(r'"sequence":\d+,"runId":"[^"]*"(.*?)"startedAt":\d+,"finishedAt":\d+')
    for i in range(1, runs + 1):
        started = newest - (runs - i) * SIX_HOURS

        def rewrite(text):
            return head.sub(lambda m: f'"sequence":{i},"runId":"{i}"{m.group(1)}"startedAt":{started},"finishedAt":{started + took}',
                            text, count=1)
        with open(os.path.join(out, "runs", f"run-{i:012d}.details.json"), "w", encoding="utf-8") as f:
            f.write(rewrite(details))
        with open(os.path.join(out, "runs", f"run-{i:012d}.summary.json"), "w") as f:
            f.write(rewrite(summary))
    stacks = json.load(open(os.path.join(template, "stacks.json")))
    for s in stacks["stacks"]:
        s.update(lastSequence=runs, lastRunId=str(runs), lastCheckedAt=newest)
        if "driftedSince" in s:
            s["driftedSince"] = newest
    with open(os.path.join(out, "stacks.json"), "w") as f:
        json.dump(stacks, f, separators=(",", ":"))
    if os.path.isdir(os.path.join(template, "drift")):
        shutil.copytree(os.path.join(template, "drift"), os.path.join(out, "drift"), dirs_exist_ok=True)


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "repo":
        repo(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
    elif what == "settle":
        settle(sys.argv[2])
    else:
        history(sys.argv[2], sys.argv[3], int(sys.argv[4]))
