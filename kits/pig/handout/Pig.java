/**
 * The Game of Pig's main class, given as source: it makes the two players and the
 * game, and plays it. You will not need to change it.
 */
public class Pig {
    /**
     * Plays one game of Pig: Human against Computer, Human first.
     *
     * <p>The dice roll at random. When a grader names the game it plays (the environment
     * variable {@code GRADER_CASE}, as {@code pig grade --tell-case} sets it), they roll
     * from a seed made of that name instead, so that grading the same program again
     * plays the same games and gives the same marks.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        String graded = System.getenv("GRADER_CASE");
        PigPlayer human;
        PigPlayer computer;
        if (graded == null) {
            human = new PigPlayer("Human");
            computer = new PigPlayer("Computer");
        } else {
            long seed = graded.hashCode();
            human = new PigPlayer("Human", new PigDice(seed));
            computer = new PigPlayer("Computer", new PigDice(seed + 1));
        }
        PigGame game = new PigGame(human, computer);
        game.play();
    }
}
