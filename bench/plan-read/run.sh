#!/usr/bin/env bash
# Plan-read benchmark: `stackdrift report --json` on a generated 100,000-change + 100,000-drift Terraform
# plan, with a 64 MB heap, side by side with jq listing the drifted addresses. A program, not a test.
#
# usage: bench/plan-read/run.sh [CHANGES] [DRIFT]      (from the repository root; needs java, jq, python3,
#        /usr/bin/time; builds the jar when missing: mvn -B -q -pl core,cli -am package -DskipTests)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-plan-read-bench"
jar="$root/cli/target/stackdrift.jar"
changes="${1:-100000}"
drift="${2:-100000}"
mkdir -p "$work"
plan="$work/plan-$changes-$drift.json"

[ -f "$jar" ] || (cd "$root" && mvn -B -q -pl core,cli -am package -DskipTests)
[ -f "$plan" ] || python3 "$root/bench/plan-read/generate.py" "$fixtures" "$plan" "$changes" "$drift"
bytes=$(stat -c %s "$plan")

field() { grep -F "$1" "$2" | sed 's/.*: //'; }
seconds() { # h:mm:ss or m:ss(.ss) -> seconds
  awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }' <<<"$1"
}

# warm the page cache so both tools read from memory
cat "$plan" > /dev/null

/usr/bin/time -v java -Xmx64m -Xlog:gc:file="$work/gc.log" -jar "$jar" report --json "$plan" \
  > "$work/stackdrift.json" 2> "$work/stackdrift.time" || [ $? -eq 2 ]
/usr/bin/time -v jq -r '.resource_drift[].address' "$plan" > "$work/jq.txt" 2> "$work/jq.time"

jq -r '.stacks[0].changes[] | select(.cause == "drift") | .address' "$work/stackdrift.json" > "$work/stackdrift-drift.txt"
if cmp -s "$work/jq.txt" "$work/stackdrift-drift.txt"; then same="yes"; else same="NO"; fi

sd_s=$(seconds "$(field 'Elapsed (wall clock)' "$work/stackdrift.time")")
jq_s=$(seconds "$(field 'Elapsed (wall clock)' "$work/jq.time")")
cpu() { awk -v u="$(field 'User time' "$1")" -v s="$(field 'System time' "$1")" 'BEGIN { print u + s }'; }
sd_cpu=$(cpu "$work/stackdrift.time")
jq_cpu=$(cpu "$work/jq.time")
load=$(cut -d' ' -f1-3 /proc/loadavg)
sd_rss=$(field 'Maximum resident set size' "$work/stackdrift.time")
jq_rss=$(field 'Maximum resident set size' "$work/jq.time")
# G1 lines end in "BEFORE M->AFTER M(CAPACITY M) pause": the largest heap in use before / after a collection
heap=$(grep -oE '[0-9]+M->[0-9]+M\([0-9]+M\)' "$work/gc.log" | awk -F'[M>(-]+' '
  { if ($1 > b) b = $1; if ($2 > a) a = $2; if ($3 > c) c = $3; n++ }
  END { printf "%d collections, heap in use at most %d MB before / %d MB after a collection, capacity %d MB", n, b, a, c }')

awk -v bytes="$bytes" -v sd="$sd_s" -v jq="$jq_s" -v sdrss="$sd_rss" -v jqrss="$jq_rss" -v same="$same" -v heap="$heap" \
    -v changes="$changes" -v drift="$drift" -v sdcpu="$sd_cpu" -v jqcpu="$jq_cpu" -v load="$load" 'BEGIN {
  mb = bytes / 1048576
  printf "plan: %d resource changes + %d drift entries, %.1f MB\n", changes, drift, mb
  printf "stackdrift report --json (-Xmx64m, one streaming pass): %.2f s wall, %.2f s CPU, %.1f MB/s, peak RSS %.0f MB\n", sd, sdcpu, mb / sd, sdrss / 1024
  printf "  GC: %s\n", heap
  printf "jq -r .resource_drift[].address:                       %.2f s wall, %.2f s CPU, %.1f MB/s, peak RSS %.0f MB\n", jq, jqcpu, mb / jq, jqrss / 1024
  printf "speed-up over jq: %.1fx wall clock, %.1fx CPU time; same drifted addresses: %s; load average %s\n", jq / sd, jqcpu / sdcpu, same, load
}'
