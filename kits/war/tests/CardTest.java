import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Card: every card's value, suit and toString, and compareTo on all 52 x 52 pairs, with
 * the answers of the project's engine (tests/data/cards.txt, compare.txt). Pass these
 * first: Player and Game rely on them.
 */
class CardTest {
    private static final List<String> CARDS = KitData.lines("cards.txt");

    private static Map<String, Card> byCode() {
        Map<String, Card> cards = new HashMap<>();
        for (String line : CARDS) {
            String[] w = line.split(" ");
            cards.put(w[0], new Card(Integer.parseInt(w[1]), w[2].charAt(0)));
        }
        return cards;
    }

    @Test
    void aCardKeepsItsValueAndSuit() {
        for (String line : CARDS) {
            String[] w = line.split(" ");
            Card card = new Card(Integer.parseInt(w[1]), w[2].charAt(0));
            assertEquals(Integer.parseInt(w[1]), card.getValue(), "getValue() of " + w[0]);
            assertEquals(w[2].charAt(0), card.getSuit(), "getSuit() of " + w[0]);
        }
    }

    @Test
    void toStringIsValueThenSuit() {
        for (String line : CARDS) {
            String[] w = line.split(" ");
            Card card = new Card(Integer.parseInt(w[1]), w[2].charAt(0));
            assertEquals(w[0], card.toString(), "toString() of the card of value " + w[1] + " and suit " + w[2]
                    + ": the value (2-10, J, Q, K, A) then the suit, like 6C");
        }
    }

    @Test
    void fromCodeReadsWhatToStringWrites() {
        for (String line : CARDS) {
            String code = line.split(" ")[0];
            assertEquals(code, Card.fromCode(code).toString(), "Card.fromCode(\"" + code + "\")");
            assertEquals(code, Card.fromCode(code.toLowerCase()).toString(),
                    "Card.fromCode(\"" + code.toLowerCase() + "\"): either case");
        }
    }

    @Test
    void compareToUsesValuesOnly() {
        Map<String, Card> cards = byCode();
        for (String line : KitData.lines("compare.txt")) {
            String[] w = line.split(" ");
            int expected = Integer.parseInt(w[2]);
            int got = Integer.signum(cards.get(w[0]).compareTo(cards.get(w[1])));
            String rule = expected == 0
                    ? "suits make no difference: cards of the same value tie"
                    : "aces are the highest and 2s the lowest; suits make no difference";
            assertEquals(expected, got, "the sign of " + w[0] + ".compareTo(" + w[1] + "): " + rule);
        }
    }
}
