import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Card tests (Part I, step 1): every card code of the deck and the three
 * match tests on every pair of cards (tests/data/cards.txt, matches.txt).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class CardTest {

    @Test
    @Order(1)
    public void getColorOfEveryCard() {
        for (String line : KitData.lines("cards.txt")) {
            String[] f = line.split(" ");
            assertEquals(f[1].charAt(0), new Card(f[0]).getColor(), "new Card(\"" + f[0]
                    + "\").getColor(): the colour is the code's first character, the letter R, Y, G or B");
        }
    }

    @Test
    @Order(2)
    public void getNumberOfEveryCard() {
        for (String line : KitData.lines("cards.txt")) {
            String[] f = line.split(" ");
            assertEquals(Integer.parseInt(f[2]), new Card(f[0]).getNumber(), "new Card(\"" + f[0]
                    + "\").getNumber(): the number is the code's digit, as an int (the digit '5' is 5, not 53)");
        }
    }

    @Test
    @Order(3)
    public void toStringGivesTheCode() {
        for (String line : KitData.lines("cards.txt")) {
            String code = line.split(" ")[0];
            assertEquals(code, new Card(code).toString(), "new Card(\"" + code
                    + "\").toString(): a string of the same form as the argument to the constructor");
        }
    }

    @Test
    @Order(4)
    public void matchesColorOnEveryPair() {
        for (String line : KitData.lines("matches.txt")) {
            String[] f = line.split(" ");
            assertEquals(Boolean.parseBoolean(f[3]), new Card(f[0]).matchesColor(new Card(f[1])),
                    "new Card(\"" + f[0] + "\").matchesColor(new Card(\"" + f[1]
                            + "\")): true exactly when the two cards have the same colour");
        }
    }

    @Test
    @Order(5)
    public void matchesNumberOnEveryPair() {
        for (String line : KitData.lines("matches.txt")) {
            String[] f = line.split(" ");
            assertEquals(Boolean.parseBoolean(f[4]), new Card(f[0]).matchesNumber(new Card(f[1])),
                    "new Card(\"" + f[0] + "\").matchesNumber(new Card(\"" + f[1]
                            + "\")): true exactly when the two cards have the same number");
        }
    }

    @Test
    @Order(6)
    public void matchesOnEveryPair() {
        for (String line : KitData.lines("matches.txt")) {
            String[] f = line.split(" ");
            assertEquals(Boolean.parseBoolean(f[2]), new Card(f[0]).matches(new Card(f[1])),
                    "new Card(\"" + f[0] + "\").matches(new Card(\"" + f[1]
                            + "\")): true when the cards have the same colour OR the same number");
        }
    }
}
