import java.util.ArrayList;

/**
 * A player of Ochos Locos: a name and a hand of cards, kept in the order the
 * cards were received.
 *
 * A basic player plays the first card of the hand that matches the discard
 * card; the subclasses ColorPlayer, NumberPlayer and StrategicPlayer choose
 * differently by overriding findMatch.
 */
public class Player {
    private String name;
    /** The hand, oldest card first. */
    protected ArrayList<Card> hand = new ArrayList<Card>();

    /**
     * Makes a player with an empty hand.
     *
     * @param name the player's name
     */
    public Player(String name) {
        this.name = name;
    }

    /**
     * Adds a card at the end of the hand.
     *
     * @param card the card received
     */
    public void addCardToHand(Card card) {
        hand.add(card);
    }

    /**
     * Removes a card from the hand.
     *
     * @param card the card to remove (the same code as a card in the hand)
     */
    public void removeCardFromHand(Card card) {
        for (int i = 0; i < hand.size(); i++) {
            if (hand.get(i).toString().equals(card.toString())) {
                hand.remove(i);
                return;
            }
        }
    }

    // ANCHOR: find_match
    /**
     * Searches the hand, oldest card first, for a card to play.
     *
     * @param card the discard card
     * @return the first card that matches it by colour or number, or null
     */
    public Card findMatch(Card card) {
        for (Card held : hand) {
            if (held.matches(card)) {
                return held;
            }
        }
        return null;
    }
    // ANCHOR_END: find_match

    /**
     * @return true if the player has no cards left
     */
    public boolean hasWon() {
        return hand.isEmpty();
    }

    // ANCHOR: find_two
    /**
     * Finds the first 2 in the hand, for the 2-card rule of FullGame.
     *
     * @return the first card numbered 2 in hand order, or null
     */
    public Card findTwo() {
        for (Card held : hand) {
            if (held.getNumber() == 2) {
                return held;
            }
        }
        return null;
    }
    // ANCHOR_END: find_two

    // ANCHOR: most_held_color
    /**
     * The colour this player holds most of, for the 8-card rule of FullGame.
     * Ties go to the colour that comes first in the order R, Y, G, B.
     *
     * @return R, Y, G or B
     */
    public char mostHeldColor() {
        String colors = "RYGB";
        char best = 'R';
        int bestCount = -1;
        for (int c = 0; c < colors.length(); c++) {
            int count = 0;
            for (Card held : hand) {
                if (held.getColor() == colors.charAt(c)) {
                    count++;
                }
            }
            if (count > bestCount) {
                best = colors.charAt(c);
                bestCount = count;
            }
        }
        return best;
    }
    // ANCHOR_END: most_held_color

    /**
     * @return the name, then each card of the hand, separated by spaces
     */
    public String toString() {
        String text = name;
        for (Card held : hand) {
            text += " " + held;
        }
        return text;
    }
}
