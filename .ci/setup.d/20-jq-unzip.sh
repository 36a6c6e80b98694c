#!/usr/bin/env bash
# docs/grading.md's examples, which crates/ochos-locos/tests/grading_doc.rs runs verbatim,
# unpack a Gradescope zip with `unzip` and read the JSON reports with `jq`: install them
# when missing (without jq the test skips the two commands that use it, and says so).
set -euo pipefail
missing=()
command -v jq >/dev/null 2>&1 || missing+=(jq)
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
jq --version
unzip -v | sed -n 1p
