import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of War replayed on the hands a run shows: from Player 1's and Player 2's
 * piles (top card first) one battle, with the wars it sets off. The cards played come
 * from the top, which the hands shown fix; the order of the won cards at the bottom is
 * the student's (the text: any order), so after each battle the replay takes the piles
 * the program shows, once checked.
 */
final class KitReplay {
    /** What one battle (and its wars) does. */
    static final class Battle {
        List<Integer> rest1;
        List<Integer> rest2;
        final List<Integer> table = new ArrayList<>();
        /** 1 or 2: who takes the table; 0: nobody (both short with as many cards). */
        int taker;
        int battles;
        int wars;
        boolean over;
        /** 1, 2, or 0 for nobody, once over. */
        int winner;
        boolean shortAtWar;
        /**
         * A player short at a war still held a card or more (where "lays what they have and
         * plays on" differs from "is out"; with none, both readings end the game alike).
         */
        boolean shortWithCards;
        /** The face-up cards last compared. */
        int face1;
        int face2;
        /** An ace was compared with a lower card (where aces-low and the like show). */
        boolean ace;
        String story;
    }

    private KitReplay() {
    }

    static Battle battle(List<Integer> one, List<Integer> two) {
        Battle b = new Battle();
        List<Integer> p1 = new ArrayList<>(one);
        List<Integer> p2 = new ArrayList<>(two);
        int c1 = p1.remove(0);
        int c2 = p2.remove(0);
        b.table.add(c1);
        b.table.add(c2);
        b.battles = 1;
        StringBuilder story = new StringBuilder("Player 1 plays " + KitGame.name(c1) + ", Player 2 plays "
                + KitGame.name(c2));
        b.face1 = c1;
        b.face2 = c2;
        b.ace = KitCards.value(c1) == 14 ^ KitCards.value(c2) == 14;
        int result = Integer.compare(KitCards.value(c1), KitCards.value(c2));
        while (result == 0) {
            b.wars++;
            story.append("; a tie: war ").append(b.wars);
            if (p1.size() < 4 || p2.size() < 4) {
                b.shortAtWar = true;
                b.shortWithCards = p1.size() < 4 && !p1.isEmpty() || p2.size() < 4 && !p2.isEmpty();
                b.over = true;
                b.winner = p1.size() > p2.size() ? 1 : p2.size() > p1.size() ? 2 : 0;
                story.append(" with ").append(p1.size()).append(" and ").append(p2.size())
                        .append(" cards left: ").append(b.winner == 0 ? "nobody wins" : "Player " + b.winner + " wins");
                b.taker = -1;
                b.rest1 = p1;
                b.rest2 = p2;
                b.story = story.toString();
                return b;
            }
            List<Integer> laid1 = new ArrayList<>(p1.subList(0, 4));
            List<Integer> laid2 = new ArrayList<>(p2.subList(0, 4));
            p1.subList(0, 4).clear();
            p2.subList(0, 4).clear();
            b.table.addAll(laid1);
            b.table.addAll(laid2);
            b.battles++;
            story.append(", fourth cards ").append(KitGame.name(laid1.get(3))).append(" and ")
                    .append(KitGame.name(laid2.get(3)));
            b.face1 = laid1.get(3);
            b.face2 = laid2.get(3);
            b.ace |= KitCards.value(b.face1) == 14 ^ KitCards.value(b.face2) == 14;
            result = Integer.compare(KitCards.value(b.face1), KitCards.value(b.face2));
        }
        b.taker = result > 0 ? 1 : 2;
        story.append(": Player ").append(b.taker).append(" takes ").append(b.table.size()).append(" cards");
        b.rest1 = p1;
        b.rest2 = p2;
        if (p1.isEmpty() && b.taker == 2 || p2.isEmpty() && b.taker == 1) {
            b.over = true;
            b.winner = b.taker;
            story.append("; Player ").append(3 - b.taker).append(" has no cards left");
        }
        b.story = story.toString();
        return b;
    }

    /** The piles expected after the battle, the won cards at the bottom in the order shown. */
    static String check(Battle b, int player, List<Integer> shown) {
        List<Integer> rest = player == 1 ? b.rest1 : b.rest2;
        int expected = rest.size() + (b.taker == player ? b.table.size() : 0);
        if (shown.size() != expected) {
            return "Player " + player + " should hold " + expected + " cards, the hands show " + shown.size();
        }
        if (!shown.subList(0, rest.size()).equals(rest)) {
            return "Player " + player + "'s pile should start with the cards not played " + KitGame.show(rest)
                    + ", the hands show " + KitGame.show(shown);
        }
        if (b.taker == player) {
            Set<Integer> bottom = new HashSet<>(shown.subList(rest.size(), shown.size()));
            if (!bottom.equals(new HashSet<>(b.table))) {
                return "Player " + player + " should have the cards of the table " + KitGame.show(b.table)
                        + " at the bottom of the pile (in any order), the hands show " + KitGame.show(shown);
            }
        }
        return null;
    }

    /** What is wrong with both piles shown after the battle, or null. */
    static String check(Battle b, List<Integer> one, List<Integer> two) {
        String problem = check(b, 1, one);
        return problem != null ? problem : check(b, 2, two);
    }

    /**
     * The rule the piles shown after a battle break, as precisely as they tell: the
     * comparison if they are what the other player's taking the table would give, a tie
     * if they are a plain battle's where a war was due, else the war or the top cards.
     */
    static String rule(List<Integer> p1, List<Integer> p2, Battle b, List<Integer> one, List<Integer> two) {
        int c1 = p1.get(0);
        int c2 = p2.get(0);
        Battle other = swapped(b);
        if (check(other, one, two) == null) {
            int high = b.taker == 1 ? b.face1 : b.face2;
            int low = b.taker == 1 ? b.face2 : b.face1;
            return KitGame.name(high) + " is higher than " + KitGame.name(low) + ": " + KitGame.HIGHER;
        }
        if (b.wars == 0) {
            return KitGame.TOP + "; " + KitGame.HIGHER;
        }
        for (int taker = 1; taker <= 2; taker++) {
            if (check(plain(p1, p2, taker), one, two) == null) {
                return KitGame.name(c1) + " and " + KitGame.name(c2) + " have the same value (suits make no"
                        + " difference): " + KitGame.WAR;
            }
        }
        return KitGame.WAR;
    }

    /** The same battle, the other player taking the table. */
    private static Battle swapped(Battle b) {
        Battle other = new Battle();
        other.rest1 = b.rest1;
        other.rest2 = b.rest2;
        other.table.addAll(b.table);
        other.taker = 3 - b.taker;
        return other;
    }

    /** A battle without a war that taker wins. */
    private static Battle plain(List<Integer> p1, List<Integer> p2, int taker) {
        Battle b = new Battle();
        b.rest1 = new ArrayList<>(p1.subList(1, p1.size()));
        b.rest2 = new ArrayList<>(p2.subList(1, p2.size()));
        b.table.add(p1.get(0));
        b.table.add(p2.get(0));
        b.taker = taker;
        return b;
    }

    static List<Integer> reversed(List<Integer> cards) {
        List<Integer> copy = new ArrayList<>(cards);
        Collections.reverse(copy);
        return copy;
    }

    /** What a whole run did, replayed from its displays. */
    static final class Game {
        long battles;
        long wars;
        int played;
        boolean over;
        int winner;
        boolean war;
        boolean chainedWar;
        boolean shortEnd;
        /** The game ended at a war where the short player still held a card or more. */
        boolean shortWithCards;
        /** An ace was compared with a lower card. */
        boolean ace;
        boolean topLast;
        /** The comparisons of the last battle played (1, or more with its wars). */
        long lastBattles;
        /** Replay stopped at a chain of wars or a player short at a war, not to be judged here. */
        boolean unjudged;
        List<KitGame.Display> displays;
    }

    /**
     * Replays a run whose answers are Enter only (one battle each) then q: every
     * display after the first must follow from the one before by one battle. Fails with
     * the rule broken, or gives what happened. Unless rare, the replay stops (unjudged)
     * at a battle with a chain of wars or a player short at a war: a test of a few
     * battles sees those by luck, and a regrade must give the same verdict.
     */
    static Game replay(KitGame.Run run, int enters) {
        return replay(run, enters, true);
    }

    static Game replay(KitGame.Run run, int enters, boolean rare) {
        List<KitGame.Display> displays = shown(run.output);
        if (displays.isEmpty() || displays.get(0).single || displays.get(0).one.size() != 26) {
            fail(run.what() + ": Game must display the initial hands: both players' 26 cards, shown as Card's"
                    + " toString, separated by spaces or punctuation; the output starts: "
                    + KitGame.firstLines(run.output, 4));
        }
        String first = null;
        for (boolean topLast : new boolean[] {false, true}) {
            try {
                Game game = replay(run, displays, enters, topLast, rare);
                game.displays = displays;
                return game;
            } catch (AssertionError e) {
                if (first == null) {
                    first = e.getMessage();
                }
            }
        }
        return fail(first);
    }

    /** The hands shown, in order, a display the same as the one before it left out. */
    static List<KitGame.Display> shown(String output) {
        List<KitGame.Display> displays = new ArrayList<>();
        for (KitGame.Display d : KitGame.displays(output)) {
            if (displays.isEmpty() || !d.sameAs(displays.get(displays.size() - 1))) {
                displays.add(d);
            }
        }
        return displays;
    }

    private static Game replay(KitGame.Run run, List<KitGame.Display> displays, int enters, boolean topLast,
            boolean rare) {
        Game game = new Game();
        game.topLast = topLast;
        List<Integer> p1 = top(displays.get(0).one, topLast);
        List<Integer> p2 = top(displays.get(0).two, topLast);
        for (int k = 1; k < displays.size() && !game.over; k++) {
            KitGame.Display d = displays.get(k);
            Battle b = battle(p1, p2);
            if (!rare && (b.shortAtWar || b.wars > 1)) {
                game.unjudged = true;
                return game;
            }
            String where = run.what() + ", the hands shown after battle " + (game.battles + 1) + ": ";
            String story = "; the battle, from " + KitGame.show(p1) + " / " + KitGame.show(p2) + ": " + b.story;
            add(game, b);
            if (b.shortAtWar) {
                if (k + 1 < displays.size()) {
                    fail(where + "the game goes on (more hands are shown), but a player who must put down a card and"
                            + " has none loses at once: a player short of a war's four cards is out (both short: the"
                            + " one with fewer cards loses; as many each: no winner)" + story);
                }
                break;
            }
            List<Integer> one;
            List<Integer> two;
            if (d.single) {
                int holder = b.rest1.size() + (b.taker == 1 ? b.table.size() : 0) == 52 ? 1 : 2;
                one = holder == 1 ? top(d.one, topLast) : List.of();
                two = holder == 2 ? top(d.one, topLast) : List.of();
            } else {
                one = top(d.one, topLast);
                two = top(d.two, topLast);
            }
            String problem = check(b, one, two);
            if (problem != null) {
                fail(where + problem + ": " + rule(p1, p2, b, one, two) + story);
            }
            String count = KitGame.missingCount(run.output, d);
            if (count != null) {
                fail(where + "Player's toString prints out the number of cards and the value of each card: no number"
                        + " of cards in \"" + count + "\"" + story);
            }
            p1 = one;
            p2 = two;
        }
        if (game.played > enters) {
            fail(run.what() + ": " + game.played + " battles were shown for " + enters + " answers: [Enter] plays one"
                    + " battle and q quits the game");
        }
        if (!game.over && game.played < enters) {
            Battle b = battle(p1, p2);
            if (!rare && (b.shortAtWar || b.wars > 1)) {
                game.unjudged = true;
                return game;
            }
            if (!b.over) {
                KitGame.Display d = KitGame.partial(run.output, displays.get(displays.size() - 1).end);
                if (d != null) {
                    List<Integer> one = top(d.one, topLast);
                    List<Integer> two = top(d.two, topLast);
                    String taking = check(b, one, two);
                    fail(run.what() + ", the hands shown after battle " + (game.battles + 1) + ": "
                            + KitGame.notTheDeck(d) + (taking == null ? "" : "; " + taking + ": "
                            + rule(p1, p2, b, one, two)) + "; the battle, from " + KitGame.show(p1) + " / "
                            + KitGame.show(p2) + ": " + b.story);
                }
                fail(run.what() + ": the game goes on after battle " + game.battles + ", but the output shows the"
                        + " hands (both players' cards, the 52 cards) after only " + game.played + " of the "
                        + enters + " answers: after a battle, Game should show the updated hands and prompt the"
                        + " user; [Enter] plays another battle");
            }
            add(game, b);
        }
        return game;
    }

    private static void add(Game game, Battle b) {
        game.lastBattles = b.battles;
        game.played++;
        game.battles += b.battles;
        game.wars += b.wars;
        game.war |= b.wars > 0;
        game.ace |= b.ace;
        game.chainedWar |= b.wars > 1;
        game.shortEnd |= b.shortAtWar;
        game.shortWithCards |= b.shortWithCards;
        game.over = b.over;
        game.winner = b.winner;
    }

    private static List<Integer> top(List<Integer> shown, boolean topLast) {
        return topLast ? reversed(shown) : new ArrayList<>(shown);
    }
}
