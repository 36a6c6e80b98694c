package quattrotest;

import java.util.ArrayList;

/** A player of Quattro: a name, a hand of cards, and whether a human plays it. */
public class Player {
    private final String name;
    private final boolean human;
    private final ArrayList<Card> hand = new ArrayList<>();

    /**
     * A player with no cards yet.
     *
     * @param name the player's name
     * @param human true for the human player, false for a bot
     */
    public Player(String name, boolean human) {
        this.name = name;
        this.human = human;
    }

    // ANCHOR: validate_name
    /**
     * Checks the name typed for the human player.
     *
     * @param typed what was typed
     * @return the name, without blanks around it
     * @throws NoNameException if no name was entered
     */
    public static String validateName(String typed) throws NoNameException {
        String name = typed == null ? "" : typed.trim();
        if (name.isEmpty()) {
            throw new NoNameException();
        }
        return name;
    }
    // ANCHOR_END: validate_name

    /** @return the player's name */
    public String getName() {
        return name;
    }

    /** @return whether the human plays this player */
    public boolean isHuman() {
        return human;
    }

    /** @return the cards in hand, in the order they were received */
    public ArrayList<Card> getHand() {
        return hand;
    }

    /** @return how many cards the player holds */
    public int getCardCount() {
        return hand.size();
    }

    /**
     * Adds a card to the end of the hand.
     *
     * @param card the card received
     */
    public void addCard(Card card) {
        hand.add(card);
    }

    // ANCHOR: find_playable
    /**
     * The first card of the hand that may be played on the top card (the bots play it).
     *
     * @param top the top card of the discard pile
     * @return the card, or null if none matches
     */
    public Card findPlayable(Card top) {
        for (Card card : hand) {
            if (card.matches(top)) {
                return card;
            }
        }
        return null;
    }
    // ANCHOR_END: find_playable

    // ANCHOR: select_card
    /**
     * Reads the human's selection: the code of a card in hand that matches the top card
     * (either case), or "draw" (or 0) when no card of the hand matches: the human then
     * takes the top card of the draw pile instead. A player who holds a matching card
     * plays it (rules 5 and 6), so a draw is refused while one matches.
     *
     * @param typed what was typed
     * @param top the top card of the discard pile
     * @return the card to play, or null to draw
     * @throws InvalidSelectionException if the selection cannot be played
     */
    public Card selectCard(String typed, Card top) throws InvalidSelectionException {
        String text = typed == null ? "" : typed.trim();
        if (text.isEmpty()) {
            throw new InvalidSelectionException();
        }
        if (text.equalsIgnoreCase("draw") || text.equals("0")) {
            if (findPlayable(top) != null) {
                throw new InvalidSelectionException("You can't draw while you hold a card you can play.");
            }
            return null;
        }
        for (Card card : hand) {
            if (card.toString().equalsIgnoreCase(text)) {
                if (!card.matches(top)) {
                    throw new InvalidSelectionException(card + " doesn't match the top card: play a "
                            + "card of the same colour or number as " + top + ".");
                }
                return card;
            }
        }
        throw new InvalidSelectionException("You don't hold " + text + ": choose a card from your hand.");
    }
    // ANCHOR_END: select_card
}
