package quattrotest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Player, and Task 3's exceptions: a missing name (names from tests/data/names.txt,
 * with the engine's answers) and an invalid selection of a card to play (worked by hand
 * from the rules).
 */
class PlayerTest {
    private static Card card(String code) {
        return new StandardColourCard(code.charAt(0), Integer.parseInt(code.substring(1)));
    }

    private static Player holding(String... codes) {
        Player player = new Player("Alice", true);
        for (String code : codes) {
            player.addCard(card(code));
        }
        return player;
    }

    @Test
    void namesAreCheckedAsTheEngineDoes() throws NoNameException {
        for (String line : KitData.lines("names.txt")) {
            int close = line.lastIndexOf('"');
            String typed = line.substring(1, close);
            String answer = line.substring(close + 2);
            if (answer.equals("refused")) {
                assertThrows(NoNameException.class, () -> Player.validateName(typed),
                        "Task 3: the name \"" + typed + "\" is no name for the human (blank, or a bot's):"
                                + " validateName throws NoNameException");
            } else {
                assertEquals(answer.substring(3), Player.validateName(typed),
                        "the name \"" + typed + "\" is taken, without the blanks around it");
            }
        }
    }

    @Test
    void theHandKeepsTheOrderCardsWereReceived() {
        Player player = holding("G5", "G9", "B7");
        assertEquals(3, player.getCardCount(), "three cards dealt");
        assertEquals("G5", player.getHand().get(0).getCode(), "the first card received comes first");
        assertEquals("G5", player.findPlayable(card("Y5")).getCode(),
                "findPlayable: the first card of the hand that matches the top card (G5 on Y5: same number)");
        assertEquals("B7", player.findPlayable(card("B2")).getCode(), "B7 matches B2: same colour");
        assertNull(player.findPlayable(card("R3")), "nothing in G5 G9 B7 matches R3: the player must draw");
    }

    @Test
    void aValidSelectionIsACardInHandThatMatches() throws InvalidSelectionException {
        Player player = holding("G5", "G9", "B7");
        assertEquals("G9", player.selectCard("g9", card("G2")).getCode(), "a card's code, in either case");
        assertNull(player.selectCard("draw", card("R3")), "draw when no card matches");
        assertNull(player.selectCard("0", card("R3")), "0 also draws when no card matches");
    }

    @Test
    void invalidSelectionsThrow() {
        Player player = holding("G5", "G9", "B7");
        assertThrows(InvalidSelectionException.class, () -> player.selectCard("R5", card("Y5")),
                "Task 3: R5 is not in the hand: an invalid selection throws InvalidSelectionException");
        assertThrows(InvalidSelectionException.class, () -> player.selectCard("B7", card("Y5")),
                "Task 3: B7 does not match Y5 (rule 4: colour or number): InvalidSelectionException");
        assertThrows(InvalidSelectionException.class, () -> player.selectCard("hello", card("Y5")),
                "Task 3: hello is no card: InvalidSelectionException");
        assertThrows(InvalidSelectionException.class, () -> player.selectCard("", card("Y5")),
                "Task 3: nothing typed: InvalidSelectionException");
        assertThrows(InvalidSelectionException.class, () -> player.selectCard("draw", card("Y5")),
                "rule 5: G5 matches Y5, so the player plays it rather than draw: InvalidSelectionException");
    }

    @Test
    void theExceptionsCarryTheirMessages() {
        assertEquals("why", new NoNameException("why").getMessage(), "the one-argument constructor's message");
        assertEquals("why", new InvalidSelectionException("why").getMessage(), "the one-argument constructor's message");
        String plain = new InvalidSelectionException().getMessage();
        assertEquals(false, plain == null || plain.isBlank(), "the default constructor gives a message too");
    }
}
