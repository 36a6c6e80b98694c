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
#   kit_grade RULES CLASS    # `ochos-locos cases RULES` then `ochos-locos grade RULES`
#                            # on `java -cp SOLUTION CLASS`: every case must pass
#   kit_summary              # prints the one summary line; returns 1 if anything failed
#
# Every step adds to the counts kit_summary prints and never stops the script, so one
# run reports everything. KIT_VERBOSE=1 shows the JUnit output of every run.

KIT_JUNIT=${KIT_JUNIT:-/usr/share/java/junit-platform-console-standalone.jar}
KIT_FAILURES=0
KIT_TESTS=""
KIT_MUTANTS_CAUGHT=0
KIT_MUTANTS=0
KIT_CASES=""

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
    java -Dkit.data="$KIT/tests/data" -jar "$KIT_JUNIT" --class-path "$1" \
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

kit_check_mutants() {
    for patch in "$KIT"/mutants/*.patch; do
        [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        KIT_MUTANTS=$((KIT_MUTANTS + 1))
        copy=$KIT_TMP/mutant-$name
        mkdir -p "$copy/src"
        cp -r "$KIT/solution/." "$copy/src/"
        if ! patch -s -p1 -d "$copy/src" <"$patch" >"$copy.patch.log" 2>&1; then
            kit_fail "mutant $name does not apply:"; cat "$copy.patch.log" >&2
            continue
        fi
        if ! kit_compile "$copy/src" "$copy/classes"; then
            kit_fail "mutant $name does not compile (a mutant must be a program that runs):"
            head -20 "$copy/classes.log" >&2
            continue
        fi
        kit_junit "$copy/classes" "$copy.log"
        [ -n "${KIT_VERBOSE:-}" ] && cat "$copy.log"
        read -r found failed <<<"$(kit_counts "$copy.log")"
        if [ "$failed" -gt 0 ]; then
            KIT_MUTANTS_CAUGHT=$((KIT_MUTANTS_CAUGHT + 1))
            first=$(grep -m1 '=> ' "$copy.log" | sed 's/^ *=> [A-Za-z0-9_.]*Error: //' | cut -c1-240)
            echo "mutant $name: $failed of $found tests fail, first: $first"
        else
            kit_fail "mutant $name passes every test: no test catches it"
        fi
    done
}

# kit_grade RULES CLASS: the kit's solution graded as a student's program would be.
kit_grade() {
    cases=$KIT_TMP/cases-$1
    if ! cargo run -q --locked -p ochos-locos -- cases "$1" --seed 1 --count 20 --out "$cases" >"$cases.log" 2>&1; then
        kit_fail "ochos-locos cases $1:"; cat "$cases.log" >&2
        return
    fi
    if cargo run -q --locked -p ochos-locos -- grade "$1" --cases "$cases" \
        --submission "$KIT_TMP/solution" -- java -cp "$KIT_TMP/solution" "$2" >"$cases.grade" 2>&1; then
        count=$(grep -c '^[0-9]' "$cases.grade")
        KIT_CASES="$KIT_CASES $1 $count/$count"
    else
        kit_fail "ochos-locos grade $1 on $2:"; grep -v ' pass ' "$cases.grade" | head -20 >&2
        KIT_CASES="$KIT_CASES $1 failed"
    fi
}

kit_summary() {
    if [ "$KIT_FAILURES" -eq 0 ]; then verdict=ok; else verdict="FAILED ($KIT_FAILURES)"; fi
    echo "$KIT_NAME: $verdict: solution $KIT_TESTS; mutants caught $KIT_MUTANTS_CAUGHT/$KIT_MUTANTS; graded cases:${KIT_CASES:- none}"
    [ "$KIT_FAILURES" -eq 0 ]
}
