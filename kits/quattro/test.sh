#!/usr/bin/env bash
# The Quattro kit's check, run from the workspace root (kits/lib.sh): the reference
# solution passes every JUnit test; each mutant (mutants/*.patch, a student's mistake)
# fails at least one; each variant (variants/*.patch, another console the text allows)
# passes every test; the handout's eight stubs compile with the tests, and Task 1's
# ClassStructureTest fails on them (the stubs are `public class Name {}`, as the text
# hands them out: the keywords are the student's Task 1). The tests themselves run
# `java -cp CLASSES quattrotest.QuattroTest` as a whole program, one JVM per game,
# KIT_TEST_JOBS at a time (QuattroGames, QuattroRun).
#
# One verdict: each program is also graded with `quattro grade` (played as a person would,
# isolated; KIT_GAMES games, 20 by default, KIT_JOBS at a time): the solution and every
# variant pass every game, and every mutant fails a game naming its rule (its header's
# "# Grade names: ..." where the grader words the rule otherwise than the tests, else its
# "# Caught by a failure naming: ..."), over its header's "# Grade games: N" games where
# its mistake shows only in some games. (Not "# Grade fails:", which kits/lib.sh reads as
# an ochos-locos grade to run.) A mutant whose header says "# Grade exempt:
# REASON" is not graded, and the report says so with the reason (a mistake a grader of the
# program's own unseeded games cannot show for sure within the kit's time).
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

# quattro_grade CLASSES GAMES LOG: `quattro grade` of `java quattrotest.QuattroTest` from
# CLASSES, GAMES games of seed 1, KIT_JOBS at a time; its status (1: a game failed).
quattro_grade() {
    # shellcheck disable=SC2086
    "$QUATTRO" grade --games "$2" --seed 1 --timeout 60 --jobs "$KIT_JOBS" --submission "$1" \
        -- java $KIT_JAVA_OPTS -cp "$1" quattrotest.QuattroTest >"$3" 2>&1
}

graded_line() { # graded_line LOG: the report's count of games passed
    line=$(grep -E "^[0-9]+ of [0-9]+ cases passed" "$1" | tail -1)
    echo "${line:-$(tail -1 "$1")}"
}

# A program graded as a student's must pass every game: the solution and each variant.
quattro_grade_passes() { # quattro_grade_passes WHAT CLASSES LOG
    kit_step "quattro grade on $1, $KIT_GAMES games"
    if quattro_grade "$2" "$KIT_GAMES" "$3"; then
        echo "$1: quattro grade: $(graded_line "$3")"
        return 0
    fi
    kit_fail "quattro grade on $1 (a program the text allows): $(graded_line "$3")"
    grep -v ' pass \|the output is right' "$3" | head -10 >&2
    return 1
}

kit_check_grading() {
    kit_step "building quattro (quattro grade)"
    if ! cargo build -q --locked -p quattro --features grade; then
        kit_fail "cargo build -p quattro --features grade"
        KIT_CASES=" quattro grade not built"
        return
    fi
    QUATTRO=target/debug/quattro
    KIT_GAMES=${KIT_GAMES:-20}
    solution="failed"
    quattro_grade_passes "the solution" "$KIT_TMP/solution" "$KIT_TMP/solution.grade" \
        && solution="$KIT_GAMES/$KIT_GAMES games"
    variants=0
    variants_passed=0
    for patch in "$KIT"/variants/*.patch; do
        [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        variants=$((variants + 1))
        classes=$KIT_TMP/variant-$name/classes
        [ -d "$classes" ] || { kit_fail "variant $name: not compiled, not graded"; continue; }
        quattro_grade_passes "variant $name" "$classes" "$classes.grade" \
            && variants_passed=$((variants_passed + 1))
    done
    mutants=0
    caught=0
    exempt=0
    for patch in "$KIT"/mutants/*.patch; do
        [ -e "$patch" ] || continue
        name=$(basename "$patch" .patch)
        mutants=$((mutants + 1))
        # The reason: the header's paragraph, on as many lines as it takes.
        why=$(awk '/^# Grade exempt: /{on=1; sub(/^# Grade exempt: /, ""); printf "%s", $0; next}
            on && /^# [A-Z][a-z ]*: / {exit} on && /^# /{sub(/^# /, " "); printf "%s", $0; next} on {exit}' "$patch")
        if [ -n "$why" ]; then
            exempt=$((exempt + 1))
            echo "mutant $name: EXEMPT from quattro grade, not graded: $why"
            continue
        fi
        rule=$(sed -n 's/^# Grade names: //p' "$patch")
        [ -n "$rule" ] || rule=$(sed -n 's/^# Caught by a failure naming: //p' "$patch")
        games=$(sed -n 's/^# Grade games: //p' "$patch")
        games=${games:-$KIT_GAMES}
        classes=$KIT_TMP/mutant-$name/classes
        [ -d "$classes" ] || { kit_fail "mutant $name: not compiled, not graded"; continue; }
        kit_step "quattro grade on mutant $name, $games games"
        quattro_grade "$classes" "$games" "$classes.grade"
        status=$?
        if [ "$status" -ne 1 ]; then
            kit_fail "mutant $name: quattro grade over $games games: $(graded_line "$classes.grade") (status $status): the tests and the grader must agree"
        elif [ -n "$rule" ] && ! grep -qiF -- "$rule" "$classes.grade"; then
            kit_fail "mutant $name fails quattro grade, but no game names '$rule'"
            grep -A1 ' 0/1' "$classes.grade" | head -4 >&2
        else
            caught=$((caught + 1))
            echo "mutant $name: quattro grade over $games games: $(graded_line "$classes.grade"), naming '$rule'"
        fi
    done
    KIT_CASES=" quattro grade: solution $solution; variants pass every game $variants_passed/$variants; mutants fail naming their rule $caught/$((mutants - exempt)), $exempt exempt (see their headers)"
}

kit_check_stubs
kit_check_solution
kit_check_mutants
kit_check_mutant_messages
kit_check_variants
kit_check_grading
kit_summary
