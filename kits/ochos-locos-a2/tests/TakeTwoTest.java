import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Problem 2 (Take Two), TakeTwo.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p2.txt), line by line, each line checked
 * with the rule that makes it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class TakeTwoTest {

    /** Plays the text's example (example true), or every other game of the file. */
    private static void play(boolean example) {
        int played = 0;
        for (KitData.GameCase game : KitData.games("games-p2.txt")) {
            if (game.name.equals("example") == example) {
                String output = KitData.run(TakeTwo::main, game.inputText());
                KitData.assertOutput("TakeTwo", game, output);
                played++;
            }
        }
        assertTrue(played > 0, "no games in games-p2.txt");
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
