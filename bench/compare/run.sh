#!/usr/bin/env bash
# Before/after comparison: the same inputs through two builds of the CLI, every output compared byte for byte
# after the run's own clock and identity are masked (epoch-millisecond times, durations, run ids and the generated
# directories' paths): what a performance change must leave as it was.
#   1. every plan fixture (terraform, opentofu, pulumi): `report`, `report --json`, `report --html --record`, and
#      all of them in one `report --json --html`;
#   2. bench/scale's generated plans: `check --json --html --record` of N stacks (the record, the pages, the JSON,
#      the text), then a second check on that record (every stack skipped, known drifted);
#   3. bench/history's repository with one stack of BIG drifted resources (a list past the in-memory limit).
# Each build runs each case twice first; what differs between its own two runs is the clock, which the masks cover
# (a case whose two runs differ after masking is reported as unstable and counts as a failure).
#
# usage: bench/compare/run.sh OLD_JAR NEW_JAR [N] [BIG]   (from anywhere; default N 200, BIG 5000; needs java, python3)
# Exit 0 when every output is the same, 1 with the differing files listed. Generated inputs only, in
# $TMPDIR/stackdrift-compare; delete it afterwards.
set -uo pipefail  # no -e: the commands compared exit 1 and 2 on purpose
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
old="$1"
new="$2"
n="${3:-200}"
big="${4:-5000}"
work="${TMPDIR:-/tmp}/stackdrift-compare"
rm -rf "$work"
[ -f "$old" ] && [ -f "$new" ] || { echo "usage: $0 OLD_JAR NEW_JAR [N] [BIG]" >&2; exit 64; }
mkdir -p "$work/in" "$work/tmp"
python3 "$root/bench/scale/generate.py" "$fixtures" "$work/in/scale" "$n" 50 > /dev/null
python3 "$root/bench/history/generate.py" repo "$fixtures" "$work/in/repo" 3 1 > /dev/null
python3 "$root/bench/history/generate.py" big "$fixtures" "$work/in/repo" "$big" > /dev/null
mapfile -t plans < <(find "$fixtures/terraform" "$fixtures/opentofu" "$fixtures/pulumi" -type f \( -name '*.json' -o -name '*.jsonl' \) \
  ! -name '*schema*' | sort)

run() { # jar out-dir: every case into out-dir
  local jar="$1" out="$2" java="java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.io.tmpdir=$work/tmp -jar $1"
  rm -rf "$out" && mkdir -p "$out"
  local i=0
  for plan in "${plans[@]}"; do
    i=$((i + 1))
    (cd "$work/in" && $java report "$plan" > "$out/report-$i.txt" 2> "$out/report-$i.err"; echo "exit $?" >> "$out/report-$i.txt")
    (cd "$work/in" && $java report --json "$plan" > "$out/report-$i.json" 2> /dev/null; echo "exit $?" >> "$out/report-$i.json")
    (cd "$work/in" && $java report --html "$out/report-$i.html" --record "$out/report-$i.record" "$plan" > /dev/null 2>&1 || true)
  done
  (cd "$work/in" && $java report --json --html "$out/report-all.html" "${plans[@]}" > "$out/report-all.json" 2> /dev/null)
  $java check --config "$work/in/scale/stacks.yaml" --tool-path terraform="$root/bench/scale/fake-terraform" \
    --record "$out/scale.record" --html "$out/scale.html" --json > "$out/scale.json" 2> "$out/scale.err" || echo "exit $?" >> "$out/scale.json"
  $java check --config "$work/in/scale/stacks.yaml" --tool-path terraform="$root/bench/scale/fake-terraform" \
    --record "$out/scale.record" --html "$out/scale-again.html" > "$out/scale-again.txt" 2> "$out/scale-again.err" \
    || echo "exit $?" >> "$out/scale-again.txt"
  $java check --config "$work/in/repo/stacks.yaml" --tool-path terraform="$root/bench/history/fake-terraform" \
    --record "$out/big.record" --html "$out/big.html" --json > "$out/big.json" 2> "$out/big.err" || echo "exit $?" >> "$out/big.json"
  $java check --config "$work/in/repo/stacks.yaml" --tool-path terraform="$root/bench/history/fake-terraform" \
    --record "$out/big-text.record" > "$out/big.txt" 2> /dev/null || echo "exit $?" >> "$out/big.txt"
  # the locks' process notes are named by process ids: not output
  find "$out" -type d -name locks -prune -exec rm -rf {} +
  # the clock and the run's identity: masked in every file, text or JSON; the progress on stderr comes from 4 stacks
  # at once, so its lines are compared in sorted order
  find "$out" -type f -print0 | xargs -0 python3 -c '
import re, sys
masks = [(re.compile(rb"\b1[5-9]\d{11}\b"), b"<millis>"),
         (re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z?"), b"<instant>"),
         (re.compile(rb"\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?( UTC)?"), b"<time>"),
         (re.compile(rb"\b\d+(\.\d+)? ?(ms|s|min|h)\b"), b"<duration>"),
         (re.compile(rb"\"(durationMs|elapsedMs|seconds|millis)\":\d+"), rb"\"\1\":<n>"),
         (re.compile(rb"stackdrift-(work|changes)-[^/\s\"]*"), b"<work>"),
         (re.compile(re.escape(sys.argv[1].encode())), b"<out>")]
for name in sys.argv[2:]:
    data = open(name, "rb").read()
    for pattern, replacement in masks:
        data = pattern.sub(replacement, data)
    if name.endswith(".err"):
        data = b"".join(sorted(data.splitlines(keepends=True)))
    open(name, "wb").write(data)
' "$out"
}

status=0
for build in old new; do
  jar=$old; [ $build = new ] && jar=$new
  run "$jar" "$work/$build-1"
  run "$jar" "$work/$build-2"
  # the out-dir names differ between the two runs: masked above, so the trees compare as they are
  if ! diff -r -q "$work/$build-1" "$work/$build-2" > "$work/$build-unstable.txt"; then
    echo "unstable: $build's two runs differ after masking:"; head -20 "$work/$build-unstable.txt"; status=1
  fi
done
if diff -r -q "$work/old-1" "$work/new-1" > "$work/differ.txt"; then
  echo "same: $(find "$work/new-1" -type f | wc -l) files from ${#plans[@]} fixtures, $n generated stacks and one of $big changes"
else
  echo "differ:"; head -40 "$work/differ.txt"; status=1
fi
exit $status
