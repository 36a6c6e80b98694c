package quattrotest;

/** A number card of the game: a colour and a number from 0 to 9, shown by its code, such as R5. */
public class StandardColourCard extends ColourCard {
    private final int number;

    /**
     * A number card.
     *
     * @param colour R, Y, G or B
     * @param number 0 to 9
     * @throws IllegalArgumentException if there is no such card
     */
    public StandardColourCard(char colour, int number) {
        if (COLOURS.indexOf(colour) < 0 || number < 0 || number > 9) {
            throw new IllegalArgumentException("no such card: " + colour + number);
        }
        this.colour = colour;
        this.number = number;
    }

    /** @return the number, 0 to 9 */
    public int getNumber() {
        return number;
    }

    /**
     * A number card matches a top card of the same colour, or of the same number.
     *
     * @param top the top card of the discard pile
     * @return true if the colours or the numbers are the same
     */
    @Override
    public boolean matches(Card top) {
        if (top instanceof ColourCard && ((ColourCard) top).getColour() == colour) {
            return true;
        }
        return top instanceof StandardColourCard && ((StandardColourCard) top).getNumber() == number;
    }

    /** @return the card's code: the colour's letter then the number, such as R5 */
    @Override
    public String toString() {
        return colour + String.valueOf(number);
    }
}
