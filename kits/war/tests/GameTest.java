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
    /**
     * The most runs made to see a war in a test of a few battles: a run of 7 or 8
     * battles is judged with a war about one time in three, so 40 runs all without one
     * happen less than once in a million.
     */
    private static final int MOST_RUNS = 40;
    /** Enters per run of enterPlaysOneBattleAndQQuits. */
    private static final int ENTER_BATTLES = 8;

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

    /**
     * Enters then q: each battle replayed from the hands before it, and the summary.
     * Runs are made until two have been judged, and among them a war and an ace against a
     * lower card (where the usual mistakes show; at most MOST_RUNS); a run whose battles
     * hold a chain of wars or a player short at a war is not judged (the whole games judge
     * those), so that a regrade gives the same verdict.
     */
    @Test
    void enterPlaysOneBattleAndQQuits() {
        int runs = 0;
        int judged = 0;
        boolean war = false;
        boolean ace = false;
        while (runs < MOST_RUNS && (judged < 2 || !war || !ace)) {
            for (KitGame.Run run : KitGame.runAll(batch("\n".repeat(ENTER_BATTLES) + QUIT))) {
                runs++;
                KitReplay.Game game = KitReplay.replay(run, ENTER_BATTLES, false);
                if (game.unjudged) {
                    continue;
                }
                judged++;
                war |= game.war;
                ace |= game.ace;
                // A game over within the Enters (a player out of cards) shows fewer battles, rightly.
                assertEquals(ENTER_BATTLES, game.over ? ENTER_BATTLES : game.played, run.what() + ": each [Enter]"
                        + " plays one battle (the hands shown after each), then q quits the game");
                summary(run, game, game.battles, game.wars);
            }
        }
        System.out.println("note: Enter: " + runs + " runs, " + judged + " judged, " + (war ? "" : "no ") + "war, "
                + (ace ? "" : "no ") + "ace against a lower card seen");
        assertTrue(judged > 0, runs + " runs of java Game with Enters then q could not be judged: each held a chain"
                + " of wars or a player short of cards");
    }

    /**
     * 7 then q: the summary's counts must be those of seven battles and their wars,
     * replayed from the initial hands (or, as the text allows wars to add battles or
     * not, of the fewest battles with their wars that make 7 or more comparisons).
     * Which end of a listed pile is its top is decided on the hands shown after the
     * battles (the cards not played must still lead each pile, the won ones follow in
     * any order), never by keeping whichever reading agrees. Only what the screen fixes
     * is judged: a run whose battles would need the order of won cards, or hold a chain
     * of wars or a player short at a war (the whole games judge those), is not; runs are
     * made until two have been judged, and among them a war and an ace against a lower
     * card (at most MOST_RUNS), so that a regrade gives the same verdict.
     */
    @Test
    void aNumberPlaysThatManyBattles() {
        int count = 7;
        int runs = 0;
        int judged = 0;
        boolean war = false;
        boolean ace = false;
        while (runs < MOST_RUNS && (judged < 2 || !war || !ace)) {
            for (KitGame.Run run : KitGame.runAll(batch(count + "\n" + QUIT))) {
                runs++;
                Prediction p = judge(run, count);
                if (p != null) {
                    judged++;
                    war |= p.wars > 0;
                    ace |= p.ace;
                }
            }
        }
        System.out.println("note: a number of battles: " + runs + " runs, " + judged + " judged, " + (war ? "" : "no ")
                + "war, " + (ace ? "" : "no ") + "ace against a lower card seen");
        assertTrue(judged > 0, runs + " runs of java Game with the answers \"" + count + "\\nq\\n\" could not be"
                + " judged: each needed the order of won cards, or held a chain of wars or a player short of cards");
    }

    private static List<String> batch(String input) {
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < Math.max(2, KitGame.jobs()); i++) {
            inputs.add(input);
        }
        return inputs;
    }

    /** Judges one run of count then q: the prediction it matched, or null if it cannot be judged. */
    private static Prediction judge(KitGame.Run run, int count) {
        KitGame.Display first = initial(run);
        long battles = KitGame.summaryNumber(run.output, "battle");
        long wars = KitGame.summaryNumber(run.output, "war");
        List<KitGame.Display> displays = KitReplay.shown(run.output);
        KitGame.Display lost = KitGame.partial(run.output, displays.get(displays.size() - 1).end);
        if (lost != null && displays.size() > 1) {
            // Hands shown after some battles, then hands that are not the 52 cards: the
            // replay names the battle that lost (or doubled) cards.
            KitReplay.replay(run, count, false);
            return null;
        }
        if (displays.size() > 2) {
            return replayed(run, count, displays, battles, wars);
        }
        KitGame.Display last = displays.get(displays.size() - 1);
        String notTheDeck = null;
        if (last == first || last.sameAs(first)) {
            last = KitGame.partial(run.output, first.end);
            notTheDeck = last == null ? null : KitGame.notTheDeck(last);
        }
        List<Prediction> candidates = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (boolean topLast : new boolean[] {false, true}) {
            List<Prediction> ways = predict(first, topLast, count);
            if (ways == null) {
                return null;
            }
            for (Prediction p : ways) {
                String problem = last == null || p.over ? null : p.check(last, topLast);
                if (problem == null) {
                    candidates.add(p);
                } else {
                    problems.add(problem + " (" + p.reading() + ")");
                }
            }
        }
        if (candidates.isEmpty()) {
            fail(run.what() + ": the hands shown after the " + count + " battles do not follow from the initial hands "
                    + KitGame.show(first.one) + " / " + KitGame.show(first.two) + ": "
                    + (notTheDeck == null ? "" : notTheDeck + "; ") + problems.get(0) + ": " + KitGame.TAKING);
        }
        List<String> expected = new ArrayList<>();
        for (Prediction p : candidates) {
            if (p.battles == battles && p.wars == wars) {
                return p;
            }
            String e = p.battles + " battles and " + p.wars + " wars (" + p.reading() + ")";
            if (!expected.contains(e)) {
                expected.add(e);
            }
        }
        return fail(run.what() + ": a number plays the desired number of battles (" + count + ", each with its wars,"
                + " or wars' battles counted among them): expected " + String.join(" or ", expected)
                + ", the summary says " + battles + " battles and " + wars + " wars (every comparison of face-up cards"
                + " is a battle, a war's deciding comparison included; each war counts once); the output ends: "
                + lastLines(run.output, 4));
    }

    /**
     * A run that shows the hands after each battle a number plays: each battle replayed
     * from the hands before it (so a failure names the battle and its rule), then the
     * battles played and the summary's counts. Null if not to be judged here.
     */
    private static Prediction replayed(KitGame.Run run, int count, List<KitGame.Display> displays, long battles,
            long wars) {
        KitReplay.Game game = KitReplay.replay(run, displays.size() - 1, false);
        if (game.unjudged) {
            return null;
        }
        boolean asked = game.played == count || game.played < count && game.over
                || game.played < count && game.battles >= count && game.battles - game.lastBattles < count;
        assertTrue(asked, run.what() + ": a number plays the desired number of battles (" + count + ", each with its"
                + " wars, or wars' battles counted among them): the hands were shown after " + game.played
                + " battles (" + game.battles + " comparisons of face-up cards)");
        if (game.battles != battles || game.wars != wars) {
            fail(run.what() + ": a number plays the desired number of battles (" + count + ", each with its wars): the"
                    + " hands shown after each are " + game.battles + " battles and " + game.wars + " wars, the"
                    + " summary says " + battles + " battles and " + wars + " wars (every comparison of face-up cards"
                    + " is a battle, a war's deciding comparison included; each war counts once); the output ends: "
                    + lastLines(run.output, 4));
        }
        Prediction p = new Prediction();
        p.battles = game.battles;
        p.wars = game.wars;
        p.ace = game.ace;
        return p;
    }

    /**
     * Battles from the initial hands, as far as the screen fixes them: each pile is the
     * cards not yet played (in order) then the cards won (in an order of the program's).
     */
    private static final class Prediction {
        boolean topLast;
        /** Battles asked for with their wars, or battles until the comparisons reach the number. */
        boolean warsIncluded;
        List<Integer> rest1;
        List<Integer> rest2;
        Set<Integer> won1 = new HashSet<>();
        Set<Integer> won2 = new HashSet<>();
        long battles;
        long wars;
        /** A player ran out of cards (then the hands after it are not checked). */
        boolean over;
        /** An ace was compared with a lower card. */
        boolean ace;

        Prediction copy(boolean includingWars) {
            Prediction p = new Prediction();
            p.topLast = topLast;
            p.warsIncluded = includingWars;
            p.rest1 = new ArrayList<>(rest1);
            p.rest2 = new ArrayList<>(rest2);
            p.won1 = new HashSet<>(won1);
            p.won2 = new HashSet<>(won2);
            p.battles = battles;
            p.wars = wars;
            p.over = over;
            p.ace = ace;
            return p;
        }

        String reading() {
            return "piles read top " + (topLast ? "last" : "first")
                    + (warsIncluded ? ", wars' battles counted among the number" : "");
        }

        /** Whether the hands shown (read this way) are the unplayed cards then the won ones. */
        String check(KitGame.Display shown, boolean topLast) {
            List<Integer> one = topLast ? KitReplay.reversed(shown.one) : new ArrayList<>(shown.one);
            List<Integer> two = topLast ? KitReplay.reversed(shown.two) : new ArrayList<>(shown.two);
            String problem = pile(1, one, rest1, won1);
            return problem != null ? problem : pile(2, two, rest2, won2);
        }

        private static String pile(int player, List<Integer> shown, List<Integer> rest, Set<Integer> won) {
            if (shown.size() != rest.size() + won.size()) {
                return "Player " + player + " should hold " + (rest.size() + won.size()) + " cards, the hands show "
                        + shown.size();
            }
            if (!shown.subList(0, rest.size()).equals(rest)) {
                return "Player " + player + "'s pile should start with the cards not played " + KitGame.show(rest)
                        + ", the hands show " + KitGame.show(shown);
            }
            if (!new HashSet<>(shown.subList(rest.size(), shown.size())).equals(won)) {
                return "Player " + player + " should have the cards won " + KitGame.show(new ArrayList<>(won))
                        + " at the bottom of the pile (in any order), the hands show " + KitGame.show(shown);
            }
            return null;
        }
    }

    /**
     * count battles from the initial hands, and the fewest whose comparisons reach
     * count (the same if no war): null if they need the order of won cards or hold a
     * chain of wars or a player short at a war.
     */
    private static List<Prediction> predict(KitGame.Display first, boolean topLast, int count) {
        Prediction p = new Prediction();
        p.topLast = topLast;
        p.rest1 = topLast ? KitReplay.reversed(first.one) : new ArrayList<>(first.one);
        p.rest2 = topLast ? KitReplay.reversed(first.two) : new ArrayList<>(first.two);
        List<Prediction> ways = new ArrayList<>();
        for (int i = 0; i < count && !p.over; i++) {
            if (p.rest1.isEmpty() || p.rest2.isEmpty()) {
                return null;
            }
            KitReplay.Battle b = KitReplay.battle(p.rest1, p.rest2);
            if (b.shortAtWar || b.wars > 1) {
                return null;
            }
            p.battles += b.battles;
            p.wars += b.wars;
            p.ace |= b.ace;
            p.rest1 = b.rest1;
            p.rest2 = b.rest2;
            (b.taker == 1 ? p.won1 : p.won2).addAll(b.table);
            p.over = p.rest1.isEmpty() && p.won1.isEmpty() || p.rest2.isEmpty() && p.won2.isEmpty();
            if (ways.isEmpty() && p.battles >= count && i + 1 < count) {
                ways.add(p.copy(true));
            }
        }
        ways.add(0, p.copy(false));
        return ways;
    }

    /**
     * Whole games, Enter after Enter: every battle replayed from the hands shown, then
     * the winner and the statistics. Games are played, a few at a time, until each
     * situation has been seen: a war, a chain of wars, a player short of cards at a war
     * still holding some (with none, "out" and "lays what they have" end alike), a game
     * won (at most MOST_GAMES games; a correct program passes whatever is seen).
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
                shortEnd |= game.shortWithCards;
            }
        }
        System.out.println("note: " + played + " whole games; seen: " + (war ? "" : "no ") + "war, "
                + (chain ? "" : "no ") + "chain of wars, " + (shortEnd ? "" : "no ") + "player short at a war with cards left, "
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
