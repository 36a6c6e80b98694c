#!/usr/bin/env bash
# The instructors' chapter's Gradescope commands (docs/book/src/for-instructors.md), end
# to end on the kits whose whole programs are graded on Gradescope (Ochos Locos, Pig, War,
# Quattro): each zip, unpacked in a folder laid out as Gradescope's (AUTOGRADER_ROOT),
# gives the kit's reference solution full marks, a mutant of it less, and a submission
# that does not compile 0 with the compiler's error shown. Pig's students hand in
# PigGame.java alone: the given classes come from the zip (--given). War and Quattro are
# played as a person would (`war gradescope`, `quattro gradescope`): Quattro's students
# hand in the package quattrotest's sources, compiled into their package's folder. Needs
# a JDK (20-kits.sh installs it), unzip and bubblewrap (.ci/setup.d). The binaries are the
# tests' debug build: the commands are the same.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build -q --locked -p ochos-locos -p pig -p war -p quattro -p kits \
  --features ochos-locos/grade,pig/grade,war/grade,quattro/grade
export PATH=$PWD/target/debug:$PATH
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

kits package ochos-locos-a4 --out "$work/dist" >/dev/null
kits package pig --out "$work/dist" >/dev/null

(cd "$work" &&
  ochos-locos gradescope completos --cases dist/ochos-locos-a4-instructor/cases/completos \
    --setup 'apt-get install -y default-jdk-headless' --compile 'javac -proc:none ./*.java' \
    --out autograder.zip -- java OchosLocosComplete 2>/dev/null >/dev/null &&
  pig gradescope --games 20 --seed 1 --tell-case --setup 'apt-get install -y default-jdk-headless' \
    --given dist/pig-instructor/given --compile 'javac -proc:none ./*.java' \
    --out pig-autograder.zip -- java Pig 2>/dev/null >/dev/null &&
  war gradescope --games 20 --seed 1 --timeout 60 --setup 'apt-get install -y default-jdk-headless' \
    --compile 'javac -proc:none ./*.java' --out war-autograder.zip -- java Game 2>/dev/null >/dev/null &&
  quattro gradescope --games 20 --seed 1 --timeout 60 --setup 'apt-get install -y default-jdk-headless' \
    --compile 'javac -proc:none -d . ./*.java' --out quattro-autograder.zip \
    -- java quattrotest.QuattroTest 2>/dev/null >/dev/null)

# graded ZIP NAME FILES... : the zip run on a submission of FILES; prints the score and
# the maximum (the number of tests), and leaves results.json in $work/NAME.
graded() {
  local zip=$1 name=$2
  shift 2
  local ag=$work/$name
  rm -rf "$ag"
  mkdir -p "$ag/source" "$ag/submission"
  unzip -q "$work/$zip" -d "$ag/source"
  cp "$ag/source/run_autograder" "$ag/"
  cp "$@" "$ag/submission/"
  AUTOGRADER_ROOT=$ag bash "$ag/run_autograder" >"$ag.log" 2>&1
  # Whole marks (every test is worth 1), printed alike by every jq version.
  jq -r '"\(.score | floor) \(.tests | length)"' "$ag/results/results.json"
}

# check KIT ZIP FILES [MUTANT]: the solution, a mutant (MUTANT, by default the first;
# one that shows in every game where the zip plays games of the program's own deals), a
# compile error. FILES: the files handed in, a glob in the kit's solution folder, which
# the kit's patches apply to.
check() {
  local kit=$1 zip=$2 files=$3
  local solution=$work/$kit-solution mutant=$work/$kit-mutant broken=$work/$kit-broken
  local patch=${4:+kits/$kit/mutants/$4.patch}
  patch=${patch:-$(find "kits/$kit/mutants" -name '*.patch' | sort | head -n 1)}
  mkdir -p "$solution" "$mutant" "$broken" "$work/$kit-tree"
  cp -r kits/$kit/solution/. "$work/$kit-tree/"
  patch -s -p1 -d "$work/$kit-tree" <"$patch"
  # shellcheck disable=SC2086
  cp kits/$kit/solution/$files "$solution/"
  # shellcheck disable=SC2086
  cp "$work/$kit-tree"/$files "$mutant/"
  # shellcheck disable=SC2086
  cp kits/$kit/solution/$files "$broken/"
  # A missing semicolon in the first file.
  first=$(find "$broken" -name '*.java' | sort | head -n 1)
  sed -i '0,/;$/s/;$//' "$first"

  read -r score max < <(graded "$zip" "$kit-s" "$solution"/*)
  if [ "$max" -eq 0 ] || [ "$score" != "$max" ]; then
    echo "FAIL: $kit: the reference solution scored $score of $max on $zip ($work/$kit-s.log)" >&2
    cat "$work/$kit-s/results/results.json" >&2
    failed=$((failed + 1))
  fi
  read -r mscore mmax < <(graded "$zip" "$kit-m" "$mutant"/*)
  if [ "$mscore" = "$mmax" ]; then
    echo "FAIL: $kit: the mutant $(basename "$patch") scored full marks on $zip" >&2
    failed=$((failed + 1))
  fi
  read -r bscore _ < <(graded "$zip" "$kit-b" "$broken"/*)
  if [ "$bscore" != "0" ] || ! jq -e '.output | test("error")' "$work/$kit-b/results/results.json" >/dev/null; then
    echo "FAIL: $kit: a compile error did not give 0 with the compiler's error shown" >&2
    cat "$work/$kit-b/results/results.json" >&2
    failed=$((failed + 1))
  fi
  echo "gradescope $kit: solution $score/$max, mutant $(basename "$patch" .patch) $mscore/$mmax, compile error $bscore"
}

check ochos-locos-a4 autograder.zip '*.java'
check pig pig-autograder.zip 'PigGame.java'
check war war-autograder.zip '*.java'
check quattro quattro-autograder.zip 'src/quattrotest/*.java' four-cards-dealt

[ "$failed" -eq 0 ]
