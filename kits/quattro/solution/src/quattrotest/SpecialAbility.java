package quattrotest;

/**
 * The ability of a special card (future expansion: skip, reverse, draw two, wild).
 * Not used by the current game.
 */
public interface SpecialAbility {
    /** Carries out the card's ability when it is played. */
    void activate();
}
