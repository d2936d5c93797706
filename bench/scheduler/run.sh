#!/usr/bin/env bash
# Scheduler benchmark: simulates the scheduler's own policy (io.stackdrift.graph.ScheduleState) on random
# DAGs of 10 to 2,000 stacks and compares the makespan with the lower bound and a layer-by-layer schedule.
# Usage: bench/scheduler/run.sh [repetitions] [seed]     (defaults: 5 20261129)
# Figures and how to read them: docs/benchmarks-scheduler.md
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -B -q -f pom-standin.xml -pl core test-compile
exec java -cp core/target/classes:core/target/test-classes io.stackdrift.graph.SchedulerBenchmark "$@"
