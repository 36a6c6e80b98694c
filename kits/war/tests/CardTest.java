import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Card: what the text fixes, and only that: a value and a suit, Comparable (values
 * only, aces high, suits ignored) and a human-readable toString. The cards are made
 * through whatever Card offers (a constructor of a value and a suit, of a number, of a
 * code, ...: KitCards) and each is known by the value and suit its toString shows;
 * compareTo is checked on all 52 x 52 pairs against the project's engine
 * (tests/data/compare.txt). Pass these first: the tests of Game read the cards' toString.
 */
class CardTest {
    @Test
    void cardImplementsComparable() {
        Class<?> card = KitCards.cardClass();
        assertTrue(Comparable.class.isAssignableFrom(card),
                "Card should implement the Comparable interface, to compare two cards as per the rules of War");
    }

    @Test
    void toStringShowsTheValueAndTheSuit() {
        try {
            KitCards.cardClass().getDeclaredMethod("toString");
        } catch (NoSuchMethodException e) {
            fail("Card must contain a toString method that produces a human-readable representation of a card, like 6C");
        }
        String unreadable = KitCards.unreadable();
        if (unreadable != null) {
            fail(unreadable);
        }
        List<String> names = KitCards.names();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < 52; i++) {
            String name = names.get(i);
            assertTrue(KitCards.shows(name, i), "toString() of " + KitCards.code(i) + " gave \"" + name
                    + "\": a human-readable representation of a card shows its value and suit, like 6C");
            Integer other = seen.put(name, i);
            if (other != null) {
                fail("toString() gives \"" + name + "\" for both " + KitCards.code(other) + " and " + KitCards.code(i)
                        + ": a human-readable representation of a card shows its value and suit, like 6C");
            }
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void compareToUsesValuesOnly() {
        cardImplementsComparable();
        List<Object> deck = KitCards.deck();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < 52; i++) {
            index.put(KitCards.code(i), i);
        }
        for (String line : KitData.lines("compare.txt")) {
            String[] w = line.split(" ");
            int expected = Integer.parseInt(w[2]);
            Comparable a = (Comparable) deck.get(index.get(w[0]));
            int got = Integer.signum(a.compareTo(deck.get(index.get(w[1]))));
            String rule = expected == 0
                    ? "suits make no difference: cards of the same value tie"
                    : "aces are the highest and 2s the lowest; suits make no difference";
            assertEquals(expected, got, "the sign of " + w[0] + ".compareTo(" + w[1] + "): " + rule);
        }
    }
}
