#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine with Java 17 and Maven: installs what the tests need
# (Debian's chromium for the report's browser test, when missing and when we may), then builds and tests
# every module of the Maven Central only build (pom-standin.xml: the plugin compiled against the Jenkins stand-in;
# the root pom.xml is the real plugin build, which needs the Jenkins Maven repository).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: installing Debian's chromium for the report's browser test" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "test.sh: chromium is not installed; the browser test will be skipped (it fails with STACKDRIFT_REQUIRE_FIXTURES=1)" >&2
  fi
fi

# The Jenkinsfile's second leg builds on JDK 25, whose javac lints more under -Werror than 17's: compile every
# module and every test (the ITests too) with it first, where a JDK 25 is installed; then the JDK 17 build, from
# clean so its own compiler and Error Prone see every source.
jdk25=${STACKDRIFT_JDK25:-}
if [ -z "$jdk25" ]; then
  for candidate in /usr/lib/jvm/*-25-* /usr/lib/jvm/*jdk-25*; do
    if [ -x "$candidate/bin/javac" ]; then jdk25=$candidate; break; fi
  done
fi
if [ -n "$jdk25" ] && [ -x "$jdk25/bin/javac" ]; then
  echo "test.sh: compiling every module and test with JDK 25 ($jdk25), as the Jenkinsfile's JDK 25 leg does" >&2
  JAVA_HOME=$jdk25 mvn -B -ntp -q -f pom-standin.xml test-compile "$@"
  echo "test.sh: JDK 25 compile passed" >&2
else
  echo "test.sh: no JDK 25 found (set STACKDRIFT_JDK25): the Jenkinsfile's JDK 25 leg is NOT compiled here" >&2
fi

# -Pmutation: the core's mutation gate (PIT per package, each allowed today's survivors; CONTRIBUTING.md's quality gate)
exec mvn -B -ntp -f pom-standin.xml clean verify -Pmutation "$@"
