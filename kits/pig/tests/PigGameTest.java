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
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * PigGame, whole games: each player's fixed dice, the Human's answers, and the output
 * the project's engine prints for them (tests/data/games.txt), compared piece by piece
 * after the welcome (which is yours to write). The error message after an invalid answer
 * may say anything, on one line or more (no blank line, no roll's or player's line), and
 * is followed by the prompt again. Pass PigDiceTest and
 * PigPlayerTest first.
 *
 * <p>Each game is played by a program of its own ({@code java PigGameRun}, in a JVM of its
 * own, as the grader runs Pig), so a Scanner or a count kept in a static field works as
 * it does when you play. Several games run at once (the system property kit.jobs, default
 * the number of processors).
 *
 * <p>Where the text allows more than one reading, every reading `pig grade` accepts
 * passes, and a pass by another reading than the engine's is noted on the output: the win
 * declared at once, as soon as a total reaches 100 (the engine's: no more prompts, no
 * hold), or only when the turn ends (the Human is asked again, the Computer rolls on
 * until its turn holds 20, and snake eyes still lose the turn); snake eyes printed as
 * {@code Roll Points = 0} (what PigDice.getPoints() gives), or as the dice's face value 2,
 * or doubled, 4.
 */
class PigGameTest {
    private static final String PROMPT = "Hold dice (Y/N?) ?";
    /** How long one game may take before it is taken to loop for ever. */
    private static final long TIME_LIMIT_SECONDS = 10;
    /** The most output a game keeps. */
    private static final int OUTPUT_LIMIT = 1 << 20;
    /** The JVM options of each game: a quick start matters more than a fast long run. */
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xshare:auto", "-XX:-UsePerfData", "-Dfile.encoding=UTF-8");
    private static final String END_OF_TURN = "the win declared only when the turn ends";

    /** One expected piece of output: KIND, TEXT, WHY. */
    private record Piece(String kind, String text, String why) {
    }

    /** One game of the data file: its dice, its answers and its readings' pieces. */
    private record Game(String name, List<String> human, List<String> computer, String answers,
            List<Piece> pieces, List<Piece> endOfTurn) {
    }

    /** What one run printed, and how it ended. */
    private record Run(String out, String err, int status, boolean stopped) {
    }

    /** A difference from one reading: where (a position in the output) and what. */
    private record Mismatch(int at, String message, boolean wonAtOnce) {
        Mismatch(int at, String message) {
            this(at, message, false);
        }
    }

    @TestFactory
    Stream<DynamicTest> gamesPlayAsTheEngine() {
        List<Game> games = games();
        int jobs = Math.max(1, Integer.getInteger("kit.jobs", Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        List<Future<Run>> runs = new ArrayList<>();
        for (Game game : games) {
            runs.add(pool.submit(() -> run(game)));
        }
        pool.shutdown();
        List<DynamicTest> tests = new ArrayList<>();
        for (int g = 0; g < games.size(); g++) {
            Game game = games.get(g);
            Future<Run> run = runs.get(g);
            tests.add(DynamicTest.dynamicTest(game.name(), () -> check(game, result(run))));
        }
        return tests.stream();
    }

    private static List<Game> games() {
        List<Game> games = new ArrayList<>();
        List<String> lines = KitData.lines("games.txt");
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("game ")) {
                continue;
            }
            String name = lines.get(i);
            List<String> human = faces(lines.get(i + 1));
            List<String> computer = faces(lines.get(i + 2));
            String answers = lines.get(i + 3).substring("answers ".length()).replace(' ', '\n') + "\n";
            List<Piece> pieces = new ArrayList<>();
            List<Piece> endOfTurn = null;
            for (int j = i + 4; !lines.get(j).equals("end"); j++) {
                String line = lines.get(j);
                if (line.startsWith("endofturn ")) {
                    int shared = Integer.parseInt(line.substring("endofturn ".length()));
                    endOfTurn = new ArrayList<>(pieces.subList(0, shared));
                    continue;
                }
                String[] p = line.split("\t", -1);
                (endOfTurn == null ? pieces : endOfTurn).add(new Piece(p[0], p[1], p[2]));
            }
            games.add(new Game(name, human, computer, answers, pieces, endOfTurn));
        }
        return games;
    }

    private static List<String> faces(String line) {
        List<String> faces = new ArrayList<>();
        for (int face : KitData.numbersAfterWord(line)) {
            faces.add(Integer.toString(face));
        }
        return faces;
    }

    private static Run result(Future<Run> run) throws InterruptedException {
        try {
            return run.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Plays one game in a JVM of its own: `java PigGameRun HUMAN... -- COMPUTER...`. */
    private static Run run(Game game) throws InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.add("-cp");
        command.add(classPath());
        command.add("PigGameRun");
        command.addAll(game.human());
        command.add("--");
        command.addAll(game.computer());
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command.get(0) + ": " + e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outReader = copy(process.getInputStream(), out, OUTPUT_LIMIT, process);
        Thread errReader = copy(process.getErrorStream(), err, 4096, null);
        try (OutputStream stdin = process.getOutputStream()) {
            stdin.write(game.answers().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The program ended (or closed its input) before reading it all.
        }
        boolean stopped = false;
        try {
            if (!process.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                stopped = true;
                process.destroyForcibly();
            }
            process.waitFor();
            outReader.join(2000);
            errReader.join(2000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
        String text;
        synchronized (out) {
            stopped |= out.size() >= OUTPUT_LIMIT;
            text = out.toString(StandardCharsets.UTF_8);
        }
        String errors;
        synchronized (err) {
            errors = err.toString(StandardCharsets.UTF_8);
        }
        return new Run(text.replace("\r\n", "\n"), errors, stopped ? -1 : process.exitValue(), stopped);
    }

    /** Copies a stream into `into`, at most `limit` bytes; then stops `stopWhenFull` (if any). */
    private static Thread copy(InputStream from, ByteArrayOutputStream into, int limit, Process stopWhenFull) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                int n;
                while ((n = from.read(buffer)) > 0) {
                    synchronized (into) {
                        into.write(buffer, 0, Math.min(n, limit - into.size()));
                        if (into.size() >= limit) {
                            if (stopWhenFull != null) {
                                stopWhenFull.destroyForcibly();
                            }
                            break;
                        }
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

    /** The class path of a run: where the game's classes and the tests' were found. */
    private static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : new Class<?>[] {PigGameRun.class, PigGame.class, PigPlayer.class, PigDice.class}) {
            // The class path's own order first (a student's PigGame before another).
            if (c.getClassLoader() instanceof URLClassLoader loader) {
                for (URL url : loader.getURLs()) {
                    entries.add(path(url));
                }
            }
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source != null) {
                entries.add(path(source.getLocation()));
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
     * Checks one game's output by each reading: passes by the first that matches (saying
     * so on the output when it is not the engine's), or fails with the reading that went
     * furthest.
     */
    private static void check(Game game, Run run) {
        String ended = "";
        if (run.stopped()) {
            ended = "\n(the game did not end within " + TIME_LIMIT_SECONDS + " seconds, or printed more than "
                    + OUTPUT_LIMIT + " bytes: does a loop never end?)";
        } else if (run.status() != 0) {
            ended = "\n(the program ended with exit status " + run.status() + ": "
                    + firstLines(run.err(), 4) + ")";
        }
        List<String> notes = new ArrayList<>();
        Mismatch ours = compare(run.out(), game.pieces(), notes);
        Mismatch theirs = null;
        if (ours == null) {
            pass(game, run, notes, ended);
            return;
        }
        if (game.endOfTurn() != null) {
            notes.clear();
            theirs = compare(run.out(), game.endOfTurn(), notes);
            if (theirs == null) {
                notes.add(0, END_OF_TURN + " (the Human is asked again, the Computer rolls on until its turn"
                        + " holds 20, once a total reaches 100)");
                pass(game, run, notes, ended);
                return;
            }
        }
        String message = ours.message();
        if (theirs != null && theirs.wonAtOnce()) {
            // It declares a win at once elsewhere: the reading it follows is the engine's.
            message = message + "\n(The win declared at once, as this program does when a roll takes a total"
                    + " past 100: then 100 itself wins too.)";
        } else if (theirs != null && theirs.at() > ours.at()) {
            message = theirs.message() + "\n(Read as " + END_OF_TURN
                    + ", a reading the text allows; the lines before it matched that reading.)";
        } else if (theirs != null && theirs.at() == ours.at()) {
            message = message + "\n(Or, read as " + END_OF_TURN + ": " + theirs.message() + ")";
        }
        fail(message + ended);
    }

    private static void pass(Game game, Run run, List<String> notes, String ended) {
        if (!ended.isEmpty()) {
            fail(game.name() + ": the whole game was right, but" + ended);
        }
        if (!notes.isEmpty()) {
            System.out.println("note: PigGame passed " + game.name() + " by the reading: "
                    + String.join("; ", notes) + " (the assignment allows it, and so does pig grade)");
        }
    }

    /**
     * The first difference between the output and the expected pieces, or null; the
     * readings of snake eyes other than the engine's that it used go into `notes`.
     */
    private static Mismatch compare(String out, List<Piece> pieces, List<String> notes) {
        int start = out.indexOf("\n\nPlayer: ");
        if (start < 0 || out.substring(0, start).isBlank()) {
            return new Mismatch(0, "rule 1 and rule 5: the game begins with a welcome message, then a blank line and"
                    + " `Player: Human, Total Points = 0`; the output began: `" + head(out) + "`");
        }
        int pos = start + 1;
        String previous = "(the welcome)";
        for (int k = 0; k < pieces.size(); k++) {
            Piece piece = pieces.get(k);
            int lineNo = 1 + (int) out.substring(0, pos).chars().filter(c -> c == '\n').count();
            String at = "line " + lineNo + ", after `" + previous + "`: ";
            if (piece.kind().equals("prompt")) {
                if (!out.startsWith(PROMPT, pos)) {
                    String line = lineAt(out, pos);
                    return new Mismatch(pos, at + "expected the prompt `" + PROMPT + "` (" + piece.why() + "); got `"
                            + line + "`", wonAtOnce(previous, line));
                }
                pos += PROMPT.length();
                if (pos < out.length() && out.charAt(pos) == '\n') {
                    return new Mismatch(pos, at + promptEndsItsLine(out, piece,
                            k + 1 < pieces.size() ? pieces.get(k + 1) : null));
                }
                previous = PROMPT;
                continue;
            }
            if (pos >= out.length()) {
                return new Mismatch(pos, at + "the output ended; expected `" + piece.text() + "` (" + piece.why() + ")");
            }
            String line = lineAt(out, pos);
            if (piece.kind().equals("error")) {
                if (!errorLine(line)) {
                    return new Mismatch(pos, at + "expected an error message (" + piece.why() + "); got `" + line + "`");
                }
                // The message may go on over more lines (any text), up to the prompt again.
                int next = pos + line.length() + 1;
                while (next < out.length() && errorLine(lineAt(out, next))) {
                    line = lineAt(out, next);
                    next += line.length() + 1;
                }
                pos = next;
                previous = line;
                continue;
            } else if (!line.equals(piece.text())) {
                String snakeEyes = snakeEyes(piece, line);
                if (snakeEyes == null) {
                    return new Mismatch(pos, at + "expected `" + piece.text() + "` (" + piece.why() + "); got `"
                            + line + "`", wonAtOnce(previous, line));
                }
                if (!notes.contains(snakeEyes)) {
                    notes.add(snakeEyes);
                }
            }
            pos += line.length() + 1;
            previous = line;
        }
        return null;
    }

    /** Whether a line can be (part of) the error message: any text but a line of the game's own. */
    private static boolean errorLine(String line) {
        return !(line.isBlank() || line.startsWith(PROMPT) || line.startsWith("Roll=(") || line.startsWith("Player: "));
    }

    /**
     * What a newline right after a prompt breaks. If some other prompt of the output is
     * printed without one, the program prints the prompt right, and this newline is an
     * extra blank line after the answer (before a roll's line or the end of the turn);
     * otherwise the prompt itself ends its line.
     */
    private static String promptEndsItsLine(String out, Piece prompt, Piece next) {
        boolean printedRight = false;
        for (int at = out.indexOf(PROMPT); at >= 0; at = out.indexOf(PROMPT, at + 1)) {
            int after = at + PROMPT.length();
            if (after < out.length() && out.charAt(after) != '\n') {
                printedRight = true;
                break;
            }
        }
        if (!printedRight) {
            return "the prompt `" + PROMPT + "` must not be terminated with a newline (rule 7): use print, not println";
        }
        int given = prompt.why().indexOf("(the answer given here: `");
        String answer = given < 0 ? "" : " " + prompt.why().substring(given + "(the answer given here: ".length(),
                prompt.why().length() - 1);
        String what = next == null ? "the next line at once"
                : next.kind().equals("roll") ? "the roll's line `Roll=(A,B), ...` at once"
                : next.kind().equals("close") ? "the end-of-turn line `" + next.text()
                        + "` at once, not preceded by a blank line (rule 6)"
                : next.kind().equals("error") ? "the error message at once"
                : "`" + next.text() + "` at once";
        return "an extra blank line after the answer" + answer + ": the prompt is printed right (not ended by a"
                + " newline) elsewhere, so this newline is a blank line that should not be there; after the answer"
                + " comes " + what;
    }

    /**
     * The reading of snake eyes a roll line follows, if it is the expected snake eyes
     * line with another Roll Points the grader accepts (2, the dice's face value, or 4);
     * else null.
     */
    private static String snakeEyes(Piece piece, String line) {
        String zero = "Roll=(1,1), Roll Points = 0,";
        if (!piece.kind().equals("roll") || !piece.text().startsWith(zero)) {
            return null;
        }
        String rest = piece.text().substring(zero.length());
        if (line.equals("Roll=(1,1), Roll Points = 2," + rest)) {
            return "snake eyes printed with the dice's face value, Roll Points = 2";
        }
        if (line.equals("Roll=(1,1), Roll Points = 4," + rest)) {
            return "snake eyes printed with the doubled face value, Roll Points = 4";
        }
        return null;
    }

    /** Whether `line` ends the turn right after a roll that took it to 100 or more (a win at once). */
    private static boolean wonAtOnce(String previous, String line) {
        return line.startsWith("Player: ") && previous.startsWith("Roll=(") && total(previous) >= 100;
    }

    /** The Total Points of a roll line (-1 if it has none). */
    private static int total(String rollLine) {
        int at = rollLine.lastIndexOf("Total Points = ");
        try {
            return at < 0 ? -1 : Integer.parseInt(rollLine.substring(at + "Total Points = ".length()).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String lineAt(String out, int pos) {
        int end = out.indexOf('\n', pos);
        return end < 0 ? out.substring(pos) : out.substring(pos, end);
    }

    private static String head(String out) {
        String first = out.length() > 200 ? out.substring(0, 200) + "..." : out;
        return first.replace("\n", "\\n");
    }

    private static String firstLines(String text, int count) {
        String[] lines = text.strip().split("\n", count + 1);
        return String.join(" / ", java.util.Arrays.asList(lines).subList(0, Math.min(count, lines.length)));
    }
}
