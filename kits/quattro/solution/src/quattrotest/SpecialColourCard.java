package quattrotest;

/**
 * A coloured card with a special ability (future expansion: skip, reverse, draw two). A
 * shell: it holds no code for the current game, which has no special cards.
 */
public class SpecialColourCard extends ColourCard implements SpecialAbility {
    /** The ability: empty, for the future expansion. */
    @Override
    public void activate() {
    }
}
