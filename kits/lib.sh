# Shell functions the kits' test.sh scripts share. Source it from a kit's test.sh
# (run from the workspace's root):
#
#   . kits/lib.sh
#   kit_init NAME            # KIT=kits/NAME, a scratch folder $KIT_TMP (removed on exit),
#                            # the JUnit jar $KIT_JUNIT; fails early without javac/java/jar
#   kit_check_solution       # compiles handout + solution + tests, runs the JUnit tests:
#                            # all must pass
#   kit_check_mutants        # each mutants/*.patch applied to a copy of solution/: the
#                            # tests must fail at least once, and each `# Grade fails:
#                            # RULES CLASS` line of its header must fail some case of
#                            # `ochos-locos grade`; prints the first failure
#   kit_check_variants       # each variants/*.patch (another style or another reading the
#                            # text allows) applied to a copy of solution/: every test must
#                            # pass, and each `# Grade: RULES CLASS` line of its header must
#                            # pass `ochos-locos grade`; prints the readings the tests noted
#   kit_grade RULES CLASS    # `ochos-locos cases RULES` then `ochos-locos grade RULES`
#                            # on `java -cp SOLUTION CLASS`: every case must pass
#   kit_check_gradescope_junit CLASSES
#                            # the kit's gradescope-junit.zip run as Gradescope runs it on
#                            # the solution (full marks) and the kit's gradescope/*.patch
#                            # (attacks: not full marks, the grader's results.json)
#   kit_summary              # prints the one summary line; returns 1 if anything failed
#   kit_step TEXT            # says on stderr what the kit does now, with the seconds so far
#
# Every step adds to the counts kit_summary prints and never stops the script, so one
# run reports everything. KIT_VERBOSE=1 shows the JUnit output of every run. Mutants and
# variants run KIT_JOBS at a time (default: the number of processors); the tests' own
# whole-program runs, each a JVM of its own, run KIT_TEST_JOBS at a time (default: the
# same), with the quick-start JVM options of $KIT_JAVA_OPTS.

KIT_JUNIT=${KIT_JUNIT:-/usr/share/java/junit-platform-console-standalone.jar}
KIT_FAILURES=0
KIT_TESTS=""
KIT_MUTANTS_CAUGHT=0
KIT_MUTANTS=0
KIT_CASES=""
KIT_VARIANTS_PASSED=0
KIT_VARIANTS=0
KIT_JOBS=${KIT_JOBS:-$(nproc 2>/dev/null || echo 2)}
KIT_TEST_JOBS=${KIT_TEST_JOBS:-$KIT_JOBS}
KIT_JAVA_OPTS=${KIT_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData}

# A kit's check takes minutes (a JVM per test run, mutants and variants by the dozen): each
# step says on stderr what it starts, and each mutant or variant when its tests are done,
# so a run is never silent; stdout keeps the results and the one summary line.
kit_step() {
    printf '%s [%ss]: %s\n' "${KIT_NAME:-kit}" "$SECONDS" "$*" >&2
}

kit_fail() {
    echo "FAIL: $*" >&2
    KIT_FAILURES=$((KIT_FAILURES + 1))
}

kit_init() {
    KIT_NAME=$1
    KIT=kits/$1
    if [ ! -d "$KIT/solution" ]; then
        echo "$KIT: no such kit (run from the workspace's root)" >&2
        exit 2
    fi
    for tool in javac java; do
        command -v "$tool" >/dev/null || { echo "$KIT_NAME: $tool not found (apt-get install default-jdk-headless)" >&2; exit 2; }
    done
    [ -f "$KIT_JUNIT" ] || { echo "$KIT_NAME: $KIT_JUNIT not found (apt-get install junit5)" >&2; exit 2; }
    KIT_TMP=$(mktemp -d)
    trap 'rm -rf "$KIT_TMP"' EXIT
}

# kit_compile SOLUTION_DIR CLASSES_DIR: javac of the handout's, the solution's and the
# tests' .java files into CLASSES_DIR. Quiet unless it fails.
kit_compile() {
    mkdir -p "$2"
    # shellcheck disable=SC2046
    javac -nowarn -encoding UTF-8 -d "$2" -cp "$KIT_JUNIT" \
        $(find "$KIT/handout" "$1" "$KIT/tests" -name '*.java' 2>/dev/null | sort) \
        >"$2.log" 2>&1
}

# kit_junit CLASSES_DIR LOG: runs every test, the data read from the kit's tests/data.
kit_junit() {
    # shellcheck disable=SC2086
    java $KIT_JAVA_OPTS -Dkit.data="$KIT/tests/data" -Dkit.jobs="$KIT_TEST_JOBS" \
        -jar "$KIT_JUNIT" --class-path "$1" \
        --scan-class-path --disable-banner --details=summary --disable-ansi-colors >"$2" 2>&1
}

# The tests found and failed, from a JUnit console log.
kit_counts() {
    found=$(sed -n 's/.*\[ *\([0-9]*\) tests found.*/\1/p' "$1")
    failed=$(sed -n 's/.*\[ *\([0-9]*\) tests failed.*/\1/p' "$1")
    echo "${found:-0} ${failed:-0}"
}

kit_check_solution() {
    kit_step "compiling the solution and running its JUnit tests"
    if ! kit_compile "$KIT/solution" "$KIT_TMP/solution"; then
        kit_fail "the solution does not compile:"; cat "$KIT_TMP/solution.log" >&2
        KIT_TESTS="not compiled"
        return
    fi
    kit_junit "$KIT_TMP/solution" "$KIT_TMP/solution-junit.log"
    status=$?
    [ -n "${KIT_VERBOSE:-}" ] && cat "$KIT_TMP/solution-junit.log"
    read -r found failed <<<"$(kit_counts "$KIT_TMP/solution-junit.log")"
    KIT_TESTS="$((found - failed))/$found tests pass"
    if [ "$status" -ne 0 ] || [ "$found" -eq 0 ]; then
        kit_fail "the tests fail on the solution:"
        grep -A3 '=> ' "$KIT_TMP/solution-junit.log" | head -60 >&2
    fi
}

# kit_patched KIND PATCH: a copy of the solution with PATCH applied, compiled, and its
# tests run, in $KIT_TMP/KIND-NAME; writes KIND-NAME.result: `ok FOUND FAILED` or
# `error MESSAGE` (the message's details in KIND-NAME.problem).
kit_patched() {
    name=$(basename "$2" .patch)
    copy=$KIT_TMP/$1-$name
    mkdir -p "$copy/src"
    cp -r "$KIT/solution/." "$copy/src/"
    if ! patch -s -p1 -d "$copy/src" <"$2" >"$copy.problem" 2>&1; then
        echo "error $1 $name does not apply:" >"$copy.result"
        return
    fi
    if ! kit_compile "$copy/src" "$copy/classes"; then
        echo "error $1 $name does not compile (it must be a program that runs):" >"$copy.result"
        head -20 "$copy/classes.log" >"$copy.problem"
        return
    fi
    kit_junit "$copy/classes" "$copy.log"
    echo "ok $(kit_counts "$copy.log")" >"$copy.result"
    kit_step "$1 $name: tests run"
}

# kit_each KIND: kit_patched on each $KIT/KINDs/*.patch, KIT_JOBS at a time.
kit_each() {
    set -- "$1" "$KIT/$1s"/*.patch
    [ -e "$2" ] && kit_step "testing $(($# - 1)) ${1}s, $KIT_JOBS at a time"
    set -- "$1"
    for patch in "$KIT/$1s"/*.patch; do
        [ -e "$patch" ] || continue
        while [ "$(jobs -rp | wc -l)" -ge "$KIT_JOBS" ]; do
            wait -n 2>/dev/null || sleep 0.2
        done
        kit_patched "$1" "$patch" &
    done
    wait
}

kit_check_mutants() {
    kit_each mutant
    for patch in "$KIT"/mutants/*.patch; do
        [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        KIT_MUTANTS=$((KIT_MUTANTS + 1))
        copy=$KIT_TMP/mutant-$name
        read -r status found failed <"$copy.result"
        if [ "$status" != ok ]; then
            kit_fail "$(cut -d' ' -f2- "$copy.result")"; cat "$copy.problem" >&2
            continue
        fi
        [ -n "${KIT_VERBOSE:-}" ] && cat "$copy.log"
        if [ "$failed" -eq 0 ]; then
            kit_fail "mutant $name passes every test: no test catches it"
            continue
        fi
        ok=1
        graded=""
        while read -r rules class; do
            [ -n "$rules" ] || continue
            if kit_grade_fails "$rules" "$class" "$copy/classes"; then
                graded="$graded; ochos-locos grade $rules: $KIT_GRADED"
            else
                ok=0
            fi
        done < <(sed -n 's/^# Grade fails: //p' "$patch")
        [ "$ok" -eq 1 ] || continue
        KIT_MUTANTS_CAUGHT=$((KIT_MUTANTS_CAUGHT + 1))
        first=$(grep -m1 '=> ' "$copy.log" | sed 's/^ *=> [A-Za-z0-9_.]*Error: //' | cut -c1-480)
        echo "mutant $name: $failed of $found tests fail, first: $first$graded"
    done
}

# kit_grade_fails RULES CLASS CLASSES_DIR: a mutant's `# Grade fails: RULES CLASS` line:
# `ochos-locos grade` must fail some case of RULES (the tests and the grader give one
# verdict); sets KIT_GRADED to the grader's score line, returns 1 (after kit_fail) if
# every case passed.
kit_grade_fails() {
    if kit_grade_classes "$1" "$2" "$3" 2>/dev/null; then
        kit_fail "mutant $name fails the tests but passes every case of ochos-locos grade $1 ($2): the tests and the grader must agree"
        return 1
    fi
    # kit_grade_classes counted the failure it expected.
    KIT_FAILURES=$((KIT_FAILURES - 1))
    KIT_GRADED=$(grep -m1 'cases passed' "$3.grade-$1")
    [ -n "$KIT_GRADED" ] || { kit_fail "ochos-locos grade $1 on mutant $name did not grade:"; head -5 "$3.grade-$1" >&2; return 1; }
}

# A variant is a program the text allows (another style, another reading): it must pass
# every test, and the graders named in its header.
kit_check_variants() {
    kit_each variant
    for patch in "$KIT"/variants/*.patch; do
        [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        KIT_VARIANTS=$((KIT_VARIANTS + 1))
        copy=$KIT_TMP/variant-$name
        read -r status found failed <"$copy.result"
        if [ "$status" != ok ]; then
            kit_fail "$(cut -d' ' -f2- "$copy.result")"; cat "$copy.problem" >&2
            continue
        fi
        [ -n "${KIT_VERBOSE:-}" ] && cat "$copy.log"
        if [ "$failed" -ne 0 ] || [ "$found" -eq 0 ]; then
            kit_fail "variant $name (a program the text allows) fails $failed of $found tests:"
            grep -A3 '=> ' "$copy.log" | head -30 >&2
            continue
        fi
        ok=1
        graded=""
        while read -r rules class; do
            [ -n "$rules" ] || continue
            if kit_grade_classes "$rules" "$class" "$copy/classes"; then
                graded="$graded $KIT_GRADED"
            else
                ok=0
            fi
        done < <(sed -n 's/^# Grade: //p' "$patch")
        [ "$ok" -eq 1 ] || continue
        KIT_VARIANTS_PASSED=$((KIT_VARIANTS_PASSED + 1))
        echo "variant $name: $found of $found tests pass${graded:+; graded cases:$graded}"
        grep '^note: ' "$copy.log" | cut -c1-300 | sed 's/^/  /'
    done
}

# kit_grade_classes RULES CLASS CLASSES_DIR: `ochos-locos grade` on the program CLASS
# of CLASSES_DIR; sets KIT_GRADED to `RULES PASSED/COUNT`, returns 1 (after kit_fail) if
# a case failed.
kit_grade_classes() {
    cases=$KIT_TMP/cases-$1
    if [ ! -d "$cases" ] && ! cargo run -q --locked -p ochos-locos --features grade -- cases "$1" --seed 1 --count 20 --out "$cases" >"$cases.log" 2>&1; then
        kit_fail "ochos-locos cases $1:"; cat "$cases.log" >&2
        return 1
    fi
    gradelog=$3.grade-$1
    program=$3
    [ "$(basename "$program")" = classes ] && program=$(dirname "$program")
    kit_step "ochos-locos grade $1 on $2 ($(basename "$program"))"
    # shellcheck disable=SC2086
    if cargo run -q --locked -p ochos-locos --features grade -- grade "$1" --cases "$cases" \
        --submission "$3" -- java $KIT_JAVA_OPTS -cp "$3" "$2" >"$gradelog" 2>&1; then
        count=$(grep -c '^[0-9]' "$gradelog")
        KIT_GRADED="$1 $count/$count"
    else
        kit_fail "ochos-locos grade $1 on $2 ($3):"; grep -v ' pass ' "$gradelog" | head -20 >&2
        return 1
    fi
}

# kit_grade RULES CLASS: the kit's solution graded as a student's program would be.
kit_grade() {
    if kit_grade_classes "$1" "$2" "$KIT_TMP/solution"; then
        KIT_CASES="$KIT_CASES $KIT_GRADED"
    else
        KIT_CASES="$KIT_CASES $1 failed"
    fi
}

# kit_check_gradescope_junit CLASSES: the kit's gradescope-junit.zip (`kits package`)
# run as Gradescope runs it (its files in AUTOGRADER_ROOT's source/; as root, the
# students' code as `nobody`) on the test classes CLASSES (comma-separated): the
# solution must score full marks; each `gradescope/*.patch` of the kit (an attack, or a
# program the zip must explain) applied to the solution must not, its results.json and
# the zip's own files must be the grader's, and its `# Output names:` text must be in
# the output.
kit_check_gradescope_junit() {
    dist=$KIT_TMP/dist
    kit_step "packaging gradescope-junit.zip and running it as Gradescope does"
    if ! cargo run -q --locked -p kits -- package "$KIT_NAME" --out "$dist" >"$dist.log" 2>&1; then
        kit_fail "kits package $KIT_NAME:"; cat "$dist.log" >&2
        return
    fi
    zip=$dist/$KIT_NAME-instructor/gradescope-junit.zip
    checked=""
    for patch in solution "$KIT"/gradescope/*.patch; do
        [ "$patch" = solution ] || [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        kit_step "gradescope-junit.zip on $name"
        root=$KIT_TMP/autograder-$name
        mkdir -p "$root/source" "$root/submission" "$root/results"
        chmod 755 "$KIT_TMP" "$root" "$root/source"
        cp -r "$KIT/solution/." "$root/submission/"
        if [ "$patch" != solution ] && ! patch -s -p1 -d "$root/submission" <"$patch" >/dev/null 2>&1; then
            kit_fail "gradescope/$name.patch does not apply"; continue
        fi
        (cd "$root/source" && python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(".")' "$zip")
        chmod -R a+rX "$root/source" "$root/submission"
        chmod 755 "$root/source/run_autograder"
        sums=$(cd "$root/source" && cat tests.txt junit_grade.py | cksum)
        if [ "$(id -u)" = 0 ]; then
            AUTOGRADER_ROOT=$root JUNIT_GRADE_USER=nobody JUNIT_GRADE_CLASSES=$1 "$root/source/run_autograder"
        else
            AUTOGRADER_ROOT=$root JUNIT_GRADE_CLASSES=$1 "$root/source/run_autograder"
        fi
        verdict=$(python3 - "$root/results/results.json" "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
names = [t["name"] for t in r.get("tests", [])]
full = names == sys.argv[2].split(",") and all(t["score"] == t["max_score"] for t in r["tests"])
text = r.get("output", "") + "\n" + "\n".join(t.get("output", "") for t in r.get("tests", []))
print(("full" if full else "not-full") + " " + ("ours" if names == sys.argv[2].split(",") else "not-ours"))
print(text)
PY
)
        read -r score owner <<<"$(head -1 <<<"$verdict")"
        expect=$(sed -n 's/^# Output names: //p' "$patch" 2>/dev/null)
        if [ "$(cd "$root/source" && cat tests.txt junit_grade.py | cksum)" != "$sums" ]; then
            kit_fail "gradescope-junit on $name: the zip's own files were changed"
        elif [ "$owner" != ours ]; then
            kit_fail "gradescope-junit on $name: results.json is not the grader's: $(head -c 300 "$root/results/results.json")"
        elif [ "$patch" = solution ] && [ "$score" != full ]; then
            kit_fail "gradescope-junit on the solution: not full marks:"; cat "$root/results/results.json" >&2
        elif [ "$patch" != solution ] && [ "$score" = full ]; then
            kit_fail "gradescope-junit on $name: full marks"
        elif [ -n "$expect" ] && ! grep -qF -- "$expect" <<<"$verdict"; then
            kit_fail "gradescope-junit on $name: the output does not say \`$expect\`:"; cat "$root/results/results.json" >&2
        else
            checked="$checked $name"
        fi
    done
    echo "gradescope-junit.zip ($1):${checked:- nothing} as expected"
}

kit_summary() {
    if [ "$KIT_FAILURES" -eq 0 ]; then verdict=ok; else verdict="FAILED ($KIT_FAILURES)"; fi
    variants=""
    [ "$KIT_VARIANTS" -eq 0 ] || variants="; variants pass $KIT_VARIANTS_PASSED/$KIT_VARIANTS"
    echo "$KIT_NAME: $verdict: solution $KIT_TESTS; mutants caught $KIT_MUTANTS_CAUGHT/$KIT_MUTANTS$variants; graded cases:${KIT_CASES:- none}"
    [ "$KIT_FAILURES" -eq 0 ]
}
