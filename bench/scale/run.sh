#!/usr/bin/env bash
# Scale benchmark: does a whole run grow with its stacks, and how close is it to the cost of its tool calls?
#   1. growth: `validate` and `check` of N stacks against N/10 (and 5,000 against 1,000), paired A B A B ...
#      (bench/paired.py: medians of the pairs, pair-by-pair ratios); then the marginal cost per stack;
#   2. at FLOOR_N stacks (default 1,000), `check` against its spawn floor: SpawnFloor.java replays exactly the tool
#      calls that check made (logged by fake-terraform: count, directories, arguments, stdout files, environment),
#      with the same parallelism, in a JVM (default launcher and -Djdk.lang.Process.launchMechanism=VFORK) and as a
#      shell script (generate.py shell); and check itself with VFORK against without.
# Each stack is an exact `dir:` entry with DRIFT drifted resources (a refresh-only plan), answered at once by
# bench/scale/fake-terraform; 3 tool calls per stack (init, plan -refresh-only, show). Every timed check gets a
# fresh --record directory, so every stack is due and the run writes its whole record.
#
# usage: bench/scale/run.sh [RUNS] [SIZES] [FLOOR_N] [DRIFT]   (from anywhere; default 3 "10 100 1000 5000" 1000 50;
#        needs java, javac, python3, /usr/bin/time; builds the jar when missing: mvn -B -q -f pom-standin.xml -pl core,cli -am
#        package -DskipTests)
#   STACKDRIFT      the command measured (default: the launcher cli/bin/stackdrift, i.e. the shipped flags);
#                   e.g. STACKDRIFT="java -jar cli/target/stackdrift.jar" for the plain JVM
#   STACKDRIFT_JAR  the jar the launcher runs (an older build, say)
#   FLOOR_JAVA      the JVM of the floor (default: java with the launcher's collector and compiler flags)
# Generated inputs only, in $TMPDIR/stackdrift-scale-bench (about 130 MB per 1,000 stacks); delete it afterwards.
# The checks' work directories go there too (java.io.tmpdir), so TMPDIR=/dev/shm puts every file the runs and the
# floors write on tmpfs: on a journal-less ext4 (this machine's) creating a file right after thousands were deleted
# costs a scan of them (docs/benchmarks.md), which a run on tmpfs leaves out.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/bench/scale"
paired="$root/bench/paired.py"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-scale-bench"
runs="${1:-3}"
sizes="${2:-10 100 1000 5000}"
floor_n="${3:-1000}"
drift="${4:-50}"
export STACKDRIFT_JAR="${STACKDRIFT_JAR:-$root/cli/target/stackdrift.jar}"
stackdrift="${STACKDRIFT:-$root/cli/bin/stackdrift}"
floor_java="${FLOOR_JAVA:-java -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
tool="$here/fake-terraform"
mkdir -p "$work/tmp"
export STACKDRIFT_JAVA_OPTS="-Djava.io.tmpdir=$work/tmp ${STACKDRIFT_JAVA_OPTS:-}"

[ -f "$STACKDRIFT_JAR" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
mkdir -p "$work"
for n in $sizes $floor_n; do
  [ -f "$work/r$n/stacks.yaml" ] || python3 "$here/generate.py" "$fixtures" "$work/r$n" "$n" "$drift"
done
mkdir -p "$work/classes"
javac -d "$work/classes" "$here/SpawnFloor.java"
# the launcher's first run writes its class-data archive: not a timed run
$stackdrift validate --config "$work/r10/stacks.yaml" > /dev/null 2>&1 || true

echo "command: $stackdrift (jar $STACKDRIFT_JAR)"
echo "machine: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -n 1); load $(cut -d' ' -f1-3 /proc/loadavg) (shared: other builds run beside)"
echo "stacks: exact dir entries, $drift drifted resources each, parallelism 4, 3 tool calls per stack"

fresh() { # name: an empty record directory for the next timed run
  echo "rm -rf $work/rec-$1"
}
check() { # size name
  echo "$stackdrift check --config $work/r$1/stacks.yaml --tool-path terraform=$tool --record $work/rec-$2 2> /dev/null"
}
validate() { # size
  echo "$stackdrift validate --config $work/r$1/stacks.yaml"
}
per_stack() { # output-of-paired size-a size-b: marginal CPU and wall per stack from the two medians
  awk -v na="$2" -v nb="$3" '/^  A:/ {ca=$3; wa=$6} /^  B:/ {cb=$3; wb=$6}
    END {printf "  per stack: %.2f ms CPU, %.2f ms wall marginal (%d -> %d stacks); A %.2f / B %.2f ms CPU per stack\n",
      (ca-cb)*1000/(na-nb), (wa-wb)*1000/(na-nb), nb, na, ca*1000/na, cb*1000/nb}' <<< "$1"
}

set -- $sizes
previous=""
for n in "$@"; do
  if [ -n "$previous" ]; then
    echo "== validate: A = $n stacks, B = $previous"
    out=$(python3 "$paired" "$runs" true "$(validate "$n")" true "$(validate "$previous")"); echo "$out"; per_stack "$out" "$n" "$previous"
    echo "== check: A = $n stacks, B = $previous"
    out=$(python3 "$paired" "$runs" "$(fresh a)" "$(check "$n" a)" "$(fresh b)" "$(check "$previous" b)"); echo "$out"
    per_stack "$out" "$n" "$previous"
  fi
  previous=$n
done

n=$floor_n
calls="$work/calls-$n"
rm -rf "$calls" "$calls.env" "$work/rec-log"
SCALE_CALLS="$calls" sh -c "$(check "$n" log)" > /dev/null || [ $? -eq 2 ]
echo "== tool calls of one check of $n stacks: $(wc -l < "$calls") ($(cut -f3 "$calls" | cut -d' ' -f1 | sort | uniq -c | tr -s ' ' | tr '\n' ',' ))"
python3 "$here/generate.py" shell "$calls" "$tool" 4 "$work/floor-sh" > "$work/floor.sh"
jvm_floor() { # extra java flags
  echo "$floor_java $1 -cp $work/classes SpawnFloor $calls $tool 4 $work/floor-out"
}
floor_fresh="rm -rf $work/floor-out $work/floor-sh"
echo "== check ($n stacks) vs the JVM spawn floor (default launch mechanism)"
python3 "$paired" "$runs" "$(fresh a)" "$(check "$n" a)" "$floor_fresh" "$(jvm_floor "")"
echo "== check ($n stacks) vs the JVM spawn floor with VFORK"
python3 "$paired" "$runs" "$(fresh a)" "$(check "$n" a)" "$floor_fresh" "$(jvm_floor -Djdk.lang.Process.launchMechanism=VFORK)"
echo "== JVM spawn floor: VFORK vs default"
python3 "$paired" "$runs" "$floor_fresh" "$(jvm_floor -Djdk.lang.Process.launchMechanism=VFORK)" "$floor_fresh" "$(jvm_floor "")"
echo "== check ($n stacks) vs the shell spawn floor (sh, 4 lanes)"
python3 "$paired" "$runs" "$(fresh a)" "$(check "$n" a)" "$floor_fresh" "sh $work/floor.sh"
echo "== check ($n stacks): VFORK vs default (STACKDRIFT_JAVA_OPTS)"
python3 "$paired" "$runs" "$(fresh a)" "STACKDRIFT_JAVA_OPTS='$STACKDRIFT_JAVA_OPTS -Djdk.lang.Process.launchMechanism=VFORK' $(check "$n" a)" \
  "$(fresh b)" "STACKDRIFT_JAVA_OPTS='$STACKDRIFT_JAVA_OPTS -Djdk.lang.Process.launchMechanism=POSIX_SPAWN' $(check "$n" b)"
echo "== check ($n stacks), one /usr/bin/time run each under -Xmx256m and -Xmx128m"
for heap in 256m 128m; do
  rm -rf "$work/rec-c"
  STACKDRIFT_JAVA_OPTS="$STACKDRIFT_JAVA_OPTS -Xmx$heap" /usr/bin/time -f "  -Xmx$heap: exit %x, %e s wall, %U+%S s CPU, peak %M KiB" \
    sh -c "$(check "$n" c)" > /dev/null 2> "$work/heap.err" || true
  tail -1 "$work/heap.err"
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
