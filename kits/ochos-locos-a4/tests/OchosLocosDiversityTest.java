import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The whole program of Part II, OchosLocosDiversity.java: its output on the text's example and on
 * many deals (tests/data/games-diversidad.txt), line by line.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class OchosLocosDiversityTest {

    /** Plays the text's example (example true), or every other game of the file. */
    private static void play(boolean example) {
        int played = 0;
        for (KitData.GameCase game : KitData.games("games-diversidad.txt")) {
            if (game.name.equals("example") == example) {
                String output = KitData.run(OchosLocosDiversity::main, game.inputText());
                KitData.assertOutput("OchosLocosDiversity", game, output);
                played++;
            }
        }
        assertTrue(played > 0, "no games in games-diversidad.txt");
    }

    @Test
    @Order(1)
    public void theTextsExample() {
        play(true);
    }

    @Test
    @Order(2)
    public void moreDeals() {
        play(false);
    }
}
