#!/usr/bin/env bash
# Where a command's CPU goes: runs one stackdrift command under async-profiler (the tools.profiler:async-profiler
# jar from Maven Central carries the Linux library) and prints, per thread, the share of CPU samples, and for the
# threads you name the frames with the most samples of their own and the methods of ours with the most inclusive
# samples. One run: a profile says where, the paired benchmarks say how much.
#
# usage: bench/profile/run.sh [-i INTERVAL] [-t THREAD] -- COMMAND...   (from the repository root; Linux x64)
#   COMMAND  e.g. java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar cli/target/stackdrift.jar report --json PLAN,
#            or cli/bin/stackdrift ... (the agent goes in through STACKDRIFT_JAVA_OPTS)
#   -i       sampling interval (default 1ms; 100us for a command that takes under a second)
#   -t       a thread name to break down (default main)
# The collapsed stacks stay in $TMPDIR/stackdrift-profile/out.collapsed for a flame graph or your own counting.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
interval=1ms
thread=main
while [ $# -gt 0 ]; do
  case "$1" in
    -i) interval="$2"; shift 2 ;;
    -t) thread="$2"; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [-i INTERVAL] [-t THREAD] -- COMMAND..." >&2; exit 64; }
version=4.0
jar="$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar"
# from a directory without a pom: the root pom.xml is the real plugin build, which cannot resolve everywhere
[ -f "$jar" ] || (cd "${TMPDIR:-/tmp}" && mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$version")
work="${TMPDIR:-/tmp}/stackdrift-profile"
mkdir -p "$work"
(cd "$work" && unzip -o -q "$jar" 'linux-x64/libasyncProfiler.so')
out="$work/out.collapsed"
agent="-agentpath:$work/linux-x64/libasyncProfiler.so=start,event=cpu,interval=$interval,file=$out,collapsed,threads"
rm -f "$out"
if [ "$1" = java ]; then
  shift
  java "$agent" "$@" > /dev/null || true
else
  STACKDRIFT_JAVA_OPTS="${STACKDRIFT_JAVA_OPTS:-} $agent" "$@" > /dev/null || true
fi
python3 "$root/bench/profile/summary.py" "$out" "$thread"
