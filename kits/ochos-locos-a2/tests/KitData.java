import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.opentest4j.AssertionFailedError;

/**
 * What the kit's tests share: reading the data files in tests/data/ (written
 * from the Rust engines by `kits data`), and running a program's main on an
 * input with its output captured.
 *
 * The data folder is tests/data under the folder the tests run from, or the
 * folder the system property kit.data names.
 */
final class KitData {
    private KitData() {
    }

    /** How long one run of a main may take before it is taken to loop forever. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    /** The most output a run keeps (a program that never stops must not fill the memory). */
    static final int OUTPUT_LIMIT = 1 << 20;

    /** Keeps the first OUTPUT_LIMIT bytes written to it, and drops the rest. */
    static final class Capped extends ByteArrayOutputStream {
        @Override
        public synchronized void write(int b) {
            if (count < OUTPUT_LIMIT) {
                super.write(b);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, Math.max(0, Math.min(len, OUTPUT_LIMIT - count)));
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

    /** A program's main method. */
    interface Main {
        void run(String[] args) throws Exception;
    }

    /** Runs main with input on System.in and returns what it printed on System.out. */
    static String run(Main main, String input) {
        InputStream oldIn = System.in;
        PrintStream oldOut = System.out;
        ByteArrayOutputStream out = new Capped();
        try {
            System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(out, true, "UTF-8"));
            Throwable[] thrown = new Throwable[1];
            Thread thread = new Thread(() -> {
                try {
                    main.run(new String[0]);
                } catch (Throwable e) {
                    thrown[0] = e;
                }
            });
            thread.setDaemon(true);
            thread.start();
            thread.join(TIME_LIMIT.toMillis());
            if (thread.isAlive()) {
                stop(thread);
                fail("the program did not finish within " + TIME_LIMIT.getSeconds()
                        + " seconds: does the game stop once a player has won (and, with the"
                        + " draw pile empty, once nobody can play)? Its output began:\n"
                        + head(out.toString("UTF-8")));
            }
            if (thrown[0] != null) {
                throw new AssertionFailedError("the program threw " + thrown[0], thrown[0]);
            }
            System.out.flush();
            return out.toString("UTF-8");
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            System.setIn(oldIn);
            System.setOut(oldOut);
        }
    }

    /** The first lines of an output. */
    private static String head(String output) {
        String[] lines = output.split("\n", 21);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(lines.length, 20); i++) {
            text.append("  ").append(lines[i]).append('\n');
        }
        return text.toString();
    }

    /**
     * Stops a program that runs on after its time limit, so that it cannot go on
     * printing into the next test's output (Thread.stop still works in Java 17; where
     * it does not, the tests after this one may fail too, and this failure is the one
     * to look at).
     */
    @SuppressWarnings({"deprecation", "removal"})
    private static void stop(Thread thread) {
        try {
            thread.stop();
            thread.join(1000);
        } catch (UnsupportedOperationException | InterruptedException e) {
            // Left running: a daemon thread, it ends with the test run.
        }
    }

    /**
     * Checks a program's whole output against a game's expected lines, and on
     * the first difference fails saying which line, what was expected and why.
     */
    static void assertOutput(String program, GameCase game, String output) {
        String[] got = output.isEmpty() ? new String[0] : output.split("\n", -1);
        int count = got.length;
        // The last line ends with a newline: the split gives an empty string after it.
        boolean finalNewline = count > 0 && got[count - 1].isEmpty();
        if (finalNewline) {
            count--;
        }
        for (int i = 0; i < game.expected.size(); i++) {
            String want = game.expected.get(i);
            if (i >= count) {
                fail(program + ", game " + game.name + ": the output stopped after " + count
                        + " lines, but line " + (i + 1) + " should be `" + want + "`, because "
                        + game.why.get(i) + "." + input(game));
            }
            String line = got[i].endsWith("\r") ? got[i].substring(0, got[i].length() - 1) : got[i];
            if (!line.equals(want)) {
                fail(program + ", game " + game.name + ", line " + (i + 1) + ": expected `" + want
                        + "` but got `" + line + "`, because " + game.why.get(i) + "."
                        + before(game, i) + input(game));
            }
        }
        if (count > game.expected.size()) {
            int last = game.expected.size() - 1;
            fail(program + ", game " + game.name + ": line " + (count > last + 1 ? last + 2 : count)
                    + " `" + got[last + 1] + "` should not be there: the game ends after `"
                    + game.expected.get(last) + "` (" + game.why.get(last) + ")." + input(game));
        }
        if (!finalNewline) {
            fail(program + ", game " + game.name + ": the last line must end with a newline"
                    + " (use println)." + input(game));
        }
    }

    private static String before(GameCase game, int line) {
        if (line == 0) {
            return "";
        }
        StringBuilder text = new StringBuilder("\nThe lines before it (all correct):\n");
        for (int i = Math.max(0, line - 4); i < line; i++) {
            text.append("  ").append(game.expected.get(i)).append('\n');
        }
        return text.toString();
    }

    private static String input(GameCase game) {
        return "\nThe input was:\n  " + game.inputText().trim().replace("\n", "\n  ");
    }
}
