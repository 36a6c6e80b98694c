#!/usr/bin/env bash
# The Quattro kit's check, run from the workspace root: the handout's eight stubs
# compile and pass ClassStructureTest (Task 1); the reference solution compiles and
# passes every JUnit test; each mutant (mutants/*.patch, a student's mistake) fails at
# least one test with a failure naming the rule its header gives ("# Caught by a failure
# naming: ..."). One summary line; exit status 0 only if all of that holds. Needs
# javac/java 17 and JUnit 5's console launcher (JUNIT_JAR, default Debian's).
set -uo pipefail

kit=kits/quattro
junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
work=$(mktemp -d)
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT
[[ -n ${KEEP_WORK:-} ]] && echo "work dir: $work" >&2
problems=()

# compile_and_test SOURCE_DIR OUT_DIR LOG [TEST_FILES...]: javac then JUnit; its status.
compile_and_test() {
    local src=$1 out=$2 log=$3
    shift 3
    local tests=("$@")
    [[ ${#tests[@]} -gt 0 ]] || tests=("$kit"/tests/quattrotest/*.java)
    mkdir -p "$out"
    if ! javac -encoding UTF-8 -d "$out" -cp "$junit" "$src"/quattrotest/*.java "${tests[@]}" > "$log" 2>&1; then
        echo "COMPILE ERROR" >> "$log"
        return 3
    fi
    java -Dkit.data="$kit"/tests/data -jar "$junit" -cp "$out" --scan-classpath \
        --disable-banner --details=tree --disable-ansi-colors >> "$log" 2>&1
}

[[ -f $junit ]] || { echo "quattro kit: FAILED: no JUnit console launcher at $junit" >&2; exit 1; }

if ! compile_and_test "$kit"/handout/QuattroTest/src "$work"/stubs "$work"/stubs.log \
    "$kit"/tests/quattrotest/ClassStructureTest.java; then
    problems+=("the handout's stubs fail ClassStructureTest")
    cat "$work"/stubs.log >&2
fi

compile_and_test "$kit"/solution/src "$work"/solution "$work"/solution.log
status=$?
passed=$(grep -oE '[0-9]+ tests successful' "$work"/solution.log | grep -oE '^[0-9]+' || echo 0)
failed=$(grep -oE '[0-9]+ tests failed' "$work"/solution.log | grep -oE '^[0-9]+' || echo '?')
if [[ $status -ne 0 || $failed != 0 ]]; then
    problems+=("the solution fails $failed tests (status $status)")
    sed -n '1,60p' "$work"/solution.log >&2
fi

mutants=0
caught=0
for patch in "$kit"/mutants/*.patch; do
    name=$(basename "$patch" .patch)
    mutants=$((mutants + 1))
    copy="$work/mutant-$name"
    cp -r "$kit"/solution/src "$copy"
    if ! patch -s -p1 -d "$copy" < "$patch" > "$work/$name.log" 2>&1; then
        problems+=("mutant $name does not apply")
        continue
    fi
    rule=$(sed -n 's/^# Caught by a failure naming: //p' "$patch")
    compile_and_test "$copy" "$copy/out" "$work/$name.log"
    mutant_failed=$(grep -oE '[0-9]+ tests failed' "$work/$name.log" | grep -oE '^[0-9]+' || echo 0)
    if grep -q "COMPILE ERROR" "$work/$name.log"; then
        problems+=("mutant $name does not compile")
    elif [[ $mutant_failed -eq 0 ]]; then
        problems+=("mutant $name passes every test")
    elif [[ -n $rule ]] && ! grep -qiF -- "$rule" "$work/$name.log"; then
        problems+=("mutant $name fails, but no failure names '$rule'")
    else
        caught=$((caught + 1))
    fi
done

summary="quattro kit: handout stubs pass Task 1's structure test; solution passes $passed tests; $caught of $mutants mutants caught"
if [[ ${#problems[@]} -gt 0 ]]; then
    printf '%s\n' "${problems[@]/#/quattro kit: }" >&2
    echo "$summary: FAILED"
    exit 1
fi
echo "$summary"
