/**
 * A player of the Game of Pig: a name, the points banked in earlier turns, the points of
 * the turn being played, and the player's own {@link PigDice}.
 *
 * <p><b>About this class.</b> The assignment (PA3, "The Game of Pig") hands this class
 * out as a compiled class file with its documentation. Both are lost; this source and
 * this documentation are written anew from what the assignment relies on: "each of
 * these [players] uses its own instance of PigDice"; a roll adds its points to the
 * turn, snake eyes lose the turn's points; holding makes them safe; the first to 100
 * points wins; and the line {@code Player: Human, Total Points = 11} that opens and
 * closes every turn. The method names are inferred (the assignment names none of them).
 * The constructor that takes the dice is ours: the kit's tests give a player fixed dice.
 *
 * <p>"Total points" are always the banked points plus the points of the turn being
 * played, as in the assignment's roll line (10 banked + 11 this turn = 21).
 */
public class PigPlayer {
    /** The points that win the game. */
    public static final int WINNING_SCORE = 100;

    private final String name;
    private final PigDice dice;
    private int bankedPoints;
    private int turnPoints;

    /**
     * A player with no points and dice of its own that roll at random.
     *
     * @param name the player's name, such as {@code Human}
     */
    public PigPlayer(String name) {
        this(name, new PigDice());
    }

    /**
     * A player with no points who rolls the given dice.
     *
     * @param name the player's name
     * @param dice the dice this player rolls
     */
    public PigPlayer(String name, PigDice dice) {
        this.name = name;
        this.dice = dice;
    }

    /**
     * The player's name.
     *
     * @return the name given to the constructor
     */
    public String getName() {
        return name;
    }

    /**
     * The player's dice, showing the faces of the last roll.
     *
     * @return this player's dice
     */
    public PigDice getDice() {
        return dice;
    }

    /**
     * Rolls the player's dice once. Their points (see {@link PigDice#getPoints()}) are
     * added to the turn's points; snake eyes instead lose all the turn's points (the
     * turn is then over: the caller passes the dice on).
     *
     * @return the points of this roll (0 for snake eyes)
     */
    public int roll() {
        dice.roll();
        if (dice.isSnakeEyes()) {
            turnPoints = 0;
        } else {
            turnPoints += dice.getPoints();
        }
        return dice.getPoints();
    }

    /**
     * Holds: the turn's points are banked (safe from loss in future rounds), and the
     * turn's points start again from 0.
     */
    public void hold() {
        bankedPoints += turnPoints;
        turnPoints = 0;
    }

    /**
     * The points of the turn being played.
     *
     * @return the points rolled since the turn began (0 after snake eyes or a hold)
     */
    public int getTurnPoints() {
        return turnPoints;
    }

    /**
     * The player's total: the banked points plus the points of the turn being played.
     *
     * @return the total points
     */
    public int getTotalPoints() {
        return bankedPoints + turnPoints;
    }

    /**
     * Whether the player has won: the total points (turn points included) are
     * {@link #WINNING_SCORE} or more.
     *
     * @return true once the player has 100 points or more
     */
    public boolean hasWon() {
        return getTotalPoints() >= WINNING_SCORE;
    }

    /**
     * The line that opens and closes a turn.
     *
     * @return such as {@code Player: Human, Total Points = 11}
     */
    @Override
    public String toString() {
        return "Player: " + name + ", Total Points = " + getTotalPoints();
    }
}
