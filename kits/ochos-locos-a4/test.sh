#!/usr/bin/env bash
# The Ochos Locos Assignment 4 kit's check, from the workspace's root: the JUnit tests
# pass on the reference solution, each mutant fails at least one of them, each variant
# (another style or reading the text allows) passes them and its grading cases, and the
# solution's three programs pass every grading case of `ochos-locos grade`, and the
# packaged gradescope-junit.zip gives the solution full marks and resists the attacks of
# gradescope/ (on two test classes: the zip's own checks, not the tests', are tested).
# Prints one summary line; exit status 1 if anything failed. (Functions: kits/lib.sh.)
set -u
. kits/lib.sh
kit_init ochos-locos-a4
kit_check_solution
kit_check_mutants
kit_check_variants
kit_grade faciles OchosLocos
kit_grade diversidad OchosLocosDiversity
kit_grade completos OchosLocosComplete
kit_check_gradescope_junit CardTest,PlayerTest
kit_summary
