import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Player tests (Part I, step 2): the hand kept in the order received,
 * toString, hasWon, and findMatch on the text's example and on a thousand
 * hands (tests/data/find-match.txt, letter B).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class PlayerTest {

    /** A player made by factory, holding the cards of codes in that order. */
    static Player holding(Function<String, Player> factory, String name, String codes) {
        Player player = factory.apply(name);
        for (String code : codes.trim().split(" +")) {
            if (!code.isEmpty()) {
                player.addCardToHand(new Card(code));
            }
        }
        return player;
    }

    /**
     * Checks findMatch of the players factory makes on every line of
     * find-match.txt for strategy letter, saying the rule on a failure.
     */
    static void checkFindMatch(String letter, String className, Function<String, Player> factory,
            String rule) {
        int checked = 0;
        for (String line : KitData.lines("find-match.txt")) {
            if (!line.startsWith(letter + " ")) {
                continue;
            }
            String discard = line.substring(2, line.indexOf(" : "));
            String hand = line.substring(line.indexOf(" : ") + 3, line.indexOf(" -> "));
            String want = line.substring(line.indexOf(" -> ") + 4);
            Player player = holding(factory, "Alice", hand);
            Card got = player.findMatch(new Card(discard));
            assertEquals(want, String.valueOf(got), className + " holding [" + hand.trim()
                    + "] (in the order received), findMatch(" + discard + "): " + rule);
            checked++;
        }
        assertTrue(checked > 0, "no findMatch data for " + className + " in find-match.txt");
    }

    @Test
    @Order(1)
    public void aNewPlayerHasOnlyAName() {
        Player alice = new Player("Alice");
        assertEquals("Alice", alice.toString(),
                "toString() of a player without cards is the name alone");
        assertTrue(alice.hasWon(), "hasWon() is true when the player is out of cards");
    }

    @Test
    @Order(2)
    public void theHandKeepsTheOrderReceived() {
        Player alice = holding(Player::new, "Alice", "R8 Y4 G2 B1");
        assertEquals("Alice R8 Y4 G2 B1", alice.toString(), "toString(): the name, then every card"
                + " in the order it was added, separated by single spaces (the text's example)");
        assertFalse(alice.hasWon(), "hasWon() is false while the player holds cards");
    }

    @Test
    @Order(3)
    public void removeCardFromHand() {
        Player alice = new Player("Alice");
        Card[] cards = {new Card("R8"), new Card("G8"), new Card("Y4"), new Card("G2"), new Card("B1")};
        for (Card card : cards) {
            alice.addCardToHand(card);
        }
        alice.removeCardFromHand(cards[1]);
        assertEquals("Alice R8 Y4 G2 B1", alice.toString(),
                "removeCardFromHand(G8) removes that card and keeps the others in order");
        alice.removeCardFromHand(cards[0]);
        alice.removeCardFromHand(cards[4]);
        assertEquals("Alice Y4 G2", alice.toString(),
                "removeCardFromHand removes the first and the last card too");
        alice.removeCardFromHand(cards[2]);
        alice.removeCardFromHand(cards[3]);
        assertEquals("Alice", alice.toString(), "with every card removed the hand is empty");
        assertTrue(alice.hasWon(), "hasWon() is true once the last card is removed");
    }

    @Test
    @Order(4)
    public void findMatchOnTheTextsExample() {
        Player alice = holding(Player::new, "Alice", "R8 G8 Y4 G2 B1");
        assertEquals("G8", String.valueOf(alice.findMatch(new Card("G4"))), "the text's example:"
                + " Alice received R8, G8, Y4, G2, B1 and the discard card is G4; the first card"
                + " (left to right) that matches is G8");
    }

    @Test
    @Order(5)
    public void findMatchReturnsNullWithoutAMatch() {
        Player bob = holding(Player::new, "Bob", "R1 B2");
        assertEquals("null", String.valueOf(bob.findMatch(new Card("G4"))),
                "findMatch returns null when no card matches by colour or number");
    }

    @Test
    @Order(6)
    public void findMatchOnAThousandHands() {
        checkFindMatch("B", "Player", Player::new, "the first card of the hand, searched"
                + " oldest to newest, that matches the discard card by colour or number; null if none");
    }
}
