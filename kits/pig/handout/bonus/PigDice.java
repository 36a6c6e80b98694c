import java.util.Random;

/**
 * The bonus: the shell of PigDice. Complete it so that it works exactly as the PigDice
 * class file you were given (read its documentation); your PigGame must then work with
 * both. The kit's PigDiceTest checks every throw.
 *
 * <p>Before its first roll a PigDice shows no faces: both dice read 0.
 */
public class PigDice {
    private Random random;
    private int[] recorded;
    private int next;
    private int die1;
    private int die2;

    /** Dice that roll at random. */
    public PigDice() {
        // TODO
    }

    /**
     * Dice that roll at random from a seed: the same seed gives the same rolls.
     *
     * @param seed the seed of the random number generator
     */
    public PigDice(long seed) {
        // TODO
    }

    /**
     * Dice that show the given faces, roll after roll (two faces a roll). For tests.
     *
     * @param faces the faces, two a roll, each 1 to 6
     * @throws IllegalArgumentException if there is an odd number of faces or a face is not 1 to 6
     */
    public PigDice(int... faces) {
        // TODO
    }

    /**
     * Rolls both dice.
     *
     * @throws IllegalStateException if these dice replay fixed faces and all have been shown
     */
    public void roll() {
        // TODO
    }

    /** @return the face of the first die, 1 to 6 (0 before the first roll) */
    public int getDie1() {
        return 0; // TODO
    }

    /** @return the face of the second die, 1 to 6 (0 before the first roll) */
    public int getDie2() {
        return 0; // TODO
    }

    /** @return true for doubles (snake eyes included) */
    public boolean isDoubles() {
        return false; // TODO
    }

    /** @return true for double 1s, snake eyes */
    public boolean isSnakeEyes() {
        return false; // TODO
    }

    /** @return the sum of the dice; twice the sum for doubles; 0 for snake eyes */
    public int getPoints() {
        return 0; // TODO
    }

    /** @return the two faces, such as {@code 2,2} */
    @Override
    public String toString() {
        return ""; // TODO
    }
}
