import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The StrategicPlayer tests (Part II): a subclass of Player whose findMatch overrides
 * the regular match, on a thousand hands (tests/data/find-match.txt, letter S).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class StrategicPlayerTest {

    @Test
    @Order(1)
    public void isAPlayer() {
        Player player = new StrategicPlayer("Alice");
        player.addCardToHand(new Card("R1"));
        assertEquals("Alice R1", player.toString(), "a StrategicPlayer is a Player: toString() as Player's");
    }

    @Test
    @Order(2)
    public void findMatchOnAThousandHands() {
        PlayerTest.checkFindMatch("S", "StrategicPlayer", StrategicPlayer::new, "with MORE cards of the discard card's number than of its colour, the first card of that number; otherwise (equal counts included) the first card of that colour; null if none matches");
    }
}
