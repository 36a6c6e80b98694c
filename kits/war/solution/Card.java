/**
 * A playing card of War: a value (2 to 10, then 11 for a jack, 12 queen, 13 king and
 * 14 ace) and a suit (C, D, H or S). Cards compare by value alone: in War suits make
 * no difference, they only tell the cards apart.
 */
public class Card implements Comparable<Card> {
    /** The suits, as printed: clubs, diamonds, hearts, spades. */
    public static final String SUITS = "CDHS";

    private final int value;
    private final char suit;

    /**
     * A card.
     *
     * @param value 2 to 14 (11 jack, 12 queen, 13 king, 14 ace)
     * @param suit C, D, H or S
     * @throws IllegalArgumentException if there is no such card
     */
    public Card(int value, char suit) {
        if (value < 2 || value > 14 || SUITS.indexOf(suit) < 0) {
            throw new IllegalArgumentException("no such card: value " + value + ", suit " + suit);
        }
        this.value = value;
        this.suit = suit;
    }

    /**
     * Reads a card written as toString writes it, such as 6C, 10H or AS.
     *
     * @param code the card's code (either case)
     * @return the card
     * @throws IllegalArgumentException if the code is no card
     */
    public static Card fromCode(String code) {
        String text = code.trim().toUpperCase();
        if (text.length() < 2) {
            throw new IllegalArgumentException("not a card: " + code);
        }
        String rank = text.substring(0, text.length() - 1);
        char suit = text.charAt(text.length() - 1);
        int value;
        switch (rank) {
            case "J": value = 11; break;
            case "Q": value = 12; break;
            case "K": value = 13; break;
            case "A": value = 14; break;
            default:
                try {
                    value = Integer.parseInt(rank);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a card: " + code);
                }
        }
        return new Card(value, suit);
    }

    /** @return the value, 2 to 14 */
    public int getValue() {
        return value;
    }

    /** @return the suit, C, D, H or S */
    public char getSuit() {
        return suit;
    }

    // ANCHOR: compare_to
    /**
     * Compares by value only, as a battle does: suits make no difference.
     *
     * @param other the other card
     * @return negative, zero or positive as this card's value is lower, the same or higher
     */
    @Override
    public int compareTo(Card other) {
        return Integer.compare(value, other.value);
    }
    // ANCHOR_END: compare_to

    /** @return the card's code: its value (2-10, J, Q, K, A) then its suit, such as 6C */
    @Override
    public String toString() {
        String rank;
        switch (value) {
            case 11: rank = "J"; break;
            case 12: rank = "Q"; break;
            case 13: rank = "K"; break;
            case 14: rank = "A"; break;
            default: rank = String.valueOf(value);
        }
        return rank + suit;
    }
}
