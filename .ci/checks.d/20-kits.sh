#!/usr/bin/env bash
# The Java course kits (kits/, docs/kits.md): installs a JDK and JUnit 5 from Debian
# when missing, then kits/test-all.sh: every kit's data is the engines' (`kits data
# --check`), every kit's JUnit tests pass on its reference solution and fail on each of
# its mutants, and every kit's programs pass the graders' cases.
set -euo pipefail
cd "$(dirname "$0")/../.."

junit=/usr/share/java/junit-platform-console-standalone.jar
if ! command -v javac >/dev/null 2>&1 || [ ! -f "$junit" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq default-jdk-headless junit5 >/dev/null
fi

bash kits/test-all.sh
