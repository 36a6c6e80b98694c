package quattrotest;

/**
 * A coloured card with a special ability (future expansion: skip, reverse, draw two).
 * A shell: the current game has no special cards.
 */
public class SpecialColourCard extends ColourCard implements SpecialAbility {
    /**
     * A special card of a colour.
     *
     * @param colour R, Y, G or B
     */
    public SpecialColourCard(char colour) {
        super(colour);
    }

    /** @return the code (to be decided with the expansion) */
    @Override
    public String getCode() {
        return getColour() + "?";
    }

    /** @return whether it matches (to be decided with the expansion: same colour for now) */
    @Override
    public boolean matches(Card top) {
        return top instanceof ColourCard && ((ColourCard) top).getColour() == getColour();
    }

    /** The ability: none yet (future expansion). */
    @Override
    public void activate() {
    }
}
