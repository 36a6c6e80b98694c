import java.util.ArrayList;
import java.util.List;

/**
 * A player of War and their face-down pile of cards, held in an ArrayList: the top card
 * is the first of the list; won cards go to the bottom, the end of the list.
 */
public class Player {
    private final String name;
    private final ArrayList<Card> pile = new ArrayList<>();

    /**
     * A player with no cards yet.
     *
     * @param number the player's number: player 1 is "Player 1"
     */
    public Player(int number) {
        this.name = "Player " + number;
    }

    /** @return the player's name, such as "Player 1" */
    public String getName() {
        return name;
    }

    /** @return how many cards the player holds */
    public int getCardCount() {
        return pile.size();
    }

    /** @return whether the player holds any card */
    public boolean hasCards() {
        return !pile.isEmpty();
    }

    /**
     * Puts a card at the bottom of the pile.
     *
     * @param card the card
     */
    public void addCard(Card card) {
        pile.add(card);
    }

    /**
     * Puts cards at the bottom of the pile, in their order.
     *
     * @param cards the cards
     */
    public void addCards(List<Card> cards) {
        pile.addAll(cards);
    }

    /**
     * Takes the top card of the pile.
     *
     * @return the top card
     * @throws IllegalStateException if the player has no cards
     */
    public Card playCard() {
        if (pile.isEmpty()) {
            throw new IllegalStateException(name + " has no cards to play");
        }
        return pile.remove(0);
    }

    /** @return the number of cards and every card, top first: "Player 1 (3 cards): 6C 10H AS" */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(name + " (" + pile.size() + (pile.size() == 1 ? " card)" : " cards)"));
        for (int i = 0; i < pile.size(); i++) {
            text.append(i == 0 ? ": " : " ").append(pile.get(i));
        }
        return text.toString();
    }
}
