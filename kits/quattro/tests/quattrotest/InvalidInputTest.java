package quattrotest;

import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * Task 3 (and Task 5's error scenarios), through the console: in some of QuattroGames'
 * games the human first types a blank name, in others wrong selections (Z9, hello, a
 * blank line) before its answers; and at every turn the human's answers include codes
 * not in the hand, cards that do not match and draws while a card matches, which the
 * program refuses (QuattroGameTest checks that the game goes on by the rules). The
 * program must tell the human and ask again: it must not crash, end, or stop the game.
 * Which messages, and which exception classes, are the student's design.
 */
class InvalidInputTest {
    static void holds(String... rules) throws Exception {
        QuattroGames games = QuattroGames.get();
        for (String rule : rules) {
            assertNull(games.broken.get(rule), () -> games.broken.get(rule));
        }
    }

    @Test
    void aBlankNameIsRefusedAndAskedAgain() throws Exception {
        holds(QuattroGames.NAME);
    }

    @Test
    void aWrongSelectionIsRefusedAndAskedAgain() throws Exception {
        holds(QuattroGames.SELECTION);
    }
}
