import java.util.Random;

/**
 * A pair of dice for the Game of Pig.
 *
 * <p><b>About this class.</b> The assignment (PA3, "The Game of Pig") hands this class
 * out as a compiled class file with its documentation. Both are lost; this source and
 * this documentation are written anew from what the assignment relies on: two dice
 * rolled together, each showing 1 to 6; a roll scores the sum of the dice, twice the
 * sum for doubles (double 6s score 24), and nothing for snake eyes (double 1s), which
 * lose the turn. The method names are inferred (the assignment names none of them).
 * The constructor that replays fixed dice is ours: the kit's tests use it to play the
 * same games as the project's Rust engine.
 *
 * <p>Before its first roll a {@code PigDice} shows no faces: both dice read 0.
 */
public class PigDice {
    private final Random random;
    private final int[] recorded;
    private int next;
    private int die1;
    private int die2;

    /** Dice that roll at random. */
    public PigDice() {
        this(new Random());
    }

    /**
     * Dice that roll at random from a seed: the same seed gives the same rolls.
     *
     * @param seed the seed of the random number generator
     */
    public PigDice(long seed) {
        this(new Random(seed));
    }

    private PigDice(Random random) {
        this.random = random;
        this.recorded = null;
    }

    /**
     * Dice that show the given faces, roll after roll: the first roll shows
     * {@code faces[0]} and {@code faces[1]}, the second {@code faces[2]} and
     * {@code faces[3]}, and so on. For tests. (A single number, {@code new PigDice(5)},
     * is a seed: Java picks the {@code long} constructor.)
     *
     * @param faces the faces, two a roll, each 1 to 6
     * @throws IllegalArgumentException if there is an odd number of faces or a face is not 1 to 6
     */
    public PigDice(int... faces) {
        if (faces.length % 2 != 0) {
            throw new IllegalArgumentException("two faces a roll, but " + faces.length + " faces were given");
        }
        for (int face : faces) {
            if (face < 1 || face > 6) {
                throw new IllegalArgumentException("a die shows 1 to 6, not " + face);
            }
        }
        this.random = null;
        this.recorded = faces.clone();
    }

    /**
     * Rolls both dice.
     *
     * @throws IllegalStateException if these dice replay fixed faces and all have been shown
     */
    public void roll() {
        if (recorded == null) {
            die1 = random.nextInt(6) + 1;
            die2 = random.nextInt(6) + 1;
        } else {
            if (next >= recorded.length) {
                throw new IllegalStateException("these dice have shown all " + recorded.length / 2 + " of their rolls");
            }
            die1 = recorded[next];
            die2 = recorded[next + 1];
            next += 2;
        }
    }

    /**
     * The first die.
     *
     * @return the face of the first die, 1 to 6 (0 before the first roll)
     */
    public int getDie1() {
        return die1;
    }

    /**
     * The second die.
     *
     * @return the face of the second die, 1 to 6 (0 before the first roll)
     */
    public int getDie2() {
        return die2;
    }

    /**
     * Whether both dice show the same face.
     *
     * @return true for doubles (snake eyes included)
     */
    public boolean isDoubles() {
        return die1 != 0 && die1 == die2;
    }

    /**
     * Whether the dice show double 1s, which lose the turn's points and end the turn.
     *
     * @return true for snake eyes
     */
    public boolean isSnakeEyes() {
        return die1 == 1 && die2 == 1;
    }

    /**
     * The points of the last roll: the sum of the dice; twice the sum for doubles
     * (double 6s: 24); 0 for snake eyes.
     *
     * @return the roll's points
     */
    public int getPoints() {
        if (isSnakeEyes()) {
            return 0;
        }
        int sum = die1 + die2;
        return isDoubles() ? 2 * sum : sum;
    }

    /**
     * The two faces, as inside the assignment's roll line {@code Roll=(2,2)}.
     *
     * @return the faces, such as {@code 2,2}
     */
    @Override
    public String toString() {
        return die1 + "," + die2;
    }
}
