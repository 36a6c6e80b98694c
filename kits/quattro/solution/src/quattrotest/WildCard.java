package quattrotest;

/**
 * A wild card, which will match any card (future expansion). A shell: it holds no code
 * for the current game, which has no wild cards.
 */
public class WildCard extends Card implements SpecialAbility {
    /** The ability: empty, for the future expansion. */
    @Override
    public void activate() {
    }
}
