#!/usr/bin/env bash
# Start-up benchmark: `validate` of the bundled example through the launcher (cli/bin/stackdrift: AppCDS
# archive, serial GC, C1 only) paired with the plain `java -jar stackdrift.jar` in the same call, A B A B ...
# (bench/paired.py: medians of the pairs and their ratios).
#
# usage: bench/startup/run.sh [RUNS]    (from the repository root; builds the jar when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-10}"
jar="$root/cli/target/stackdrift.jar"
work="${TMPDIR:-/tmp}/stackdrift-startup-bench"
[ -f "$jar" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
rm -rf "$work" && mkdir -p "$work" && cp -r "$root/examples/demo" "$work/demo"
export XDG_CACHE_HOME="$work/cache" # the launcher's archive, made by the warm-up run
echo "load $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $(java -version 2>&1 | head -n 1)"
python3 "$root/bench/paired.py" "$runs" \
  "STACKDRIFT_JAR=$jar $root/cli/bin/stackdrift validate --config $work/demo/stacks.yaml" \
  "java -jar $jar validate --config $work/demo/stacks.yaml"
