# Shell functions the kits' test.sh scripts share. Source it from a kit's test.sh
# (run from the workspace's root):
#
#   . kits/lib.sh
#   kit_init NAME            # KIT=kits/NAME, a scratch folder $KIT_TMP (removed on exit),
#                            # the JUnit jar $KIT_JUNIT; fails early without javac/java/jar
#   kit_check_solution       # compiles handout + solution + tests, runs the JUnit tests:
#                            # all must pass
#   kit_check_mutants        # each mutants/*.patch applied to a copy of solution/: the
#                            # tests must fail at least once; prints the first failure
#   kit_check_variants       # each variants/*.patch (another style or another reading the
#                            # text allows) applied to a copy of solution/: every test must
#                            # pass, and each `# Grade: RULES CLASS` line of its header must
#                            # pass `ochos-locos grade`; prints the readings the tests noted
#   kit_grade RULES CLASS    # `ochos-locos cases RULES` then `ochos-locos grade RULES`
#                            # on `java -cp SOLUTION CLASS`: every case must pass
#   kit_summary              # prints the one summary line; returns 1 if anything failed
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
}

# kit_each KIND: kit_patched on each $KIT/KINDs/*.patch, KIT_JOBS at a time.
kit_each() {
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
        if [ "$failed" -gt 0 ]; then
            KIT_MUTANTS_CAUGHT=$((KIT_MUTANTS_CAUGHT + 1))
            first=$(grep -m1 '=> ' "$copy.log" | sed 's/^ *=> [A-Za-z0-9_.]*Error: //' | cut -c1-240)
            echo "mutant $name: $failed of $found tests fail, first: $first"
        else
            kit_fail "mutant $name passes every test: no test catches it"
        fi
    done
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
    if [ ! -d "$cases" ] && ! cargo run -q --locked -p ochos-locos -- cases "$1" --seed 1 --count 20 --out "$cases" >"$cases.log" 2>&1; then
        kit_fail "ochos-locos cases $1:"; cat "$cases.log" >&2
        return 1
    fi
    gradelog=$3.grade-$1
    # shellcheck disable=SC2086
    if cargo run -q --locked -p ochos-locos -- grade "$1" --cases "$cases" \
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

kit_summary() {
    if [ "$KIT_FAILURES" -eq 0 ]; then verdict=ok; else verdict="FAILED ($KIT_FAILURES)"; fi
    variants=""
    [ "$KIT_VARIANTS" -eq 0 ] || variants="; variants pass $KIT_VARIANTS_PASSED/$KIT_VARIANTS"
    echo "$KIT_NAME: $verdict: solution $KIT_TESTS; mutants caught $KIT_MUTANTS_CAUGHT/$KIT_MUTANTS$variants; graded cases:${KIT_CASES:- none}"
    [ "$KIT_FAILURES" -eq 0 ]
}
