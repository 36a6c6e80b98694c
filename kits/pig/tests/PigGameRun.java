import java.util.Arrays;

/**
 * Plays one game of PigGame with fixed dice. PigGameTest runs it in a JVM of its own for
 * each game, as the grader runs Pig, so a PigGame that keeps its Scanner or anything else
 * in a static field plays every game as it would when run by hand.
 *
 * <p>The arguments: the Human's faces, then {@code --}, then the Computer's, two a roll
 * (as {@code new PigDice(int...)} takes them); the Human's answers come on standard input.
 */
public final class PigGameRun {
    private PigGameRun() {
    }

    /**
     * Plays the game the arguments give.
     *
     * @param args the Human's faces, {@code --}, the Computer's faces
     */
    public static void main(String[] args) {
        int split = Arrays.asList(args).indexOf("--");
        if (split < 0) {
            throw new IllegalArgumentException("usage: PigGameRun HUMAN_FACES... -- COMPUTER_FACES...");
        }
        int[] human = faces(Arrays.copyOfRange(args, 0, split));
        int[] computer = faces(Arrays.copyOfRange(args, split + 1, args.length));
        new PigGame(new PigPlayer("Human", new PigDice(human)),
                new PigPlayer("Computer", new PigDice(computer))).play();
    }

    private static int[] faces(String[] words) {
        int[] faces = new int[words.length];
        for (int i = 0; i < words.length; i++) {
            faces[i] = Integer.parseInt(words[i]);
        }
        return faces;
    }
}
