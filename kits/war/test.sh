#!/usr/bin/env bash
# The War kit's check, run from the workspace root: compiles the reference solution and
# the JUnit tests; the tests must all pass on the solution, and each mutant
# (mutants/*.patch, a student's mistake) must fail at least one of them with a failure
# that names the rule its header gives ("# Caught by a failure naming: ..."). War has no
# grader of whole programs (its output is the student's design); Game.main is checked
# by GameTest against the engine's output. One summary line; exit status 0 only if all
# of that holds. Needs javac/java 17 and JUnit 5's console launcher (JUNIT_JAR, default
# Debian's).
set -uo pipefail

kit=kits/war
junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
work=$(mktemp -d)
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT
[[ -n ${KEEP_WORK:-} ]] && echo "work dir: $work" >&2
problems=()

# compile_and_test SOLUTION_DIR OUT_DIR LOG: javac then JUnit; JUnit's status.
compile_and_test() {
    mkdir -p "$2"
    if ! javac -encoding UTF-8 -d "$2" -cp "$junit" "$1"/*.java "$kit"/tests/*.java > "$3" 2>&1; then
        echo "COMPILE ERROR" >> "$3"
        return 3
    fi
    java -Dkit.data="$kit"/tests/data -Dkit.input="$kit"/handout/input -jar "$junit" -cp "$2" \
        --scan-classpath --disable-banner --details=tree --disable-ansi-colors >> "$3" 2>&1
}

[[ -f $junit ]] || { echo "war kit: FAILED: no JUnit console launcher at $junit" >&2; exit 1; }

compile_and_test "$kit"/solution "$work"/solution "$work"/solution.log
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
    cp -r "$kit"/solution "$copy"
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

summary="war kit: solution passes $passed tests; $caught of $mutants mutants caught"
if [[ ${#problems[@]} -gt 0 ]]; then
    printf '%s\n' "${problems[@]/#/war kit: }" >&2
    echo "$summary: FAILED"
    exit 1
fi
echo "$summary"
