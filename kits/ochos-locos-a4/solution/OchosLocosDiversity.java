import java.util.Scanner;

/**
 * Ochos Locos Diversidad (Part II): as OchosLocos, but each player line
 * names the player's strategy: C (ColorPlayer), N (NumberPlayer),
 * S (StrategicPlayer) or B (the basic Player).
 */
public class OchosLocosDiversity {

    /**
     * Reads a game from standard input and prints it.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Game game = new Game();

        int count = in.nextInt();
        for (int p = 0; p < count; p++) {
            Player player = makePlayer(in.next(), in.next());
            for (int c = 0; c < 5; c++) {
                player.addCardToHand(new Card(in.next()));
            }
            game.addPlayer(player);
        }
        game.setDiscardCard(new Card(in.next()));
        while (in.hasNext()) {
            game.addCard(new Card(in.next()));
        }

        while (true) {
            Card card = game.nextPlay();
            Player player = game.getCurrentPlayer();
            System.out.println(player + ": " + game.describePlay(card));
            if (player.hasWon()) {
                // An empty hand prints the name alone.
                System.out.println(player + " is the winner!");
                break;
            }
            // A draw that took the last card (or found none) ends the game.
            if (card == null && game.outOfCards()) {
                System.out.println("That was fun!");
                break;
            }
        }
    }

    /**
     * Makes the player a strategy letter names.
     *
     * @param name the player's name
     * @param strategy C, N, S or B
     * @return a new player with an empty hand
     */
    private static Player makePlayer(String name, String strategy) {
        if (strategy.equals("C")) {
            return new ColorPlayer(name);
        } else if (strategy.equals("N")) {
            return new NumberPlayer(name);
        } else if (strategy.equals("S")) {
            return new StrategicPlayer(name);
        }
        return new Player(name);
    }
}
