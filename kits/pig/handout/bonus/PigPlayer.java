/**
 * The bonus: the shell of PigPlayer. Complete it so that it works exactly as the
 * PigPlayer class file you were given (read its documentation); your PigGame must then
 * work with both. The kit's PigPlayerTest checks it roll by roll.
 */
public class PigPlayer {
    /** The points that win the game. */
    public static final int WINNING_SCORE = 100;

    private String name;
    private PigDice dice;
    private int bankedPoints;
    private int turnPoints;

    /**
     * A player with no points and dice of its own that roll at random.
     *
     * @param name the player's name, such as {@code Human}
     */
    public PigPlayer(String name) {
        // TODO
    }

    /**
     * A player with no points who rolls the given dice.
     *
     * @param name the player's name
     * @param dice the dice this player rolls
     */
    public PigPlayer(String name, PigDice dice) {
        // TODO
    }

    /** @return the name given to the constructor */
    public String getName() {
        return null; // TODO
    }

    /** @return this player's dice, showing the faces of the last roll */
    public PigDice getDice() {
        return null; // TODO
    }

    /**
     * Rolls the dice once: their points are added to the turn's points; snake eyes lose
     * all the turn's points instead.
     *
     * @return the points of this roll (0 for snake eyes)
     */
    public int roll() {
        return 0; // TODO
    }

    /** Banks the turn's points; the turn's points start again from 0. */
    public void hold() {
        // TODO
    }

    /** @return the points rolled since the turn began (0 after snake eyes or a hold) */
    public int getTurnPoints() {
        return 0; // TODO
    }

    /** @return the banked points plus the points of the turn being played */
    public int getTotalPoints() {
        return 0; // TODO
    }

    /** @return true once the total points are WINNING_SCORE or more */
    public boolean hasWon() {
        return false; // TODO
    }

    /** @return the turn's line, such as {@code Player: Human, Total Points = 11} */
    @Override
    public String toString() {
        return ""; // TODO
    }
}
