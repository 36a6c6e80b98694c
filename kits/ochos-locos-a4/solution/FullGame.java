/**
 * A game of Ochos Locos with the 8-card and 2-card rules (Part III).
 *
 * 8-card rule: a player who lays an 8 names the colour they hold most of
 * (ties: R, then Y, G, B); the next player must play that colour or an 8.
 * 2-card rule: after a 2, the next player plays the first 2 of their hand;
 * without one they miss the turn and draw two cards for every 2 just played
 * in a row.
 */
public class FullGame extends Game {
    /** No colour named: the discard card is matched as it is. */
    private static final char NONE = ' ';

    private char chosenColor = NONE;
    /** The 2s played in a row that the next player must answer. */
    private int twos = 0;

    // ANCHOR: next_play
    /**
     * Plays one turn under the 8-card and 2-card rules.
     *
     * @return the card played, or null if the player drew or missed the turn
     */
    @Override
    public Card nextPlay() {
        Player player = nextPlayer();
        if (twos > 0) {
            Card two = player.findTwo();
            if (two == null) {
                for (int i = 0; i < 2 * twos && !outOfCards(); i++) {
                    player.addCardToHand(drawCard());
                }
                twos = 0;
                return null;
            }
            lay(player, two);
            return two;
        }
        Card target = getDiscardCard();
        if (chosenColor != NONE) {
            // Matching an 8 of the named colour: that colour, or any 8.
            target = new Card(chosenColor + "8");
        }
        Card card = player.findMatch(target);
        if (card == null) {
            if (!outOfCards()) {
                player.addCardToHand(drawCard());
            }
            return null;
        }
        lay(player, card);
        return card;
    }
    // ANCHOR_END: next_play

    // ANCHOR: lay
    /**
     * Lays a card: it leaves the hand and becomes the discard card; an 8
     * names a colour (none if it was the last card), a 2 adds to the run.
     */
    private void lay(Player player, Card card) {
        // The colour is counted before the 8 leaves the hand.
        char color = player.mostHeldColor();
        player.removeCardFromHand(card);
        setDiscardCard(card);
        if (card.getNumber() == 8 && !player.hasWon()) {
            chosenColor = color;
        } else {
            chosenColor = NONE;
        }
        if (card.getNumber() == 2) {
            twos++;
        } else {
            twos = 0;
        }
    }
    // ANCHOR_END: lay

    /**
     * @param card what nextPlay returned
     * @return the card played with the colour named after an 8, e.g.
     *         "R8 (G)", or DRAW
     */
    @Override
    public String describePlay(Card card) {
        if (card != null && card.getNumber() == 8 && chosenColor != NONE) {
            return card + " (" + chosenColor + ")";
        }
        return super.describePlay(card);
    }
}
