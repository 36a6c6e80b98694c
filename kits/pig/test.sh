#!/usr/bin/env bash
# The Pig kit's check, run from the workspace root: compiles the handout and the JUnit
# tests once, with the reference solution; the tests must all pass on the solution, and
# `pig grade` must pass its main; each mutant (mutants/*.patch, a student's mistake) must
# fail at least one test, with a failure that names the rule of its header ("# Caught by
# a failure naming: ..."), AND fail `pig grade` (the tests and the grader give one
# verdict); each variant (variants/*.patch, another style or reading the text allows)
# must pass every test and `pig grade`, its readings named ("# Reading named: ..."); the
# bonus shells must compile. One summary line; exit status 0 only if all of that holds.
# Needs javac/java 17, JUnit 5's console launcher (JUNIT_JAR, default Debian's) and cargo.
# Mutants and variants run KIT_JOBS at a time (default: the number of processors), each
# game of the tests and of the grader in a JVM of its own with $KIT_JAVA_OPTS.
set -uo pipefail

kit=kits/pig
junit=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
games=${PIG_GRADE_GAMES:-20}
jobs=${KIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
java_opts=${KIT_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData}
work=$(mktemp -d)
[[ -n ${KEEP_WORK:-} ]] || trap 'rm -rf "$work"' EXIT; [[ -n ${KEEP_WORK:-} ]] && echo "work dir: $work" >&2
problems=()
# step TEXT: what the check does now, on stderr with the seconds so far (it takes
# minutes; stdout keeps the results and the summary line).
step() { printf '%s [%ss]: %s\n' "pig kit" "$SECONDS" "$*" >&2; }

[[ -f $junit ]] || { echo "pig kit: FAILED: no JUnit console launcher at $junit" >&2; exit 1; }
step "building pig"
cargo build -q --locked -p pig --features grade || { echo "pig kit: FAILED: cargo build -p pig --features grade" >&2; exit 1; }
pig=target/debug/pig

# 0. One compile of what every run shares: the given classes, Pig, the tests (with the
# reference PigGame, which each run's own PigGame then replaces).
if ! javac -encoding UTF-8 -d "$work"/shared -cp "$junit" \
    "$kit"/handout/PigDice.java "$kit"/handout/PigPlayer.java "$kit"/handout/Pig.java \
    "$kit"/solution/PigGame.java "$kit"/tests/*.java > "$work"/shared.log 2>&1; then
    echo "pig kit: FAILED: the handout, the solution and the tests do not compile" >&2
    cat "$work"/shared.log >&2
    exit 1
fi
rm -f "$work"/shared/PigGame.class

# run_one NAME SOURCE_DIR GAMES: compiles SOURCE_DIR/PigGame.java beside the shared
# classes in $work/NAME, runs the tests (NAME.log) and `pig grade` (NAME.grade); writes
# NAME.result: `compile-error`, or `TESTS_PASSED TESTS_FAILED GRADE_STATUS`.
run_one() {
    local dir=$work/$1
    mkdir -p "$dir"
    cp -r "$work"/shared/. "$dir"/
    if ! javac -encoding UTF-8 -d "$dir" -cp "$dir" "$2"/PigGame.java > "$work/$1.log" 2>&1; then
        echo compile-error > "$work/$1.result"
        return
    fi
    # shellcheck disable=SC2086
    java $java_opts -Dkit.data="$kit"/tests/data -Dkit.jobs="$jobs" -jar "$junit" -cp "$dir" \
        --scan-classpath --disable-banner --details=tree --disable-ansi-colors >> "$work/$1.log" 2>&1
    local passed failed
    passed=$(grep -oE '[0-9]+ tests successful' "$work/$1.log" | grep -oE '^[0-9]+' || echo 0)
    failed=$(grep -oE '[0-9]+ tests failed' "$work/$1.log" | grep -oE '^[0-9]+' || echo 0)
    # shellcheck disable=SC2086
    "$pig" grade --games "$3" --seed 1 --tell-case --timeout 20 --jobs "$jobs" \
        --submission "$dir" -- java $java_opts -cp "$dir" Pig > "$work/$1.grade" 2>&1
    echo "$passed $failed $?" > "$work/$1.result"
    step "${1/-/ }: tests run and graded"
}

# The solution, the mutants and the variants, $jobs at a time.
run_all() {
    local patch name kind copy n
    run_one solution "$kit"/solution "$games" &
    for patch in "$kit"/mutants/*.patch "$kit"/variants/*.patch; do
        [[ -e $patch ]] || continue
        kind=$(basename "$(dirname "$patch")")
        name=${kind%s}-$(basename "$patch" .patch)
        copy=$work/src-$name
        cp -r "$kit"/solution "$copy"
        if ! patch -s -p1 -d "$copy" < "$patch" > "$work/$name.log" 2>&1; then
            echo patch-error > "$work/$name.result"
            continue
        fi
        n=$(sed -n 's/^# Grade games: //p' "$patch")
        while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do
            wait -n 2>/dev/null || sleep 0.2
        done
        run_one "$name" "$copy" "${n:-$games}" &
    done
    wait
}
step "compiled; testing and grading the solution, the mutants and the variants, $jobs at a time"
run_all

graded_line() {
    local line
    line=$(grep -E "^[0-9]+ of [0-9]+ cases passed" "$1" | tail -1)
    echo "${line:-$(tail -1 "$1")}"
}

# 1. The reference solution passes every test and every graded game.
read -r passed failed grade_status < "$work"/solution.result
graded=$(graded_line "$work"/solution.grade)
if [[ $passed == compile-error || $failed != 0 || $passed == 0 ]]; then
    problems+=("the solution fails $failed tests")
    sed -n '1,60p' "$work"/solution.log >&2
fi
if [[ $grade_status -ne 0 ]]; then
    problems+=("pig grade on the solution: $graded")
    cat "$work"/solution.grade >&2
fi

# 2. Every mutant fails at least one test, naming the rule it breaks, and pig grade.
mutants=0
caught=0
for patch in "$kit"/mutants/*.patch; do
    name=mutant-$(basename "$patch" .patch)
    mutants=$((mutants + 1))
    read -r m_passed m_failed m_grade < "$work/$name.result"
    rule=$(sed -n 's/^# Caught by a failure naming: //p' "$patch")
    case $m_passed in
        patch-error) problems+=("$name does not apply"); continue ;;
        compile-error) problems+=("$name does not compile"); continue ;;
    esac
    if [[ $m_failed -eq 0 ]]; then
        problems+=("$name passes every test")
    elif [[ -n $rule ]] && ! grep -qiF -- "$rule" "$work/$name.log"; then
        problems+=("$name fails, but no failure names '$rule'")
    elif [[ $m_grade -ne 1 ]]; then
        problems+=("$name fails $m_failed tests but passes pig grade ($(graded_line "$work/$name.grade")): the tests and the grader must agree")
    else
        caught=$((caught + 1))
        first=$(grep -m1 '✘' "$work/$name.log" | sed 's/^[│├└─ ]*//' | cut -c1-200)
        echo "${name#mutant-}: $m_failed tests fail, first: $first; pig grade: $(graded_line "$work/$name.grade")"
    fi
done

# 3. Every variant passes every test and pig grade, and its readings are named.
variants=0
variants_passed=0
for patch in "$kit"/variants/*.patch; do
    [[ -e $patch ]] || continue
    name=variant-$(basename "$patch" .patch)
    variants=$((variants + 1))
    read -r v_passed v_failed v_grade < "$work/$name.result"
    case $v_passed in
        patch-error) problems+=("$name does not apply"); continue ;;
        compile-error) problems+=("$name does not compile"); continue ;;
    esac
    ok=1
    if [[ $v_failed -ne 0 || $v_passed -eq 0 ]]; then
        problems+=("$name (a program the text allows) fails $v_failed tests")
        grep -m5 -A2 '✘' "$work/$name.log" >&2
        ok=0
    fi
    if [[ $v_grade -ne 0 ]]; then
        problems+=("$name (a program the text allows) fails pig grade: $(graded_line "$work/$name.grade")")
        grep -v ' pass ' "$work/$name.grade" | head -10 >&2
        ok=0
    fi
    while read -r reading; do
        [[ -n $reading ]] || continue
        if ! grep -qF -- "$reading" "$work/$name.log" || ! grep -qF -- "$reading" "$work/$name.grade"; then
            problems+=("$name: the tests and pig grade must both name the reading '$reading'")
            ok=0
        fi
    done < <(sed -n 's/^# Reading named: //p' "$patch")
    if [[ $ok -eq 1 ]]; then
        variants_passed=$((variants_passed + 1))
        notes=$(grep -c '^note: ' "$work/$name.log")
        echo "${name#variant-}: $v_passed tests pass ($notes games by another reading); pig grade: $(graded_line "$work/$name.grade")"
    fi
done

# 4. The bonus shells compile with the solution and the tests.
if ! javac -encoding UTF-8 -d "$work"/bonus -cp "$junit" "$kit"/handout/bonus/*.java \
    "$kit"/handout/Pig.java "$kit"/solution/PigGame.java "$kit"/tests/*.java > "$work"/bonus.log 2>&1; then
    problems+=("the bonus shells do not compile")
    cat "$work"/bonus.log >&2
fi

summary="pig kit: solution passes $passed tests; $caught of $mutants mutants caught by the tests and pig grade; $variants_passed of $variants variants pass; pig grade: $graded"
if [[ ${#problems[@]} -gt 0 ]]; then
    printf '%s\n' "${problems[@]/#/pig kit: }" >&2
    echo "$summary: FAILED"
    exit 1
fi
echo "$summary"
