package quattrotest;

/**
 * Any card of Quattro (abstract: a card is always of some kind). Each kind of card says
 * whether it may be played on the top card of the discard pile.
 */
public abstract class Card {
    /**
     * Whether this card may be played on the top card of the discard pile. The cards of
     * the game override it; a card of the expansion, whose rules are not written yet,
     * matches nothing.
     *
     * @param top the top card of the discard pile
     * @return true if it may be played
     */
    public boolean matches(Card top) {
        return false;
    }
}
