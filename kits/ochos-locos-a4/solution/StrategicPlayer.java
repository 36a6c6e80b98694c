/**
 * A player who matches as in Part I of Assignment 2: by number when the hand
 * holds more cards of the discard card's number than of its colour, by
 * colour otherwise.
 */
public class StrategicPlayer extends Player {

    /**
     * @param name the player's name
     */
    public StrategicPlayer(String name) {
        super(name);
    }

    /**
     * @param card the discard card
     * @return with more number matches than colour matches, the first card
     *         of the same number; otherwise the first card of the same
     *         colour; null if there is none
     */
    @Override
    public Card findMatch(Card card) {
        int numbers = 0;
        int colors = 0;
        for (Card held : hand) {
            if (held.matchesNumber(card)) {
                numbers++;
            }
            if (held.matchesColor(card)) {
                colors++;
            }
        }
        for (Card held : hand) {
            if (numbers > colors && held.matchesNumber(card)) {
                return held;
            }
            if (numbers <= colors && held.matchesColor(card)) {
                return held;
            }
        }
        return null;
    }
}
