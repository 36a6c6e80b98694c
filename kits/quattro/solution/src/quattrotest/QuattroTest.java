package quattrotest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Scanner;

/**
 * Quattro: the human against three bots, 40 cards, three cards each. On a turn a
 * player plays a card of the top card's colour or number, or else draws a card. The
 * first player with no cards left wins. Runs the game at the console.
 */
public class QuattroTest {
    private static final int HAND_SIZE = 3;

    private final Scanner input;
    private final ArrayList<Player> players = new ArrayList<>();
    private final ArrayList<Card> drawPile = new ArrayList<>();
    /** The discard pile; its top card is the last of the list. */
    private final ArrayList<Card> discardPile = new ArrayList<>();

    /**
     * A game reading the human's answers from input.
     *
     * @param input where the answers come from
     */
    public QuattroTest(Scanner input) {
        this.input = input;
    }

    /** @return the 40 cards: each colour R, Y, G, B with the numbers 0 to 9 */
    // ANCHOR: new_deck
    public static ArrayList<Card> newDeck() {
        ArrayList<Card> deck = new ArrayList<>();
        for (char colour : ColourCard.COLOURS.toCharArray()) {
            for (int number = 0; number <= 9; number++) {
                deck.add(new StandardColourCard(colour, number));
            }
        }
        return deck;
    }
    // ANCHOR_END: new_deck

    /**
     * Asks the human's name until a valid one is typed.
     *
     * @return the name, or null if the input ended
     */
    private String askName() {
        while (true) {
            System.out.print("What is your name? ");
            if (!input.hasNextLine()) {
                return null;
            }
            try {
                return Player.validateName(input.nextLine());
            } catch (NoNameException e) {
                System.out.println(e.getMessage());
            }
        }
    }

    /** Plays one game: the name, the deal, then turns until somebody has no cards. */
    public void play() {
        String name = askName();
        if (name == null) {
            System.out.println();
            return;
        }
        players.add(new Player(name, true));
        for (int seat = 2; seat <= 4; seat++) {
            players.add(new Player("Player " + seat, false));
        }
        drawPile.addAll(newDeck());
        Collections.shuffle(drawPile);
        for (int round = 0; round < HAND_SIZE; round++) {
            for (Player player : players) {
                player.addCard(drawPile.remove(0));
            }
        }
        discardPile.add(drawPile.remove(0));
        int turn = 0;
        while (true) {
            Player player = players.get(turn);
            if (player.isHuman()) {
                humanTurn(player);
            } else {
                botTurn(player);
            }
            if (player.getCardCount() == 0) {
                System.out.println();
                System.out.println(player.getName() + " has no cards left and wins the game!");
                return;
            }
            turn = (turn + 1) % players.size();
        }
    }

    /** @return how many cards the player holds, such as "3 cards" or "1 card" */
    private static String cards(Player player) {
        int count = player.getCardCount();
        return count + (count == 1 ? " card" : " cards");
    }

    /** @return the top card of the discard pile */
    private Card top() {
        return discardPile.get(discardPile.size() - 1);
    }

    // ANCHOR: human_turn
    /**
     * The human's turn: what the human may know, then a card to play or a draw, asked
     * again after an invalid selection (the exception's message says why).
     */
    private void humanTurn(Player human) {
        System.out.println();
        System.out.println(human.getName() + ", your turn. Top card: " + top());
        System.out.println("Your hand:");
        for (Card card : human.getHand()) {
            System.out.println("  " + card);
        }
        for (Player other : players) {
            if (other != human) {
                System.out.println(other.getName() + " holds " + cards(other) + ".");
            }
        }
        while (true) {
            System.out.print("Type the code of a card to play, or draw: ");
            if (!input.hasNextLine()) {
                System.out.println();
                System.out.println("The input ended: nobody won.");
                System.exit(1);
            }
            try {
                Card card = human.selectCard(input.nextLine(), top());
                if (card == null) {
                    Card drawn = draw(human);
                    System.out.println(drawn == null ? "There is nothing to draw: you pass." : "You draw " + drawn + ".");
                } else {
                    human.getHand().remove(card);
                    discardPile.add(card);
                    System.out.println("You play " + card + ".");
                }
                return;
            } catch (InvalidSelectionException e) {
                System.out.println(e.getMessage());
            }
        }
    }
    // ANCHOR_END: human_turn

    /** A bot's turn: the first card of its hand that matches, or else a draw. */
    private void botTurn(Player bot) {
        Card card = bot.findPlayable(top());
        if (card == null) {
            Card drawn = draw(bot);
            System.out.println(bot.getName() + (drawn == null ? " has nothing to draw and passes" : " draws a card")
                    + " (" + cards(bot) + ").");
        } else {
            bot.getHand().remove(card);
            discardPile.add(card);
            System.out.println(bot.getName() + " plays " + card + " (" + cards(bot) + ").");
        }
    }

    // ANCHOR: draw
    /**
     * Gives the player the top card of the draw pile. An empty draw pile is first
     * refilled with every discard but the top one, shuffled.
     *
     * @return the card drawn, or null if there is none
     */
    private Card draw(Player player) {
        if (drawPile.isEmpty() && discardPile.size() > 1) {
            Card top = discardPile.remove(discardPile.size() - 1);
            drawPile.addAll(discardPile);
            discardPile.clear();
            discardPile.add(top);
            Collections.shuffle(drawPile);
        }
        if (drawPile.isEmpty()) {
            return null;
        }
        Card card = drawPile.remove(0);
        player.addCard(card);
        return card;
    }
    // ANCHOR_END: draw

    /**
     * Plays a game of Quattro at the console.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        System.out.println("Welcome to Quattro! Match the top card's colour or number; the first to play all their cards wins.");
        new QuattroTest(new Scanner(System.in)).play();
    }
}
