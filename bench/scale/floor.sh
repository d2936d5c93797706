#!/usr/bin/env bash
# A whole run against the bare tool calls, at one size: `check --html --record` of N stacks (bench/scale's generated
# repository, answered by bench/scale/fake-terraform) against the shell's spawn floor (exactly the calls that check
# made, as a POSIX sh script of 4 lanes: bench/scale/generate.py shell), paired A B A B ... by bench/paired.py;
# with OLD_JAR also this build's check against that build's, on the same inputs. Then one /usr/bin/time run each
# under -Xmx128m (does it finish, or stop with its one line?). Medians of the pairs and the pair-by-pair ratios.
#
# usage: bench/scale/floor.sh [RUNS] [N] [DRIFT]   (from anywhere; default 3 1000 50; needs java, python3, /usr/bin/time)
#   STACKDRIFT_JAR  the jar the launcher cli/bin/stackdrift runs (default cli/target/stackdrift.jar)
#   OLD_JAR         an older build to pair against (optional)
# Generated inputs and every file the runs write in $TMPDIR/stackdrift-scale-bench (about 45 MB per 1,000 stacks).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/bench/scale"
paired="$root/bench/paired.py"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-scale-bench"
runs="${1:-3}"
n="${2:-1000}"
drift="${3:-50}"
jar="${STACKDRIFT_JAR:-$root/cli/target/stackdrift.jar}"
old="${OLD_JAR:-}"
tool="$here/fake-terraform"
mkdir -p "$work/tmp"
[ -f "$work/r$n/stacks.yaml" ] || python3 "$here/generate.py" "$fixtures" "$work/r$n" "$n" "$drift"
opts="-Djava.io.tmpdir=$work/tmp"
check() { # jar name [java options]: a check of n stacks into fresh record and pages named name
  echo "STACKDRIFT_JAR=$1 STACKDRIFT_JAVA_OPTS='$opts ${3:-}' $root/cli/bin/stackdrift check --config $work/r$n/stacks.yaml --tool-path terraform=$tool --record $work/rec-$2 --html $work/html-$2 2> $work/err-$2"
}
fresh() { echo "rm -rf $work/rec-$1 $work/html-$1"; }
# the launcher's first run of a jar writes its class-data archive: not a timed run
for j in "$jar" $old; do STACKDRIFT_JAR=$j "$root/cli/bin/stackdrift" --version > /dev/null 2>&1 || true; done
echo "machine: $(nproc) CPUs, $(java -version 2>&1 | head -n 1); load $(cut -d' ' -f1-3 /proc/loadavg); $n stacks, $drift drifted resources each"
calls="$work/calls-$n"
rm -rf "$calls" "$calls.env"
eval "$(fresh log)"
SCALE_CALLS="$calls" sh -c "$(check "$jar" log)" > /dev/null || [ $? -eq 2 ]
python3 "$here/generate.py" shell "$calls" "$tool" 4 "$work/floor-sh" > "$work/floor-$n.sh"
echo "== check --html --record ($n stacks) vs the shell floor ($(wc -l < "$calls") tool calls, sh, 4 lanes)"
python3 "$paired" "$runs" "$(fresh a)" "$(check "$jar" a)" "rm -rf $work/floor-sh" "sh $work/floor-$n.sh"
if [ -n "$old" ]; then
  echo "== check --html --record ($n stacks): this build vs $old"
  python3 "$paired" "$runs" "$(fresh a)" "$(check "$jar" a)" "$(fresh b)" "$(check "$old" b)"
fi
for j in "$jar" $old; do
  eval "$(fresh c)"
  /usr/bin/time -f "  -Xmx128m, $(basename "$j"): exit %x, %e s wall, %U+%S s CPU, peak %M KiB" \
    sh -c "$(check "$j" c -Xmx128m)" > /dev/null 2> "$work/heap.err" || true
  tail -1 "$work/heap.err"; grep '^stackdrift: ' "$work/err-c" | tail -2 || true
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
