#!/usr/bin/env bash
# The War kit's check, run from the workspace root: compiles the reference solution and
# the JUnit tests; the tests must all pass on the solution; each mutant
# (mutants/*.patch, a student's mistake) must fail at least one of them with a failure
# that names the rule its header gives ("# Caught by a failure naming: ..."), and its
# first failure is printed as a student would read it; each
# variant (variants/*.patch, a program the text allows) must pass them all. GameTest
# runs `java Game` as a program, a JVM per run, KIT_TEST_JOBS at a time; mutants run
# KIT_JOBS at a time (both default to the number of processors). One summary line; exit
# status 0 only if all of that holds. One verdict: each program is also graded with `war
# grade` (KIT_GAMES games, 20 by default, played as a person would, isolated): the
# solution and every variant pass every game, and every mutant fails a game naming its
# rule (the header's "# Grade fails: ..." where the grader words the rule otherwise than
# the tests, else its "# Caught by a failure naming: ..."). Needs javac/java 17, JUnit 5's
# console launcher (JUNIT_JAR, default Debian's) and cargo (to build war). KIT_VERBOSE=1
# shows every JUnit log and grading; KEEP_WORK=1 keeps the scratch folder.
set -uo pipefail

kit=kits/war
junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
jobs=${KIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
test_jobs=${KIT_TEST_JOBS:-$jobs}
java_opts=${KIT_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData}
[[ -d $kit/solution ]] || { echo "war kit: run from the workspace's root" >&2; exit 2; }
[[ -f $junit ]] || { echo "war kit: FAILED: no JUnit console launcher at $junit" >&2; exit 1; }
games=${KIT_GAMES:-20}
work=$(mktemp -d)
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT
[[ -n ${KEEP_WORK:-} ]] && echo "work dir: $work" >&2
problems=()
# step TEXT: what the check does now, on stderr with the seconds so far (it takes
# minutes; stdout keeps the results and the summary line).
step() { printf '%s [%ss]: %s\n' "war kit" "$SECONDS" "$*" >&2; }

step "building war"
cargo build -q --locked -p war --features grade || { echo "war kit: FAILED: cargo build -p war --features grade" >&2; exit 1; }
war=target/debug/war

# graded CLASSES_DIR GRADE_FILE: `war grade` of `java Game` from CLASSES_DIR (compiled
# there), one game at a time (the programs themselves run KIT_JOBS at a time); its
# status.
# A patch's "# Grade games: N" header gives it N games instead: a program's deal is its
# own unseeded shuffle, so a mistake that shows in one game in six or seven needs more
# games than 20 to show for sure (at N = 100, a miss is less likely than one in a
# million), or the kit would fail at random.
graded() {
    local n=${3:-$games}
    # shellcheck disable=SC2086
    "$war" grade --games "$n" --seed 1 --timeout 60 --jobs 1 --submission "$1" \
        -- java $java_opts -cp "$1" Game > "$2" 2>&1
}

graded_line() { # graded_line GRADE_FILE: the report's count of games passed
    local line
    line=$(grep -E "^[0-9]+ of [0-9]+ cases passed" "$1" | tail -1)
    echo "${line:-$(tail -1 "$1")}"
}

# compile_and_test SOLUTION_DIR OUT_DIR LOG: javac then JUnit; JUnit's status.
compile_and_test() {
    mkdir -p "$2"
    if ! javac -nowarn -encoding UTF-8 -d "$2" -cp "$junit" "$1"/*.java "$kit"/tests/*.java > "$3" 2>&1; then
        echo "COMPILE ERROR" >> "$3"
        return 3
    fi
    # shellcheck disable=SC2086
    java $java_opts -Dkit.data="$kit"/tests/data -Dkit.jobs="$test_jobs" -Dkit.javaopts="$java_opts" \
        -jar "$junit" -cp "$2" --scan-classpath --disable-banner --details=tree --disable-ansi-colors >> "$3" 2>&1
}

first_failure() { # first_failure LOG: the test and message of the first failure, as a student reads it
    grep -m1 '✘' "$1" | sed -E 's/^[^A-Za-z]*//; s/ ✘ /: /' | cut -c1-600
}

count() { # count WORD LOG: the JUnit summary's number of tests WORD
    grep -oE "[0-9]+ tests $1" "$2" | grep -oE '^[0-9]+' || echo 0
}

# patched KIND PATCH: a copy of the solution with PATCH applied, compiled and tested in
# $work/KIND-NAME; its log is $work/KIND-NAME.log.
patched() {
    local name copy
    name=$(basename "$2" .patch)
    copy=$work/$1-$name
    cp -r "$kit"/solution "$copy"
    if ! patch -s -p1 -d "$copy" < "$2" > "$copy.log" 2>&1; then
        echo "PATCH DOES NOT APPLY" >> "$copy.log"
        return
    fi
    compile_and_test "$copy" "$copy/out" "$copy.log" || true
    if [[ -f $copy/out/Game.class ]]; then
        graded "$copy/out" "$copy.grade" "$(sed -n 's/^# Grade games: //p' "$2")"
        echo $? > "$copy.grade-status"
    fi
    step "$1 $name: tests run and graded"
}

step "compiling the solution and running its JUnit tests"
compile_and_test "$kit"/solution "$work"/solution "$work"/solution.log
status=$?
passed=$(count successful "$work"/solution.log)
failed=$(count failed "$work"/solution.log)
[[ -n ${KIT_VERBOSE:-} ]] && cat "$work"/solution.log
if [[ $status -ne 0 || $failed != 0 || $passed == 0 ]]; then
    problems+=("the solution fails $failed tests (status $status)")
    grep -B2 -A3 '✘\|COMPILE ERROR' "$work"/solution.log | head -60 >&2
fi
grep -h '^note: ' "$work"/solution.log
step "grading the solution with war grade, $games games"
graded "$work"/solution "$work"/solution.grade
grade_status=$?
[[ -n ${KIT_VERBOSE:-} ]] && cat "$work"/solution.grade
solution_graded=$(graded_line "$work"/solution.grade)
if [[ $grade_status -ne 0 ]]; then
    problems+=("war grade on the solution: $solution_graded")
    grep -v ' pass \|the output is right' "$work"/solution.grade | head -10 >&2
fi

step "testing the mutants and variants, $jobs at a time"
for patch in "$kit"/mutants/*.patch "$kit"/variants/*.patch; do
    [[ -e $patch ]] || continue
    while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do
        wait -n 2>/dev/null || sleep 0.2
    done
    kind=mutant
    [[ $patch == */variants/* ]] && kind=variant
    patched "$kind" "$patch" &
done
wait

mutants=0
caught=0
for patch in "$kit"/mutants/*.patch; do
    name=$(basename "$patch" .patch)
    log=$work/mutant-$name.log
    mutants=$((mutants + 1))
    [[ -n ${KIT_VERBOSE:-} ]] && cat "$log"
    rule=$(sed -n 's/^# Caught by a failure naming: //p' "$patch")
    grade_rule=$(sed -n 's/^# Grade fails: //p' "$patch")
    grade_rule=${grade_rule:-$rule}
    grade=$work/mutant-$name.grade
    [[ -n ${KIT_VERBOSE:-} && -f $grade ]] && cat "$grade"
    mutant_failed=$(count failed "$log")
    if grep -q "PATCH DOES NOT APPLY" "$log"; then
        problems+=("mutant $name does not apply")
    elif grep -q "COMPILE ERROR" "$log"; then
        problems+=("mutant $name does not compile")
    elif [[ $mutant_failed -eq 0 ]]; then
        problems+=("mutant $name passes every test")
    elif [[ -n $rule ]] && ! grep -qiF -- "$rule" "$log"; then
        problems+=("mutant $name fails, but no failure names '$rule'")
    elif [[ $(cat "$work/mutant-$name.grade-status" 2>/dev/null) != 1 ]]; then
        problems+=("mutant $name fails $mutant_failed tests but not war grade ($(graded_line "$grade")): the tests and the grader must agree")
    elif [[ -n $grade_rule ]] && ! grep -qiF -- "$grade_rule" "$grade"; then
        problems+=("mutant $name fails war grade, but no game names '$grade_rule'")
        grep -A1 ' 0/1' "$grade" | head -4 >&2
    else
        caught=$((caught + 1))
        echo "mutant $name: $mutant_failed tests fail, naming '$rule'; the first: $(first_failure "$log"); war grade: $(graded_line "$grade"), naming '$grade_rule'"
    fi
done

variants=0
accepted=0
for patch in "$kit"/variants/*.patch; do
    [[ -e $patch ]] || continue
    name=$(basename "$patch" .patch)
    log=$work/variant-$name.log
    variants=$((variants + 1))
    [[ -n ${KIT_VERBOSE:-} ]] && cat "$log"
    if grep -q "PATCH DOES NOT APPLY\|COMPILE ERROR" "$log"; then
        problems+=("variant $name does not apply or compile")
    elif [[ $(count failed "$log") -ne 0 || $(count successful "$log") -eq 0 ]]; then
        problems+=("variant $name (a program the text allows) fails $(count failed "$log") tests")
        grep -A3 '✘' "$log" | head -20 >&2
    elif [[ $(cat "$work/variant-$name.grade-status" 2>/dev/null) != 0 ]]; then
        problems+=("variant $name (a program the text allows) fails war grade: $(graded_line "$work/variant-$name.grade")")
        grep -v ' pass \|the output is right' "$work/variant-$name.grade" | head -10 >&2
    else
        accepted=$((accepted + 1))
        echo "variant $name: every test passes; war grade: $(graded_line "$work/variant-$name.grade")"
    fi
done

summary="war kit: solution passes $passed tests and war grade ($solution_graded); $caught of $mutants mutants caught by the tests and war grade; $accepted of $variants variants pass both"
if [[ ${#problems[@]} -gt 0 ]]; then
    printf '%s\n' "${problems[@]/#/war kit: }" >&2
    echo "$summary: FAILED"
    exit 1
fi
echo "$summary"
