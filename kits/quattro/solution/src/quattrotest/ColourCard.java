package quattrotest;

/** A card with a colour: R (red), Y (yellow), G (green) or B (blue). */
public abstract class ColourCard extends Card {
    /** The colours, as their letters. */
    public static final String COLOURS = "RYGB";

    private final char colour;

    /**
     * A card of a colour.
     *
     * @param colour R, Y, G or B
     * @throws IllegalArgumentException for any other letter
     */
    protected ColourCard(char colour) {
        if (COLOURS.indexOf(colour) < 0) {
            throw new IllegalArgumentException("no such colour: " + colour);
        }
        this.colour = colour;
    }

    /** @return the colour's letter: R, Y, G or B */
    public char getColour() {
        return colour;
    }
}
