#!/usr/bin/env bash
# Start-up benchmark: `validate` of the bundled example through the launcher (cli/bin/stackdrift: static AppCDS
# archive, serial GC, C1 only) paired with the plain `java -jar stackdrift.jar` in the same call, A B A B ...
# (bench/paired.py: medians of the pairs and their ratios). With STACKDRIFT_BASELINE_LAUNCHER (an earlier
# bin/stackdrift, e.g. `git show REV:cli/bin/stackdrift > old; chmod +x old`) it also pairs this launcher with that
# one, each with its own archive cache, both made by a first run of the same `validate`.
#
# usage: bench/startup/run.sh [RUNS]    (from the repository root; builds the jar when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-10}"
jar="${STACKDRIFT_JAR:-$root/cli/target/stackdrift.jar}"
work="${TMPDIR:-/tmp}/stackdrift-startup-bench"
[ -f "$jar" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
rm -rf "$work" && mkdir -p "$work" && cp -r "$root/examples/demo" "$work/demo"
validate="validate --config $work/demo/stacks.yaml"
echo "load $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $(java -version 2>&1 | head -n 1)"
# each launcher's archive is made by its own first run of the same command, before the timed runs
launch() { # cache-dir launcher
  echo "XDG_CACHE_HOME=$1 STACKDRIFT_JAR=$jar $2 $validate"
}
sh -c "$(launch "$work/cache" "$root/cli/bin/stackdrift")" > /dev/null
echo "== launcher vs java -jar"
python3 "$root/bench/paired.py" "$runs" "$(launch "$work/cache" "$root/cli/bin/stackdrift")" "java -jar $jar $validate"
if [ -n "${STACKDRIFT_BASELINE_LAUNCHER:-}" ]; then
  sh -c "$(launch "$work/cache-baseline" "$STACKDRIFT_BASELINE_LAUNCHER")" > /dev/null
  echo "== launcher vs $STACKDRIFT_BASELINE_LAUNCHER"
  python3 "$root/bench/paired.py" "$runs" "$(launch "$work/cache" "$root/cli/bin/stackdrift")" \
    "$(launch "$work/cache-baseline" "$STACKDRIFT_BASELINE_LAUNCHER")"
fi
