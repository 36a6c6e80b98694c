/**
 * A player who prefers to match the discard card's number.
 */
public class NumberPlayer extends Player {

    /**
     * @param name the player's name
     */
    public NumberPlayer(String name) {
        super(name);
    }

    /**
     * @param card the discard card
     * @return the first card of the hand with the same number; if there is
     *         none, the first card that matches; otherwise null
     */
    @Override
    public Card findMatch(Card card) {
        for (Card held : hand) {
            if (held.matchesNumber(card)) {
                return held;
            }
        }
        return super.findMatch(card);
    }
}
