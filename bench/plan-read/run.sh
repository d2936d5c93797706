#!/usr/bin/env bash
# Plan-read benchmark: `stackdrift report --json` on a generated Terraform plan (CHANGES pending changes +
# DRIFT drift entries), each paired with its peers in the same call, A B A B ... (bench/paired.py:
# medians of the pairs and the pair-by-pair ratios, never a best single run):
#   - the parse limit: TokenScan scan (every token, nothing else, same jackson-core as stackdrift)
#   - jq's task done the Jackson way: TokenScan addr (print resource_drift[].address)
#   - jq -r '.resource_drift[].address', and the same with gojq (each when installed; up to 100k)
#   - the same list by Python's json and by orjson, each with the collector off (when installed; up to 100k)
# Then a memory run with -Xlog:gc: the largest heap in use before / after a collection.
#
# usage: bench/plan-read/run.sh [CHANGES] [DRIFT] [RUNS]     (from the repository root; needs java, javac,
#        python3, /usr/bin/time; builds the jar when missing: mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
# Generated inputs only, in $TMPDIR: 100k + 100k is 370 MB, 1M + 1M is 3.7 GB. Delete them afterwards.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-plan-read-bench"
jar="$root/cli/target/stackdrift.jar"
changes="${1:-100000}"
drift="${2:-100000}"
runs="${3:-5}"
mkdir -p "$work"
plan="$work/plan-$changes-$drift.json"
# the version the build pins (build-parent/pom.xml; the root pom.xml is the real plugin build)
jackson_version=$(sed -n 's:.*<jackson.version>\(.*\)</jackson.version>.*:\1:p' "$root/build-parent/pom.xml")
jackson="$HOME/.m2/repository/com/fasterxml/jackson/core/jackson-core/$jackson_version/jackson-core-$jackson_version.jar"
java_opts="${STACKDRIFT_JAVA_OPTS:--Xmx64m}"

[ -f "$jar" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
[ -f "$plan" ] || python3 "$root/bench/plan-read/generate.py" "$fixtures" "$plan" "$changes" "$drift"
mkdir -p "$work/scan"
javac -d "$work/scan" -cp "$jackson" "$root/bench/plan-read/TokenScan.java"
cat "$plan" > /dev/null # page cache: every command reads from memory

# through the launcher, as users run it (its flags: serial collector, C1 only below 400 MB, the class archive)
stackdrift="STACKDRIFT_JAR=$jar STACKDRIFT_JAVA_OPTS='$java_opts' $root/cli/bin/stackdrift report --json $plan"
echo "plan: $plan ($(stat -c %s "$plan") bytes); load $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"
echo "== stackdrift vs token scan (parse limit)"
python3 "$root/bench/paired.py" "$runs" "$stackdrift" "java -cp $jackson:$work/scan TokenScan scan $plan"
echo "== stackdrift vs address scan (jq's task, the Jackson way)"
python3 "$root/bench/paired.py" "$runs" "$stackdrift" "java -cp $jackson:$work/scan TokenScan addr $plan"
for peer in jq gojq; do
  if command -v $peer > /dev/null && [ "$changes" -le 100000 ]; then
    echo "== stackdrift vs $peer"
    python3 "$root/bench/paired.py" "$runs" "$stackdrift" "$peer -r .resource_drift[].address $plan"
  fi
done
# the Python peers, listing the drifted addresses: the standard json module, and orjson with the collector off (the
# strongest peer of the performance review); each loads the whole document, so only up to 100k
python_peer() { # module: loads and prints resource_drift[].address
  echo "python3 -c 'import gc, sys, $1 as j; gc.disable(); d = j.loads(open(sys.argv[1], \"rb\").read()); sys.stdout.write(\"\".join(r[\"address\"] + \"\\n\" for r in d[\"resource_drift\"]))' $plan"
}
if [ "$changes" -le 100000 ]; then
  for module in json orjson; do
    if python3 -c "import $module" 2> /dev/null; then
      echo "== stackdrift vs python3 $module (collector off)"
      python3 "$root/bench/paired.py" "$runs" "$stackdrift" "$(python_peer $module)"
    fi
  done
fi

# the same drifted addresses as the scan lists, and the heap in use as the plan grows
java $java_opts -Xlog:gc:file="$work/gc.log" -jar "$jar" report --json "$plan" > "$work/stackdrift.json" || [ $? -eq 2 ]
java -cp "$jackson:$work/scan" TokenScan addr "$plan" > "$work/addr.txt"
python3 - "$work/stackdrift.json" "$work/addr.txt" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
drift = [c["address"] for c in report["rows"][0]["drift"]]
same = drift == open(sys.argv[2]).read().split()
print(f"drifted addresses equal the scan's: {'yes' if same else 'NO'} ({len(drift)})")
PY
grep -oE '[0-9]+M->[0-9]+M\([0-9]+M\)' "$work/gc.log" | awk -F'[M>(-]+' '
  { if ($1 > b) b = $1; if ($2 > a) a = $2; n++ }
  END { printf "heap: %d collections, at most %d MB in use before / %d MB after a collection\n", n, b, a }'
