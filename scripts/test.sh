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

exec mvn -B -ntp -f pom-standin.xml verify "$@"
