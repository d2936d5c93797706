#!/usr/bin/env bash
# Before/after check for any change to plan reading or to the launcher: runs `report` and `report --json` of every
# fixture (Terraform, OpenTofu, Pulumi in ../shared/fixtures, see SOURCES.md) and of the generated plans given, with
# two commands, and compares stdout, stderr and the exit code byte for byte. The run JSON's two times
# (startedAt, finishedAt) are the only values set aside; everything else must be equal.
#
# usage: bench/plan-read/same-output.sh 'COMMAND A' 'COMMAND B' [PLAN...]   (STACKDRIFT_FIXTURES: another fixtures dir)
#   e.g. bench/plan-read/same-output.sh 'java -jar /tmp/old.jar' 'cli/bin/stackdrift' $TMPDIR/plan-10000-10000.json
# Exit 0 when every output is the same, 1 with the first difference otherwise.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
fixtures="${STACKDRIFT_FIXTURES:-$root/../shared/fixtures}"
[ -d "$fixtures" ] || { echo "no fixtures at $fixtures: set STACKDRIFT_FIXTURES" >&2; exit 64; }
[ $# -ge 2 ] || { echo "usage: $0 'COMMAND A' 'COMMAND B' [PLAN...]" >&2; exit 64; }
a="$1"
b="$2"
shift 2
work="$(mktemp -d "${TMPDIR:-/tmp}/stackdrift-same-output.XXXXXX")"
trap 'rm -rf "$work"' EXIT
times='"(startedAt|finishedAt)" : [0-9]+'
files=$(find "$fixtures" -type f ! -name SOURCES.md | sort)
compared=0
differ=0
for file in $files "$@"; do
  for form in "" "--json"; do
    for side in a b; do
      cmd=$a
      [ $side = b ] && cmd=$b
      # shellcheck disable=SC2086
      sh -c "$cmd report $form \"\$1\"" _ "$file" > "$work/$side.out" 2> "$work/$side.err"
      echo "exit $?" >> "$work/$side.err"
      sed -E "s/$times/\"\\1\" : T/" "$work/$side.out" > "$work/$side.cmp"
    done
    compared=$((compared + 1))
    if ! cmp -s "$work/a.cmp" "$work/b.cmp" || ! cmp -s "$work/a.err" "$work/b.err"; then
      differ=$((differ + 1))
      echo "DIFFERENT: report $form $file"
      diff "$work/a.err" "$work/b.err" | head -5
      cmp "$work/a.cmp" "$work/b.cmp" | head -1
    fi
  done
done
echo "$compared outputs compared, $differ different"
[ "$differ" -eq 0 ]
