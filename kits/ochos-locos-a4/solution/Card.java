/**
 * A card of Ochos Locos: a colour (R, Y, G or B) and a number (1 to 8).
 *
 * A card is written as two characters, its colour letter then its number,
 * for example "R5" for the red 5.
 */
public class Card {
    private char color;
    private int number;

    /**
     * Makes a card from its code.
     *
     * @param card the colour letter followed by the number, e.g. "R5"
     */
    public Card(String card) {
        color = card.charAt(0);
        number = card.charAt(1) - '0';
    }

    /**
     * @return the colour letter: R, Y, G or B
     */
    public char getColor() {
        return color;
    }

    /**
     * @return the number on the card
     */
    public int getNumber() {
        return number;
    }

    /**
     * @param card the card to compare with
     * @return true if the two cards have the same colour or the same number
     */
    public boolean matches(Card card) {
        return matchesColor(card) || matchesNumber(card);
    }

    /**
     * @param card the card to compare with
     * @return true if the two cards have the same colour
     */
    public boolean matchesColor(Card card) {
        return color == card.color;
    }

    /**
     * @param card the card to compare with
     * @return true if the two cards have the same number
     */
    public boolean matchesNumber(Card card) {
        return number == card.number;
    }

    /**
     * @return the card's code, as given to the constructor, e.g. "R5"
     */
    public String toString() {
        return "" + color + number;
    }
}
