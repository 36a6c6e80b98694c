import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Game: the deck and the deal, then battles and wars from fixed piles, call by call of
 * playBattle(), with the engine's answers (tests/data/games.txt, from war --order fixed):
 * the battles and wars fought and both hands after each battle, then the winner. Then
 * Game.main on the example decks of handout/input/ with scripted answers
 * (tests/data/main-*.txt). Pass CardTest and PlayerTest first.
 */
class GameTest {
    private static final String TAKING = "the winner of a battle takes all the cards on the table to the bottom of"
            + " their pile, in the order they were put down: the battle's two cards (Player 1's first), then each"
            + " war's cards, Player 1's four then Player 2's four (three face down, the fourth face up); a player"
            + " who must put down a card and has none loses at once";

    @Test
    void theDeckHasTheFiftyTwoCards() {
        List<Card> deck = Game.newDeck();
        Set<String> codes = new HashSet<>();
        for (Card card : deck) {
            codes.add(card.toString());
        }
        assertEquals(52, deck.size(), "the deck holds 52 cards");
        assertEquals(52, codes.size(), "the deck holds 52 different cards");
        List<Card> dealt = Game.randomDeal(new Random(7));
        Set<String> dealtCodes = new HashSet<>();
        for (Card card : dealt) {
            dealtCodes.add(card.toString());
        }
        assertEquals(codes, dealtCodes, "a random deal deals every card of the deck once");
    }

    @Test
    void theDealAlternatesFromPlayerOne() {
        List<Card> deck = new ArrayList<>();
        for (String code : "5C 5D 2C 2D 3C 3D".split(" ")) {
            deck.add(Card.fromCode(code));
        }
        Game game = new Game(deck);
        assertEquals("Player 1 (3 cards): 5C 2C 3C", game.getPlayer1().toString(),
                "cards are dealt one at a time, the first to Player 1: it gets the 1st, 3rd and 5th");
        assertEquals("Player 2 (3 cards): 5D 2D 3D", game.getPlayer2().toString(),
                "Player 2 gets the 2nd, 4th and 6th cards");
        assertFalse(game.isOver(), "a dealt game is not over");
    }

    @TestFactory
    Stream<DynamicTest> battlesAndWarsAsTheEngine() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> lines = KitData.lines("games.txt");
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("game\t")) {
                continue;
            }
            String name = lines.get(i).split("\t")[1];
            String pile1 = lines.get(i + 1).split("\t")[1];
            String pile2 = lines.get(i + 2).split("\t")[1];
            List<String[]> steps = new ArrayList<>();
            int j = i + 3;
            for (; lines.get(j).startsWith("step\t"); j++) {
                steps.add(lines.get(j).split("\t"));
            }
            String result = lines.get(j).split("\t")[1];
            tests.add(DynamicTest.dynamicTest(name, () -> replay(pile1, pile2, steps, result)));
        }
        return tests.stream();
    }

    private static Player player(int number, String pile) {
        Player player = new Player(number);
        for (String code : pile.split(" ")) {
            player.addCard(Card.fromCode(code));
        }
        return player;
    }

    private static void replay(String pile1, String pile2, List<String[]> steps, String result) {
        Game game = new Game(player(1, pile1), player(2, pile2));
        PrintStream oldOut = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            String before = game.getPlayer1() + " / " + game.getPlayer2();
            for (String[] step : steps) {
                String battle = "after battle " + step[1] + " (from " + before + "): ";
                assertFalse(game.isOver(), battle + "the game is not over yet: both players still hold cards");
                game.playBattle();
                assertEquals(step[3], game.getPlayer1().toString(), battle + "Player 1's hand: " + TAKING);
                assertEquals(step[4], game.getPlayer2().toString(), battle + "Player 2's hand: " + TAKING);
                assertEquals(Integer.parseInt(step[1]), game.getBattles(), battle + "battles fought: every"
                        + " comparison of face-up cards is a battle, a war's deciding comparison included");
                assertEquals(Integer.parseInt(step[2]), game.getWars(), battle + "wars fought: a tie starts a war,"
                        + " and each war counts once, a war of a chain included");
                before = step[3] + " / " + step[4];
            }
        } finally {
            System.setOut(oldOut);
        }
        assertTrue(game.isOver(), "the game is over: a player has run out of cards");
        if (result.startsWith("none")) {
            assertEquals(null, game.getWinner(), "nobody wins: " + result.substring(4).trim()
                    + ": both ran short at the same war with as many cards each");
        } else {
            Player winner = game.getWinner();
            assertEquals(result, winner == null ? null : winner.getName(),
                    "the winner is the player left with cards (if both run short at a war, the one who had more)");
        }
    }

    @TestFactory
    Stream<DynamicTest> mainPlaysTheExampleDecks() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int seed : new int[] {3, 11, 26}) {
            tests.add(DynamicTest.dynamicTest("deck-" + seed, () -> playMain(seed)));
        }
        return tests.stream();
    }

    /** Game.main with a deck file and scripted answers: the whole output, line by line. */
    private static void playMain(int seed) {
        List<String> data = KitData.lines("main-" + seed + ".txt");
        String answers = data.get(0).replace("\\n", "\n");
        List<String> expected = data.subList(1, data.size());
        Path deck = Path.of(System.getProperty("kit.input", "handout/input"), "deck-" + seed + ".txt");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        InputStream oldIn = System.in;
        PrintStream oldOut = System.out;
        try {
            System.setIn(new ByteArrayInputStream(answers.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Game.main(new String[] {deck.toString()}),
                    "Game.main did not end within 30 seconds");
        } finally {
            System.setIn(oldIn);
            System.setOut(oldOut);
        }
        String[] got = bytes.toString(StandardCharsets.UTF_8).replace("\r\n", "\n").split("\n", -1);
        for (int i = 0; i < expected.size(); i++) {
            String line = i < got.length ? got[i] : "(the output ended)";
            if (!line.equals(expected.get(i))) {
                fail("line " + (i + 1) + " of Game.main's output with " + deck + " and the answers "
                        + data.get(0) + ": expected `" + expected.get(i) + "`, got `" + line + "`"
                        + (i > 0 ? " (after `" + expected.get(i - 1) + "`)" : "")
                        + ". The prompt is not ended by a newline: the answer follows it; Enter plays one battle, a number (that many"
                        + " battles, each with its wars) or q; the hands are shown after each battle; the"
                        + " summary gives the winner, the battles and the wars fought");
            }
        }
    }
}
