#!/usr/bin/env bash
# The Quattro kit's check, run from the workspace root (kits/lib.sh): the reference
# solution passes every JUnit test; each mutant (mutants/*.patch, a student's mistake)
# fails at least one; each variant (variants/*.patch, another console the text allows)
# passes every test; the handout's eight stubs compile with the tests, and Task 1's
# ClassStructureTest fails on them (the stubs are `public class Name {}`, as the text
# hands them out: the keywords are the student's Task 1). Quattro has no grader of
# whole programs: the tests themselves run `java -cp CLASSES quattrotest.QuattroTest`,
# one JVM per game, KIT_TEST_JOBS at a time (QuattroGames, QuattroRun).
set -uo pipefail
. kits/lib.sh
kit_init quattro

# The handout's stubs are the solution's classes before Task 1: they are compiled in
# place of the solution (never beside it), so kit_compile takes the solution and tests.
kit_compile() {
    mkdir -p "$2"
    # shellcheck disable=SC2046
    javac -nowarn -encoding UTF-8 -d "$2" -cp "$KIT_JUNIT" \
        $(find "$1" "$KIT/tests" -name '*.java' | sort) >"$2.log" 2>&1
}

kit_check_stubs() {
    if ! kit_compile "$KIT/handout" "$KIT_TMP/stubs"; then
        kit_fail "the handout's stubs do not compile with the tests:"; cat "$KIT_TMP/stubs.log" >&2
        return
    fi
    # shellcheck disable=SC2086
    java $KIT_JAVA_OPTS -jar "$KIT_JUNIT" --class-path "$KIT_TMP/stubs" \
        --select-class quattrotest.ClassStructureTest --disable-banner --details=summary \
        --disable-ansi-colors >"$KIT_TMP/stubs-junit.log" 2>&1
    read -r found failed <<<"$(kit_counts "$KIT_TMP/stubs-junit.log")"
    if [ "$found" -eq 0 ] || [ "$failed" -eq 0 ]; then
        kit_fail "ClassStructureTest passes on the handout's stubs: the handout gives Task 1 away"
    else
        echo "handout: the stubs compile; Task 1's ClassStructureTest fails $failed of $found on them, as it must"
    fi
}

# Each mutant's header names the rule its failure must name ("# Caught by a failure naming:"):
# a mutant caught for another reason would show a student the wrong diagnosis.
kit_check_mutant_messages() {
    for patch in "$KIT"/mutants/*.patch; do
        name=$(basename "$patch" .patch)
        want=$(sed -n 's/^# Caught by a failure naming: //p' "$patch")
        log=$KIT_TMP/mutant-$name.log
        [ -n "$want" ] && [ -f "$log" ] || continue
        if ! grep -qF -- "$want" "$log"; then
            kit_fail "mutant $name: no failure names \"$want\", the rule its header names"
        fi
    done
}

kit_check_stubs
kit_check_solution
kit_check_mutants
kit_check_mutant_messages
kit_check_variants
kit_summary
