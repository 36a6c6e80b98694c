/**
 * The Game of Pig: the human player against the computer player, first to 100 points.
 * Complete this class (see the assignment). Add private helper methods: play() holds
 * only the most general logic of the game.
 */
public class PigGame {
    private final PigPlayer human;
    private final PigPlayer computer;

    /**
     * A game between two players; the human moves first.
     *
     * @param human the human player, named "Human"
     * @param computer the computer player, named "Computer"
     */
    public PigGame(PigPlayer human, PigPlayer computer) {
        this.human = human;
        this.computer = computer;
    }

    /** Plays the game to its end: welcome, turns, and the winner. */
    public void play() {
        // TODO
    }
}
