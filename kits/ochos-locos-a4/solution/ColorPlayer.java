/**
 * A player who prefers to match the discard card's colour.
 */
public class ColorPlayer extends Player {

    /**
     * @param name the player's name
     */
    public ColorPlayer(String name) {
        super(name);
    }

    /**
     * @param card the discard card
     * @return the first card of the hand of the same colour; if there is
     *         none, the first card that matches; otherwise null
     */
    @Override
    public Card findMatch(Card card) {
        for (Card held : hand) {
            if (held.matchesColor(card)) {
                return held;
            }
        }
        return super.findMatch(card);
    }
}
