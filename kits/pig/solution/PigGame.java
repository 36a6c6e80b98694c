import java.util.Scanner;

/**
 * The Game of Pig: the human player against the computer player, two dice, first to
 * 100 points. The human moves first, and is asked before every roll whether to hold;
 * the computer rolls until its turn has 20 points or more. The dice and the points are
 * the players' own (PigPlayer, PigDice): this class only runs the turns and prints them.
 */
public class PigGame {
    /** Asked before each of the human's rolls; not ended by a newline. */
    private static final String PROMPT = "Hold dice (Y/N?) ?";
    /** The computer holds once its turn has this many points. */
    private static final int COMPUTER_HOLDS_AT = 20;

    private final PigPlayer human;
    private final PigPlayer computer;
    private final Scanner input = new Scanner(System.in);

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

    /** Plays the game to its end: the welcome, the turns in turn, and the winner. */
    public void play() {
        printWelcome();
        try {
            PigPlayer current = human;
            boolean won = false;
            while (!won) {
                if (current == human) {
                    won = playHumanTurn();
                } else {
                    won = playComputerTurn();
                }
                if (!won) {
                    current = (current == human) ? computer : human;
                }
            }
            printWinner(current);
        } catch (IllegalStateException e) {
            // The answers (or a test's fixed dice) ran out before anybody won.
            System.err.println(e.getMessage());
        }
    }

    /** Prints the welcome and a short explanation of the game. */
    private void printWelcome() {
        System.out.println("Welcome to the Game of Pig!");
        System.out.println("Human plays against Computer; the first to reach "
                + PigPlayer.WINNING_SCORE + " points wins.");
        System.out.println("Each roll of the two dice scores their sum; doubles score twice the sum");
        System.out.println("(double 6s: 24). Snake eyes (double 1s) lose the turn's points and end the turn.");
        System.out.println("Before each roll, answer Y to hold (bank the turn's points) or N to roll.");
    }

    // ANCHOR: play_human_turn
    /**
     * Plays one turn of the human: asks before every roll, until the human holds, rolls
     * snake eyes or wins.
     *
     * @return true if the human has won
     */
    private boolean playHumanTurn() {
        startTurn(human);
        while (!wantsToHold()) {
            if (rollOnce(human)) {
                return human.hasWon();
            }
        }
        human.hold();
        endTurn(human);
        return false;
    }
    // ANCHOR_END: play_human_turn

    // ANCHOR: play_computer_turn
    /**
     * Plays one turn of the computer: it rolls until its turn has 20 points or more,
     * then holds, unless it rolls snake eyes or wins first.
     *
     * @return true if the computer has won
     */
    private boolean playComputerTurn() {
        startTurn(computer);
        while (computer.getTurnPoints() < COMPUTER_HOLDS_AT) {
            if (rollOnce(computer)) {
                return computer.hasWon();
            }
        }
        computer.hold();
        endTurn(computer);
        return false;
    }
    // ANCHOR_END: play_computer_turn

    // ANCHOR: roll_once
    /**
     * Rolls the player's dice once and prints the roll. Snake eyes, or reaching 100
     * points, end the turn (the game is won at once, without holding).
     *
     * @param player the player to roll
     * @return true if the roll ended the turn
     */
    private boolean rollOnce(PigPlayer player) {
        player.roll();
        PigDice dice = player.getDice();
        System.out.println("Roll=(" + dice + "), Roll Points = " + dice.getPoints()
                + ", Turn Points = " + player.getTurnPoints()
                + ", Total Points = " + player.getTotalPoints());
        if (dice.isSnakeEyes() || player.hasWon()) {
            endTurn(player);
            return true;
        }
        return false;
    }
    // ANCHOR_END: roll_once

    /**
     * Asks the human whether to hold, until the answer is Y or N (either case).
     *
     * @return true for Y (hold), false for N (roll)
     * @throws IllegalStateException if the input ends first
     */
    private boolean wantsToHold() {
        while (true) {
            System.out.print(PROMPT);
            System.out.flush();
            if (!input.hasNextLine()) {
                System.out.println();
                throw new IllegalStateException("The input ended before the game did; nobody won.");
            }
            String answer = input.nextLine().trim();
            if (answer.equalsIgnoreCase("y")) {
                return true;
            }
            if (answer.equalsIgnoreCase("n")) {
                return false;
            }
            System.out.println("Please answer Y or N.");
        }
    }

    /**
     * Opens a turn: a blank line, then the player's name and score.
     *
     * @param player whose turn it is
     */
    private void startTurn(PigPlayer player) {
        System.out.println();
        System.out.println(player);
    }

    /**
     * Closes a turn: the player's name and score again, with no blank line before it.
     *
     * @param player whose turn it was
     */
    private void endTurn(PigPlayer player) {
        System.out.println(player);
    }

    /**
     * Announces the winner, after a blank line.
     *
     * @param winner the player who reached 100 points
     */
    private void printWinner(PigPlayer winner) {
        System.out.println();
        System.out.println("The winner is: " + winner.getName());
    }
}
