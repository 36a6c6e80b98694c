#!/usr/bin/env bash
# The Ochos Locos Assignment 2 kit's check, from the workspace's root: the JUnit tests
# pass on the reference solution, each mutant fails at least one of them, each variant
# (another style or reading the text allows) passes them and its grading cases, and the
# solution's four programs pass every grading case of `ochos-locos grade`.
# Prints one summary line; exit status 1 if anything failed. (Functions: kits/lib.sh.)
set -u
. kits/lib.sh
kit_init ochos-locos-a2
kit_check_solution
kit_check_mutants
kit_check_variants
kit_grade match-making MatchMaking
kit_grade take-two TakeTwo
kit_grade going-wild GoingWild
kit_grade more-the-merrier MoreTheMerrier
kit_summary
