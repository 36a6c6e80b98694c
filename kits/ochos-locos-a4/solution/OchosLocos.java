import java.util.Scanner;

/**
 * Ochos Locos Faciles (Part I): reads the players, the discard card and the
 * deck, then plays the game and prints every move.
 */
public class OchosLocos {

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
            Player player = new Player(in.next());
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
}
