package quattrotest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * StandardColourCard: the 40 cards' codes, colours and numbers, and matches on all
 * 40 x 40 pairs, with the engine's answers (tests/data/cards.txt, matches.txt).
 */
class StandardColourCardTest {
    private static final List<String> CARDS = KitData.lines("cards.txt");

    @Test
    void everyCardHasItsCodeColourAndNumber() {
        for (String line : CARDS) {
            String[] w = line.split(" ");
            StandardColourCard card = new StandardColourCard(w[1].charAt(0), Integer.parseInt(w[2]));
            assertEquals(w[0], card.getCode(), "getCode(): the colour's letter then the number, like R5");
            assertEquals(w[1].charAt(0), card.getColour(), "getColour() of " + w[0]);
            assertEquals(Integer.parseInt(w[2]), card.getNumber(), "getNumber() of " + w[0]);
            assertEquals(w[0], card.toString(), "toString() is the code");
        }
    }

    @Test
    void theDeckIsTheFortyCards() {
        List<Card> deck = QuattroTest.newDeck();
        assertEquals(CARDS.size(), deck.size(), "the deck has 40 cards: 10 of each colour, numbered 0-9");
        for (int i = 0; i < CARDS.size(); i++) {
            assertEquals(CARDS.get(i).split(" ")[0], deck.get(i).getCode(),
                    "newDeck(): red, yellow, green, blue, each 0 to 9 (card " + (i + 1) + ")");
        }
    }

    @Test
    void matchesOnColourOrNumber() {
        Map<String, Card> cards = new HashMap<>();
        for (String line : CARDS) {
            String[] w = line.split(" ");
            cards.put(w[0], new StandardColourCard(w[1].charAt(0), Integer.parseInt(w[2])));
        }
        for (String line : KitData.lines("matches.txt")) {
            String[] w = line.split(" ");
            boolean expected = Boolean.parseBoolean(w[2]);
            String why = expected ? "they have the same colour or the same number"
                    : "they have neither the same colour nor the same number";
            assertEquals(expected, cards.get(w[0]).matches(cards.get(w[1])),
                    w[0] + ".matches(" + w[1] + "): rule 4: a card matches the top card on colour or number; " + why);
        }
    }
}
