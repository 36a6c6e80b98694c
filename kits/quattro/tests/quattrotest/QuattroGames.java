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
 * <p>The kit's human types a name (Ann) and then, over and over, {@code draw}, the 40
 * codes in an order of the game's own and the places 1 to 40 ({@link #round}), all
 * written before the game starts. A program that follows the text refuses a draw while
 * the human holds a matching card, and a code or place that is not a matching card of the
 * hand, so the human plays the first matching card of that order (from the answer after
 * the last one taken), or draws when none matches; the kit works out, from the hand and
 * the top card shown, whether the program reads codes or places, which answer it took and
 * which it refused (its messages may name the codes refused: they are not read as cards
 * played). What the kit reads from the output, whatever its wording (the conventions the
 * handout's README states): cards are shown by their codes (R5: the colour's letter R, Y,
 * G or B, then the number); each of the human's turns shows the top card of the discard
 * pile on a line with the word "top" (or "discard"), and the human's hand; each bot's
 * move is a line, with the code of the card played or words about a draw; the human is
 * told how many cards the others hold ("3 cards"); the human or a bot may play first;
 * the game ends with a line naming the winner (a word such as "wins" or "won"); a message
 * about a wrong answer says so (a word such as not, n't, invalid, cannot, error: see
 * {@link #REFUSAL}). From the moves shown the kit counts the piles ({@link Piles}) and
 * each bot's hand.
 */
final class QuattroGames {
    /** Games played (system property kit.games). */
    static final int GAMES = Integer.getInteger("kit.games", 400);
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
    static final int ROUNDS = 150;
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
    /** A line to the human, or about the human: not a bot's move. */
    static final Pattern SELF = Pattern.compile("(?i)\\b(you|your|Ann)\\b");
    /** A line about another player's move ("Player 2 plays G6"): not the human's hand. */
    static final Pattern MOVE = Pattern.compile("(?i)\\b(play(s|ed)?|laid|lays?|puts?|drew|draws?|picks?)\\b");
    /** A prompt or instructions: not a bot's move. */
    static final Pattern PROMPT = Pattern.compile("(?i)\\b(type|enter|press|choose|select|input)\\b|\\?|\\bor\\s+draw");
    /** A line about refilling the draw pile: not a bot's move. */
    static final Pattern REFILL = Pattern.compile("(?i)shuffl|recycl|refill|empty|exhaust|\\b(ran|runs?) out");
    /** A count about a pile, not a player. */
    static final Pattern PILE = Pattern.compile("(?i)\\bpiles?\\b|\\bdeck\\b");
    /** The first card turned, when the program shows it before a bot plays ("The first card is G5"). */
    static final Pattern START = Pattern.compile("(?i)\\b(first|start\\w*|turned|initial|begin\\w*)\\b");

    /** The rules, each a key of {@link #broken}. */
    static final String VIEW = "view", DEAL = "deal", COUNTS = "counts", RULES = "rules", TOP_SHOWN = "top",
            DRAW = "draw", PLAY = "play", END = "end", CRASHED = "crash", NULL_CARD = "null", WINNER = "winner",
            NAME_SHOWN = "name shown", NAME = "name", SELECTION = "selection", INPUT = "input",
            TWICE = "twice", BOT_MOVES = "bot moves", BOT_COUNTS = "bot counts";

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
    /** The human's turns seen in the game analysed. */
    private int turnsSeen;

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
                        long seed = started;
                        runs.add(pool.submit(() -> QuattroRun.play(typed, seed)));
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
        for (int place = 1; place <= 40; place++) {
            round.add(Integer.toString(place));
        }
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
        // A game that goes wrong before the human's second turn, or never shows the name, is
        // told as what the probe typed first (a blank name, wrong selections) led to.
        boolean stops = rule.equals(NAME_SHOWN) || (rule.equals(END) || rule.equals(CRASHED) || rule.equals(WINNER)
                || rule.equals(VIEW)) && turnsSeen < 2;
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
        turnsSeen = 0;
        String dump = System.getProperty("kit.dump");
        if (dump != null) {
            try {
                java.nio.file.Files.writeString(java.nio.file.Path.of(dump, "game" + (g + 1) + ".txt"), run.out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        String[] lines = run.out.split("\n", -1);
        // A program that read all its answers: what it did after (a crash at the end of the
        // input, or asking forever) is not held against it; the moves before are.
        boolean ranOut = run.inputRanOut;
        boolean nameShown = false;
        for (String line : lines) {
            nameShown |= line.contains("Ann") && !REFUSAL.matcher(line).find();
        }
        if (!nameShown) {
            breaks(NAME_SHOWN, g, run, run.out.contains("Ann")
                    ? "the human's name (Ann) appears only in a message about a wrong answer"
                            + (g < NAME_PROBES ? ": the blank name was taken as the name, and Ann, typed next, "
                                    + "as a selection" : "") + "; the human is told their name"
                    : "the human's name (Ann) is never shown: the human is told their name");
        }
        if (run.stopped != null && !ranOut) {
            breaks(END, g, run, "the game did not end (" + run.stopped + "): a game ends when a player has "
                    + "played their last card");
        }
        boolean crashed = !ranOut && (CRASH.matcher(run.out).find() || CRASH.matcher(run.err).find());
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
            if (crashed) {
                breaks(CRASHED, g, run, "the program crashed with an exception (a stack trace) before the human's "
                        + "first turn");
            }
            breaks(VIEW, g, run, !CODE.matcher(run.out).find()
                    ? "the kit found no card's code (a colour's letter R, Y, G or B, then the number, such as R5) in "
                            + "what the program printed: the tests read cards only by such codes (the handout's "
                            + "convention, as the text leaves codes open; a card shown as a number such as 16, or "
                            + "in words such as Red 5, cannot be read)"
                    : "no line shows the top card of the discard pile (a line with the word top, or discard, and "
                            + "the card's code, such as: Top card: R5; the handout's convention): the human is told "
                            + "the top card at each turn");
            return;
        }
        turnsSeen = tops.size();
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
        // The hand is listed after the top card's line, or before it: whichever side holds more
        // cards at the first turn (before it, a program where a bot starts shows the bots' plays).
        int firstNext = views > 1 ? topLines.get(1) : lines.length;
        List<String> after = hand(lines, topLines.get(0), false, -1, firstNext, new HashSet<>());
        List<String> before = hand(lines, topLines.get(0), true, -1, firstNext, new HashSet<>());
        boolean handFirst = before.size() > after.size();
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
        List<String> firstHand = hands.get(0);
        // Moves before the human's first turn: the bots that play before the human (a design the
        // text leaves open), and the first card turned if it is shown.
        int firstViewStart = handFirst && !handLines.get(0).isEmpty() ? Collections.min(handLines.get(0))
                : topLines.get(0);
        Set<String> notPlays = new HashSet<>(firstHand);
        String firstTurned = null;
        List<Event> early = new ArrayList<>();
        for (Event e : events(lines, 0, firstViewStart, handLines.get(0), notPlays)) {
            if (e.card != null && early.isEmpty() && firstTurned == null && START.matcher(lines[e.line]).find()) {
                firstTurned = e.card;
            } else {
                early.add(e);
            }
        }
        // The deal: the human's first hand, and how many cards the others are shown holding
        // before the human answers (the first line after the hand with a card or about a draw).
        List<Integer> firstCounts = new ArrayList<>();
        int from = handFirst ? (early.isEmpty() ? 0 : early.get(early.size() - 1).line + 1) : topLines.get(0);
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
        if (early.isEmpty()) {
            for (int count : firstCounts) {
                if (count != 3) {
                    breaks(DEAL, g, run, "before anybody has played, the human is shown a player holding " + count
                            + " cards: each player is dealt three cards");
                }
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
        // Where the program is in the answers, as a program that reads codes would be (posC) and
        // one that reads places in the hand (posP); mode: 0 until the moves tell them apart,
        // then 1 (codes) or 2 (places).
        int posC = 0;
        int posP = 0;
        int mode = 0;
        int pos = 0;
        // The turns: the human's move and the bots' moves between the human's turns, and the
        // piles as the kit counts them.
        Piles piles = new Piles();
        boolean refilled = false;
        Map<String, Integer> discardedAt = new HashMap<>();
        int order = 0;
        // The bots' hands, in the order they move after the human (3 dealt, one more a card
        // drawn, one fewer a card played), while each round shows three moves.
        int[] held = {3, 3, 3};
        boolean tracking = early.size() <= 3;
        String previous = firstTurned;
        if (firstTurned != null || early.isEmpty()) {
            discardedAt.put(firstTurned != null ? firstTurned : tops.get(0), order++);
            piles.onDiscard.add(firstTurned != null ? firstTurned : tops.get(0));
        } else {
            order++; // the first card turned, not shown
        }
        boolean stoppedEarly = false;
        for (int k = 0; k < early.size() && !stoppedEarly; k++) {
            Event e = early.get(k);
            if (e.card == null) {
                piles.draw(previous);
            } else {
                if (previous != null && !matches(e.card, previous)) {
                    breaks(RULES, g, run, "before the human's first turn a bot played " + e.card + " on " + previous
                            + ", which matches it in neither colour nor number (rules 4 and 5)");
                    stoppedEarly = true;
                    break;
                }
                piles.play(e.card);
                discardedAt.put(e.card, order++);
                previous = e.card;
            }
            stoppedEarly = botMove(g, run, e, 3 - early.size() + k, held, tracking, piles, previous, lines, 0,
                    discardedAt, order);
        }
        if (!stoppedEarly && previous != null && !previous.equals(tops.get(0))) {
            breaks(TOP_SHOWN, g, run, "at the human's first turn the top card shown is " + tops.get(0) + ", but the "
                    + "last card played before it was " + previous + ": the card played becomes the top card");
            stoppedEarly = true;
        }
        int lastRefill = -9;
        for (int v = 0; v + 1 < views && !stoppedEarly; v++) {
            List<String> handList = hands.get(v);
            Set<String> hand = new HashSet<>(handList);
            Set<String> next = new HashSet<>(hands.get(v + 1));
            String top = tops.get(v);
            boolean holdsMatch = false;
            for (String card : handList) {
                holdsMatch |= matches(card, top);
            }
            // What the human did, as the next turn's hand shows it.
            Set<String> removed = new HashSet<>(hand);
            removed.removeAll(next);
            Set<String> fresh = new HashSet<>(next);
            fresh.removeAll(hand);
            String played = removed.size() == 1 && fresh.isEmpty() ? removed.iterator().next() : null;
            String drawnCard = played == null && fresh.size() == 1 ? fresh.iterator().next() : null;
            // What a program that follows the text takes: the first answer that is draw with no
            // matching card in hand, or a matching card of the hand (by its code, or its place).
            int takenC = predict(answers, posC, handList, top, holdsMatch, false);
            int takenP = predict(answers, posP, handList, top, holdsMatch, true);
            boolean okC = takes(answers, takenC, handList, played, false);
            boolean okP = takes(answers, takenP, handList, played, true);
            if (mode == 0 && okC != okP) {
                mode = okC ? 1 : 2;
            }
            int acceptedC = okC ? takenC : accepted(answers, posC, takenC, played, handList, false);
            int acceptedP = okP ? takenP : accepted(answers, posP, takenP, played, handList, true);
            int start = mode == 2 ? posP : posC;
            int taken = mode == 2 ? takenP : takenC;
            int accepted = mode == 2 ? acceptedP : acceptedC;
            posC = acceptedC + 1;
            posP = acceptedP + 1;
            pos = mode == 2 ? posP : posC;
            // The answers the program refused at this turn: the codes not in hand among them may
            // be named in its messages (not a card played).
            List<String> refused = new ArrayList<>();
            for (int i = start; i < Math.min(accepted, answers.size()); i++) {
                String a = answers.get(i);
                if (CODE.matcher(a).matches() && !hand.contains(a)) {
                    refused.add(a);
                }
            }
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
            // The counts of the others' cards shown at this turn, before the human's answer.
            if (tracking && !handFirst && (v > 0 || !early.isEmpty())) {
                List<Integer> shown = new ArrayList<>();
                for (int i = topLines.get(v) + 1; i < answered; i++) {
                    if (!handLines.get(v).contains(i) && !REFUSAL.matcher(lines[i]).find()
                            && !SELF.matcher(lines[i]).find() && !PILE.matcher(lines[i]).find()) {
                        counts(lines[i], shown);
                    }
                }
                List<Integer> expected = new ArrayList<>(List.of(held[0], held[1], held[2]));
                Collections.sort(shown);
                Collections.sort(expected);
                if (shown.size() == 3 && !shown.equals(expected)) {
                    // fewer cards than the kit counts once the draw pile ran out: bots that got none
                    boolean unrecycled = piles.refills > 0 && shown.stream().mapToInt(Integer::intValue).sum()
                            < expected.stream().mapToInt(Integer::intValue).sum();
                    breaks(BOT_COUNTS, g, run, "at the human's turn " + (v + 1) + " the other players are shown "
                            + "holding " + shown + " cards, but from the moves shown the kit counts " + expected
                            + " (3 dealt to each, one more for each card drawn, one fewer for each card played): a "
                            + "player without a matching card takes one card from the draw pile (rule 6), and the "
                            + "human is told how many cards the others hold" + (unrecycled ? "; the kit counts that "
                                    + "the draw pile ran out and the discard pile was not recycled (when the draw pile "
                                    + "is exhausted, the cards of the discard pile but its top card become the draw "
                                    + "pile, shuffled)" : ""));
                    stoppedEarly = true;
                    break;
                }
            }
            boolean refillNow = false;
            previous = top;
            if (played != null) {
                // the human's play
                if (!matches(played, top)) {
                    breaks(RULES, g, run, "at the human's turn " + (v + 1) + " the program took the human's " + played
                            + " on the top card " + top + ", which it matches in neither colour nor number (rules 4 "
                            + "and 5: a card that does not match is refused)");
                    stoppedEarly = true;
                    break;
                }
                if (piles.sure() && piles.onDiscard.contains(played)) {
                    breaks(TWICE, g, run, "at the human's turn " + (v + 1) + " the human played " + played + ", "
                            + "a card already on the discard pile: " + TWICE_RULE);
                    stoppedEarly = true;
                    break;
                }
                piles.play(played);
                discardedAt.put(played, order++);
                previous = played;
            } else {
                // the human's draw
                // (a margin: the kit counts the bots' draws, in an order it cannot see)
                boolean available = piles.drawPile > 2 || piles.discard > 3;
                boolean sure = piles.sure();
                refillNow = piles.draw(top);
                refilled |= refillNow;
                if (piles.refills == 1 && drawnCard != null) {
                    recycledDraw(discardedAt.get(drawnCard), piles.place, piles.refillSize);
                }
                if (sure && drawnCard != null && piles.onDiscard.contains(drawnCard)) {
                    breaks(TWICE, g, run, "at the human's turn " + (v + 1) + " the human drew " + drawnCard
                            + ", a card on the discard pile (" + (drawnCard.equals(top) ? "the top card"
                                    : "discarded since the draw pile was last refilled") + "): " + TWICE_RULE);
                    stoppedEarly = true;
                    break;
                }
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
                            + "top card is " + top + ", and typed "
                            + (taken >= 0 ? answers.get(taken) : "a matching card") + " (a card of the hand that "
                            + "matches), but the hand at turn " + (v + 2) + " is " + hands.get(v + 1) + ": the card "
                            + "was not played (rule 5: a matching card selected is moved to the discard pile)");
                    stoppedEarly = true;
                    break;
                }
                if (next.size() <= hand.size() && available) {
                    breaks(DRAW, g, run, "the human holds no card that matches the top card " + top + " and typed "
                            + "draw at turn " + (v + 1) + ", but no new card came into the hand (at turn " + (v + 2)
                            + " it is " + hands.get(v + 1) + "): without a match the player takes the top card of "
                            + "the draw pile. The kit counts about " + piles.drawn + " cards drawn since the deal, of the "
                            + DRAW_PILE + " left in the draw pile after it"
                            + (piles.drawn >= DRAW_PILE - 3 ? ": the draw pile ran out and the discard pile was not "
                                    + "recycled (when the draw pile is exhausted, the cards of the discard pile but its "
                                    + "top card become the draw pile, shuffled)" : ""));
                    stoppedEarly = true;
                    break;
                }
            }
            // the bots' moves: the cards named after the human's answers, in none of the
            // human's hands, not the top card; and the lines that report a bot's draw
            Set<String> mine = new HashSet<>(hand);
            mine.addAll(next);
            mine.add(top);
            Set<Integer> skip = new HashSet<>(handLines.get(v + 1));
            List<Event> round = events(lines, answered + 1, segEnd, skip, mine);
            List<String> plays = new ArrayList<>();
            for (Event e : round) {
                if (e.card != null) {
                    plays.add(e.card);
                }
            }
            if (round.size() < 3 && tracking) {
                breaks(BOT_MOVES, g, run, "between the human's turns " + (v + 1) + " and " + (v + 2) + " the program "
                        + "showed " + round.size() + " moves of the three bots (cards played: " + plays + "; other "
                        + "lines about a draw: " + (round.size() - plays.size()) + "): the human is told what cards "
                        + "the other players played, and if they had to take a card from the draw pile (Task 2)");
                stoppedEarly = true;
                break;
            }
            if (round.size() > 3) {
                tracking = false; // more lines about moves than bots: the kit cannot tell whose
            }
            String hint;
            boolean fine = true;
            List<Event> moves = round;
            if (round.size() != 3) {
                // not three moves: the plays, then a draw for each bot that did not play
                moves = new ArrayList<>();
                for (Event e : round) {
                    if (e.card != null) {
                        moves.add(e);
                    }
                }
                for (int b = plays.size(); b < 3; b++) {
                    moves.add(new Event(segEnd, null));
                }
            }
            for (int k = 0; k < moves.size() && fine; k++) {
                Event e = moves.get(k);
                if (e.card == null) {
                    boolean sure = piles.sure();
                    boolean refill = piles.draw(previous);
                    refilled |= refill;
                    refillNow |= refill;
                    if (tracking) {
                        fine = !botMove(g, run, e, k, held, true, piles, previous, lines, v + 1, discardedAt, order);
                    }
                    continue;
                }
                if (!matches(e.card, previous)) {
                    hint = refillNow ? " (the kit counts that the draw pile had just run out and was refilled: "
                            + "the top card of the discard pile stays on it, and play goes on from it)" : "";
                    breaks(RULES, g, run, "after the human's turn " + (v + 1) + " (top card " + top
                            + (played != null ? ", the human played " + played : "") + ") a bot played " + e.card
                            + " on " + previous + ", which matches it in neither colour nor number (rules 4 and 5; "
                            + "cards played in this round, in order: " + plays + ")" + hint);
                    fine = false;
                    break;
                }
                if (piles.sure() && piles.onDiscard.contains(e.card)) {
                    breaks(TWICE, g, run, "after the human's turn " + (v + 1) + " a bot played " + e.card + ", a card "
                            + "already on the discard pile (played or turned since the draw pile was last refilled, "
                            + "as the kit counts): " + TWICE_RULE);
                    fine = false;
                    break;
                }
                piles.play(e.card);
                previous = e.card;
                discardedAt.put(e.card, order++);
                seen.add(e.card);
                if (tracking) {
                    fine = !botMove(g, run, e, k, held, true, piles, previous, lines, v + 1, discardedAt, order);
                }
            }
            if (!fine) {
                stoppedEarly = true;
                break;
            }
            if (refillNow) {
                lastRefill = v;
            }
            refillNow |= lastRefill >= v - 1;
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
            if (tracking) {
                for (int b = 0; b < 3; b++) {
                    if (held[b] == 0) {
                        breaks(WINNER, g, run, "after the human's turn " + (v + 1) + " a bot played its last card "
                                + "(the kit counts its hand from the moves shown: 3 dealt, one more for each card "
                                + "drawn, one fewer for each card played; the bots' moves this round: " + plays
                                + " and " + (round.size() - plays.size()) + " draws), yet the human's turn " + (v + 2)
                                + " came: a player who has no cards remaining is declared the winner, and the game "
                                + "ends (rule 8)");
                        stoppedEarly = true;
                        break;
                    }
                }
            }
        }
        // A game whose answers ran out (it never ended by itself) is not held against the
        // program here: INPUT says so.
        boolean unfinished = ranOut || pos >= answers.size() - 2 * round(g).size();
        if (ranOut && !gameBroken) {
            breaks(INPUT, g, run, "the program read all " + run.typed.size() + " lines the kit typed, and the game "
                    + "had not ended: it refused every answer, or kept asking. The kit's human types its name, "
                    + "then over and over the word draw, the 40 cards' codes (such as R5: the handout's "
                    + "convention, as the text leaves the codes open) and the places 1 to 40 in the hand as shown "
                    + "(for a program that selects by position); at each turn the program takes the first "
                    + "matching card, or draw when no card matches. A program that reads a card as another code "
                    + "(a number such as 16), or a draw as another word, cannot be played by the tests");
        }
        if (crashed) {
            boolean pileOut = piles.drawn + 3 >= DRAW_PILE + (piles.refills > 0 ? piles.refillSize : 0);
            breaks(CRASHED, g, run, "the program crashed with an exception (a stack trace)" + (pileOut
                    ? " when the draw pile had run out (the kit counts " + piles.drawn + " cards drawn since the "
                            + "deal, of the " + DRAW_PILE + " left in the draw pile after it"
                            + (piles.refills > 0 ? ", and " + piles.refillSize + " recycled" : "") + "): the discard "
                            + "pile was not recycled (when the draw pile is exhausted, the cards of the discard pile "
                            + "but its top card become the draw pile, shuffled)"
                    : ": it must not crash (a wrong answer is told and asked again)"));
        }
        if (!stoppedEarly && !crashed && run.stopped == null && run.exit != 0 && !unfinished) {
            breaks(CRASHED, g, run, "the program ended with exit status " + run.exit + ": a game that ends with a "
                    + "winner ends normally");
        }
        if (!stoppedEarly && !won && !crashed && run.stopped == null && !unfinished) {
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

    /** The rule a card in two places breaks, in words. */
    static final String TWICE_RULE = "each of the 40 cards is in one place at a time (a card moved to the discard "
            + "pile leaves the pile it came from, and a refill moves every discard but the top card, which stays "
            + "on the discard pile only)";

    /**
     * A bot's move as the kit tracks it: its hand one card more after a draw (if there was
     * a card to draw), one fewer after a play; a count shown on the move's line must be the
     * bot's count before the move or after it. Returns whether a rule was broken.
     */
    private boolean botMove(int g, QuattroRun run, Event e, int bot, int[] held, boolean tracking, Piles piles,
            String top, String[] lines, int round, Map<String, Integer> discardedAt, int order) {
        if (!tracking || e.line >= lines.length) {
            return false;
        }
        int before = held[bot];
        if (e.card != null) {
            held[bot]--;
        } else if (piles.lastDrew) {
            held[bot]++;
        }
        List<Integer> shown = new ArrayList<>();
        if (!PILE.matcher(lines[e.line]).find()) {
            counts(lines[e.line], shown);
        }
        if (shown.size() == 1 && shown.get(0) != before && shown.get(0) != held[bot]) {
            breaks(BOT_COUNTS, g, run, (round == 0 ? "before the human's first turn" : "after the human's turn "
                    + round) + " the line \"" + lines[e.line].trim() + "\" shows a bot holding " + shown.get(0)
                    + " cards, but the kit counts " + before + " before this move and " + held[bot] + " after it (3 "
                    + "dealt, one more for each card drawn, one fewer for each card played): a player without a "
                    + "matching card takes one card from the draw pile (rule 6)");
            return true;
        }
        return false;
    }

    /** A bot's move shown: the card played, or null for a line about a draw. */
    static final class Event {
        final int line;
        final String card;

        Event(int line, String card) {
            this.line = line;
            this.card = card;
        }
    }

    /**
     * The bots' moves shown on lines from (inclusive) to to (exclusive), but the lines in
     * skip: each card named (not one of notPlays, nor twice) is a play; a line that names no
     * such card and speaks of a draw (not to the human, nor about refilling the pile) is a
     * draw. The cards named in a message about a wrong answer are not plays; a bot's draw
     * may use such words ("Player 3 has no match and draws").
     */
    static List<Event> events(String[] lines, int from, int to, Set<Integer> skip, Set<String> notPlays) {
        List<Event> found = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (int i = Math.max(0, from); i < Math.min(to, lines.length); i++) {
            if (skip.contains(i)) {
                continue;
            }
            boolean refusal = REFUSAL.matcher(lines[i]).find();
            boolean play = false;
            for (Shown s : codes(lines[i], i)) {
                if (!refusal && !notPlays.contains(s.card) && named.add(s.card)) {
                    found.add(new Event(i, s.card));
                    play = true;
                }
            }
            if (!play && codes(lines[i], i).stream().allMatch(s -> named.contains(s.card) || notPlays.contains(s.card))
                    && DREW.matcher(lines[i]).find() && !SELF.matcher(lines[i]).find()
                    && !PROMPT.matcher(lines[i]).find() && !REFILL.matcher(lines[i]).find()) {
                found.add(new Event(i, null));
            }
        }
        return found;
    }

    /**
     * The index of the first answer from from that a program following the text takes: draw
     * when no card of the hand matches top, or a matching card of the hand, typed as its code
     * or (positions) as its place in the hand as shown (1 for the first); -1 if none.
     */
    static int predict(List<String> answers, int from, List<String> hand, String top, boolean holdsMatch,
            boolean positions) {
        for (int i = Math.max(0, from); i < answers.size(); i++) {
            String a = answers.get(i);
            if (a.equals("draw")) {
                if (!holdsMatch) {
                    return i;
                }
                continue;
            }
            String card = card(a, hand, positions);
            if (card != null && matches(card, top)) {
                return i;
            }
        }
        return -1;
    }

    /** The card an answer names: a code of the hand, or (positions) a place in it; else null. */
    static String card(String answer, List<String> hand, boolean positions) {
        if (!positions) {
            return hand.contains(answer) ? answer : null;
        }
        if (answer.isEmpty() || !Character.isDigit(answer.charAt(0))) {
            return null;
        }
        int place = Integer.parseInt(answer);
        return place >= 1 && place <= hand.size() ? hand.get(place - 1) : null;
    }

    /** Whether the answer at taken gives the move seen: played (a card), or a draw (null). */
    static boolean takes(List<String> answers, int taken, List<String> hand, String played, boolean positions) {
        if (taken < 0) {
            return false;
        }
        String a = answers.get(taken);
        return played == null ? a.equals("draw") : played.equals(card(a, hand, positions));
    }

    /** The answer a program took when it was not the one predicted: the first that names the move seen. */
    static int accepted(List<String> answers, int from, int taken, String played, List<String> hand,
            boolean positions) {
        for (int i = Math.max(0, from); i < answers.size(); i++) {
            if (takes(answers, i, hand, played, positions)) {
                return i;
            }
        }
        return taken >= 0 ? taken : answers.size();
    }

    /**
     * The draw pile and the discard pile as the kit counts them from the moves shown: exact
     * for a program whose bots each take one card when they do not play. The kit refills an
     * empty draw pile when a card is next drawn; a program may refill it as soon as it runs
     * out (the text allows both), so the cards surely on the discard pile ({@link #onDiscard})
     * are known until the earliest moment either reading could refill it again.
     */
    static final class Piles {
        int drawPile = DRAW_PILE;
        int discard = 1;
        /** Draws counted since the deal (a draw from no pile included). */
        int drawn;
        /** Cards drawn since the deal. */
        int cardsDrawn;
        int refills;
        int refillSize;
        /** The place, since the last refill, of the card last drawn. */
        int place;
        int sinceRefill;
        /** Whether the last draw took a card. */
        boolean lastDrew;
        /** The kit's count of discards when the draw pile last ran out. */
        int discardAtEmpty;
        final Set<String> onDiscard = new HashSet<>();
        /** Draws after which a refill may have happened that the kit does not know of. */
        int sureUntil = Integer.MAX_VALUE;

        boolean sure() {
            return cardsDrawn < sureUntil;
        }

        void play(String card) {
            discard++;
            onDiscard.add(card);
        }

        /** A draw, the top card being top: returns whether the draw pile was refilled first. */
        boolean draw(String top) {
            boolean refill = false;
            if (drawPile == 0 && discard > 1) {
                if (sure()) {
                    // refilled as soon as it ran out, the pile would hold discardAtEmpty - 1 cards
                    sureUntil = cardsDrawn + Math.max(0, discardAtEmpty - 1);
                }
                drawPile = discard - 1;
                discard = 1;
                refills++;
                refillSize = drawPile;
                sinceRefill = 0;
                onDiscard.clear();
                onDiscard.add(top);
                refill = true;
            }
            lastDrew = drawPile > 0;
            if (drawPile > 0) {
                drawPile--;
                cardsDrawn++;
                if (drawPile == 0) {
                    discardAtEmpty = discard;
                }
            }
            drawn++;
            place = sinceRefill++;
            return refill;
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
     * (or before it, if the hand is shown first), up to a line without a code, a line about
     * a draw, or a line about another player's move. The lines read are added to used.
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
            } else if (DREW.matcher(lines[i]).find() && !here.isEmpty()
                    || MOVE.matcher(lines[i]).find() && !SELF.matcher(lines[i]).find()) {
                break; // a draw, or another player's move
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
