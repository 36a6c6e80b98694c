#!/usr/bin/env python3
"""Grades one Gradescope submission with a course kit's JUnit tests, as Mimir ran them:
one test class at a time, each in a JVM of its own, into results/results.json.

Written by `kits package NAME` into the instructor's `gradescope-junit/` (and its zip).
Gradescope unpacks the zip into /autograder/source and runs run_autograder, which runs
this script as root; AUTOGRADER_ROOT replaces /autograder, to try the zip in a folder.

What it does, for each submission:
1. Copies the submission's .java files (from any folder of it) into a fresh work folder,
   leaving out copies of the kit's tests, and lays the kit's given files over them.
2. Compiles them (`javac -proc:none`, so no annotation processor of theirs runs). A file
   that does not compile is left out and the rest compiled again, so that a student with
   a finished Card and a broken Player still gets CardTest, as on Mimir.
3. For each test class of tests.txt (`CLASS POINTS`, in order): compiles it with the
   kit's helpers against the student's classes, runs JUnit's console launcher on it alone
   (`--select-class`), as the unprivileged user `gsjunit` when run as root, with a time
   limit, and reads its XML report.
4. Writes results.json: one Gradescope test per class, full points when every test of
   the class passed, else 0 with the first failures; every text is plain text, cut.

What a student's program can and cannot do. Its classes run inside the tests' JVM (the
tests call its methods), so, as on Mimir, a program written to cheat could write its
class's report; nothing else: it runs as `gsjunit`, which cannot write results.json, this
script, the tests or their classes (root's), nor another class's report (each class
starts from an empty report folder and its processes are killed before the next); a
JVM that does not end normally, within its time, with a report that agrees with the
launcher's exit status, scores 0. Its output never reaches results.json except as the
failure messages the report holds, cut and stripped of control characters.
"""

import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = os.environ.get("AUTOGRADER_ROOT", "/autograder")
SOURCE = os.path.join(ROOT, "source")
SUBMISSION = os.path.join(ROOT, "submission")
RESULTS = os.path.join(ROOT, "results", "results.json")
JUNIT = os.environ.get("JUNIT_JAR", "/usr/share/java/junit-platform-console-standalone.jar")
# The unprivileged user the students' code runs as (setup.sh makes it). Another user
# may be named to try the zip as root on a machine without it; then the processes
# left behind are not swept by user (the user may have others there).
DEFAULT_USER = "gsjunit"
USER = os.environ.get("JUNIT_GRADE_USER", DEFAULT_USER)
# A report larger than this is not read (a test class's report is a few kB).
REPORT_LIMIT = 8 << 20
# The most of a program's output kept, and of a message shown.
OUTPUT_LIMIT = 1 << 20
TEXT_LIMIT = 1500
COMPILE_SECONDS = 120
# The most rounds of leaving out files that do not compile.
COMPILE_ROUNDS = 10
PACKAGE_LINE = re.compile(r"^\s*package\s+[\w.]+\s*;", re.MULTILINE)


def clean(text, limit=TEXT_LIMIT):
    """Text from a student's program, made safe to show: no control characters but the
    newline and tab, at most `limit` characters."""
    text = "".join(c if c in "\n\t" or (ord(c) >= 32 and ord(c) != 127) else "?" for c in text)
    if len(text) > limit:
        text = text[:limit] + " [...]"
    return text


def read_config():
    """tests.txt: `CLASS POINTS` a line (`# timeout SECONDS` sets the time per class)."""
    classes, timeout = [], 300
    with open(os.path.join(SOURCE, "tests.txt"), encoding="utf-8") as f:
        for line in f:
            words = line.split()
            if len(words) == 3 and words[:2] == ["#", "timeout"]:
                timeout = int(words[2])
            elif words and not words[0].startswith("#"):
                classes.append((words[0], float(words[1]) if len(words) > 1 else 1.0))
    only = os.environ.get("JUNIT_GRADE_CLASSES")
    if only:
        wanted = only.split(",")
        classes = [c for c in classes if c[0] in wanted]
    return classes, timeout


def as_user():
    """The command prefix that runs a program as the unprivileged user, when root."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(USER)
    except KeyError:
        raise SystemExit(f"no user {USER}: setup.sh makes it (useradd)")
    return ["runuser", "-u", USER, "--"]


def kill_user():
    """Kills every process left by the unprivileged user (a thread the tests' JVM started,
    a program a test ran)."""
    if os.geteuid() == 0 and USER == DEFAULT_USER:
        subprocess.run(["pkill", "-KILL", "-u", USER], check=False)


def run(command, cwd, seconds, user=False):
    """Runs `command` in its own process group, at most `seconds`; returns (status, output,
    timed_out). Output is stdout and stderr together, at most OUTPUT_LIMIT bytes."""
    prefix = as_user() if user else []
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(prefix + command, cwd=cwd, stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        timed_out = False
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            timed_out = True
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        if user:
            kill_user()
        out.seek(0)
        text = out.read(OUTPUT_LIMIT).decode("utf-8", "replace")
    return process.returncode, text, timed_out


def java_files(folder):
    found = {}
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".java") and name not in found:
                path = os.path.join(base, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    found[name] = path
    return found


def compile_student(work, notes):
    """Compiles the submission's files (and the given ones) into work/student; returns the
    files left out and why."""
    src = os.path.join(work, "src")
    classes = os.path.join(work, "student")
    os.makedirs(src)
    os.makedirs(classes)
    tests = set(os.listdir(os.path.join(SOURCE, "tests")))
    given_dir = os.path.join(SOURCE, "given")
    given = set(os.listdir(given_dir)) if os.path.isdir(given_dir) else set()
    for name, path in java_files(SUBMISSION).items():
        if name in tests:
            notes.append(f"{name} is one of the tests' files: the kit's own is used.")
            continue
        if name in given:
            continue
        shutil.copyfile(path, os.path.join(src, name))
    for name in given:
        shutil.copyfile(os.path.join(given_dir, name), os.path.join(src, name))
    for name in sorted(os.listdir(src)):
        with open(os.path.join(src, name), encoding="utf-8", errors="replace") as f:
            match = PACKAGE_LINE.search(f.read())
        if match:
            notes.append(f"{name} declares `{match.group(0).strip()}`: the tests look for the classes in "
                         "the default package, so its classes are not found. Remove the package line.")
    left_out = []
    files = sorted(os.listdir(src))
    if not files:
        notes.append("The submission has no .java file.")
    for _ in range(COMPILE_ROUNDS):
        if not files:
            break
        status, output, timed_out = run(["javac", "-proc:none", "-nowarn", "-encoding", "UTF-8", "-d", classes]
                                        + [os.path.join(src, f) for f in files], work, COMPILE_SECONDS)
        if status == 0 and not timed_out:
            break
        broken = sorted({m for m in re.findall(r"([\w$]+\.java):\d+: error", output) if m in files})
        if timed_out or not broken:
            left_out.append(("all", clean(output)))
            files = []
            break
        for name in broken:
            first = next((line for line in output.splitlines() if line.startswith(os.path.join(src, name))
                          or line.startswith(name)), "")
            left_out.append((name, clean(first.replace(src + os.sep, ""))))
            files.remove(name)
        shutil.rmtree(classes)
        os.makedirs(classes)
    else:
        if files:
            left_out.append(("all", f"more than {COMPILE_ROUNDS} rounds of files that do not compile"))
            shutil.rmtree(classes)
            os.makedirs(classes)
    # The tests read their data as the unprivileged user: a copy of it, in the work
    # folder, whatever the permissions of the autograder's own folders.
    data = os.path.join(SOURCE, "tests", "data")
    if os.path.isdir(data):
        shutil.copytree(data, os.path.join(work, "data"))
    os.chmod(work, 0o755)
    for folder in (classes, os.path.join(work, "data")):
        for base, dirs, names in os.walk(folder):
            os.chmod(base, 0o755)
            for name in names:
                os.chmod(os.path.join(base, name), 0o644)
    return left_out


def helpers():
    """The tests' own helper sources (KitData.java and the like): every .java file of
    tests/ that is not a test class of tests.txt's kind (`...Test.java`)."""
    folder = os.path.join(SOURCE, "tests")
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder))
            if n.endswith(".java") and not n.endswith("Test.java")]


def read_report(folder):
    """(tests, failures as [(name, message)]) from the launcher's XML report of JUnit
    Jupiter (the other engines' reports are empty), or None."""
    report = os.path.join(folder, "TEST-junit-jupiter.xml")
    if not os.path.isfile(report) or os.path.islink(report) or os.path.getsize(report) > REPORT_LIMIT:
        return None
    try:
        root = ET.parse(report).getroot()
    except ET.ParseError:
        return None
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    tests, failures, declared = 0, [], 0
    for suite in suites:
        declared += int(suite.get("tests", "-1"))
        for case in suite.iter("testcase"):
            tests += 1
            for kind in ("failure", "error", "skipped"):
                bad = case.find(kind)
                if bad is not None:
                    message = bad.get("message") or (bad.text or "").strip().split("\n")[0] or kind
                    failures.append((case.get("name", "?"), message))
                    break
    if tests == 0 or declared != tests:
        return None
    return tests, failures


def grade_class(work, name, points, timeout, earlier):
    """One test class, graded; `earlier`: the test classes before it in tests.txt, which
    it may use (A4's GameTest builds hands with PlayerTest's helper)."""
    result = {"name": name, "score": 0.0, "max_score": points, "output_format": "text", "visibility": "visible"}
    classes = os.path.join(work, "tests-" + name)
    student = os.path.join(work, "student")
    tests = os.path.join(SOURCE, "tests")
    # The class alone with the helpers first, so that a missing later class of the
    # student's does not take an earlier test down; then with the classes before it.
    for others in ([], earlier):
        shutil.rmtree(classes, ignore_errors=True)
        os.makedirs(classes)
        status, output, timed_out = run(
            ["javac", "-proc:none", "-nowarn", "-encoding", "UTF-8", "-d", classes,
             "-cp", student + os.pathsep + JUNIT] + helpers()
            + [os.path.join(tests, c + ".java") for c in others + [name]],
            work, COMPILE_SECONDS)
        if status == 0 and not timed_out:
            break
    if status != 0 or timed_out:
        first = [line.replace(os.path.join(SOURCE, "tests") + os.sep, "tests/")
                 for line in output.splitlines() if ": error" in line][:3]
        result["output"] = clean(f"{name} does not compile with your classes (a class or method it needs is "
                                 "missing, or has another name or type):\n" + "\n".join(first))
        result["status"] = "failed"
        return result
    reports = os.path.join(work, "reports-" + name)
    scratch = os.path.join(work, "run-" + name)
    for folder in (reports, scratch):
        os.makedirs(folder)
        if os.geteuid() == 0:
            user = pwd.getpwnam(USER)
            os.chown(folder, user.pw_uid, user.pw_gid)
    status, output, timed_out = run(
        ["java", "-Dkit.data=" + os.path.join(work, "data"), "-Dkit.jobs=2", "-jar", JUNIT,
         "--class-path", classes + os.pathsep + student, "--select-class", name, "--reports-dir", reports,
         "--disable-banner", "--details=none", "--disable-ansi-colors"],
        scratch, timeout, user=True)
    report = None if timed_out else read_report(reports)
    if timed_out:
        result["output"] = f"{name} did not finish within {timeout} seconds (a loop that never ends?)."
    elif report is None:
        result["output"] = clean(f"{name} ended without a complete test report (exit status {status}): did "
                                 "the program call System.exit? Its last output:\n" + output[-600:])
    else:
        tests, failures = report
        # The launcher exits 0 exactly when every test passed; a report that says otherwise
        # was not the launcher's.
        if (status == 0) != (not failures):
            result["output"] = f"{name}: the test report does not agree with the test run (exit status {status})."
        elif failures:
            shown = "\n".join(f"- {test}: {message}" for test, message in failures[:3])
            result["output"] = clean(f"{len(failures)} of {tests} tests of {name} fail:\n{shown}")
        else:
            result["score"] = points
            result["output"] = f"all {tests} tests of {name} pass"
    result["status"] = "passed" if result["score"] == points else "failed"
    return result


def main():
    started = time.time()
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    results = {"score": 0.0, "output_format": "text", "tests": []}
    work = tempfile.mkdtemp(prefix="junit-grade-")
    try:
        classes, timeout = read_config()
        notes = []
        left_out = compile_student(work, notes)
        for name, why in left_out:
            if name == "all":
                notes.append("Your files do not compile:\n" + why)
            else:
                notes.append(f"{name} does not compile and was left out: {why}")
        for index, (name, points) in enumerate(classes):
            earlier = [c for c, _ in classes[:index]]
            results["tests"].append(grade_class(work, name, points, timeout, earlier))
        results["score"] = sum(t["score"] for t in results["tests"])
        passed = sum(1 for t in results["tests"] if t["status"] == "passed")
        results["output"] = clean("\n".join([f"{passed} of {len(classes)} test classes pass."] + notes), 6000)
    except Exception as error:  # Whatever went wrong, Gradescope gets a results.json saying so.
        results["tests"] = []
        results["score"] = 0.0
        results["output"] = clean(f"The autograder could not grade this submission: {error!r}")
    finally:
        kill_user()
        shutil.rmtree(work, ignore_errors=True)
    results["execution_time"] = round(time.time() - started, 2)
    with open(RESULTS + ".tmp", "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2)
    os.replace(RESULTS + ".tmp", RESULTS)


if __name__ == "__main__":
    sys.exit(main())
