import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The FullGame tests (Part III): nextPlay with the 8-card and 2-card rules,
 * on small positions and through whole games (tests/data/games-completos.txt).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class FullGameTest {

    @Test
    @Order(1)
    public void aFullGameIsAGame() {
        Game game = new FullGame();
        game.setDiscardCard(new Card("B3"));
        assertEquals("B3", String.valueOf(game.getDiscardCard()), "FullGame extends Game");
    }

    @Test
    @Order(2)
    public void theStartingTwoAsksNothing() {
        Game game = new FullGame();
        Player alice = PlayerTest.holding(Player::new, "Alice", "R1 B5");
        game.addPlayer(alice);
        game.addPlayer(new Player("Bob"));
        game.setDiscardCard(new Card("R2"));
        game.addCard(new Card("Y7"));
        assertEquals("R1", String.valueOf(game.nextPlay()), "the starting discard card R2 was laid"
                + " by nobody: the 2-card rule does not apply, and Alice plays R1 on it as usual");
    }

    @Test
    @Order(3)
    public void aTwoMakesTheNextPlayerDrawTwo() {
        Game game = new FullGame();
        game.addPlayer(PlayerTest.holding(Player::new, "Alice", "R2 B5"));
        Player bob = PlayerTest.holding(Player::new, "Bob", "R7 G1");
        game.addPlayer(bob);
        game.setDiscardCard(new Card("R4"));
        for (String code : new String[] {"Y7", "G3", "B1"}) {
            game.addCard(new Card(code));
        }
        game.nextPlay();
        assertNull(game.nextPlay(), "after Alice's R2, Bob has no 2: he misses his turn"
                + " (nextPlay() returns null) although R7 matches");
        assertEquals("Bob R7 G1 Y7 G3", bob.toString(), "the 2-card rule: one 2 just played, so"
                + " Bob draws 2 cards, added at the end of his hand");
    }

    @Test
    @Order(4)
    public void wholeGames() {
        GameTest.playGames("games-completos.txt", "FullGame", GameWithStrategiesTest::player,
                FullGame::new);
    }
}
