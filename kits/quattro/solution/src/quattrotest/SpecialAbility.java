package quattrotest;

/**
 * The ability of a special card (future expansion: skip, reverse, draw two, wild). A
 * shell: its one operation is declared for the expansion, and the current game never
 * calls it.
 */
public interface SpecialAbility {
    /** Carries out the card's ability when it is played (future expansion). */
    void activate();
}
