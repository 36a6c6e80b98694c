import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The whole program of Part III, OchosLocosComplete.java: its output on the text's example and on
 * many deals (tests/data/games-completos.txt), line by line.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class OchosLocosCompleteTest {

    /** Plays the text's example (example true), or every other game of the file. */
    private static void play(boolean example) {
        KitData.assertGames(OchosLocosComplete.class, KitData.games("games-completos.txt", example));
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
