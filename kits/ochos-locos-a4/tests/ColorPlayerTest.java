import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The ColorPlayer tests (Part II): a subclass of Player whose findMatch overrides
 * the regular match, on a thousand hands (tests/data/find-match.txt, letter C).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class ColorPlayerTest {

    @Test
    @Order(1)
    public void isAPlayer() {
        Player player = new ColorPlayer("Alice");
        player.addCardToHand(new Card("R1"));
        assertEquals("Alice R1", player.toString(), "a ColorPlayer is a Player: toString() as Player's");
    }

    @Test
    @Order(2)
    public void findMatchOnAThousandHands() {
        PlayerTest.checkFindMatch("C", "ColorPlayer", ColorPlayer::new, "the first card of the hand (oldest first) of the discard card's colour; only if no card matches by colour, a regular match (the first card matching by colour or number); null if none");
    }
}
