#!/usr/bin/env bash
# Memory benchmark: does a run's memory grow with the number of changes its plans list? One stack `big` with N
# drifted resources (10k, 100k, 1M by default) beside three small stacks, answered at once by bench/history's
# fake-terraform; `check --json --html --record` of it, under /usr/bin/time (peak RSS) and -Xlog:gc (the heap after
# each collection, i.e. what the run still holds). Every N runs with a generous heap, to see the live set as it is,
# and with a capped heap (64 MB by default), to see whether the run finishes.
#
# usage: bench/memory/run.sh [N ...]            (from the repository root; needs java, python3, /usr/bin/time)
#        STACKDRIFT_JAR=path            the build to measure (default cli/target/stackdrift.jar; built when missing:
#                                       mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
#        STACKDRIFT_BASELINE_JAR=path   an older build to measure beside it, on the same inputs
#        STACKDRIFT_CAPPED_HEAP=-Xmx64m STACKDRIFT_WIDE_HEAP=-Xmx4g
# Generated inputs only, in $TMPDIR (a 1M plan is about 0.5 GB). Delete $work afterwards.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
work="${TMPDIR:-/tmp}/stackdrift-memory-bench"
jar="${STACKDRIFT_JAR:-$root/cli/target/stackdrift.jar}"
baseline="${STACKDRIFT_BASELINE_JAR:-}"
capped="${STACKDRIFT_CAPPED_HEAP:--Xmx64m}"
wide="${STACKDRIFT_WIDE_HEAP:--Xmx4g}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)

[ -f "$jar" ] || (cd "$root" && mvn -B -q -f pom-standin.xml -pl core,cli -am package -DskipTests)
rm -rf "$work"
mkdir -p "$work"
python3 "$root/bench/history/generate.py" repo "$fixtures" "$work/repo" 3 1
echo "machine: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB; load $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
printf '%-9s %-9s %-8s %5s %8s %9s %10s %12s %12s\n' changes build heap exit wall cpu "peak RSS" "most held" "most in use"

measure() { # label jar heap n
  local out="$work/run-$1-$3-$4"
  rm -rf "$out" && mkdir -p "$out"
  /usr/bin/time -f "%x %e %U %S %M" -o "$out/time" \
    java "$3" -Xlog:gc:file="$out/gc.log" -jar "$2" check --config "$work/repo/stacks.yaml" \
      --tool-path terraform="$root/bench/history/fake-terraform" --record "$out/record" --html "$out/html" --json \
      > "$out/run.json" 2> "$out/err" || true
  read -r code wall user sys rss < <(tail -1 "$out/time")
  # -Xlog:gc lines end in "before->after(capacity)": the largest "after" is the most the run held at once
  held=$(grep -o '[0-9]*M->[0-9]*M' "$out/gc.log" | awk -F'->' '{sub("M","",$2); if ($2+0 > m) m = $2+0} END {print m+0}')
  used=$(grep -o '[0-9]*M->[0-9]*M' "$out/gc.log" | awk -F'->' '{sub("M","",$1); if ($1+0 > m) m = $1+0} END {print m+0}')
  grep -q OutOfMemoryError "$out/err" && code="OOM"
  printf '%-9s %-9s %-8s %5s %7.2fs %8.2fs %7d MB %9d MB %9d MB\n' "$4" "$1" "$3" "$code" "$wall" "$(echo "$user + $sys" | bc)" \
    $((rss / 1024)) "$held" "$used"
  rm -rf "$out/record" "$out/html" "$out/run.json"
}

for n in "${sizes[@]}"; do
  python3 "$root/bench/history/generate.py" big "$fixtures" "$work/repo" "$n"
  for heap in "$wide" "$capped"; do
    measure this "$jar" "$heap" "$n"
    [ -z "$baseline" ] || measure baseline "$baseline" "$heap" "$n"
  done
done
echo "most held: the largest heap after a collection (what the run still referenced); most in use: the largest heap before one"
