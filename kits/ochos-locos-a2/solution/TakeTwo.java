import java.util.Scanner;

/**
 * Assignment 2, Problem 2: Take Two. Problem 1 with the Rule of Two: after a
 * 2 is laid, the next player lays a 2 (the first in rainbow order) or is
 * skipped and draws two cards (TAKE TWO).
 *
 * A card is a string such as "R3": the colour letter (R, Y, G or B), then
 * the number (1 to 8). Each player's hand is a row of a 2D array.
 */
public class TakeTwo {

    /**
     * Reads the three hands, the starting discard card and the draw pile
     * from standard input, then prints the game.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        final int PLAYERS = 3;
        final String RAINBOW = "RYGB";

        // hands[p] holds player p's cards in hand[p][0 .. size[p] - 1].
        String[][] hands = new String[PLAYERS][32];
        int[] size = new int[PLAYERS];
        for (int p = 0; p < PLAYERS; p++) {
            for (int c = 0; c < 5; c++) {
                hands[p][c] = in.next();
            }
            size[p] = 5;
        }
        String discard = in.next();
        // The draw pile, top card first; pile[top] is the next card drawn.
        String[] pile = new String[32];
        int pileSize = 0;
        while (in.hasNext()) {
            pile[pileSize] = in.next();
            pileSize++;
        }
        int top = 0;

        System.out.println("0: " + discard);
        int player = 0;
        // Turns in a row on which a player could neither play nor draw.
        int passes = 0;
        // A 2 was just laid and the next player has not answered it yet.
        boolean twoPending = false;
        boolean over = false;
        while (!over) {
            char colour = discard.charAt(0);
            char number = discard.charAt(1);

            String line = (player + 1) + ": ";
            int chosen = -1;
            // Count the cards matching the discard card's colour and number.
            int colourMatches = 0;
            int numberMatches = 0;
            for (int c = 0; c < size[player]; c++) {
                if (hands[player][c].charAt(0) == colour) {
                    colourMatches++;
                }
                if (hands[player][c].charAt(1) == number) {
                    numberMatches++;
                }
            }

            // ANCHOR: two_choice
            // Choose: facing a 2, a 2 (the first in rainbow order); otherwise by
            // number, the first colour in rainbow order, or by colour, the
            // lowest number. -1: no card to play.
            for (int c = 0; c < size[player]; c++) {
                String card = hands[player][c];
                if (twoPending) {
                    if (card.charAt(1) == '2' && (chosen == -1
                            || RAINBOW.indexOf(card.charAt(0)) < RAINBOW.indexOf(hands[player][chosen].charAt(0)))) {
                        chosen = c;
                    }
                } else if (numberMatches > colourMatches) {
                    if (card.charAt(1) == number && (chosen == -1
                            || RAINBOW.indexOf(card.charAt(0)) < RAINBOW.indexOf(hands[player][chosen].charAt(0)))) {
                        chosen = c;
                    }
                } else if (card.charAt(0) == colour
                        && (chosen == -1 || card.charAt(1) < hands[player][chosen].charAt(1))) {
                    chosen = c;
                }
            }
            // ANCHOR_END: two_choice

            // ANCHOR: take_two
            if (chosen == -1 && twoPending) {
                // The Rule of Two: skipped, and two cards drawn (as many as remain).
                line += "TAKE TWO";
                for (int k = 0; k < 2 && top < pileSize; k++) {
                    hands[player][size[player]] = pile[top];
                    size[player]++;
                    top++;
                }
                twoPending = false;
                passes = 0;
            // ANCHOR_END: take_two
            } else if (chosen == -1) {
                line += "DRAW";
                if (top < pileSize) {
                    hands[player][size[player]] = pile[top];
                    size[player]++;
                    top++;
                    passes = 0;
                } else {
                    passes++;
                }
            } else {
                discard = hands[player][chosen];
                line += discard;
                // Close the gap the card leaves in the hand.
                for (int c = chosen; c < size[player] - 1; c++) {
                    hands[player][c] = hands[player][c + 1];
                }
                size[player]--;
                passes = 0;
                twoPending = discard.charAt(1) == '2';
            }

            if (size[player] == 0) {
                System.out.println(line + " (WINNER)");
                over = true;
            } else if (passes == PLAYERS) {
                // Everybody passed with the draw pile empty: nobody can ever play.
                System.out.println(line);
                System.out.println("STALEMATE (NO WINNER)");
                over = true;
            } else {
                System.out.println(line);
            }
            player = (player + 1) % PLAYERS;
        }
    }
}
