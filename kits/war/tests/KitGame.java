import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Game as a program: each run is `java -cp CLASSES Game` in a JVM of its own, with the
 * answers typed at the prompt as its input and a limit of processor time, several runs at a time
 * (-Dkit.jobs, default the processors). Its output is read by the facts the text fixes,
 * not byte for byte:
 *
 * <ul>
 *   <li>a hand is shown as the cards' toString (Card's own), separated by spaces or
 *       punctuation only, with the number of cards on the same lines; both hands (Player
 *       1's first) make a "display" of the 52 cards;
 *   <li>the summary's numbers are read from the last lines that mention battles and wars:
 *       the number nearest the word (not a player's number);
 *   <li>a display's pile is read top first, or top last if the whole game reads so.
 * </ul>
 *
 * <p>From the initial hands the game's battles are replayed (Replay) and each display is
 * checked against them: which cards are played, who takes them, that they go to the
 * bottom (in any order), and the battles and wars fought.
 */
final class KitGame {
    /** The processor time a run may take (a whole game of 3000 answers takes a second or two). */
    static final int TIMEOUT_SECONDS = 30;
    /** The time by the clock a run may take, however busy the machine. */
    static final int WAIT_SECONDS = 300;
    /** The output a run may print (a whole game of 3000 answers prints about 1 MB). */
    static final long MAX_OUTPUT = 32_000_000;
    /** The rules of a battle, each named where the hands shown tell which one is broken. */
    static final String TOP = "each player takes the top card of their pile (the first or the last card the hands"
            + " show, the same end all game), and the cards taken go to the bottom of the winner's pile (in any order)";
    static final String HIGHER = "the higher card takes both: aces are the highest and 2s the lowest; suits make no"
            + " difference";
    static final String WAR = "a tie starts a war: each player takes four cards from the top of their pile, three face"
            + " down, the fourth face up, and the higher fourth card takes all the cards on the table (both shown cards"
            + " and the four of each player, 10 for one war); a player who must put down a card and has none loses at"
            + " once (both short: the one with fewer cards loses)";
    static final String TAKING = TOP + "; " + HIGHER + "; " + WAR;

    private static final Map<String, List<Run>> CACHE = new HashMap<>();

    private KitGame() {
    }

    /** One run of the program. */
    static final class Run {
        final String input;
        final String output;
        final String errors;
        final int exit;

        Run(String input, String output, String errors, int exit) {
            this.input = input;
            this.output = output;
            this.errors = errors;
            this.exit = exit;
        }

        /** How the run was made, for failure messages. */
        String what() {
            String shown = input.length() > 40 ? input.substring(0, 20).replace("\n", "\\n") + "...("
                    + input.length() + " characters)" : input.replace("\n", "\\n");
            return "java Game with the answers \"" + shown + "\"";
        }
    }

    private static Path classes() {
        try {
            return Path.of(Class.forName("Game").getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (ClassNotFoundException e) {
            return fail("no class Game: the text asks for a Game class with a main method (Game.java, in the default"
                    + " package)");
        } catch (URISyntaxException | NullPointerException e) {
            return fail("cannot tell where the class Game was loaded from: " + e);
        }
    }

    static int jobs() {
        return Integer.getInteger("kit.jobs", Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs the program count times with that input, one after another (a program that
     * seeds its generator with the clock's milliseconds deals alike in two runs started
     * at the same moment, and differently in runs made one after another); cached.
     */
    static synchronized List<Run> runs(String input, int count) {
        String key = count + "/" + input;
        List<Run> cached = CACHE.get(key);
        if (cached == null) {
            Path where = classes();
            cached = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                try {
                    cached.add(runOne(where, input));
                } catch (IOException | InterruptedException e) {
                    return fail("running java Game: " + e);
                }
            }
            CACHE.put(key, cached);
        }
        return cached;
    }

    static List<Run> runAll(List<String> inputs) {
        Path where = classes();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs()));
        try {
            List<Future<Run>> futures = new ArrayList<>();
            for (String input : inputs) {
                futures.add(pool.submit(() -> runOne(where, input)));
            }
            List<Run> runs = new ArrayList<>();
            for (Future<Run> future : futures) {
                runs.add(future.get());
            }
            return runs;
        } catch (Exception e) {
            return fail("running java Game: " + e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Run runOne(Path where, String input) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("war-run");
        try {
            Path in = dir.resolve("in");
            Path out = dir.resolve("out");
            Path err = dir.resolve("err");
            Files.writeString(in, input, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(Arrays.asList(System.getProperty("kit.javaopts",
                    "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -XX:-UsePerfData").trim().split("\\s+")));
            command.addAll(List.of("-Dfile.encoding=UTF-8", "-cp", where.toString(), "Game"));
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            String stopped = watch(process, out);
            if (stopped != null) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
                fail(new Run(input, "", "", -1).what() + " " + stopped + ": once the game ends or is quitted (q), the"
                        + " program prints the winner, if any, the number of battles fought and the number of wars"
                        + " fought, and ends");
            }
            String output = Files.readString(out, StandardCharsets.UTF_8).replace("\r\n", "\n");
            String errors = Files.readString(err, StandardCharsets.UTF_8);
            Run run = new Run(input, output, errors, process.exitValue());
            if (run.exit != 0) {
                fail(run.what() + " ended with exit status " + run.exit + ": " + firstLines(errors, 8));
            }
            return run;
        } finally {
            for (File f : dir.toFile().listFiles()) {
                f.delete();
            }
            dir.toFile().delete();
        }
    }

    /**
     * Waits for the program to end: null, or why it was stopped. Its limit is processor
     * time, not the clock's, so that a busy machine (many runs, many students) never
     * fails a program that a quiet one passes; the clock's limit, far longer, stops a
     * program that waits for ever.
     */
    private static String watch(Process process, Path out) throws IOException, InterruptedException {
        long start = System.nanoTime();
        while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
            Duration cpu = process.info().totalCpuDuration().orElse(Duration.ZERO);
            if (cpu.getSeconds() >= TIMEOUT_SECONDS) {
                return "did not end within " + TIMEOUT_SECONDS + " seconds of processor time";
            }
            if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(WAIT_SECONDS)) {
                return "did not end within " + WAIT_SECONDS + " seconds (waiting, such as Thread.sleep, counts too)";
            }
            if (Files.size(out) > MAX_OUTPUT) {
                return "printed more than " + MAX_OUTPUT / 1_000_000 + " MB";
            }
        }
        return null;
    }

    static String firstLines(String text, int count) {
        String[] lines = text.split("\n");
        return String.join("\n", Arrays.asList(lines).subList(0, Math.min(count, lines.length)));
    }

    // ----- reading the output -----

    /** A card found in the output: the kit's number, where it is. */
    static final class Token {
        final int card;
        final int start;
        final int end;

        Token(int card, int start, int end) {
            this.card = card;
            this.start = start;
            this.end = end;
        }
    }

    /** Both hands shown: Player 1's cards, Player 2's, as listed; where in the output. */
    static final class Display {
        final List<Integer> one;
        final List<Integer> two;
        /** Set when one hand is empty: the cards shown are one player's, which one is not known. */
        final boolean single;
        final int start;
        final int end;
        final List<List<Token>> groups;

        Display(List<Integer> one, List<Integer> two, boolean single, int start, int end, List<List<Token>> groups) {
            this.one = one;
            this.two = two;
            this.single = single;
            this.start = start;
            this.end = end;
            this.groups = groups;
        }

        boolean sameAs(Display other) {
            return one.equals(other.one) && two.equals(other.two) && single == other.single;
        }
    }

    private static Pattern cardPattern;
    private static List<String> names;

    private static Pattern pattern(List<String> cards) {
        List<String> sorted = new ArrayList<>(new HashSet<>(cards));
        sorted.sort(Comparator.comparing(String::length).reversed());
        StringBuilder alternatives = new StringBuilder();
        for (String name : sorted) {
            alternatives.append(alternatives.length() == 0 ? "" : "|").append(Pattern.quote(name));
        }
        return Pattern.compile("(?<![A-Za-z0-9])(" + alternatives + ")(?![A-Za-z0-9])");
    }

    private static synchronized Pattern cardPattern() {
        if (cardPattern == null) {
            names = KitCards.names();
            cardPattern = pattern(names);
        }
        return cardPattern;
    }

    /**
     * The cards as the program shows them: of the ways of making the cards that work,
     * the one whose toStrings the output (the first one read) shows most.
     */
    private static synchronized void choose(String output) {
        if (cardPattern != null) {
            return;
        }
        int best = -1;
        for (List<String> candidate : KitCards.candidates()) {
            Pattern p = pattern(candidate);
            int found = 0;
            Matcher m = p.matcher(output);
            while (m.find()) {
                found++;
            }
            if (found > best) {
                best = found;
                names = candidate;
                cardPattern = p;
            }
        }
    }

    /** The student's toString of card i. */
    static String name(int card) {
        cardPattern();
        return names.get(card);
    }

    static String show(List<Integer> cards) {
        StringBuilder text = new StringBuilder();
        for (int card : cards) {
            text.append(text.length() == 0 ? "" : " ").append(name(card));
        }
        return "[" + text + "]";
    }

    static List<Token> tokens(String output) {
        choose(output);
        Pattern pattern = cardPattern();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < 52; i++) {
            index.put(names.get(i), i);
        }
        List<Token> tokens = new ArrayList<>();
        Matcher m = pattern.matcher(output);
        while (m.find()) {
            tokens.add(new Token(index.get(m.group(1)), m.start(1), m.end(1)));
        }
        return tokens;
    }

    /** Runs of cards separated by spaces and punctuation only (no letter, no digit). */
    static List<List<Token>> groups(String output) {
        List<List<Token>> groups = new ArrayList<>();
        List<Token> current = new ArrayList<>();
        Token last = null;
        for (Token token : tokens(output)) {
            if (last != null && output.substring(last.end, token.start).matches("(?s).*[A-Za-z0-9].*")) {
                groups.add(current);
                current = new ArrayList<>();
            }
            current.add(token);
            last = token;
        }
        if (!current.isEmpty()) {
            groups.add(current);
        }
        return groups;
    }

    private static List<Integer> cards(List<Token> group) {
        List<Integer> cards = new ArrayList<>();
        for (Token token : group) {
            cards.add(token.card);
        }
        return cards;
    }

    private static boolean wholeDeck(List<Integer> cards) {
        return cards.size() == 52 && new HashSet<>(cards).size() == 52;
    }

    /** Every display of both hands in the output, in order. */
    static List<Display> displays(String output) {
        List<List<Token>> groups = groups(output);
        List<Display> displays = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            List<Integer> a = cards(groups.get(i));
            if (wholeDeck(a)) {
                displays.add(new Display(a, List.of(), true, groups.get(i).get(0).start,
                        groups.get(i).get(a.size() - 1).end, List.of(groups.get(i))));
                continue;
            }
            if (i + 1 < groups.size()) {
                List<Integer> both = new ArrayList<>(a);
                List<Integer> b = cards(groups.get(i + 1));
                both.addAll(b);
                if (wholeDeck(both)) {
                    displays.add(new Display(a, b, false, groups.get(i).get(0).start,
                            groups.get(i + 1).get(b.size() - 1).end, List.of(groups.get(i), groups.get(i + 1))));
                    i++;
                }
            }
        }
        return displays;
    }

    /**
     * The first hands after the offset that are not the 52 cards (some lost, or shown
     * twice): the two neighbouring runs of cards holding the most different cards, at
     * least 26 and not the whole deck once each, where they first appear; null if there
     * are none. Battle lines make runs
     * of a card or a few, hands make long ones.
     */
    static Display partial(String output, int from) {
        List<List<Token>> groups = new ArrayList<>();
        for (List<Token> group : groups(output)) {
            if (group.get(0).start >= from) {
                groups.add(group);
            }
        }
        for (int i = 0; i + 1 < groups.size(); i++) {
            int here = distinct(groups, i);
            if (here < 26 || here == 52 && groups.get(i).size() + groups.get(i + 1).size() == 52) {
                continue;
            }
            if (i + 2 < groups.size() && distinct(groups, i + 1) > here) {
                i++;
            }
            List<Token> a = groups.get(i);
            List<Token> b = groups.get(i + 1);
            return new Display(cards(a), cards(b), false, a.get(0).start, b.get(b.size() - 1).end, List.of(a, b));
        }
        return null;
    }

    private static int distinct(List<List<Token>> groups, int i) {
        Set<Integer> cards = new HashSet<>(cards(groups.get(i)));
        cards.addAll(cards(groups.get(i + 1)));
        return cards.size();
    }

    /** What is wrong with a display that is not the 52 cards once each, or null. */
    static String notTheDeck(Display display) {
        List<Integer> all = new ArrayList<>(display.one);
        all.addAll(display.two);
        List<Integer> missing = new ArrayList<>();
        List<Integer> twice = new ArrayList<>();
        for (int card = 0; card < 52; card++) {
            int times = java.util.Collections.frequency(all, card);
            if (times == 0) {
                missing.add(card);
            } else if (times > 1) {
                twice.add(card);
            }
        }
        if (missing.isEmpty() && twice.isEmpty()) {
            return null;
        }
        return "the hands show " + all.size() + " cards" + (missing.isEmpty() ? "" : ", without " + show(missing))
                + (twice.isEmpty() ? "" : ", " + show(twice) + " more than once")
                + ": no card may be lost or doubled, the winner of a battle takes both shown cards, the winner of a"
                + " war all the cards on the table (10 for a war: the first battle's two and four of each player)";
    }

    /**
     * Whether each hand of a display shows its number of cards: the lines it is on, less
     * the cards, hold that number.
     */
    static String missingCount(String output, Display display) {
        for (List<Token> group : display.groups) {
            int line = output.lastIndexOf('\n', group.get(0).start) + 1;
            int from = line > 0 ? output.lastIndexOf('\n', line - 2) + 1 : 0;
            int to = output.indexOf('\n', group.get(group.size() - 1).end);
            String around = output.substring(from, to < 0 ? output.length() : to);
            String rest = cardPattern().matcher(around).replaceAll(" ");
            if (!Pattern.compile("(?<!\\d)" + group.size() + "(?!\\d)").matcher(rest).find()) {
                String shown = output.substring(line, to < 0 ? output.length() : to);
                return shown.length() > 160 ? shown.substring(0, 160) + "..." : shown;
            }
        }
        return null;
    }

    /** The text of the output before the first display, at its line. */
    static int lineStart(String output, int at) {
        return output.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
    }

    // ----- the summary -----

    private static final Pattern NUMBER = Pattern.compile("(?<![0-9])\\d+(?![0-9])");
    private static final Pattern PLAYER_NUMBER = Pattern.compile("(?i)player\\s*#?\\s*$");

    /**
     * The number the output's last line mentioning the word gives (the number nearest
     * the word on that line, a player's number left out), or -1.
     */
    static long summaryNumber(String output, String word) {
        Pattern keyword = Pattern.compile("(?i)\\b" + word + "s?\\b");
        String[] lines = output.split("\n");
        for (int l = lines.length - 1; l >= 0; l--) {
            String line = lines[l];
            Matcher k = keyword.matcher(line);
            List<int[]> words = new ArrayList<>();
            while (k.find()) {
                words.add(new int[] {k.start(), k.end()});
            }
            if (words.isEmpty()) {
                continue;
            }
            long best = -1;
            int distance = Integer.MAX_VALUE;
            Matcher n = NUMBER.matcher(line);
            while (n.find()) {
                if (PLAYER_NUMBER.matcher(line.substring(0, n.start())).find()) {
                    continue;
                }
                for (int[] w : words) {
                    int d = n.start() >= w[1] ? n.start() - w[1] : w[0] - n.end();
                    if (d < distance) {
                        distance = d;
                        best = Long.parseLong(n.group().length() > 15 ? "-1" : n.group());
                    }
                }
            }
            if (best >= 0) {
                return best;
            }
        }
        return -1;
    }

    /** A player's name as the first display shows it: the text before the count or the cards. */
    static String playerName(String output, List<Token> group) {
        int from = output.lastIndexOf('\n', group.get(0).start) + 1;
        String before = output.substring(from, group.get(0).start);
        if (before.isBlank() && from > 0) {
            before = output.substring(output.lastIndexOf('\n', from - 2) + 1, from - 1);
        }
        Matcher count = Pattern.compile("(?<!\\d)" + group.size() + "(?!\\d)").matcher(before);
        if (count.find()) {
            before = before.substring(0, count.start());
        }
        before = before.replaceAll("(?i)\\b(has|holds|with|hand|cards?|pile)\\b", " ");
        before = before.replaceAll("[^A-Za-z0-9]+$", "").replaceAll("^[^A-Za-z0-9]+", "").trim();
        return before.matches(".*[A-Za-z].*") ? before : null;
    }

    static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }

    static Set<Integer> set(List<Integer> cards) {
        return new HashSet<>(cards);
    }
}
