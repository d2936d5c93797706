#!/usr/bin/env bash
# Job page benchmark: what opening a Jenkins job's page costs the plugin with a long history. bench JobPageBench
# (plugin test scope) generates three jobs of STACKS stacks — `many` with BUILDS builds, `window` with the 30 builds
# the page's trend shows, `one` with 1 — each build a check of every stack then a deploy of 5, with the details
# files, build.xml's actions and the job history a real plugin leaves (generated with the plugin's own classes).
# Each `open` is a fresh JVM that loads a job's builds (untimed; Jenkins holds them), then opens the page: the
# job action from its factory, its section (trend, drift ages, "Recently deployed": what jobMain.jelly prints) and
# the badge the page fetches. It prints the first (cold) open's time and allocation and the medians over OPENS
# warm opens. Paired A B A B ... (bench/paired.py --reported): many against one, many against window; then `many`
# once under a capped heap.
#
# usage: bench/jobpage/run.sh [BUILDS] [STACKS] [PAIRS] [OPENS]     (defaults 1000 1000 5 200; from the repository
#        root; needs java, python3, mvn; builds with pom-standin.xml)
#        STACKDRIFT_SOURCE=dir measures another checkout (an older commit with this benchmark copied in) on inputs
#        it generates itself; STACKDRIFT_CAPPED_HEAP sets the cap (default -Xmx64m).
# Generated inputs only, in $TMPDIR (about 70 MB for the defaults: details files are hard links). Delete $work after.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
src="${STACKDRIFT_SOURCE:-$root}"
work="${TMPDIR:-/tmp}/stackdrift-jobpage-bench"
builds="${1:-1000}"
stacks="${2:-1000}"
pairs="${3:-5}"
opens="${4:-200}"
capped="${STACKDRIFT_CAPPED_HEAP:--Xmx64m}"

rm -rf "$work"
mkdir -p "$work"
(cd "$src" && mvn -B -q -f pom-standin.xml -pl plugin/pom-standin.xml -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$work/classpath" -Dmdep.includeScope=test)
cp="$src/plugin/target/test-classes:$src/plugin/target/classes:$(cat "$work/classpath")"
bench="java -cp $cp io.jenkins.plugins.stackdrift.bench.JobPageBench"
$bench generate "$work/jobs" "$builds" "$stacks" 2>/dev/null
echo "source: $src ($(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout'))"
echo "machine: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB, $(java -version 2>&1 | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== A = $builds builds, B = 1 build"
python3 "$root/bench/paired.py" --reported "$pairs" "$bench open $work/jobs/many $opens" "$bench open $work/jobs/one $opens"
echo "== A = $builds builds, B = the 30 builds the trend shows"
python3 "$root/bench/paired.py" --reported "$pairs" "$bench open $work/jobs/many $opens" "$bench open $work/jobs/window $opens"
echo "== $builds builds with $capped (one run)"
java $capped -cp "$cp" io.jenkins.plugins.stackdrift.bench.JobPageBench open "$work/jobs/many" "$opens" 2>&1 \
  | grep -E '^first_ms|OutOfMemoryError' || echo "  failed (exit ${PIPESTATUS[0]})"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
