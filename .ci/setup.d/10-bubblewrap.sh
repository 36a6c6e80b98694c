#!/usr/bin/env bash
# The grader's tests grade programs in a bubblewrap sandbox (crates/grader/src/sandbox.rs):
# install bubblewrap when `bwrap` is missing. util-linux's setpriv and prlimit, which the
# sandbox also runs, are part of every Debian and Ubuntu system.
set -euo pipefail
if ! command -v bwrap >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bubblewrap
fi
bwrap --version
