#!/usr/bin/env python3
"""Generated inputs for the history benchmark (bench/history/run.sh); nothing here is committed output.

  generate.py repo FIXTURES DIR STACKS DRIFT
      DIR/stacks.yaml with STACKS stacks s0000.. (each with DRIFT drifted resources), `big` (in sync) and `tiny`
      (one pending change), every one a Terraform root module answered by fake-terraform. The entries are the
      genuine shapes of the equiv-drift_simple fixture; only names differ.
  generate.py big FIXTURES DIR N
      `big` with N drifted resources (0: in sync).
  generate.py history TEMPLATE OUT RUNS [LAST]
      OUT: RUNS copies of the one run recorded in TEMPLATE (sequence, run id and times rewritten, run i moved back
      (RUNS - i) x 6 h, the newest a day old so every stack is due), then, when given, the run recorded in LAST as
      the newest; the stack index and drift files of the newest template, pointing at the newest run.
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


def shapes(fixtures):
    with open(os.path.join(fixtures, "terraform", "equiv-drift_simple.plan.json")) as f:
        simple = json.load(f)
    return simple["resource_drift"][0], simple["resource_changes"][0]


def write_stack(out, name, drift_entry, change_entry, count, pending):
    d = os.path.join(out, name, ".bench")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "plan.json"), "w") as f:
        f.write(plan(drift_entry, change_entry, count, pending))
    for flag, on in (("drifted", count > 0), ("pending", pending > 0)):
        path = os.path.join(d, flag)
        if on:
            open(path, "w").close()
        elif os.path.exists(path):
            os.remove(path)


def repo(fixtures, out, stacks, drift):
    drift_entry, change_entry = shapes(fixtures)
    names = [f"s{i:04d}" for i in range(stacks)] + ["big", "tiny"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "stacks.yaml"), "w") as f:
        f.write("drift:\n  enabled: true\n  mode: report\n  every: 6h\nreapply: 0\nparallelism: 2\nstacks:\n")
        for name in names:
            f.write(f"  - dir: {name}\n")
    for name in names:
        os.makedirs(os.path.join(out, name), exist_ok=True)
        with open(os.path.join(out, name, "main.tf"), "w") as f:
            f.write('resource "tfcoremock_simple_resource" "r0" {}\n')
        count = 0 if name in ("big", "tiny") else drift
        write_stack(out, name, drift_entry, change_entry, count, 1 if name == "tiny" else 0)


def big(fixtures, out, count):
    drift_entry, change_entry = shapes(fixtures)
    write_stack(out, "big", drift_entry, change_entry, count, 0)


HEAD = re.compile(r'"sequence":\d+,"runId":"[^"]*"(.*?)"startedAt":\d+,"finishedAt":\d+')


def recorded(template):
    runs_dir = os.path.join(template, "runs")
    summary_name = sorted(n for n in os.listdir(runs_dir) if n.endswith(".summary.json"))[-1]
    summary = open(os.path.join(runs_dir, summary_name)).read()
    details = open(os.path.join(runs_dir, summary_name.replace("summary", "details")), encoding="utf-8").read()
    meta = json.loads(summary)
    return summary, details, meta["finishedAt"] - meta["startedAt"]


def write_run(out, i, started, run):
    summary, details, took = run

    def rewrite(text):
        return HEAD.sub(lambda m: f'"sequence":{i},"runId":"{i}"{m.group(1)}"startedAt":{started},"finishedAt":{started + took}',
                        text, count=1)
    with open(os.path.join(out, "runs", f"run-{i:012d}.details.json"), "w", encoding="utf-8") as f:
        f.write(rewrite(details))
    with open(os.path.join(out, "runs", f"run-{i:012d}.summary.json"), "w") as f:
        f.write(rewrite(summary))


def history(template, out, runs, last=None):
    run = recorded(template)
    total = runs + (1 if last else 0)
    newest = json.loads(run[0])["startedAt"] - 24 * 3600 * 1000
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    for i in range(1, runs + 1):
        write_run(out, i, newest - (total - i) * SIX_HOURS, run)
    if last:
        write_run(out, total, newest, recorded(last))
    index_from = last or template
    stacks = json.load(open(os.path.join(index_from, "stacks.json")))
    for s in stacks["stacks"]:
        s.update(lastSequence=total, lastRunId=str(total), lastCheckedAt=newest)
        if "driftedSince" in s:
            s["driftedSince"] = newest
    with open(os.path.join(out, "stacks.json"), "w") as f:
        json.dump(stacks, f, separators=(",", ":"))
    if os.path.isdir(os.path.join(index_from, "drift")):
        shutil.copytree(os.path.join(index_from, "drift"), os.path.join(out, "drift"), dirs_exist_ok=True)


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "repo":
        repo(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    elif what == "big":
        big(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        history(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else None)
