import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * PigGame, whole games: each player's fixed dice, the Human's answers, and the output
 * the project's engine prints for them (tests/data/games.txt), compared piece by piece
 * after the welcome (which is yours to write). An error line after an invalid answer may
 * say anything (one line, not a roll's or a player's line). Pass PigDiceTest and PigPlayerTest first.
 *
 * <p>Where the text allows two readings these games follow the engine's: the game is won
 * as soon as a total reaches 100 (no more prompts, no hold), and snake eyes print
 * Roll Points = 0 (what PigDice.getPoints() gives).
 */
class PigGameTest {
    private static final String PROMPT = "Hold dice (Y/N?) ?";

    /** One expected piece of output: KIND, TEXT, WHY. */
    private record Piece(String kind, String text, String why) {
    }

    @TestFactory
    Stream<DynamicTest> gamesPlayAsTheEngine() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> lines = KitData.lines("games.txt");
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("game ")) {
                continue;
            }
            String name = lines.get(i);
            int[] human = KitData.numbersAfterWord(lines.get(i + 1));
            int[] computer = KitData.numbersAfterWord(lines.get(i + 2));
            String answers = lines.get(i + 3).substring("answers ".length()).replace(' ', '\n') + "\n";
            List<Piece> pieces = new ArrayList<>();
            for (int j = i + 4; !lines.get(j).equals("end"); j++) {
                String[] p = lines.get(j).split("\t", -1);
                pieces.add(new Piece(p[0], p[1], p[2]));
            }
            tests.add(DynamicTest.dynamicTest(name, () -> check(human, computer, answers, pieces)));
        }
        return tests.stream();
    }

    private static void check(int[] humanDice, int[] computerDice, String answers, List<Piece> pieces) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Throwable[] thrown = new Throwable[1];
        InputStream oldIn = System.in;
        PrintStream oldOut = System.out;
        try {
            System.setIn(new ByteArrayInputStream(answers.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                try {
                    PigPlayer human = new PigPlayer("Human", new PigDice(humanDice));
                    PigPlayer computer = new PigPlayer("Computer", new PigDice(computerDice));
                    new PigGame(human, computer).play();
                } catch (RuntimeException e) {
                    thrown[0] = e;
                }
            }, "play() did not end within 20 seconds: does a loop never end?");
        } finally {
            System.out.flush();
            System.setIn(oldIn);
            System.setOut(oldOut);
        }
        String out = bytes.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
        String problem = compare(out, pieces);
        if (problem != null) {
            String exception = thrown[0] == null ? ""
                    : "\n(play() ended with " + thrown[0] + ": it asked for an answer or a roll the game does not need)";
            fail(problem + exception);
        }
        if (thrown[0] != null) {
            fail("the whole game was right, but play() then threw " + thrown[0]);
        }
    }

    /** The first difference between the output and the expected pieces, or null. */
    private static String compare(String out, List<Piece> pieces) {
        int start = out.indexOf("\n\nPlayer: ");
        if (start < 0 || out.substring(0, start).isBlank()) {
            return "rule 1 and rule 5: the game begins with a welcome message, then a blank line and"
                    + " `Player: Human, Total Points = 0`; the output began: `" + head(out) + "`";
        }
        int pos = start + 1;
        String previous = "(the welcome)";
        for (Piece piece : pieces) {
            int lineNo = 1 + (int) out.substring(0, pos).chars().filter(c -> c == '\n').count();
            String at = "line " + lineNo + ", after `" + previous + "`: ";
            if (piece.kind().equals("prompt")) {
                if (!out.startsWith(PROMPT, pos)) {
                    return at + "expected the prompt `" + PROMPT + "` (" + piece.why() + "); got `" + lineAt(out, pos) + "`";
                }
                pos += PROMPT.length();
                if (pos < out.length() && out.charAt(pos) == '\n') {
                    return at + "the prompt `" + PROMPT + "` must not be terminated with a newline (rule 7): use print, not println";
                }
                previous = PROMPT;
                continue;
            }
            if (pos >= out.length()) {
                return at + "the output ended; expected `" + piece.text() + "` (" + piece.why() + ")";
            }
            String line = lineAt(out, pos);
            pos += line.length() + 1;
            if (piece.kind().equals("error")) {
                if (line.isBlank() || line.startsWith(PROMPT) || line.startsWith("Roll=(")
                        || line.startsWith("Player: ")) {
                    return at + "expected an error message (" + piece.why() + "); got `" + line + "`";
                }
            } else if (!line.equals(piece.text())) {
                return at + "expected `" + piece.text() + "` (" + piece.why() + "); got `" + line + "`";
            }
            previous = line;
        }
        return null;
    }

    private static String lineAt(String out, int pos) {
        int end = out.indexOf('\n', pos);
        return end < 0 ? out.substring(pos) : out.substring(pos, end);
    }

    private static String head(String out) {
        String first = out.length() > 200 ? out.substring(0, 200) + "..." : out;
        return first.replace("\n", "\\n");
    }
}
