import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Problem 4 (The More the Merrier), MoreTheMerrier.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p4.txt), line by line, each line checked
 * with the rule that makes it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class MoreTheMerrierTest {

    /** Plays the text's example (example true), or every other game of the file. */
    private static void play(boolean example) {
        KitData.assertGames(MoreTheMerrier.class, KitData.games("games-p4.txt", example));
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
