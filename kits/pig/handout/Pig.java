/**
 * The Game of Pig's main class, given as source: it makes the two players and the
 * game, and plays it. You will not need to change it.
 */
public class Pig {
    /**
     * Plays one game of Pig: Human against Computer, Human first.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        PigPlayer human = new PigPlayer("Human");
        PigPlayer computer = new PigPlayer("Computer");
        PigGame game = new PigGame(human, computer);
        game.play();
    }
}
