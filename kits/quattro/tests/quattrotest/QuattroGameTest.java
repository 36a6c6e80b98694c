package quattrotest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Task 2, through the console, as the student's program is run: QuattroGames plays many
 * games of quattrotest.QuattroTest (each a fresh run of the program, in a JVM of its
 * own) as a human who plays the first matching card of a fixed order, or draws when no
 * card of the hand matches, and each test asks whether a rule of the text was broken in
 * any of them. A failure names the rule and shows the end of what the
 * program printed in the game where it was broken.
 */
class QuattroGameTest {
    static QuattroGames games() throws Exception {
        return QuattroGames.get();
    }

    static void holds(String... rules) throws Exception {
        QuattroGames games = games();
        for (String rule : rules) {
            assertNull(games.broken.get(rule), () -> games.broken.get(rule));
        }
    }

    @Test
    void eachPlayerIsDealtThreeCards() throws Exception {
        holds(QuattroGames.VIEW, QuattroGames.DEAL, QuattroGames.COUNTS);
    }

    @Test
    void theDeckHasTheFortyCards() throws Exception {
        QuattroGames games = games();
        List<String> missing = new ArrayList<>();
        for (String card : QuattroGames.deck()) {
            if (!games.seen.contains(card)) {
                missing.add(card);
            }
        }
        assertEquals(40, QuattroGames.deck().size(), "tests/data/cards.txt lists the 40 cards");
        assertTrue(missing.isEmpty(), "in " + games.games + " games the cards " + missing + " were never shown: "
                + "the deck has 40 cards, red, yellow, green and blue, each numbered 0 to 9 (shown as codes such "
                + "as R5)");
    }

    @Test
    void playersMatchTheTopCardOrDraw() throws Exception {
        holds(QuattroGames.RULES, QuattroGames.TOP_SHOWN, QuattroGames.DRAW, QuattroGames.PLAY);
    }

    /**
     * The human is told what each bot played or that it took a card (Task 2), and how many
     * cards the others hold: the kit counts each bot's hand from its moves (3 dealt, one
     * more for a card drawn, one fewer for a card played) and holds the counts shown to it.
     */
    @Test
    void theBotsMovesAndCardCountsAreShown() throws Exception {
        holds(QuattroGames.BOT_MOVES, QuattroGames.BOT_COUNTS);
    }

    /**
     * A card is in one place at a time: no card is played, or drawn, while it is on the
     * discard pile (the first card turned taken from the draw pile, the top card kept out of
     * a refilled draw pile).
     */
    @Test
    void eachCardIsInOnePlaceAtATime() throws Exception {
        holds(QuattroGames.TWICE);
    }

    @Test
    void theGameEndsWithItsWinner() throws Exception {
        holds(QuattroGames.INPUT, QuattroGames.END, QuattroGames.CRASHED, QuattroGames.NULL_CARD,
                QuattroGames.WINNER, QuattroGames.NAME_SHOWN);
    }

    @Test
    void anExhaustedDrawPileIsRefilledFromTheDiscardPileButItsTopCard() throws Exception {
        QuattroGames games = games();
        holds(QuattroGames.DRAW, QuattroGames.TOP_SHOWN, QuattroGames.CRASHED, QuattroGames.NULL_CARD,
                QuattroGames.END);
        // Too few refills to tell is no failure: with Collections.shuffle seeded the solution's
        // 400 games refill in 12; a program with its own Random may, rarely, refill less.
        assumeTrue(games.refillGames >= 3, "the draw pile ran out in only " + games.refillGames + " of "
                + games.games + " games" + (games.cutShort ? " (the kit stopped early, a rule broken: another "
                + "test says which)" : "") + ", too few to see it refilled");
        assertTrue(games.gamesOnAfterRefill > 0, "no game went on to a winner after its draw pile ran out: when "
                + "the draw pile is exhausted, the cards of the discard pile but its top card become the draw pile");
    }

    /**
     * The recycled pile is shuffled: the kit bets, at each card the human draws from the
     * first refill of a game's draw pile, that it comes in the order it was discarded (as a
     * pile not shuffled gives it); QuattroGames.recycledDraw says how. The test fails when
     * the evidence reaches {@link QuattroGames#UNSHUFFLED}, 1e9: a program that shuffles
     * does that with a chance of at most 1e-9 (one run in a billion), however many games
     * are played; a pile not shuffled reaches it in about ten of the human's draws, which
     * QuattroGames.GAMES games give many times over.
     */
    @Test
    void theRefilledDrawPileIsShuffled() throws Exception {
        QuattroGames games = games();
        assumeTrue(games.recycledDraws >= 10 || games.unshuffledEvidence >= Math.log(QuattroGames.UNSHUFFLED), "the human drew only " + games.recycledDraws + " cards from a refilled "
                + "draw pile, too few to tell whether it was shuffled (anExhaustedDrawPileIsRefilled... says why)");
        assertTrue(games.unshuffledEvidence < Math.log(QuattroGames.UNSHUFFLED), games.recycledInOrder + " of the "
                + games.recycledDraws + " cards the human drew from a refilled draw pile came in the order they had "
                + "been discarded (the card drawn d-th after the refill was the d-th discarded; a shuffled pile does "
                + "that for about one card in twenty): the recycled pile was not shuffled (the cards moved from the "
                + "discard pile to the draw pile must be randomized)");
    }

    @Test
    void theDeckIsShuffled() throws Exception {
        QuattroGames games = games();
        Set<String> distinct = new HashSet<>(games.firstViews);
        int views = games.firstViews.size();
        assertTrue(views >= games.games / 2, "the kit could read the human's first hand in only " + views + " of "
                + games.games + " games");
        assertTrue(distinct.size() >= views * 9 / 10, "the human's first hand and the first top card were the same "
                + "in " + (views - distinct.size()) + " of " + views + " games (" + games.firstViews.get(0)
                + " ...): the deck was never shuffled (the order of the cards must be randomized for every game)");
        assertEquals(views, games.firstViews.size());
    }
}
