package quattrotest;

/**
 * A wild card, which matches any card (future expansion). A shell: the current game
 * has no wild cards.
 */
public class WildCard extends Card implements SpecialAbility {
    /** @return W */
    @Override
    public String getCode() {
        return "W";
    }

    /** @return true: a wild card matches anything */
    @Override
    public boolean matches(Card top) {
        return true;
    }

    /** The ability, naming the colour to follow: none yet (future expansion). */
    @Override
    public void activate() {
    }
}
