import java.io.File;
import java.io.FileNotFoundException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Scanner;

/**
 * The card game War for two players: deals the deck, plays battles and wars, and asks
 * the user between battles: Enter for one more battle, a number for that many, q to
 * quit. At the end it prints the winner, if any, and the battles and wars fought.
 *
 * <p>A war: each player lays four cards, three face down and the fourth face up; the
 * higher fourth card takes all the cards on the table; a tie starts another war. A
 * player who must put down a card and has none loses at once (if both are short, the
 * one with fewer cards loses; with as many each nobody wins). Won cards go to the
 * bottom of the winner's pile in a random order (the rules allow any order; a fixed
 * order can make a game go round in circles forever).
 */
public class Game {
    /** The question between battles (the answer is typed on the same line). */
    private static final String PROMPT = "Enter: one battle, a number: that many, q: quit > ";
    /** The answer to anything but Enter, a number of battles, or q. */
    private static final String REFUSAL =
            "Please press Enter for one battle, type a number of battles (1 or more), or q to quit.";
    /** The cards each player lays in a war: three face down, then one face up. */
    private static final int WAR_CARDS = 4;

    /** Where the deal and the order of won cards come from. */
    private static final Random RANDOM = new Random();

    private final Player player1;
    private final Player player2;
    private int battles;
    private int wars;
    private boolean over;
    private Player winner;

    /**
     * A game between two players holding their cards.
     *
     * @param player1 Player 1
     * @param player2 Player 2
     */
    public Game(Player player1, Player player2) {
        this.player1 = player1;
        this.player2 = player2;
    }

    /**
     * A game dealt from a deck: the first card to Player 1, the second to Player 2, and
     * so on; a player's first card is their top card.
     *
     * @param deck the cards in the order they are dealt
     */
    public Game(List<Card> deck) {
        this(new Player(1), new Player(2));
        for (int i = 0; i < deck.size(); i++) {
            if (i % 2 == 0) {
                player1.addCard(deck.get(i));
            } else {
                player2.addCard(deck.get(i));
            }
        }
    }

    /** @return the 52 cards, clubs then diamonds, hearts and spades, each from 2 to ace */
    public static ArrayList<Card> newDeck() {
        ArrayList<Card> deck = new ArrayList<>();
        for (char suit : Card.SUITS.toCharArray()) {
            for (int value = 2; value <= 14; value++) {
                deck.add(new Card(value, suit));
            }
        }
        return deck;
    }

    /**
     * A random deal, as the assignment suggests: cards are picked at random from the
     * deck, one for Player 1, one for Player 2, and so on, until the deck is empty.
     *
     * @param random where the random picks come from
     * @return the cards in the order they are dealt
     */
    public static ArrayList<Card> randomDeal(Random random) {
        ArrayList<Card> deck = newDeck();
        ArrayList<Card> dealt = new ArrayList<>();
        while (!deck.isEmpty()) {
            dealt.add(deck.remove(random.nextInt(deck.size())));
        }
        return dealt;
    }

    /** @return Player 1 */
    public Player getPlayer1() {
        return player1;
    }

    /** @return Player 2 */
    public Player getPlayer2() {
        return player2;
    }

    /** @return the battles fought so far, a war's deciding battle included */
    public int getBattles() {
        return battles;
    }

    /** @return the wars fought so far, each war of a chain counted */
    public int getWars() {
        return wars;
    }

    /** @return whether the game is over */
    public boolean isOver() {
        return over;
    }

    /** @return the winner, or null while the game goes on or if nobody won */
    public Player getWinner() {
        return winner;
    }

    // ANCHOR: play_battle
    /**
     * Plays one battle, and the wars it sets off, printing what happens.
     *
     * @throws IllegalStateException if the game is over
     */
    public void playBattle() {
        if (over) {
            throw new IllegalStateException("the game is over");
        }
        ArrayList<Card> table = new ArrayList<>();
        battles++;
        Card card1 = player1.playCard();
        Card card2 = player2.playCard();
        table.add(card1);
        table.add(card2);
        String line = "Battle " + battles + ": Player 1 plays " + card1 + ", Player 2 plays " + card2 + ".";
        int result = card1.compareTo(card2);
        while (result == 0) {
            System.out.println(line + " Player 1 and Player 2 tie: war!");
            wars++;
            ArrayList<Card> laid1 = layWarCards(player1);
            ArrayList<Card> laid2 = layWarCards(player2);
            table.addAll(laid1);
            table.addAll(laid2);
            if (laid1.size() < WAR_CARDS || laid2.size() < WAR_CARDS) {
                endShortWar(laid1, laid2, table);
                return;
            }
            battles++;
            line = "War " + wars + " (battle " + battles + "): " + describe(player1, laid1) + ", "
                    + describe(player2, laid2) + ".";
            result = laid1.get(WAR_CARDS - 1).compareTo(laid2.get(WAR_CARDS - 1));
        }
        Player taker = result > 0 ? player1 : player2;
        Collections.shuffle(table, RANDOM);
        taker.addCards(table);
        System.out.println(line + " " + taker.getName() + " wins and takes " + table.size() + " cards.");
        for (Player player : new Player[] {player1, player2}) {
            if (!player.hasCards()) {
                System.out.println(player.getName() + " has no cards left and is out of the game.");
                over = true;
                winner = taker;
            }
        }
    }
    // ANCHOR_END: play_battle

    // ANCHOR: lay_war_cards
    /**
     * Takes a player's war cards: four, or all the player has if fewer.
     *
     * @param player the player at war
     * @return the cards laid, the face-up one last
     */
    private ArrayList<Card> layWarCards(Player player) {
        ArrayList<Card> laid = new ArrayList<>();
        while (laid.size() < WAR_CARDS && player.hasCards()) {
            laid.add(player.playCard());
        }
        return laid;
    }
    // ANCHOR_END: lay_war_cards

    /**
     * What a player laid in a war: "Player 1 lays 2C 3C 4C face down and plays AC", or
     * only the face-down cards of a player who had fewer than four.
     */
    private String describe(Player player, List<Card> laid) {
        StringBuilder text = new StringBuilder(player.getName() + " lays");
        int faceDown = laid.size() == WAR_CARDS ? WAR_CARDS - 1 : laid.size();
        for (int i = 0; i < faceDown; i++) {
            text.append(" ").append(laid.get(i));
        }
        text.append(" face down");
        if (laid.size() == WAR_CARDS) {
            text.append(" and plays ").append(laid.get(WAR_CARDS - 1));
        }
        return text.toString();
    }

    /**
     * Ends the game after a war in which a player could not lay four cards: that
     * player is out; if both were short, the one who had more cards takes the table,
     * and with as many cards each nobody wins.
     */
    private void endShortWar(List<Card> laid1, List<Card> laid2, List<Card> table) {
        List<String> parts = new ArrayList<>();
        if (!laid1.isEmpty()) {
            parts.add(describe(player1, laid1));
        }
        if (!laid2.isEmpty()) {
            parts.add(describe(player2, laid2));
        }
        if (parts.isEmpty()) {
            System.out.println("War " + wars + ": Player 1 and Player 2 have no cards to lay.");
        } else {
            System.out.println("War " + wars + ": " + String.join(", ", parts) + ".");
        }
        if (laid1.size() < WAR_CARDS) {
            System.out.println("Player 1 has no cards left and is out of the game.");
        }
        if (laid2.size() < WAR_CARDS) {
            System.out.println("Player 2 has no cards left and is out of the game.");
        }
        over = true;
        if (laid1.size() > laid2.size()) {
            winner = player1;
        } else if (laid2.size() > laid1.size()) {
            winner = player2;
        }
        if (winner == null) {
            System.out.println("Nobody takes the " + table.size() + " cards on the table.");
        } else {
            Collections.shuffle(table, RANDOM);
            winner.addCards(table);
            System.out.println(winner.getName() + " takes the " + table.size() + " cards on the table.");
        }
    }

    /** Prints both players' hands, one line each. */
    private void printHands() {
        System.out.println(player1);
        System.out.println(player2);
    }

    /**
     * Plays the game at the console: the initial hands, then battles as the user asks,
     * the hands after each battle, and the summary.
     *
     * @param input where the user's answers come from
     */
    public void run(Scanner input) {
        System.out.println("Initial hands:");
        printHands();
        while (!over) {
            System.out.print(PROMPT);
            System.out.flush();
            if (!input.hasNextLine()) {
                System.out.println();
                printSummary("the input ended");
                return;
            }
            String answer = input.nextLine().trim();
            long count;
            if (answer.isEmpty()) {
                count = 1;
            } else if (answer.equalsIgnoreCase("q") || answer.equalsIgnoreCase("quit")) {
                printSummary("the game was quit");
                return;
            } else {
                try {
                    count = Long.parseLong(answer);
                } catch (NumberFormatException e) {
                    count = 0;
                }
                if (count < 1) {
                    System.out.println(REFUSAL);
                    continue;
                }
            }
            for (long i = 0; i < count && !over; i++) {
                playBattle();
                printHands();
            }
        }
        printSummary(null);
    }

    /**
     * Prints the end of the game after a blank line: the winner, or why nobody won, and
     * the numbers of battles and wars fought.
     *
     * @param stopped why the game stopped before its end, or null if it was played out
     */
    private void printSummary(String stopped) {
        System.out.println();
        if (stopped != null) {
            System.out.println("No winner: " + stopped + ".");
        } else if (winner != null) {
            System.out.println(winner.getName() + " wins the game!");
        } else {
            System.out.println("No winner: Player 1 and Player 2 ran out of cards at the same time.");
        }
        System.out.println("Battles fought: " + battles);
        System.out.println("Wars fought: " + wars);
    }

    /**
     * Reads a deck file: the 52 cards in the order they are dealt, such as 6C 10H AS,
     * separated by spaces or newlines.
     */
    private static ArrayList<Card> readDeck(String fileName) throws FileNotFoundException {
        ArrayList<Card> deck = new ArrayList<>();
        try (Scanner file = new Scanner(new File(fileName))) {
            while (file.hasNext()) {
                deck.add(Card.fromCode(file.next()));
            }
        }
        return deck;
    }

    /**
     * Plays a game of War: a random deal, or the deal of the deck file named on the
     * command line.
     *
     * @param args nothing, or the name of a deck file
     * @throws FileNotFoundException if the deck file cannot be read
     */
    public static void main(String[] args) throws FileNotFoundException {
        List<Card> deck = args.length > 0 ? readDeck(args[0]) : randomDeal(RANDOM);
        new Game(deck).run(new Scanner(System.in));
    }
}
