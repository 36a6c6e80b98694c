package quattrotest;

/**
 * Any card of Quattro. Every card has a code, such as R5, which the human types to play
 * it, and knows whether it may be played on the top card of the discard pile.
 */
public abstract class Card {
    /** @return the card's code, such as R5 */
    public abstract String getCode();

    /**
     * Whether this card may be played on the top card of the discard pile.
     *
     * @param top the top card of the discard pile
     * @return true if it matches
     */
    public abstract boolean matches(Card top);

    /** @return the card's code */
    @Override
    public String toString() {
        return getCode();
    }
}
