#!/usr/bin/env bash
# Shard benchmark: the scheduler benchmark's graphs on A agents × P slots, comparing the planner's coordinated shards,
# layer-by-layer sharding and one pool of A × P slots with the lower bound. A simulation on a virtual clock.
# Usage: bench/scheduler/shards.sh [repetitions] [seed]     (defaults: 3 20261202)
# Figures and how to read them: docs/benchmarks-scheduler.md, "Shards"
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -B -q -f pom-standin.xml -pl core test-compile
exec java -cp core/target/classes:core/target/test-classes io.stackdrift.graph.ShardBenchmark "$@"
