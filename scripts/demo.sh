#!/usr/bin/env bash
# The main job on the bundled example: builds the stackdrift jar, then runs a drift check of
# examples/demo with the simulated terraform/tofu/pulumi executables of examples/demo/bin (no cloud
# account needed), printing the counts line and writing the HTML report to out/report/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mvn -B -q -ntp package -DskipTests -pl cli -am
demo=examples/demo
# a fresh copy each time: the simulated tools keep their pretend infrastructure inside the stack
# directories (.terraform/demo-state, .pulumi/demo-state), and deploys write outputs files there
rm -rf out/demo out/record out/report
mkdir -p out
cp -R "$demo" out/demo
export PATH="$PWD/$demo/bin:$PATH"
set +e
java -jar cli/target/stackdrift.jar check --config out/demo/stacks.yaml --record out/record --html out/report "$@"
code=$?
set -e
echo "report: out/report/index.html (exit code $code: 0 nothing to report, 2 drift or pending changes, 1 error)" >&2
[ "$code" -ne 1 ]
