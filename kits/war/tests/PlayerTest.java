import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Player: a pile of cards in an ArrayList, top card first; won cards go to the bottom.
 * The expected toString is the engine's (war: `Player 1 (3 cards): 6C 10H AS`). Pass
 * CardTest first.
 */
class PlayerTest {
    private static Card card(String code) {
        return Card.fromCode(code);
    }

    @Test
    void aNewPlayerHasANameAndNoCards() {
        Player player = new Player(2);
        assertEquals("Player 2", player.getName(), "new Player(2) is Player 2");
        assertEquals(0, player.getCardCount(), "a new player holds no cards");
        assertFalse(player.hasCards(), "a new player holds no cards");
        assertEquals("Player 2 (0 cards)", player.toString(),
                "toString(): the number of cards, and no cards to list");
    }

    @Test
    void cardsArePlayedFromTheTopAndWonCardsGoToTheBottom() {
        Player player = new Player(1);
        player.addCard(card("6C"));
        player.addCard(card("10H"));
        player.addCards(List.of(card("AS"), card("2D")));
        assertEquals(4, player.getCardCount(), "two cards added one by one and two at once");
        assertTrue(player.hasCards(), "the player holds cards");
        assertEquals("Player 1 (4 cards): 6C 10H AS 2D", player.toString(),
                "toString(): the number of cards, then every card, top first, in the order they were added");
        assertEquals("6C", player.playCard().toString(), "playCard() takes the top card, the first added");
        assertEquals("10H", player.playCard().toString(), "playCard() takes the next card");
        player.addCards(List.of(card("KC"), card("3S")));
        assertEquals("Player 1 (4 cards): AS 2D KC 3S", player.toString(),
                "won cards go to the bottom of the pile, in their order");
    }

    @Test
    void oneCardIsOneCard() {
        Player player = new Player(1);
        player.addCard(card("QD"));
        assertEquals("Player 1 (1 card): QD", player.toString(), "toString() with one card says 1 card");
        player.playCard();
        assertFalse(player.hasCards(), "after playing its only card a player holds none");
    }
}
