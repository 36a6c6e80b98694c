#!/usr/bin/env bash
# Every kit's check, from the workspace's root: the data files are what the engines give
# today (`kits data --check`), the kits' copies of the shared test helper agree, then
# each kits/*/test.sh (solution, mutants, graders). One line per kit and a last summary
# line; exit status 1 if anything failed.
set -u
cd "$(dirname "$0")/.."
failed=0

if ! cargo run -q --locked -p kits -- data --check; then
  failed=$((failed + 1))
fi

# KitData.java is one file in each family of kits (each handout stands alone): the
# Ochos Locos kits' (data files and whole programs) and the Pig and War kits' (data files
# only) are two different helpers of the same name.
for family in "kits/ochos-locos-*/tests/KitData.java" "kits/pig/tests/KitData.java kits/war/tests/KitData.java"; do
  first=""
for helper in $family; do
  [ -e "$helper" ] || continue
  if [ -z "$first" ]; then
    first=$helper
  elif ! cmp -s "$first" "$helper"; then
    echo "FAIL: $helper differs from $first (copy the newer over the other)" >&2
    failed=$((failed + 1))
  fi
done
done

kits=0
for script in kits/*/test.sh; do
  kits=$((kits + 1))
  bash "$script" || failed=$((failed + 1))
done

# Every kit packages; Pig's handout gives PigDice and PigPlayer as class files with their
# Javadoc, never as source (the bonus is to write them), and its tests pass from the
# packaged handout with the reference PigGame.
dist=$(mktemp -d)
for script in kits/*/test.sh; do
  name=$(basename "$(dirname "$script")")
  if ! cargo run -q --locked -p kits -- package "$name" --out "$dist" >/dev/null; then
    echo "FAIL: kits package $name" >&2
    failed=$((failed + 1))
  fi
done
handout=$dist/pig-handout
if [ -e "$handout/PigDice.java" ] || [ -e "$handout/PigPlayer.java" ] || [ ! -f "$handout/given/PigDice.class" ] || [ ! -f "$handout/given/doc/index.html" ]; then
  echo "FAIL: the packaged Pig handout must give PigDice and PigPlayer as class files and Javadoc only" >&2
  failed=$((failed + 1))
else
  junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
  cp kits/pig/solution/PigGame.java "$handout/"
  if ! (cd "$handout" && javac -d build -cp "given:$junit" Pig.java PigGame.java tests/*.java \
      && java -jar "$junit" -cp build:given --scan-classpath --disable-banner >/dev/null); then
    echo "FAIL: the packaged Pig handout's tests, with the reference PigGame" >&2
    failed=$((failed + 1))
  fi
fi
rm -rf "$dist"

if [ "$failed" -eq 0 ]; then
  echo "kits: all $kits kits pass"
else
  echo "kits: $failed failure(s) in $kits kits"
  exit 1
fi
