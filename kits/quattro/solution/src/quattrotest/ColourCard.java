package quattrotest;

/** A card with a colour: R (red), Y (yellow), G (green) or B (blue). */
public abstract class ColourCard extends Card {
    /** The colours, as their letters. */
    public static final String COLOURS = "RYGB";

    /** The colour's letter, set by the constructor of the kind of card. */
    protected char colour;

    /** @return the colour's letter: R, Y, G or B */
    public char getColour() {
        return colour;
    }
}
