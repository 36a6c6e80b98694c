import java.util.ArrayList;

/**
 * A game of Ochos Locos (Part I rules): two or more players, a deck of
 * cards and a discard card. The players play in turn, in the order they
 * were added, each laying a card that matches the discard card or drawing
 * one from the deck.
 */
public class Game {
    private ArrayList<Player> players = new ArrayList<Player>();
    /** The deck, top card first. */
    private ArrayList<Card> deck = new ArrayList<Card>();
    private Card discardCard;
    /** Index of the current player; -1 before the first turn. */
    private int current = -1;

    /**
     * Seats a player after the players already added.
     *
     * @param player the player to add
     */
    public void addPlayer(Player player) {
        players.add(player);
    }

    /**
     * Puts a card under the deck: cards are drawn in the order they were added.
     *
     * @param card the card to add
     */
    public void addCard(Card card) {
        deck.add(card);
    }

    /**
     * @param card the card now on top of the discard pile
     */
    public void setDiscardCard(Card card) {
        discardCard = card;
    }

    /**
     * @return the card most recently played (or the starting card)
     */
    public Card getDiscardCard() {
        return discardCard;
    }

    // ANCHOR: draw_card
    /**
     * Takes the top card of the deck.
     *
     * @return the card drawn, or null if the deck is empty
     */
    public Card drawCard() {
        if (deck.isEmpty()) {
            return null;
        }
        return deck.remove(0);
    }
    // ANCHOR_END: draw_card

    /**
     * @return the player whose turn it is
     */
    public Player getCurrentPlayer() {
        return players.get(current);
    }

    /**
     * Passes the turn to the next player, back to the first after the last.
     *
     * @return the new current player
     */
    public Player nextPlayer() {
        current = (current + 1) % players.size();
        return players.get(current);
    }

    // ANCHOR: next_play
    /**
     * Plays one turn: the next player lays the card their findMatch picks,
     * which becomes the discard card, or, with no match, draws a card.
     *
     * @return the card played, or null if the player had to draw
     */
    public Card nextPlay() {
        Player player = nextPlayer();
        Card card = player.findMatch(discardCard);
        if (card == null) {
            if (!outOfCards()) {
                player.addCardToHand(drawCard());
            }
        } else {
            player.removeCardFromHand(card);
            discardCard = card;
        }
        return card;
    }
    // ANCHOR_END: next_play

    /**
     * @return true if every card of the deck has been drawn
     */
    public boolean outOfCards() {
        return deck.isEmpty();
    }

    /**
     * How a move is printed after the player's hand.
     *
     * @param card what nextPlay returned
     * @return the card played, or DRAW
     */
    public String describePlay(Card card) {
        if (card == null) {
            return "DRAW";
        }
        return card.toString();
    }
}
