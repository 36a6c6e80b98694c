package quattrotest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plays whole games of the student's {@code quattrotest.QuattroTest}, each a fresh run
 * of the program in a JVM of its own (QuattroRun), and notes every place where what it
 * printed breaks a rule of the text. The tests (QuattroGameTest, InvalidInputTest) ask
 * which rules were broken.
 *
 * <p>The kit's human types a name (Ann) and then, over and over, {@code draw} and the 40
 * codes in an order of the game's own ({@link #round}), all written before the game
 * starts. A program that follows the text refuses a draw while the human holds a
 * matching card, and a code not in the hand or not matching, so the human plays the first
 * matching card of that order (from the answer after the last one taken), or draws when
 * none matches; the kit works out, from the hand and the top card shown, which answer the
 * program took and which it refused (its messages may name the codes refused: they are
 * not read as cards played). The draw pile runs out in about one game in thirty, so the
 * kit plays GAMES games. What the kit reads from the output, whatever its wording (the
 * kit's decisions, in the handout's README): cards are shown by their codes (R5: the
 * colour's letter R, Y, G or B, then the number); each of the human's turns shows the
 * top card of the discard pile on a line with the word "top" (or "discard"), and the
 * human's hand; the bots' plays are shown by their codes; the human is told how many
 * cards the others hold ("3 cards"); the human plays first; the game ends with a line
 * naming the winner (a word such as "wins" or "won"); a message about a wrong answer says
 * so (a word such as not, n't, invalid, cannot, error: see {@link #REFUSAL}).
 */
final class QuattroGames {
    /** Games played (system property kit.games). */
    static final int GAMES = Integer.getInteger("kit.games", 800);
    /** Games played before the kit may stop early: a rule broken for sure (see {@link #settled}). */
    static final int MIN_GAMES = 100;
    /** The evidence that the recycled pile was not shuffled at which its test fails (QuattroGameTest). */
    static final double UNSHUFFLED = 1e9;
    /** Of those, games that first type a blank name, and games that first type wrong selections. */
    static final int NAME_PROBES = 4;
    static final int SELECTION_PROBES = 4;
    /**
     * Rounds of answers typed in a game: each round is draw, then the 40 codes in the
     * game's order; a turn takes at most one round (41 answers), so this is far more
     * turns than any game needs.
     */
    static final int ROUNDS = 300;
    /** Cards left in the draw pile after the deal: 40 less 4 x 3 dealt and the top card. */
    static final int DRAW_PILE = 40 - 4 * 3 - 1;

    static final Pattern CODE = Pattern.compile("\\b([RYGB])([0-9])\\b");
    static final Pattern TOP = Pattern.compile("(?i)\\b(top|discard)");
    static final Pattern WIN = Pattern.compile("(?i)\\bw(in|on)");
    static final Pattern COUNT = Pattern.compile("(?i)\\b(\\d+)\\s+cards?\\b");
    /** A stack trace: an exception the program did not catch (a message that names an exception is fine). */
    static final Pattern CRASH = Pattern.compile(
            "Exception in thread|\\n\\s*at [\\w$.<>]+\\((?:[\\w$]+\\.java:\\d+|Native Method|Unknown Source)\\)");
    static final Pattern NULL = Pattern.compile("\\bnull\\b");
    /**
     * A message about a wrong answer ("R3 doesn't match the top card"): a line about the top
     * card with one of these words is not the top card shown.
     */
    static final Pattern REFUSAL = Pattern.compile(
            "(?i)\\b(not|can'?t|cannot|invalid|match(es)?|try|again|error|exception|sorry|wrong|must)\\b|n't\\b");
    static final Pattern DREW = Pattern.compile("(?i)draw|drew|pick|took|take");

    /** The rules, each a key of {@link #broken}. */
    static final String VIEW = "view", DEAL = "deal", COUNTS = "counts", RULES = "rules", TOP_SHOWN = "top",
            DRAW = "draw", PLAY = "play", END = "end", CRASHED = "crash", NULL_CARD = "null", WINNER = "winner",
            NAME_SHOWN = "name shown", NAME = "name", SELECTION = "selection";

    private static QuattroGames played;

    /** The first message of each rule broken. */
    final Map<String, String> broken = new LinkedHashMap<>();
    /** Each game's first view: the human's hand (sorted) and the top card. */
    final List<String> firstViews = new ArrayList<>();
    /** Every card the games showed in the human's hand, as the top card or as a bot's play (not in messages). */
    final Set<String> seen = new HashSet<>();
    /** Games in which the draw pile ran out (as the kit counts the cards drawn). */
    int refillGames;
    /** Of those, games that went on and ended with a winner, no rule of the plays broken. */
    int gamesOnAfterRefill;
    /** Cards the human drew from a refilled draw pile, two at a time: whether the second was discarded later. */
    /**
     * The evidence that the refilled draw pile was not shuffled, as a natural logarithm
     * (see {@link #recycledDraw}); starts at 0 (log 1).
     */
    double unshuffledEvidence;
    /** The human's draws from the first refill of a game that the kit tested, and those that came in discard order. */
    int recycledDraws;
    int recycledInOrder;
    /** Games whose answers ran out before the game ended. */
    int unfinishedGames;
    int games;
    /** Whether the kit stopped before GAMES games, a rule broken for sure (see {@link #settled}). */
    boolean cutShort;
    private boolean gameBroken;

    static synchronized QuattroGames get() throws Exception {
        if (played == null) {
            QuattroGames all = new QuattroGames();
            int jobs = Math.max(1, Integer.getInteger("kit.jobs", Runtime.getRuntime().availableProcessors()));
            ExecutorService pool = Executors.newFixedThreadPool(jobs);
            try {
                // The games are started in order, a few ahead of the one analysed; once at least
                // MIN_GAMES have shown a rule broken for sure, the rest are not played.
                List<Future<QuattroRun>> runs = new ArrayList<>();
                int started = 0;
                for (int g = 0; g < GAMES; g++) {
                    while (started < GAMES && started < g + 4 * jobs) {
                        List<String> typed = input(started++);
                        runs.add(pool.submit(() -> QuattroRun.play(typed)));
                    }
                    all.analyse(g, runs.get(g).get());
                    if (g + 1 >= MIN_GAMES && all.settled()) {
                        break;
                    }
                }
            } finally {
                pool.shutdownNow();
            }
            all.cutShort = all.games < GAMES;
            played = all;
            System.out.println("note: " + all.games + " games; the draw pile ran out in " + all.refillGames
                    + "; the human's draws from a first refill: " + all.recycledDraws + ", in discard order: "
                    + all.recycledInOrder
                    + "; games whose answers ran out: " + all.unfinishedGames);
        }
        return played;
    }

    /** What the human types in game g: a name (after a blank one in some games), wrong selections in some, then ROUNDS rounds. */
    static List<String> input(int g) {
        List<String> typed = new ArrayList<>();
        if (g < NAME_PROBES) {
            typed.add("");
        }
        typed.add("Ann");
        if (g >= NAME_PROBES && g < NAME_PROBES + SELECTION_PROBES) {
            typed.add("Z9");
            typed.add("hello");
            typed.add("");
        }
        for (int i = 0; i < ROUNDS; i++) {
            typed.addAll(round(g));
        }
        return typed;
    }

    /**
     * One round of the human's answers in game g: draw, then the 40 codes in an order of
     * the game's own (shuffled with the seed g, so every run types the same). A program
     * that follows the text refuses a draw while the human holds a matching card, and a
     * code that is not in the hand or does not match; so at each turn the human plays
     * the first matching card of this order after the last answer taken, or draws when
     * none matches.
     */
    static List<String> round(int g) {
        List<String> codes = new ArrayList<>(deck());
        Collections.shuffle(codes, new java.util.Random(1000 + g));
        List<String> round = new ArrayList<>();
        round.add("draw");
        round.addAll(codes);
        return round;
    }

    /** The 40 cards' codes, from tests/data/cards.txt (written by the project's engine). */
    static final List<String> DECK = new ArrayList<>();
    /** The pairs CARD TOP where CARD may be played on TOP, from tests/data/matches.txt. */
    private static final Set<String> MATCHES = new HashSet<>();

    static synchronized List<String> deck() {
        if (DECK.isEmpty()) {
            for (String line : KitData.lines("cards.txt")) {
                DECK.add(line.split(" ")[0]);
            }
            for (String line : KitData.lines("matches.txt")) {
                String[] f = line.split(" ");
                if (f[2].equals("true")) {
                    MATCHES.add(f[0] + " " + f[1]);
                }
            }
        }
        return DECK;
    }

    /** Whether card may be played on top: the same colour or the same number (the engine's answer). */
    static boolean matches(String card, String top) {
        deck();
        return MATCHES.contains(card + " " + top);
    }

    static String probe(int g) {
        if (g < NAME_PROBES) {
            return " (it first typed a blank name, then Ann)";
        }
        if (g < NAME_PROBES + SELECTION_PROBES) {
            return " (it typed Ann, then Z9, hello and a blank line as selections, then its answers)";
        }
        return "";
    }

    private void breaks(String rule, int g, QuattroRun run, String message) {
        if (!rule.equals(DEAL) && !rule.equals(COUNTS) && !rule.equals(NAME_SHOWN)) {
            gameBroken = true;
        }
        boolean stops = rule.equals(END) || rule.equals(CRASHED) || rule.equals(WINNER) || rule.equals(NAME_SHOWN)
                || rule.equals(VIEW);
        if (stops && g < NAME_PROBES) {
            broken.putIfAbsent(NAME, "after a blank name, the program must say that a name is needed and ask "
                    + "again, then play on with the name typed next (Task 3: an exception when no name is entered, "
                    + "caught, its message shown): " + message + "\n  game " + (g + 1) + probe(g)
                    + ", the end of what it printed:\n" + run.tail(16));
        } else if (stops && g < NAME_PROBES + SELECTION_PROBES) {
            broken.putIfAbsent(SELECTION, "after a selection that is no card, the program must say so and ask "
                    + "again (Task 3: an invalid selection throws an exception, caught, and the human is advised to "
                    + "enter details again): " + message + "\n  game " + (g + 1) + probe(g)
                    + ", the end of what it printed:\n" + run.tail(16));
        }
        broken.putIfAbsent(rule, "game " + (g + 1) + probe(g) + ": " + message
                + "\n  (the kit's human types Ann, then at each turn draw, or else the first card of its hand "
                + "that matches, in an order of the game's own) the end of what the program printed:\n"
                + run.tail(16));
    }

    /** A card shown: its code, its line, its place in the line. */
    static final class Shown {
        final String card;
        final int line;
        final int at;

        Shown(String card, int line, int at) {
            this.card = card;
            this.line = line;
            this.at = at;
        }
    }

    static List<Shown> codes(String line, int index) {
        List<Shown> found = new ArrayList<>();
        Matcher code = CODE.matcher(line);
        while (code.find()) {
            String before = line.substring(Math.max(0, code.start() - 14), code.start()).toLowerCase();
            if (before.contains("e.g") || before.contains("such as") || before.contains("example")
                    || before.contains("like")) {
                continue; // an example of a code, not a card
            }
            found.add(new Shown(code.group(), index, code.start()));
        }
        return found;
    }

    /** The top card on a line: the first card after the word top (or discard), or else the last one before it. */
    static Shown top(String line, int index) {
        Matcher word = TOP.matcher(line);
        if (!word.find() || REFUSAL.matcher(line).find()) {
            return null;
        }
        Shown before = null;
        for (Shown s : codes(line, index)) {
            if (s.at > word.start()) {
                return s;
            }
            before = s;
        }
        return before;
    }

    /**
     * Whether the games so far break a rule for sure, so that more games cannot change what
     * the tests say: a rule broken, the recycled pile shown not shuffled, or the first deal
     * the same in more than one game in ten (the deck not shuffled).
     */
    boolean settled() {
        return !broken.isEmpty() || unshuffledEvidence >= Math.log(UNSHUFFLED)
                || firstViews.size() >= 20 && new HashSet<>(firstViews).size() < firstViews.size() * 9 / 10;
    }

    /** One game: what it printed, read as the kit's human played it. */
    void analyse(int g, QuattroRun run) {
        games++;
        gameBroken = false;
        String dump = System.getProperty("kit.dump");
        if (dump != null) {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(dump, "game" + (g + 1) + ".txt"), run.out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        String[] lines = run.out.split("\n", -1);
        if (!run.out.contains("Ann")) {
            breaks(NAME_SHOWN, g, run, "the human's name (Ann) is never shown: the human is told their name");
        }
        if (run.stopped != null) {
            breaks(END, g, run, "the game did not end (" + run.stopped + "): a game ends when a player has "
                    + "played their last card");
        }
        if (CRASH.matcher(run.out).find() || CRASH.matcher(run.err).find()) {
            breaks(CRASHED, g, run, "the program crashed with an exception (a stack trace): it must not crash (when the draw pile runs "
                    + "out, the cards of the discard pile but its top card become the draw pile; a wrong answer "
                    + "is told and asked again)");
        }
        if (NULL.matcher(run.out).find()) {
            breaks(NULL_CARD, g, run, "the program printed null where a card should be: a card taken from an empty "
                    + "pile? (when the draw pile runs out, it is refilled from the discard pile)");
        }
        List<Integer> topLines = new ArrayList<>();
        List<String> tops = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            Shown top = top(lines[i], i);
            if (top != null) {
                topLines.add(i);
                tops.add(top.card);
            }
        }
        if (tops.isEmpty()) {
            breaks(VIEW, g, run, "no line shows the top card of the discard pile (a line with the word top and the "
                    + "card's code, such as: Top card: R5): the human is told the top card at each turn");
            return;
        }
        int lastTop = topLines.get(topLines.size() - 1);
        boolean won = false;
        for (int i = lastTop; i < lines.length; i++) {
            won |= WIN.matcher(lines[i]).find();
        }
        int views = tops.size();
        // The codes of each stretch of output from one top line to the next.
        List<List<Shown>> segs = new ArrayList<>();
        for (int v = 0; v < views; v++) {
            int end = v + 1 < views ? topLines.get(v + 1) : lines.length;
            List<Shown> seg = new ArrayList<>();
            for (int i = topLines.get(v); i < end; i++) {
                seg.addAll(codes(lines[i], i));
            }
            segs.add(seg);
        }
        Set<String> beforeFirst = new LinkedHashSet<>();
        for (int i = 0; i < topLines.get(0); i++) {
            for (Shown s : codes(lines[i], i)) {
                beforeFirst.add(s.card);
            }
        }
        boolean handFirst = beforeFirst.size() >= 3;
        // The human's hand at each turn: the cards listed next to the top card's line
        // (and the lines they were read from).
        List<List<String>> hands = new ArrayList<>();
        List<Set<Integer>> handLines = new ArrayList<>();
        for (int v = 0; v < views; v++) {
            Set<Integer> used = new HashSet<>();
            hands.add(hand(lines, topLines.get(v), handFirst, v > 0 ? topLines.get(v - 1) : -1,
                    v + 1 < views ? topLines.get(v + 1) : lines.length, used));
            handLines.add(used);
            seen.addAll(hands.get(v));
        }
        seen.addAll(tops);
        // The deal: the human's first hand, and how many cards the others are shown holding
        // before the human answers (the first line after the hand with a card or about a draw).
        List<String> firstHand = hands.get(0);
        List<Integer> firstCounts = new ArrayList<>();
        int from = handFirst ? 0 : topLines.get(0);
        int to = handFirst ? topLines.get(0) + 1 : (views > 1 ? topLines.get(1) : lines.length);
        int firstHandEnd = handLines.get(0).isEmpty() ? topLines.get(0) : Collections.max(handLines.get(0));
        for (int i = from; i < to; i++) {
            if (!handFirst && i > Math.max(firstHandEnd, topLines.get(0))
                    && (!codes(lines[i], i).isEmpty() || DREW.matcher(lines[i]).find())) {
                break;
            }
            counts(lines[i], firstCounts);
        }
        if (firstHand.size() != 3) {
            breaks(DEAL, g, run, "the human's first turn shows the hand " + firstHand + " (" + firstHand.size()
                    + " cards) and the top card " + tops.get(0) + ": each player is dealt three cards (the kit "
                    + "reads the hand on the lines next to the top card's line)");
        }
        List<String> sorted = new ArrayList<>(firstHand);
        Collections.sort(sorted);
        firstViews.add(sorted + " " + tops.get(0));
        for (int count : firstCounts) {
            if (count != 3) {
                breaks(DEAL, g, run, "before anybody has played, the human is shown a player holding " + count
                        + " cards: each player is dealt three cards");
            }
        }
        if (!COUNT.matcher(run.out).find()) {
            breaks(COUNTS, g, run, "the human is never told how many cards the other players hold (such as: "
                    + "Player 2 holds 3 cards)");
        }
        // The answers typed after the name (and the wrong selections): ROUNDS rounds.
        List<String> answers = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            answers.addAll(round(g));
        }
        int pos = 0;
        // The turns: the human's move and the bots' plays between the human's turns, and the
        // piles as the kit counts them.
        int drawPile = DRAW_PILE;
        int discard = 1;
        boolean refilled = false;
        Map<String, Integer> discardedAt = new HashMap<>();
        discardedAt.put(tops.get(0), 0);
        int order = 1;
        // the first refill of the draw pile: its size as the kit counts it, and the draws from it so far
        int refills = 0;
        int refillSize = 0;
        int sinceRefill = 0;
        int lastRefill = -9;
        int drawn = 0;
        boolean stoppedEarly = false;
        for (int v = 0; v + 1 < views; v++) {
            List<String> handList = hands.get(v);
            Set<String> hand = new HashSet<>(handList);
            Set<String> next = new HashSet<>(hands.get(v + 1));
            String top = tops.get(v);
            // What a program that follows the text takes: the first answer from pos that is
            // draw with no matching card in hand, or a card of the hand that matches.
            boolean holdsMatch = false;
            for (String card : handList) {
                holdsMatch |= matches(card, top);
            }
            int taken = pos;
            while (taken < answers.size()) {
                String a = answers.get(taken);
                if (a.equals("draw") ? !holdsMatch : hand.contains(a) && matches(a, top)) {
                    break;
                }
                taken++;
            }
            // What the human did, as the next turn's hand shows it.
            Set<String> removed = new HashSet<>(hand);
            removed.removeAll(next);
            Set<String> fresh = new HashSet<>(next);
            fresh.removeAll(hand);
            String played = removed.size() == 1 && fresh.isEmpty() ? removed.iterator().next() : null;
            String drawnCard = played == null && fresh.size() == 1 ? fresh.iterator().next() : null;
            // The answers the program refused at this turn: the codes not in hand among them may
            // be named in its messages (not a card played).
            int accepted = taken;
            if (played != null) {
                accepted = answers.subList(pos, answers.size()).indexOf(played);
                accepted = accepted < 0 ? taken : pos + accepted;
            } else if (taken < answers.size() && !answers.get(taken).equals("draw")) {
                accepted = answers.subList(pos, answers.size()).indexOf("draw");
                accepted = accepted < 0 ? taken : pos + accepted;
            }
            List<String> refused = new ArrayList<>();
            for (int i = pos; i < Math.min(accepted, answers.size()); i++) {
                if (!answers.get(i).equals("draw") && !hand.contains(answers.get(i))) {
                    refused.add(answers.get(i));
                }
            }
            pos = accepted + 1;
            // The human's answers and the program's replies end on the line that names the card
            // played or drawn; without one, on the last of the lines that name the refused codes
            // in the order typed.
            int segEnd = topLines.get(v + 1);
            int handEnd = handFirst || handLines.get(v).isEmpty() ? topLines.get(v)
                    : Math.max(topLines.get(v), Collections.max(handLines.get(v)));
            String moved = played != null ? played : drawnCard;
            int answered = -1;
            for (int i = handEnd + 1; i < segEnd && moved != null; i++) {
                if (handLines.get(v + 1).contains(i)) {
                    break;
                }
                if (REFUSAL.matcher(lines[i]).find()) {
                    continue; // a message about a wrong answer ("You don't hold R3")
                }
                for (Shown s : codes(lines[i], i)) {
                    if (s.card.equals(moved)) {
                        // the card played: its first line; the card drawn: its last
                        answered = played != null && answered >= 0 ? answered : i;
                    }
                }
                if (played != null && answered >= 0) {
                    break;
                }
            }
            if (answered < 0) {
                answered = handEnd;
                int r = 0;
                for (int i = handEnd + 1; i < segEnd && r < refused.size(); i++) {
                    List<String> here = new ArrayList<>();
                    for (Shown s : codes(lines[i], i)) {
                        if (!hand.contains(s.card) && !next.contains(s.card) && !s.card.equals(top)) {
                            here.add(s.card);
                        }
                    }
                    if (here.isEmpty()) {
                        continue;
                    }
                    int at = refused.subList(r, refused.size()).indexOf(here.get(0));
                    if (at < 0) {
                        break;
                    }
                    r += at + 1;
                    answered = i;
                }
            }
            boolean refillNow = false;
            String previous = top;
            if (played != null) {
                // the human's play
                if (!matches(played, top)) {
                    breaks(RULES, g, run, "at the human's turn " + (v + 1) + " the program took the human's " + played
                            + " on the top card " + top + ", which it matches in neither colour nor number (rules 4 "
                            + "and 5: a card that does not match is refused)");
                    stoppedEarly = true;
                    break;
                }
                discard++;
                discardedAt.put(played, order++);
                previous = played;
            } else {
                // the human's draw
                // (a margin: the kit counts the bots' draws, in an order it cannot see)
                boolean available = drawPile > 2 || discard > 3;
                if (drawPile == 0 && discard > 1) {
                    drawPile = discard - 1;
                    discard = 1;
                    refilled = true;
                    refillNow = true;
                    refills++;
                    refillSize = drawPile;
                    sinceRefill = 0;
                }
                if (drawPile > 0) {
                    drawPile--;
                }
                drawn++;
                if (refills == 1 && drawnCard != null) {
                    recycledDraw(discardedAt.get(drawnCard), sinceRefill, refillSize);
                }
                sinceRefill++;
                if (holdsMatch && drawnCard != null) {
                    breaks(PLAY, g, run, "at the human's turn " + (v + 1) + " the human holds " + handList + " and the "
                            + "top card is " + top + ", a card that matches, yet the program took draw and the hand "
                            + "at turn " + (v + 2) + " is " + hands.get(v + 1) + " (rule 5: with a matching card "
                            + "the player plays it; only without one do they take a card from the draw pile, rule 6)");
                    stoppedEarly = true;
                    break;
                }
                if (holdsMatch && drawnCard == null) {
                    breaks(PLAY, g, run, "at the human's turn " + (v + 1) + " the human holds " + handList + " and the "
                            + "top card is " + top + ", and typed " + answers.get(taken) + " (a card of the hand that "
                            + "matches), but the hand at turn " + (v + 2) + " is " + hands.get(v + 1) + ": the card "
                            + "was not played (rule 5: a matching card selected is moved to the discard pile)");
                    stoppedEarly = true;
                    break;
                }
                if (next.size() <= hand.size() && available) {
                    breaks(DRAW, g, run, "the human holds no card that matches the top card " + top + " and typed "
                            + "draw at turn " + (v + 1) + ", but no new card came into the hand (at turn " + (v + 2)
                            + " it is " + hands.get(v + 1) + "): without a match the player takes the top card of "
                            + "the draw pile. The kit counts about " + drawn + " cards drawn since the deal, of the "
                            + DRAW_PILE + " left in the draw pile after it"
                            + (drawn >= DRAW_PILE - 3 ? ": the draw pile ran out and was not refilled from the discards "
                                    + "(when the draw pile is exhausted, the cards of the discard pile but its top card "
                                    + "become the draw pile, shuffled)" : ""));
                    stoppedEarly = true;
                    break;
                }
            }
            // the bots' plays: the cards named after the human's answers, in none of the
            // human's hands, not the top card
            List<String> plays = new ArrayList<>();
            for (Shown s : segs.get(v)) {
                if (s.line > answered && !hand.contains(s.card) && !next.contains(s.card) && !s.card.equals(top)
                        && !plays.contains(s.card)) {
                    plays.add(s.card);
                }
            }
            int botDraws = Math.max(0, 3 - plays.size());
            int discardAfter = discard + plays.size();
            for (int b = 0; b < botDraws; b++) {
                if (drawPile == 0 && discardAfter > 1) {
                    drawPile = discardAfter - 1;
                    discardAfter = 1;
                    refilled = true;
                    refillNow = true;
                    refills++;
                    // (the bots' plays after this draw are counted in the pile: up to 2 too many)
                    refillSize = drawPile;
                    sinceRefill = 0;
                }
                if (drawPile > 0) {
                    drawPile--;
                }
                drawn++;
                sinceRefill++;
            }
            discard = discardAfter;
            if (refillNow) {
                lastRefill = v;
            }
            refillNow |= lastRefill >= v - 1;
            String hint = refillNow ? " (the kit counts that the draw pile had just run out and was refilled: "
                    + "the top card of the discard pile stays on it, and play goes on from it)" : "";
            boolean fine = true;
            for (String card : plays) {
                if (!matches(card, previous)) {
                    breaks(RULES, g, run, "after the human's turn " + (v + 1) + " (top card " + top
                            + (played != null ? ", the human played " + played : "") + ") a bot played " + card
                            + " on " + previous + ", which matches it in neither colour nor number (rules 4 and 5; "
                            + "cards played in this round, in order: " + plays + ")" + hint);
                    fine = false;
                    break;
                }
                previous = card;
                discardedAt.put(card, order++);
                seen.add(card);
            }
            if (!fine) {
                stoppedEarly = true;
                break;
            }
            if (plays.size() > 3) {
                breaks(RULES, g, run, "between the human's turns " + (v + 1) + " and " + (v + 2) + " the cards "
                        + plays + " were played: the three bots play a card each at most");
                stoppedEarly = true;
                break;
            }
            if (!previous.equals(tops.get(v + 1))) {
                breaks(TOP_SHOWN, g, run, "at the human's turn " + (v + 2) + " the top card shown is " + tops.get(v + 1)
                        + ", but the last card played was " + previous + " (cards played since the human's turn "
                        + (v + 1) + ": " + (played != null ? "the human's " + played + ", then " : "") + plays
                        + "): the card played becomes the top card of the discard pile"
                        + (refillNow ? "; the kit counts that the draw pile had just run out: the top card after "
                                + "recycling must stay the same (when the draw pile is refilled, the top card stays "
                                + "on the discard pile)" : ""));
                stoppedEarly = true;
                break;
            }
        }
        // A game whose answers ran out (it never ended by itself) is not held against the
        // program here: END says so if it was stopped.
        boolean unfinished = pos >= answers.size() - 2 * 41;
        if (!stoppedEarly && run.stopped == null && run.exit != 0 && !unfinished) {
            breaks(CRASHED, g, run, "the program ended with exit status " + run.exit + ": a game that ends with a "
                    + "winner ends normally");
        }
        if (!stoppedEarly && !won && run.stopped == null && !unfinished) {
            breaks(WINNER, g, run, "the game ended without a message naming the winner (a line with a word such as "
                    + "wins or won, after the human's last turn): once a player has played their last card, the "
                    + "program says who won and the game ends");
        }
        if (unfinished) {
            unfinishedGames++;
        }
        if (refilled) {
            refillGames++;
            if (won && !gameBroken) {
                gamesOnAfterRefill++;
            }
        }
    }

    /** The weight of a test martingale's bet on a card in discard order (see recycledDraw). */
    static final double BET = 0.8;

    /**
     * A card the human drew from the first refill of the draw pile: the test of "the
     * recycled pile not shuffled". Before the first refill no card leaves the discard pile,
     * so the cards the kit saw discarded (the first top card 0, then every card played, 1,
     * 2, ...) are the refilled pile but its top card, and a pile not shuffled gives them
     * back in that order: the card drawn at place d (0 for the first card drawn after the
     * refill, by anybody) was discarded d-th. A pile shuffled uniformly gives the card at
     * place d uniformly among the pile's size - d cards left (whoever draws it: who draws
     * depends on the cards drawn before, not on this one), so it is the d-th discarded with
     * a chance p of at most 1 / (size - d), size as the kit counts it less 2 (the kit
     * counts the bots' plays after the refill in the pile). The evidence is the product,
     * over these draws of every game, of (1 - BET + BET / p) when the card came in order and
     * (1 - BET) when not: for a program that shuffles its mean is at most 1 at every step,
     * so (Ville's inequality) the chance that it ever reaches 1e9 is at most 1e-9;
     * a pile not shuffled multiplies it by about 10 at each draw.
     *
     * @param at the place of the card drawn in the discard order (null if the kit never saw it discarded)
     * @param place the place of the draw since the refill
     * @param size the size of the refilled pile as the kit counts it
     */
    private void recycledDraw(Integer at, int place, int size) {
        int left = size - 2 - place;
        if (left < 2) {
            return;
        }
        recycledDraws++;
        boolean inOrder = at != null && at == place;
        if (inOrder) {
            recycledInOrder++;
            unshuffledEvidence += Math.log(1 - BET + BET * left);
        } else {
            unshuffledEvidence += Math.log(1 - BET);
        }
    }

    /**
     * The human's hand at a turn: the codes listed on the lines after the top card's line
     * (or before it, if the hand is shown first), up to a line without a code, or a line
     * about a draw. The lines read are added to used.
     */
    static List<String> hand(String[] lines, int topLine, boolean handFirst, int previousTop, int nextTop,
            Set<Integer> used) {
        List<String> hand = new ArrayList<>();
        int step = handFirst ? -1 : 1;
        int limit = handFirst ? previousTop : nextTop;
        int skipped = 0;
        for (int i = topLine; i != limit && i >= 0 && i < lines.length; i += step) {
            List<Shown> here = codes(lines[i], i);
            if (i == topLine) {
                Shown top = top(lines[i], i);
                here.removeIf(s -> handFirst ? s.at >= top.at : s.at <= top.at);
            } else if (DREW.matcher(lines[i]).find() && !here.isEmpty()) {
                break;
            }
            if (here.isEmpty()) {
                if (!hand.isEmpty() && i != topLine || ++skipped > 3) {
                    break;
                }
                continue;
            }
            used.add(i);
            for (Shown s : here) {
                if (!hand.contains(s.card)) {
                    hand.add(s.card);
                }
            }
        }
        return hand;
    }

    private static void counts(String line, List<Integer> into) {
        Matcher count = COUNT.matcher(line);
        while (count.find()) {
            into.add(Integer.parseInt(count.group(1)));
        }
    }
}
