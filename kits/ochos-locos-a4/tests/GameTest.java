import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The Game tests (Part I, step 3): the deck, the discard card, the turn
 * order, and nextPlay through whole games (tests/data/games-faciles.txt).
 * GameWithStrategiesTest plays Part II's games (games-diversidad.txt).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class GameTest {

    /** Makes the player of a name and a strategy letter (B for the basic Player). */
    interface PlayerMaker {
        Player make(String name, String letter);
    }

    /**
     * Sets up game with a game file's deal, through the methods the text names;
     * players is null for Part I's deals (no strategy letters).
     */
    static Game setUp(Game game, KitData.GameCase deal, PlayerMaker players) {
        boolean strategies = players != null;
        List<String> input = deal.input;
        int count = Integer.parseInt(input.get(0).trim());
        for (int p = 1; p <= count; p++) {
            String[] f = input.get(p).trim().split(" +");
            Player player = strategies ? players.make(f[0], f[1]) : new Player(f[0]);
            for (int c = strategies ? 2 : 1; c < f.length; c++) {
                player.addCardToHand(new Card(f[c]));
            }
            game.addPlayer(player);
        }
        game.setDiscardCard(new Card(input.get(count + 1).trim()));
        for (int i = count + 2; i < input.size(); i++) {
            for (String code : input.get(i).trim().split(" +")) {
                if (!code.isEmpty()) {
                    game.addCard(new Card(code));
                }
            }
        }
        return game;
    }

    /**
     * Plays a game file's games with nextPlay, turn by turn: the card each call
     * returns, the current player's hand after it, the discard card, and how
     * the game ends.
     */
    static void playGames(String file, String className, PlayerMaker players, GameMaker maker) {
        for (KitData.GameCase deal : KitData.games(file)) {
            Game game = setUp(maker.make(), deal, players);
            int turns = deal.expected.size() - 1;
            for (int t = 0; t < turns; t++) {
                String want = deal.expected.get(t);
                String where = className + ", game " + deal.name + " of " + file + ", turn "
                        + (t + 1) + ": ";
                Card card = game.nextPlay();
                Player player = game.getCurrentPlayer();
                // The Part III output adds the colour named after an 8, e.g. "R8 (G)".
                String move = want.substring(want.lastIndexOf(": ") + 2).replaceAll(" \\(.\\)$", "");
                String got = player + ": " + (card == null ? "DRAW" : card.toString());
                String wantPlay = want.substring(0, want.lastIndexOf(": ") + 2) + move;
                if (!got.equals(wantPlay)) {
                    fail(where + "expected the current player and the move `" + wantPlay
                            + "` (getCurrentPlayer() and what nextPlay() returned, null for DRAW), but got `"
                            + got + "`, because " + deal.why.get(t) + "." + previous(deal, t)
                            + "\nThe deal was:\n  " + deal.inputText().trim().replace("\n", "\n  "));
                }
                if (card != null) {
                    assertSame(card, game.getDiscardCard(), where + "the card played (" + card
                            + ") becomes the discard card");
                }
            }
            String end = deal.expected.get(turns);
            String where = className + ", game " + deal.name + " of " + file + ", after turn "
                    + turns + ": ";
            if (end.endsWith(" is the winner!")) {
                assertTrue(game.getCurrentPlayer().hasWon(), where + "the player who played last ("
                        + game.getCurrentPlayer() + ") has an empty hand, so hasWon() is true");
            } else {
                assertTrue(game.outOfCards(), where + "the last draw took the deck's last card,"
                        + " so outOfCards() is true");
            }
        }
    }

    /** Makes the game a test plays: a Game, or a FullGame. */
    interface GameMaker {
        Game make();
    }

    private static String previous(KitData.GameCase deal, int turn) {
        StringBuilder text = new StringBuilder();
        if (turn > 0) {
            text.append("\nThe turns before it (all correct):");
            for (int i = Math.max(0, turn - 4); i < turn; i++) {
                text.append("\n  ").append(deal.expected.get(i));
            }
        }
        return text.toString();
    }

    @Test
    @Order(1)
    public void theDiscardCard() {
        Game game = new Game();
        Card b3 = new Card("B3");
        game.setDiscardCard(b3);
        assertSame(b3, game.getDiscardCard(), "getDiscardCard() returns the card setDiscardCard set");
    }

    @Test
    @Order(2)
    public void theDeckIsDrawnInTheOrderCardsWereAdded() {
        Game game = new Game();
        String[] codes = {"G2", "Y4", "R1"};
        for (String code : codes) {
            game.addCard(new Card(code));
        }
        for (String code : codes) {
            assertFalse(game.outOfCards(), "outOfCards() is false while the deck holds cards");
            assertEquals(code, String.valueOf(game.drawCard()), "drawCard() removes and returns the"
                    + " top card: the cards added G2, Y4, R1 are drawn in that order");
        }
        assertTrue(game.outOfCards(), "outOfCards() is true once every card has been drawn");
    }

    @Test
    @Order(3)
    public void playersTakeTurnsInCyclicOrder() {
        Game game = new Game();
        Player[] players = {new Player("Alice"), new Player("Bob"), new Player("Carol")};
        for (Player player : players) {
            game.addPlayer(player);
        }
        for (int turn = 0; turn < 7; turn++) {
            Player next = game.nextPlayer();
            Player want = players[turn % 3];
            assertSame(want, next, "nextPlayer() call " + (turn + 1) + " returns " + want
                    + ": the players play in the order they were added, then the first again");
            assertSame(want, game.getCurrentPlayer(), "getCurrentPlayer() after nextPlayer() is"
                    + " the player it returned");
        }
    }

    @Test
    @Order(4)
    public void nextPlayPlaysAMatchingCard() {
        Game game = new Game();
        Player alice = PlayerTest.holding(Player::new, "Alice", "R8 G8 Y4 G2 B1");
        game.addPlayer(alice);
        game.addPlayer(new Player("Bob"));
        game.setDiscardCard(new Card("G4"));
        game.addCard(new Card("R1"));
        Card card = game.nextPlay();
        assertEquals("G8", String.valueOf(card), "nextPlay() moves to the first player, who plays"
                + " findMatch's card on G4 (G8) and returns it");
        assertEquals("Alice R8 Y4 G2 B1", alice.toString(), "the card played leaves the hand");
        assertSame(card, game.getDiscardCard(), "the card played becomes the discard card");
        assertFalse(game.outOfCards(), "a play draws nothing from the deck");
    }

    @Test
    @Order(5)
    public void nextPlayDrawsWithoutAMatch() {
        Game game = new Game();
        Player alice = PlayerTest.holding(Player::new, "Alice", "R1 B2");
        game.addPlayer(alice);
        game.addPlayer(new Player("Bob"));
        game.setDiscardCard(new Card("G4"));
        game.addCard(new Card("Y7"));
        game.addCard(new Card("G1"));
        assertNull(game.nextPlay(), "with no card matching G4, nextPlay() returns null (DRAW)");
        assertEquals("Alice R1 B2 Y7", alice.toString(), "the player draws the deck's top card"
                + " (Y7, the first added) and adds it at the end of the hand");
        assertEquals("G4", String.valueOf(game.getDiscardCard()), "a draw leaves the discard card");
    }

    @Test
    @Order(6)
    public void wholeGamesOfPlayers() {
        playGames("games-faciles.txt", "Game", null, Game::new);
    }
}
