import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The NumberPlayer tests (Part II): a subclass of Player whose findMatch overrides
 * the regular match, on a thousand hands (tests/data/find-match.txt, letter N).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class NumberPlayerTest {

    @Test
    @Order(1)
    public void isAPlayer() {
        Player player = new NumberPlayer("Alice");
        player.addCardToHand(new Card("R1"));
        assertEquals("Alice R1", player.toString(), "a NumberPlayer is a Player: toString() as Player's");
    }

    @Test
    @Order(2)
    public void findMatchOnAThousandHands() {
        PlayerTest.checkFindMatch("N", "NumberPlayer", NumberPlayer::new, "the first card of the hand (oldest first) with the discard card's number; only if no card matches by number, a regular match (the first card matching by colour or number); null if none");
    }
}
