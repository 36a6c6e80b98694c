#!/usr/bin/env bash
# The Java course kits (kits/, docs/kits.md): installs a JDK and JUnit 5 from Debian
# when missing, then kits/test-all.sh: every kit's data is the engines' (`kits data
# --check`), every kit's JUnit tests pass on its reference solution and fail on each of
# its mutants, and every kit's programs pass the graders' cases; A4's Gradescope JUnit
# zip is run on the solution and on attacks.
set -euo pipefail
cd "$(dirname "$0")/../.."

junit=/usr/share/java/junit-platform-console-standalone.jar
# python3: the JUnit autograder's script (kit_check_gradescope_junit runs it).
if ! command -v javac >/dev/null 2>&1 || [ ! -f "$junit" ] || ! command -v python3 >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq default-jdk-headless junit5 python3 >/dev/null
fi

bash kits/test-all.sh
