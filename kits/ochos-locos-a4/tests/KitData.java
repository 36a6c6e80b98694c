import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * What the kit's tests share: reading the data files in tests/data/ (written
 * from the Rust engines by `kits data`), and running a whole program on a
 * game's input, as the grader does: each run in a JVM of its own (so static
 * fields, a static Scanner or System.exit behave as when the program is run
 * by hand), several at a time, its output compared line by line.
 *
 * The data folder is tests/data under the folder the tests run from, or the
 * folder the system property kit.data names. The system property kit.jobs
 * sets how many programs run at once (default: the number of processors).
 */
final class KitData {
    private KitData() {
    }

    /** How long one run of a program may take before it is taken to loop forever. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    /** The most output a run keeps (a program that never stops must not fill the memory). */
    static final int OUTPUT_LIMIT = 1 << 20;

    /** The last line of a game of Assignment 2 nobody can finish (this project's line). */
    static final String STALEMATE = "STALEMATE (NO WINNER)";

    /** The JVM options of each run: a quick start matters more than a fast long run. */
    static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xshare:auto", "-XX:-UsePerfData", "-Dfile.encoding=UTF-8");

    /** Keeps the first `limit` bytes written to it, and drops the rest. */
    static final class Capped extends ByteArrayOutputStream {
        private final int limit;

        Capped(int limit) {
            this.limit = limit;
        }

        boolean full() {
            return count >= limit;
        }

        @Override
        public synchronized void write(int b) {
            if (count < limit) {
                super.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, Math.max(0, Math.min(len, limit - count)));
        }
    }

    /** The data folder. */
    static Path dir() {
        return Paths.get(System.getProperty("kit.data", "tests/data"));
    }

    /** The lines of a data file, without its # comments. */
    static List<String> lines(String file) {
        try {
            List<String> lines = new ArrayList<>();
            for (String line : Files.readAllLines(dir().resolve(file), StandardCharsets.UTF_8)) {
                if (!line.startsWith("#")) {
                    lines.add(line);
                }
            }
            return lines;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the test data " + dir().resolve(file)
                    + " (run the tests from the kit's folder, or set -Dkit.data=DIR): " + e);
        }
    }

    /** One whole game of a data file: its input, and each output line with its reason. */
    static final class GameCase {
        final String name;
        final List<String> input = new ArrayList<>();
        final List<String> expected = new ArrayList<>();
        final List<String> why = new ArrayList<>();

        GameCase(String name) {
            this.name = name;
        }

        /** The input as the program reads it, every line ending with a newline. */
        String inputText() {
            StringBuilder text = new StringBuilder();
            for (String line : input) {
                text.append(line).append('\n');
            }
            return text.toString();
        }

        /** Whether nobody can finish this game (Assignment 2: it ends with STALEMATE). */
        boolean stalemate() {
            return !expected.isEmpty() && expected.get(expected.size() - 1).equals(STALEMATE);
        }
    }

    /** The games of a game file (games-NAME.txt). */
    static List<GameCase> games(String file) {
        List<GameCase> games = new ArrayList<>();
        GameCase game = null;
        boolean output = false;
        for (String line : lines(file)) {
            if (line.startsWith("game ")) {
                game = new GameCase(line.substring(5));
                output = false;
            } else if (line.equals("output")) {
                output = true;
            } else if (line.equals("end")) {
                games.add(game);
            } else if (output) {
                int bar = line.indexOf(" | ");
                game.expected.add(line.substring(0, bar));
                game.why.add(line.substring(bar + 3));
            } else {
                game.input.add(line);
            }
        }
        return games;
    }

    /** The games of a game file: the text's example (example true), or all the others. */
    static List<GameCase> games(String file, boolean example) {
        List<GameCase> chosen = new ArrayList<>();
        for (GameCase game : games(file)) {
            if (game.name.equals("example") == example) {
                chosen.add(game);
            }
        }
        assertTrue(!chosen.isEmpty(), "no games in " + file);
        return chosen;
    }

    /** What one run of a program did. */
    static final class Run {
        /** What it printed on standard output (at most the run's limit). */
        String out = "";
        /** The first lines it printed on standard error. */
        String err = "";
        /** Its exit status (-1 if it was stopped). */
        int status = -1;
        /** Stopped after TIME_LIMIT. */
        boolean timedOut;
        /** Stopped when its output reached the run's limit. */
        boolean capped;

        boolean stopped() {
            return timedOut || capped;
        }
    }

    /** The class path of a run: where the program's classes and the tests' were found. */
    static String classPath(Class<?> program) {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {program, KitData.class}) {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source != null) {
                entries.add(path(source.getLocation()));
            }
            if (c.getClassLoader() instanceof URLClassLoader loader) {
                for (URL url : loader.getURLs()) {
                    entries.add(path(url));
                }
            }
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String path(URL url) {
        try {
            return Paths.get(url.toURI()).toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return url.getPath();
        }
    }

    /**
     * Runs `java MAIN ARGS` in a JVM of its own, with the classes of `program` on its
     * class path, `input` on its standard input, for at most TIME_LIMIT and `limit`
     * bytes of output.
     */
    static Run run(Class<?> program, String main, List<String> args, String input, int limit)
            throws InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.add("-cp");
        command.add(classPath(program));
        command.add(main);
        command.addAll(args);
        Run run = new Run();
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command.get(0) + ": " + e);
        }
        Capped out = new Capped(limit);
        Capped err = new Capped(4096);
        Thread outReader = copy(process.getInputStream(), out, process);
        Thread errReader = copy(process.getErrorStream(), err, null);
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The program ended (or closed its input) before reading it all.
        }
        try {
            if (!process.waitFor(TIME_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                run.timedOut = true;
                process.destroyForcibly();
            }
            process.waitFor();
            outReader.join(2000);
            errReader.join(2000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
        run.capped = out.full() && !run.timedOut;
        run.status = run.stopped() ? -1 : process.exitValue();
        run.out = out.toString(StandardCharsets.UTF_8);
        run.err = err.toString(StandardCharsets.UTF_8);
        return run;
    }

    /** Copies a stream into `into`; once `into` is full, stops `stopWhenFull` (if any). */
    private static Thread copy(InputStream from, Capped into, Process stopWhenFull) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                int n;
                while ((n = from.read(buffer)) > 0) {
                    into.write(buffer, 0, n);
                    if (stopWhenFull != null && into.full()) {
                        stopWhenFull.destroyForcibly();
                        break;
                    }
                }
            } catch (IOException e) {
                // The process was stopped.
            }
        });
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** A difference between an output and a game's expected lines. */
    static final class Mismatch {
        /** The index of the first line that differs (how far the output was right). */
        final int at;
        final String message;

        Mismatch(int at, String message) {
            this.at = at;
            this.message = message;
        }
    }

    /**
     * The lines of an output without the blanks at their ends (spaces, tabs, a carriage
     * return), as `ochos-locos grade` compares them: the texts never say whether a blank
     * at the end of a line is wrong, so it is forgiven, as is a last line without its
     * newline. A cut output's last piece, a line cut short, is dropped.
     */
    private static List<String> outputLines(String output, boolean cut) {
        List<String> got = new ArrayList<>(List.of(output.split("\n", -1)));
        // After a final newline the split gives an empty string: no line.
        if (cut || got.get(got.size() - 1).isEmpty()) {
            got.remove(got.size() - 1);
        }
        for (int i = 0; i < got.size(); i++) {
            got.set(i, trimEnd(got.get(i)));
        }
        return got;
    }

    private static String trimEnd(String line) {
        int end = line.length();
        while (end > 0 && " \t\r".indexOf(line.charAt(end - 1)) >= 0) {
            end--;
        }
        return line.substring(0, end);
    }

    /**
     * What an output that is right line for line has at its line ends that the expected
     * output has not (blanks after a line, no final newline), or null if nothing.
     */
    static String whitespace(String output) {
        List<String> notes = new ArrayList<>();
        String[] lines = output.split("\n", -1);
        for (String line : lines) {
            if (!line.equals(trimEnd(line))) {
                notes.add("blanks at the end of a line");
                break;
            }
        }
        if (!output.isEmpty() && !output.endsWith("\n")) {
            notes.add("no newline after the last line");
        }
        return notes.isEmpty() ? null
                : "whitespace only (" + String.join(", ", notes) + "): every line is right, which"
                        + " `ochos-locos grade` scores as `whitespace`, full marks (none with --strict)";
    }

    /**
     * The first difference between a whole output and the lines `want` (`why` the reasons),
     * or null if they agree. `cut`: the program was stopped, so only its complete lines
     * are compared.
     */
    static Mismatch compare(String program, GameCase game, List<String> want, List<String> why,
            String output, boolean cut) {
        List<String> got = outputLines(output, cut);
        int count = got.size();
        for (int i = 0; i < want.size(); i++) {
            if (i >= count) {
                if (cut) {
                    return null;
                }
                return new Mismatch(i, program + ", game " + game.name + ": the output stopped after "
                        + count + " lines, but line " + (i + 1) + " should be `" + want.get(i)
                        + "`, because " + why.get(i) + "." + input(game));
            }
            if (!got.get(i).equals(want.get(i))) {
                return new Mismatch(i, program + ", game " + game.name + ", line " + (i + 1)
                        + ": expected `" + want.get(i) + "` but got `" + got.get(i) + "`, because "
                        + why.get(i) + "." + before(want, i) + input(game));
            }
        }
        int last = want.size() - 1;
        if (count > want.size()) {
            String extra = got.get(last + 1).isEmpty() ? ", a blank line," : " `" + got.get(last + 1) + "`";
            return new Mismatch(want.size(), program + ", game " + game.name + ": line "
                    + (last + 2) + extra + " should not be there: the game ends after `"
                    + want.get(last) + "` (" + why.get(last) + "), and every line counts, a blank one"
                    + " too (only blanks at the end of a line and the last newline are forgiven)."
                    + input(game));
        }
        return null;
    }

    /**
     * Checks a program's whole output against a game's expected lines, and on the first
     * difference fails saying which line, what was expected and why.
     */
    static void assertOutput(String program, GameCase game, String output) {
        Mismatch mismatch = compare(program, game, game.expected, game.why, output, false);
        if (mismatch != null) {
            fail(mismatch.message);
        }
    }

    /**
     * The stalemate read as the text's rule followed for ever: every line before this
     * project's STALEMATE line, then the last round of DRAW lines over and over, until
     * the program is stopped. Null if the output is that; else what is wrong.
     */
    static Mismatch endlessDraw(String program, GameCase game, Run run) {
        List<String> before = game.expected.subList(0, game.expected.size() - 1);
        int players = 0;
        for (String line : before) {
            players = Math.max(players, Integer.parseInt(line.substring(0, line.indexOf(':'))));
        }
        List<String> got = outputLines(run.out, true);
        for (int i = 0; i < got.size(); i++) {
            int k = i < before.size() ? i : before.size() - players + (i - before.size()) % players;
            if (!got.get(i).equals(before.get(k))) {
                String why = game.why.get(k);
                if (i >= before.size()) {
                    why = "nobody can play any more and the draw pile is empty, so every player in turn"
                            + " draws nothing: `" + before.get(k) + "` (or, this project's reading,"
                            + " the game stops with `" + STALEMATE + "`)";
                }
                return new Mismatch(i, program + ", game " + game.name + ", line " + (i + 1)
                        + ": expected `" + before.get(k) + "` but got `" + got.get(i) + "`, because "
                        + why + "." + input(game));
            }
        }
        if (got.size() < before.size()) {
            return new Mismatch(got.size(), program + ", game " + game.name + ": the program did not"
                    + " finish within " + TIME_LIMIT.getSeconds() + " seconds, and had printed only "
                    + got.size() + " of the game's lines." + input(game));
        }
        return null;
    }

    /** The lines of a game with the colour after an 8 left out (`R8 (G)` printed `R8`). */
    static List<String> withoutColour(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            out.add(line.replaceAll("(: [RYGB]8) \\([RYGB]\\)$", "$1"));
        }
        return out;
    }

    /**
     * Runs `program` on every game, several at a time, each in a JVM of its own, and
     * checks each output in the games' order: the test fails at the first game that
     * breaks a rule (the runs after it are stopped). An output passes by any reading
     * the assignment allows; a pass by a reading other than this project's is said on
     * the test's output.
     */
    static void assertGames(Class<?> program, List<GameCase> games) {
        String name = program.getSimpleName();
        int jobs = Integer.getInteger("kit.jobs", Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs), r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        Map<String, List<String>> readings = new TreeMap<>();
        try {
            List<Future<Run>> runs = new ArrayList<>();
            for (GameCase game : games) {
                int limit = OUTPUT_LIMIT;
                if (game.stalemate()) {
                    // A program that follows the text prints DRAW for ever: a few
                    // hundred of them past the game's lines are enough to tell.
                    limit = String.join("\n", game.expected).length() + 8192;
                }
                int runLimit = limit;
                runs.add(pool.submit(() -> run(program, program.getName(), List.of(),
                        game.inputText(), runLimit)));
            }
            for (int g = 0; g < games.size(); g++) {
                GameCase game = games.get(g);
                Run run = runs.get(g).get();
                String reading = check(name, game, run);
                if (reading != null) {
                    readings.computeIfAbsent(reading, k -> new ArrayList<>()).add(game.name);
                }
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        for (Map.Entry<String, List<String>> reading : readings.entrySet()) {
            System.out.println("note: " + name + " passed game(s) " + String.join(", ", reading.getValue())
                    + " by the reading: " + reading.getKey()
                    + " (the assignment allows it, and so does the grader)");
        }
    }

    /**
     * Checks one run: fails the test if it breaks a rule; else returns null if it passed
     * by this project's reading, or the other reading it passed by.
     */
    private static String check(String program, GameCase game, Run run) {
        String threw = "";
        if (!run.stopped() && run.status != 0) {
            threw = "\nThe program ended with exit status " + run.status
                    + (run.err.isBlank() ? "" : ":\n  " + head(run.err, 8).trim().replace("\n", "\n  "));
        }
        List<Mismatch> tried = new ArrayList<>();
        if (game.stalemate() && run.stopped()) {
            Mismatch endless = endlessDraw(program, game, run);
            if (endless == null && threw.isEmpty()) {
                return "the text's rule followed for ever: DRAW after DRAW once nobody can play,"
                        + " without this project's `" + STALEMATE + "` line";
            }
            tried.add(endless);
        } else if (run.stopped()) {
            Mismatch cut = compare(program, game, game.expected, game.why, run.out, true);
            if (cut != null) {
                fail(cut.message);
            }
            fail(program + ", game " + game.name + ": the program did not finish within "
                    + TIME_LIMIT.getSeconds() + " seconds"
                    + (run.capped ? " (or printed more than " + OUTPUT_LIMIT + " bytes)" : "")
                    + ": does the game stop once a player has won? Its output began:\n"
                    + head(run.out, 20) + input(game));
        } else {
            Mismatch exact = compare(program, game, game.expected, game.why, run.out, false);
            if (exact == null) {
                if (threw.isEmpty()) {
                    return whitespace(run.out);
                }
                fail(program + ", game " + game.name + ": the whole game was right, but" + threw);
            }
            tried.add(exact);
            List<String> plain = withoutColour(game.expected);
            if (!plain.equals(game.expected)) {
                Mismatch other = compare(program, game, plain, game.why, run.out, false);
                if (other == null && threw.isEmpty()) {
                    String blanks = whitespace(run.out);
                    return "no colour after an 8 (`R8`, not `R8 (G)`), as the assignment's example prints"
                            + (blanks == null ? "" : "; " + blanks);
                }
                if (other != null) {
                    tried.add(new Mismatch(other.at, other.message
                            + "\n(Read as the assignment's example prints it, without the colour after"
                            + " an 8; the lines before this one matched that reading.)"));
                }
            }
        }
        Mismatch furthest = tried.get(0);
        for (Mismatch m : tried) {
            if (m.at > furthest.at) {
                furthest = m;
            }
        }
        fail(furthest.message + threw);
        return null;
    }

    private static String before(List<String> want, int line) {
        if (line == 0) {
            return "";
        }
        StringBuilder text = new StringBuilder("\nThe lines before it (all correct):\n");
        for (int i = Math.max(0, line - 4); i < line; i++) {
            text.append("  ").append(want.get(i)).append('\n');
        }
        return text.toString();
    }

    /** The first lines of an output. */
    private static String head(String output, int count) {
        String[] lines = output.split("\n", count + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(lines.length, count); i++) {
            text.append("  ").append(lines[i]).append('\n');
        }
        return text.toString();
    }

    private static String input(GameCase game) {
        return "\nThe input was:\n  " + game.inputText().trim().replace("\n", "\n  ");
    }
}
