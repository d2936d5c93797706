#!/usr/bin/env bash
# The main job on the bundled example: builds the stackdrift jar, then runs two drift checks of
# examples/demo with the simulated terraform/tofu/pulumi executables of examples/demo/bin (no cloud
# account needed) — one that finds the network's drift, one that puts it back — printing the counts line
# and writing the HTML report of the second to out/report/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mvn -B -q -ntp -f pom-standin.xml package -DskipTests -pl cli -am
demo=examples/demo
# a fresh copy each time: the simulated tools keep their pretend infrastructure inside the stack
# directories (.terraform/demo-state, .pulumi/demo-state), and deploys write outputs files there
rm -rf out/demo out/record out/report
mkdir -p out
cp -R "$demo" out/demo
export PATH="$PWD/$demo/bin:$PATH"
# first a check with the network stack in drift mode report: it is drifted, and its drift age starts there
sed 's/mode: correct/mode: report/' out/demo/stacks.yaml > out/demo/stacks-report.yaml
set +e
java -jar cli/target/stackdrift.jar check --config out/demo/stacks-report.yaml --record out/record >&2
# then the real configuration (mode correct) in a push check, which checks again what drifted: the drift is
# put back in that run, the row says "repaired" and the trail says how long after the drift was found
java -jar cli/target/stackdrift.jar check --push --config out/demo/stacks.yaml --record out/record --html out/report "$@"
code=$?
set -e
echo "report: out/report/index.html (exit code $code: 0 nothing to report, 2 drift or pending changes, 1 error)" >&2
[ "$code" -ne 1 ]
