#!/usr/bin/env bash
# History benchmark: does the history cost anything? `check`, `deploy` of one small stack and `check --html`, each
# run with a history of 1 run (B) and of MANY runs (A), paired A B A B ... (bench/history/paired.py: medians of the
# pairs and the pair-by-pair ratios of CPU, wall clock and peak RSS). The recorded run is a real one: this jar's
# `check` of a generated repository (STACKS stacks with DRIFT drifted resources each, one stack `big` with
# BIG_DRIFT drifted resources, one stack `tiny` with a pending change), copied MANY times by generate.py. The
# timed commands see `big` in sync, so only the record of its huge drift is left. Every timed run gets a fresh
# hard-linked copy of the history (untimed). Then the same deploy of `tiny` under a capped heap.
#
# usage: bench/history/run.sh [STACKS] [DRIFT] [BIG_DRIFT] [RUNS] [MANY]     (from the repository root; needs
#        java, python3, /usr/bin/time; builds the jar when missing: mvn -B -q -pl core,cli -am package -DskipTests)
#        STACKDRIFT_JAR=path compares another build of the CLI (an older commit, say) on the same inputs.
# Generated inputs only, in $TMPDIR (about 600 MB for the defaults: 1,000 runs of 100 stacks x 50 changes). The
# default limit of a history is 100 runs, so with MANY > 100 each timed run's save also trims the copy to 100
# runs (deleting the files of MANY - 100 runs); that cost is inside A's figures. Delete $work afterwards.
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

[ -f "$jar" ] || (cd "$root" && mvn -B -q -pl core,cli -am package -DskipTests)
rm -rf "$work"
mkdir -p "$work"
python3 "$here/generate.py" repo "$fixtures" "$work/repo" "$stacks" "$drift" "$big"
config="--config $work/repo/stacks.yaml --tool-path terraform=$here/fake-terraform"
java -jar "$jar" check $config --record "$work/template" > /dev/null || [ $? -eq 2 ]
python3 "$here/generate.py" settle "$work/repo"
python3 "$here/generate.py" history "$work/template" "$work/h1" 1
python3 "$here/generate.py" history "$work/template" "$work/hmany" "$many"
echo "jar: $jar"
echo "history: $stacks stacks x $drift drifted + big ($big) + tiny; details per run $(stat -c %s "$work/h1/runs/run-000000000001.details.json") bytes;" \
  "1 run vs $many runs ($(du -sh "$work/hmany" | cut -f1))"
echo "machine: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB; load $(cut -d' ' -f1-3 /proc/loadavg) (shared: other builds run beside)"

fresh() { # history copy
  echo "rm -rf $work/rec-$1 $work/html-$1 && cp -al $work/$2 $work/rec-$1"
}
stackdrift="java $java_opts -jar $jar"
for what in "check" "deploy --stacks tiny" "check --html"; do
  extra_a="" extra_b=""
  [ "$what" = "check --html" ] && what=check && extra_a="--html $work/html-a" && extra_b="--html $work/html-b"
  echo "== $what${extra_a:+ --html}: A = $many runs of history, B = 1 run"
  python3 "$here/paired.py" "$runs" \
    "$(fresh a hmany)" "$stackdrift $what $config --record $work/rec-a $extra_a" \
    "$(fresh b h1)" "$stackdrift $what $config --record $work/rec-b $extra_b"
done

echo "== deploy --stacks tiny with $capped, $many runs of history (one /usr/bin/time run)"
sh -c "$(fresh c hmany)"
/usr/bin/time -f "  exit %x, %e s wall, %U+%S s CPU, peak %M KiB" \
  java $capped -jar "$jar" deploy --stacks tiny $config --record "$work/rec-c" > "$work/capped.out" 2> "$work/capped.err" || true
tail -1 "$work/capped.err"
grep -m1 -o 'OutOfMemoryError[^"]*' "$work/capped.err" || echo "  no OutOfMemoryError"
