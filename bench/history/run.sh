#!/usr/bin/env bash
# History benchmark: does the history cost a run anything? Two parts, each paired A B A B ...
# (bench/paired.py: medians of the pairs and the pair-by-pair ratios of CPU, wall clock and peak RSS).
#   1. history length: `check`, `deploy --stacks tiny` and `check --html` with MANY recorded runs (A) against 1 (B);
#   2. one large recorded run: the newest recorded run holds a stack `big` with BIG drifted resources (A) against
#      a history without it (B), for `deploy --stacks tiny` and `check --html`; then the same deploy once under
#      a capped heap.
# The recorded runs are real: this jar's `check` of a generated repository (STACKS stacks with DRIFT drifted
# resources each, `big`, and `tiny` with one pending change; answered by fake-terraform), copied by generate.py.
# The timed commands see `big` in sync: only the record of its drift is left. Every timed run gets a fresh
# hard-linked copy of its history, made before the timer starts.
#
# usage: bench/history/run.sh [STACKS] [DRIFT] [BIG] [RUNS] [MANY]     (from the repository root; needs java,
#        python3, /usr/bin/time; builds the jar when missing: mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
#        STACKDRIFT_JAR=path measures another build of the CLI (an older commit, say) on the same inputs.
# Generated inputs only, in $TMPDIR (about 0.7 GB for the defaults). The default limit of a history is 100
# runs, so with MANY > 100 each timed run's save also trims its copy to 100 runs (deleting the files of
# MANY - 100 runs): that cost is inside A's figures. Delete $work afterwards.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/bench/history"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-history-bench"
jar="${STACKDRIFT_JAR:-$root/cli/target/stackdrift.jar}"
stacks="${1:-100}"
drift="${2:-50}"
big="${3:-200000}"
runs="${4:-5}"
many="${5:-1000}"
java_opts="${STACKDRIFT_JAVA_OPTS:-}"
capped="${STACKDRIFT_CAPPED_HEAP:--Xmx128m}"

[ -f "$jar" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
rm -rf "$work"
mkdir -p "$work"
config="--config $work/repo/stacks.yaml --tool-path terraform=$here/fake-terraform"
python3 "$here/generate.py" repo "$fixtures" "$work/repo" "$stacks" "$drift"
java -jar "$jar" check $config --record "$work/t-normal" > /dev/null 2>&1 || [ $? -eq 2 ]
python3 "$here/generate.py" big "$fixtures" "$work/repo" "$big"
java -jar "$jar" check $config --record "$work/t-big" > /dev/null 2>&1 || [ $? -eq 2 ]
python3 "$here/generate.py" big "$fixtures" "$work/repo" 0
python3 "$here/generate.py" history "$work/t-normal" "$work/h1" 1
python3 "$here/generate.py" history "$work/t-normal" "$work/hmany" "$many"
python3 "$here/generate.py" history "$work/t-normal" "$work/hbig" 1 "$work/t-big"
echo "jar: $jar"
echo "repository: $stacks stacks x $drift drifted resources, big, tiny; a recorded run's details: $(stat -c %s "$work/h1/runs/run-000000000001.details.json") bytes," \
  "with big's $big: $(stat -c %s "$work/hbig/runs/run-000000000002.details.json") bytes; $many runs: $(du -sh "$work/hmany" | cut -f1)"
echo "machine: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB; load $(cut -d' ' -f1-3 /proc/loadavg) (shared: other builds run beside)"

fresh() { # name history
  echo "rm -rf $work/rec-$1 $work/html-$1 && cp -al $work/$2 $work/rec-$1"
}
stackdrift="java $java_opts -jar $jar"
compare() { # label history-a history-b pairs command [--html]
  local html_a="" html_b=""
  [ "${5:-}" = --html ] && html_a="--html $work/html-a" && html_b="--html $work/html-b"
  echo "== $4${5:+ --html}: A = $1, B = 1 run"
  python3 "$root/bench/paired.py" "$6" \
    "$(fresh a "$2")" "$stackdrift $4 $config --record $work/rec-a $html_a" \
    "$(fresh b "$3")" "$stackdrift $4 $config --record $work/rec-b $html_b"
}
compare "$many runs" hmany h1 "check" "" "$runs"
compare "$many runs" hmany h1 "deploy --stacks tiny" "" "$runs"
compare "$many runs" hmany h1 "check" --html "$runs"
compare "1 run + the run with big's $big drifted" hbig h1 "deploy --stacks tiny" "" "$runs"
compare "1 run + the run with big's $big drifted" hbig h1 "check" --html "$runs"

for what in "deploy --stacks tiny" "check --html $work/html-c"; do
  echo "== $what with $capped, history with the run of big's $big drifted (one /usr/bin/time run)"
  sh -c "$(fresh c hbig)"
  /usr/bin/time -f "  exit %x, %e s wall, %U+%S s CPU, peak %M KiB" \
    java $capped -jar "$jar" $what $config --record "$work/rec-c" > "$work/capped.out" 2> "$work/capped.err" || true
  tail -1 "$work/capped.err"
  grep -m1 -o 'OutOfMemoryError[^"]*' "$work/capped.err" || echo "  no OutOfMemoryError"
done
