#!/usr/bin/env bash
# The Pig kit's check, run from the workspace root: compiles the handout, the reference
# solution and the JUnit tests; the tests must all pass on the solution and each mutant
# (mutants/*.patch, a student's mistake) must fail at least one of them, with a failure
# that names the rule its header gives ("# Caught by a failure naming: ..."); the bonus
# shells must compile; and `pig grade` must pass the solution's main. One summary line;
# exit status 0 only if all of that holds. Needs javac/java 17, JUnit 5's console
# launcher (JUNIT_JAR, default Debian's) and cargo.
set -uo pipefail

kit=kits/pig
junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
games=${PIG_GRADE_GAMES:-20}
work=$(mktemp -d)
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT; [[ -n ${KEEP_WORK:-} ]] && echo "work dir: $work" >&2
problems=()

# compile_and_test SOLUTION_DIR OUT_DIR LOG: javac then JUnit; JUnit's status.
compile_and_test() {
    mkdir -p "$2"
    if ! javac -encoding UTF-8 -d "$2" -cp "$junit" \
        "$kit"/handout/PigDice.java "$kit"/handout/PigPlayer.java "$kit"/handout/Pig.java \
        "$1"/PigGame.java "$kit"/tests/*.java > "$3" 2>&1; then
        echo "COMPILE ERROR" >> "$3"
        return 3
    fi
    java -Dkit.data="$kit"/tests/data -jar "$junit" -cp "$2" --scan-classpath \
        --disable-banner --details=tree --disable-ansi-colors >> "$3" 2>&1
}

[[ -f $junit ]] || { echo "pig kit: FAILED: no JUnit console launcher at $junit" >&2; exit 1; }

# 1. The reference solution passes every test.
compile_and_test "$kit"/solution "$work"/solution "$work"/solution.log
status=$?
passed=$(grep -oE '[0-9]+ tests successful' "$work"/solution.log | grep -oE '^[0-9]+' || echo 0)
failed=$(grep -oE '[0-9]+ tests failed' "$work"/solution.log | grep -oE '^[0-9]+' || echo '?')
if [[ $status -ne 0 || $failed != 0 ]]; then
    problems+=("the solution fails $failed tests (status $status)")
    sed -n '1,60p' "$work"/solution.log >&2
fi

# 2. Every mutant fails at least one test, naming the rule it breaks.
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

# 3. The bonus shells compile with the solution and the tests.
if ! javac -encoding UTF-8 -d "$work"/bonus -cp "$junit" "$kit"/handout/bonus/*.java \
    "$kit"/handout/Pig.java "$kit"/solution/PigGame.java "$kit"/tests/*.java > "$work"/bonus.log 2>&1; then
    problems+=("the bonus shells do not compile")
    cat "$work"/bonus.log >&2
fi

# 4. The solution's main, graded as a student's program would be.
graded="not run"
if [[ $status -eq 0 ]]; then
    cargo run -q --locked -p pig -- grade --games "$games" --seed 1 --timeout 20 \
        --submission "$work"/solution -- java -cp "$work"/solution Pig > "$work"/grade.log 2>&1
    grade_status=$?
    graded=$(grep -E "^[0-9]+ of [0-9]+ cases passed" "$work"/grade.log | tail -1)
    graded=${graded:-$(tail -1 "$work"/grade.log)}
    if [[ $grade_status -ne 0 ]]; then
        problems+=("pig grade: $graded")
        cat "$work"/grade.log >&2
    fi
fi

summary="pig kit: solution passes $passed tests; $caught of $mutants mutants caught; pig grade: $graded"
if [[ ${#problems[@]} -gt 0 ]]; then
    printf '%s\n' "${problems[@]/#/pig kit: }" >&2
    echo "$summary: FAILED"
    exit 1
fi
echo "$summary"
