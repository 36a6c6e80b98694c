import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Game, as the program the text asks for: `java Game`, each run a JVM of its own, fed
 * the answers typed at the prompt, its output read by the facts the text fixes (see
 * KitGame): the initial hands of a random deal, the prompt's three options, the hands
 * after each battle, the battles played by Enter and by a number, q, and at the end the
 * winner and the numbers of battles and wars fought, replayed from the hands shown
 * (KitReplay). Pass CardTest first: the hands are read through Card's toString.
 */
class GameTest {
    private static final String QUIT = "q\n";
    private static final int RANDOM_RUNS = 3;
    /** Enters per whole game (then q): enough for nearly every game to end. */
    private static final int ENTERS = 3000;
    /** The most whole games played, looking for each situation below. */
    private static final int MOST_GAMES = Integer.getInteger("kit.games", 48);

    private static String enters(int count) {
        return "\n".repeat(count) + QUIT + QUIT;
    }

    private static KitGame.Display initial(KitGame.Run run) {
        List<KitGame.Display> displays = KitGame.displays(run.output);
        if (displays.isEmpty() || displays.get(0).single) {
            fail(run.what() + ": upon startup Game must generate a deck of cards, deal them to the two players and"
                    + " display the initial hands (both players' cards, each shown as Card's toString, separated by"
                    + " spaces or punctuation); the output starts: " + KitGame.firstLines(run.output, 4));
        }
        KitGame.Display first = displays.get(0);
        assertEquals(26, first.one.size(), run.what() + ": the deck of 52 cards is dealt to two players: Player 1's"
                + " initial hand holds 26 cards, shown " + KitGame.show(first.one));
        String count = KitGame.missingCount(run.output, first);
        if (count != null) {
            fail(run.what() + ": the initial hands: Player's toString prints out the number of cards and the value of"
                    + " each card: no number of cards in \"" + count + "\"");
        }
        return first;
    }

    @Test
    void theInitialHandsAreDealtAtRandom() {
        List<KitGame.Run> runs = KitGame.runs(QUIT, RANDOM_RUNS);
        Set<List<Integer>> deals = new HashSet<>();
        for (KitGame.Run run : runs) {
            KitGame.Display first = initial(run);
            List<Integer> deal = new ArrayList<>(first.one);
            deal.addAll(first.two);
            deals.add(deal);
        }
        assertTrue(deals.size() == RANDOM_RUNS, RANDOM_RUNS + " runs of java Game showed " + deals.size()
                + " different initial hands: upon startup Game must generate a deck of cards and deal them"
                + " randomly to the two players (dealt at random: a new deal every run)");
    }

    @Test
    void thePromptOffersThreeOptions() {
        KitGame.Run run = KitGame.runs(QUIT, RANDOM_RUNS).get(0);
        KitGame.Display first = initial(run);
        String after = run.output.substring(first.end);
        String text = KitGame.lower(after);
        String rule = ": after the hands Game prompts the user with three options: [Enter] to play another battle, a"
                + " number to automatically play the desired number of battles, or q to quit the game; after the"
                + " hands the output is: " + KitGame.firstLines(after.trim(), 6);
        assertTrue(text.contains("enter") || text.contains("return"), run.what() + ": the prompt names [Enter]" + rule);
        assertTrue(Pattern.compile("(?<![a-z0-9])q(?![a-z0-9])|quit").matcher(text).find(),
                run.what() + ": the prompt names q" + rule);
        assertTrue(Pattern.compile("number|#|how many|(?<![a-z0-9])[nx](?![a-z0-9])|count|several").matcher(text)
                .find(), run.what() + ": the prompt offers a number of battles" + rule);
    }

    @Test
    void quittingAtOnceFoughtNoBattles() {
        for (KitGame.Run run : KitGame.runs(QUIT, RANDOM_RUNS)) {
            initial(run);
            KitReplay.Game game = KitReplay.replay(run, 0);
            assertEquals(0, game.played, run.what() + ": q quits the game before any battle");
            summary(run, game, 0, 0);
        }
    }

    /** The summary's numbers of battles and wars. */
    private static void summary(KitGame.Run run, KitReplay.Game game, long battles, long wars) {
        String end = lastLines(run.output, 4)
                + (game.shortEnd ? " (the game ended at a war where a player was short of cards: a player who must"
                + " put down a card and has none loses at once, and that war has no deciding comparison)" : "");
        long gotBattles = KitGame.summaryNumber(run.output, "battle");
        assertEquals(battles, gotBattles, run.what() + ": the number of battles fought (read from the last line that"
                + " names battles and a number; -1: none): every comparison of face-up cards is a battle, a war's"
                + " deciding comparison included; the output ends: " + end);
        long gotWars = KitGame.summaryNumber(run.output, "war");
        assertEquals(wars, gotWars, run.what() + ": the number of wars fought (read from the last line that names"
                + " wars and a number; -1: none): a tie starts a war, and each war counts once, a war of a chain"
                + " included; the output ends: " + end);
    }

    private static String lastLines(String text, int count) {
        String[] lines = text.strip().split("\n");
        StringBuilder end = new StringBuilder();
        for (int i = Math.max(0, lines.length - count); i < lines.length; i++) {
            String line = lines[i].length() > 90 ? lines[i].substring(0, 90) + "..." : lines[i];
            end.append(line).append(i + 1 < lines.length ? " / " : "");
        }
        return end.toString();
    }

    @Test
    void enterPlaysOneBattleAndQQuits() {
        for (KitGame.Run run : KitGame.runs("\n\n\n" + QUIT, 2)) {
            KitReplay.Game game = KitReplay.replay(run, 3);
            assertEquals(3, game.played, run.what() + ": each [Enter] plays one battle (the hands shown after each),"
                    + " then q quits the game");
            summary(run, game, game.battles, game.wars);
        }
    }

    @Test
    void aNumberPlaysThatManyBattles() {
        int count = 7;
        for (KitGame.Run run : KitGame.runs(count + "\n" + QUIT, 2)) {
            KitGame.Display first = initial(run);
            long battles = KitGame.summaryNumber(run.output, "battle");
            long wars = KitGame.summaryNumber(run.output, "war");
            List<String> expected = new ArrayList<>();
            boolean known = false;
            for (boolean topLast : new boolean[] {false, true}) {
                long[] counts = predict(first, topLast, count);
                if (counts != null) {
                    known = true;
                    expected.add(counts[0] + " battles and " + counts[1] + " wars (piles read top "
                            + (topLast ? "last" : "first") + ")");
                    if (counts[0] == battles && counts[1] == wars) {
                        return;
                    }
                }
            }
            if (known) {
                fail(run.what() + ": a number plays the desired number of battles (" + count + ", each with its wars):"
                        + " expected " + String.join(" or ", expected) + ", the summary says " + battles
                        + " battles and " + wars + " wars (every comparison of face-up cards is a battle, a war's"
                        + " deciding comparison included; each war counts once, a war of a chain included); the output"
                        + " ends: " + lastLines(run.output, 4));
            }
            assertTrue(battles >= count, run.what() + ": a number plays the desired number of battles: " + count
                    + " or more (wars add battles), the summary says " + battles);
        }
    }

    /** Battles and wars of count battles from the initial hands, or null if they need the won cards' order. */
    private static long[] predict(KitGame.Display first, boolean topLast, int count) {
        List<Integer> p1 = topLast ? KitReplay.reversed(first.one) : new ArrayList<>(first.one);
        List<Integer> p2 = topLast ? KitReplay.reversed(first.two) : new ArrayList<>(first.two);
        long battles = 0;
        long wars = 0;
        for (int i = 0; i < count; i++) {
            if (p1.size() < 13 || p2.size() < 13) {
                return null;
            }
            KitReplay.Battle b = KitReplay.battle(p1, p2);
            battles += b.battles;
            wars += b.wars;
            p1 = b.rest1;
            p2 = b.rest2;
        }
        return new long[] {battles, wars};
    }

    /**
     * Whole games, Enter after Enter: every battle replayed from the hands shown, then
     * the winner and the statistics. Games are played, a few at a time, until each
     * situation has been seen: a war, a chain of wars, a player short of cards at a war,
     * a game won (at most MOST_GAMES games; a correct program passes whatever is seen).
     */
    @Test
    void wholeGamesFollowTheRules() {
        int played = 0;
        boolean war = false;
        boolean chain = false;
        boolean shortEnd = false;
        boolean won = false;
        int batch = Math.max(2, KitGame.jobs());
        while (played < MOST_GAMES && !(war && chain && shortEnd && won)) {
            List<String> inputs = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                inputs.add(enters(ENTERS));
            }
            for (KitGame.Run run : KitGame.runAll(inputs)) {
                played++;
                KitReplay.Game game = KitReplay.replay(run, ENTERS);
                summary(run, game, game.battles, game.wars);
                if (game.over && game.winner != 0) {
                    winner(run, game);
                    won = true;
                }
                war |= game.war;
                chain |= game.chainedWar;
                shortEnd |= game.shortEnd;
            }
        }
        System.out.println("note: " + played + " whole games; seen: " + (war ? "" : "no ") + "war, "
                + (chain ? "" : "no ") + "chain of wars, " + (shortEnd ? "" : "no ") + "player short at a war, "
                + (won ? "" : "no ") + "game won");
        assertTrue(won, "none of " + played + " games of " + ENTERS + " battles was won: the game is played until"
                + " one of the players runs out of cards");
    }

    /** The winner named at the end: the last line that says win. */
    private static void winner(KitGame.Run run, KitReplay.Game game) {
        KitGame.Display first = game.displays.get(0);
        String one = KitGame.playerName(run.output, first.groups.get(0));
        String two = KitGame.playerName(run.output, first.groups.get(1));
        String[] lines = run.output.split("\n");
        String line = null;
        for (int i = lines.length - 1; i >= 0 && line == null; i--) {
            if (KitGame.lower(lines[i]).contains("win")) {
                line = lines[i];
            }
        }
        String rule = run.what() + ": once the game ends, print out the final winner (Player " + game.winner
                + " holds the cards: " + (game.shortEnd ? "the other could not lay a war's four cards" : "the other"
                + " has run out of cards") + ")";
        assertFalse(line == null, rule + ": no line names a winner (says win); the output ends: "
                + lastLines(run.output, 6));
        if (one == null || two == null || one.equals(two) || one.contains(two) || two.contains(one)) {
            return;
        }
        String want = game.winner == 1 ? one : two;
        String other = game.winner == 1 ? two : one;
        int win = KitGame.lower(line).indexOf("win");
        int at = nearest(line, want, win);
        int wrong = nearest(line, other, win);
        assertTrue(at >= 0 && (wrong < 0 || Math.abs(at - win) <= Math.abs(wrong - win)), rule + ": the winner is "
                + want + ", the line says: " + line);
    }

    private static int nearest(String line, String name, int at) {
        Matcher m = Pattern.compile(Pattern.quote(name) + "(?![0-9])").matcher(line);
        int best = -1;
        while (m.find()) {
            if (best < 0 || Math.abs(m.start() - at) < Math.abs(best - at)) {
                best = m.start();
            }
        }
        return best;
    }
}
