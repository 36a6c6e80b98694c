import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The student's cards. The text fixes a Card class with a value and a suit, Comparable
 * and toString, but no constructor, so the tests make the cards every way a design can
 * offer (Card's constructors, and its static methods that give a Card, of two
 * parameters, a value and a suit in either order, or of one, a number or a code) and
 * know each card by what its toString shows, never by a convention of numbering:
 *
 * <ul>
 *   <li>two parameters: the value an int (2-10, 11 J, 12 Q, 13 K, 14 or 1 for the ace),
 *       a char ('2'-'9', 'T', 'J', ...), a String ("2"-"10", "J" or "Jack", ...) or an
 *       enum (TWO ... ACE); the suit a char or String (C D H S, or Clubs ..., or the
 *       symbols), an int (0-3 or 1-4, in any order) or an enum (CLUBS ...);
 *   <li>one parameter: an int, each of 0-51 (or 1-52) a card in any order, or a String,
 *       the card's code (6C, 10H, AS);
 *   <li>none: a static method of Card (or of a class Deck) that returns the 52 cards,
 *       as an array or a collection.
 * </ul>
 *
 * The way accepted is the first with which 52 different cards are made and each one's
 * toString shows one value and one suit. A design none of these reaches is told so,
 * with this list.
 *
 * <p>The kit's own numbering: card i (0-51) is the value 2 + i % 13 of suit "CDHS"
 * .charAt(i / 13).
 */
final class KitCards {
    static final String SUITS = "CDHS";
    static final String[] RANKS = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
    private static final String[] RANK_WORDS = {"TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
        "TEN", "JACK", "QUEEN", "KING", "ACE"};
    private static final String[] SUIT_WORDS = {"CLUB", "DIAMOND", "HEART", "SPADE"};
    private static final String[] SUIT_SYMBOLS = {"\u2663", "\u2666", "\u2665", "\u2660"};
    private static final String[] SUIT_OUTLINES = {"\u2667", "\u2662", "\u2661", "\u2664"};
    private static final Pattern SUIT_WORD = Pattern.compile("(CLUB|DIAMOND|HEART|SPADE)S?");
    private static final Pattern RANK_WORD = Pattern.compile(
            "\\b(TWO|DEUCE|THREE|FOUR|FIVE|SIX|SEVEN|EIGHT|NINE|TEN|JACK|QUEEN|KING|ACE)S?\\b");
    private static final Pattern CODE = Pattern.compile("(10|1[1-4]|[1-9]|[JQKA])([CDHS])?|(T)([CDHS])");
    private static final Pattern SUIT_FIRST = Pattern.compile("([CDHS])(10|1[1-4]|[1-9]|[JQKAT])");
    /** The message when no way of making the cards is found: the convention, plainly. */
    static final String CONVENTION = "they make them with Card's constructor (or a static method of"
            + " Card that gives a Card) of a value and a suit in either order, such as new Card(14, 'S'),"
            + " new Card(\"A\", \"Spades\") or new Card(Suit.SPADES, Rank.ACE), or of one number (each of 0-51 or"
            + " 1-52 a card: new Card(51)) or one code (new Card(\"AS\")), or with a static method of Card or Deck"
            + " without parameters that returns the 52 cards; each card is known by its toString, which shows its"
            + " value and suit (like 6C); see the handout's README";

    private static List<Object> deck;
    private static String problem;
    /** The most nearly readable cards made when none could be told apart, with how each was made. */
    private static Made closest;
    /** Every way of making the cards that works, as their toStrings (the first is deck()'s). */
    private static final List<List<String>> CANDIDATES = new ArrayList<>();

    /** Cards made one way, in the order made, and how each was made (for messages). */
    private static final class Made {
        final List<Object> cards = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
    }

    private KitCards() {
    }

    /** The kit's name of card i, such as 10H. */
    static String code(int i) {
        return RANKS[i % 13] + SUITS.charAt(i / 13);
    }

    /** The value of card i in War: 2 to 14, aces high. */
    static int value(int i) {
        return 2 + i % 13;
    }

    static Class<?> cardClass() {
        try {
            return Class.forName("Card");
        } catch (ClassNotFoundException e) {
            return fail("no class Card: the text asks for a Card class (Card.java, in the default package)");
        }
    }

    /** The 52 cards as the student's Card objects, in the kit's numbering. */
    static synchronized List<Object> deck() {
        if (deck == null && problem == null) {
            find();
        }
        if (deck == null) {
            fail(problem);
        }
        return deck;
    }

    /** The student's toString of each of the 52 cards. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Object card : deck()) {
            names.add(String.valueOf(card));
        }
        return names;
    }

    /**
     * The toStrings of every way of making the 52 cards that works (a constructor that
     * takes "C" and "Clubs" alike makes different cards): Game's output tells which is
     * the one the program uses.
     */
    static synchronized List<List<String>> candidates() {
        deck();
        if (CANDIDATES.isEmpty()) {
            CANDIDATES.add(names());
        }
        return CANDIDATES;
    }

    /** Whether text (a card's toString) shows card i's value and suit, and no other. */
    static boolean shows(String text, int i) {
        return identify(text) == i;
    }

    /**
     * The card a toString shows: one value (a word such as Queen, a number 2-14 or 1,
     * or a letter J Q K A) and one suit (a word, a letter C D H S, or a symbol); -1 if
     * it shows no value, no suit, or more than one.
     */
    static int identify(String text) {
        String t = String.valueOf(text).toUpperCase(Locale.ROOT);
        Set<Integer> suits = new HashSet<>();
        Set<Integer> ranks = new HashSet<>();
        for (int s = 0; s < 4; s++) {
            if (t.contains(SUIT_SYMBOLS[s]) || t.contains(SUIT_OUTLINES[s])) {
                suits.add(s);
            }
        }
        Matcher m = SUIT_WORD.matcher(t);
        while (m.find()) {
            suits.add(List.of(SUIT_WORDS).indexOf(m.group(1)));
        }
        t = m.replaceAll(" ");
        m = RANK_WORD.matcher(t);
        while (m.find()) {
            String word = m.group(1);
            ranks.add(word.equals("DEUCE") ? 0 : List.of(RANK_WORDS).indexOf(word));
        }
        t = m.replaceAll(" ");
        for (String token : t.split("[^A-Z0-9]+")) {
            Matcher code = CODE.matcher(token);
            Matcher first = SUIT_FIRST.matcher(token);
            if (code.matches()) {
                ranks.add(rank(code.group(1) != null ? code.group(1) : code.group(3)));
                String suit = code.group(2) != null ? code.group(2) : code.group(4);
                if (suit != null) {
                    suits.add(SUITS.indexOf(suit));
                }
            } else if (first.matches()) {
                suits.add(SUITS.indexOf(first.group(1)));
                ranks.add(rank(first.group(2)));
            } else if (token.length() == 1 && SUITS.contains(token)) {
                suits.add(SUITS.indexOf(token));
            }
        }
        if (ranks.size() != 1 || suits.size() != 1) {
            return -1;
        }
        return suits.iterator().next() * 13 + ranks.iterator().next();
    }

    /** The kit's rank (0 for a 2, 12 for an ace) of a value as written. */
    private static int rank(String value) {
        switch (value) {
            case "T": return 8;
            case "J": return 9;
            case "Q": return 10;
            case "K": return 11;
            case "A": return 12;
            default:
                int v = Integer.parseInt(value);
                return v == 1 ? 12 : v - 2;
        }
    }

    /**
     * For CardTest: why the cards made cannot be told apart by their toString (the first
     * card whose toString shows no single value and suit, or two alike), or null.
     */
    static synchronized String unreadable() {
        if (deck == null && problem == null) {
            find();
        }
        return deck != null || closest == null ? null : unread();
    }

    private static String unread() {
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < closest.cards.size(); i++) {
            String text = String.valueOf(closest.cards.get(i));
            int card = identify(text);
            if (card < 0) {
                return closest.calls.get(i) + ".toString() gave \"" + text + "\": a human-readable representation of a"
                        + " card shows its value and suit, like 6C (one value: a number, J, Q, K, A or a word such as"
                        + " Queen; one suit: C, D, H, S, a word such as Hearts, or a symbol)";
            }
            Integer other = seen.put(card, i);
            if (other != null) {
                return closest.calls.get(other) + " and " + closest.calls.get(i) + " both show " + code(card) + " (\""
                        + String.valueOf(closest.cards.get(other)) + "\", \"" + text + "\"): the 52 cards must each"
                        + " show their own value and suit";
            }
        }
        return closest.cards.size() + " cards were made by " + closest.calls.get(0) + "...: the deck has 52";
    }

    private static void find() {
        Class<?> card = cardClass();
        List<String> tried = new ArrayList<>();
        List<Executable> makers = new ArrayList<>(List.of(card.getDeclaredConstructors()));
        for (Method method : card.getDeclaredMethods()) {
            if (Modifier.isStatic(method.getModifiers()) && card.isAssignableFrom(method.getReturnType())) {
                makers.add(method);
            }
        }
        for (Executable maker : makers) {
            int parameters = maker.getParameterCount();
            if (parameters < 1 || parameters > 2) {
                continue;
            }
            maker.setAccessible(true);
            tried.add(maker.toString());
            Class<?>[] types = maker.getParameterTypes();
            if (parameters == 1) {
                for (List<Object> ids : idEncodings(types[0])) {
                    List<Object[]> args = new ArrayList<>();
                    for (Object id : ids) {
                        args.add(new Object[] {id});
                    }
                    consider(make(maker, args));
                }
                continue;
            }
            for (int valueAt = 0; valueAt < 2; valueAt++) {
                for (List<Object> values : valueEncodings(types[valueAt])) {
                    for (List<Object> suits : suitEncodings(types[1 - valueAt])) {
                        List<Object[]> args = new ArrayList<>();
                        for (int i = 0; i < 52; i++) {
                            Object[] two = new Object[2];
                            two[valueAt] = values.get(i % 13);
                            two[1 - valueAt] = suits.get(i / 13);
                            args.add(two);
                        }
                        consider(make(maker, args));
                    }
                }
            }
        }
        List<Class<?>> holders = new ArrayList<>(List.of(card));
        try {
            holders.add(Class.forName("Deck"));
        } catch (ClassNotFoundException | LinkageError e) {
            // No Deck class: Card's own methods only.
        }
        for (Class<?> holder : holders) {
            for (Method method : holder.getDeclaredMethods()) {
                Class<?> type = method.getReturnType();
                if (Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 0
                        && (type.isArray() && type.getComponentType() == card || Iterable.class.isAssignableFrom(type))) {
                    tried.add(method.toString());
                    consider(all(card, method));
                }
            }
        }
        if (deck == null) {
            problem = closest != null
                    ? "Card's toString must show each card's value and suit, the tests know the cards by it: "
                            + unread() + " (see CardTest.toStringShowsTheValueAndTheSuit)"
                    : "the tests cannot make Card's 52 cards, this design is outside the kit's one convention: "
                            + CONVENTION + "; this Card offers " + tried + ", which made no 52 cards";
        }
    }

    /** Takes cards made one way: the deck if they are the 52 cards, told apart by toString. */
    private static void consider(Made made) {
        if (made == null) {
            return;
        }
        Object[] sorted = new Object[52];
        int read = 0;
        for (Object c : made.cards) {
            int i = identify(String.valueOf(c));
            if (i >= 0 && sorted[i] == null) {
                sorted[i] = c;
                read++;
            }
        }
        if (read == 52 && made.cards.size() == 52) {
            List<Object> cards = List.of(sorted);
            if (deck == null) {
                deck = cards;
            }
            List<String> names = new ArrayList<>();
            for (Object c : cards) {
                names.add(String.valueOf(c));
            }
            if (!CANDIDATES.contains(names)) {
                CANDIDATES.add(names);
            }
        } else if (closest == null || read > readable(closest)) {
            closest = made;
        }
    }

    private static int readable(Made made) {
        Set<Integer> read = new HashSet<>();
        for (Object c : made.cards) {
            read.add(identify(String.valueOf(c)));
        }
        read.remove(-1);
        return read.size();
    }

    /** The cards made by a maker with each list of arguments, or null if one call fails. */
    private static Made make(Executable maker, List<Object[]> args) {
        Made made = new Made();
        for (Object[] arg : args) {
            try {
                Object c = maker instanceof Constructor
                        ? ((Constructor<?>) maker).newInstance(arg)
                        : ((Method) maker).invoke(null, arg);
                if (c == null) {
                    return null;
                }
                made.cards.add(c);
                made.calls.add(call(maker, arg));
            } catch (InstantiationException | IllegalAccessException | InvocationTargetException | LinkageError
                    | RuntimeException e) {
                return null;
            }
        }
        return made;
    }

    /** The cards a static method without parameters returns (the elements that are Cards), or null. */
    private static Made all(Class<?> card, Method method) {
        try {
            method.setAccessible(true);
            Object result = method.invoke(null);
            Iterable<?> items = result instanceof Object[] ? Arrays.asList((Object[]) result) : (Iterable<?>) result;
            if (items == null) {
                return null;
            }
            Made made = new Made();
            int i = 0;
            for (Object item : items) {
                if (card.isInstance(item)) {
                    made.cards.add(item);
                    made.calls.add("card " + i + " of " + method.getDeclaringClass().getName() + "." + method.getName()
                            + "()");
                }
                i++;
            }
            return made;
        } catch (IllegalAccessException | InvocationTargetException | LinkageError | RuntimeException e) {
            return null;
        }
    }

    /** How a card was made, in Java: new Card(14, 'S'), Card.of("AS"). */
    private static String call(Executable maker, Object[] args) {
        StringBuilder text = new StringBuilder(maker instanceof Constructor ? "new Card(" : "Card." + maker.getName()
                + "(");
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            text.append(i == 0 ? "" : ", ").append(a instanceof String ? "\"" + a + "\"" : a instanceof Character
                    ? "'" + a + "'" : a instanceof Enum ? ((Enum<?>) a).getDeclaringClass().getSimpleName() + "."
                    + ((Enum<?>) a).name() : String.valueOf(a));
        }
        return text.append(")").toString();
    }

    /** One parameter: each card a number (0-51 or 1-52, in any order) or its code (6C). */
    private static List<List<Object>> idEncodings(Class<?> type) {
        List<List<Object>> encodings = new ArrayList<>();
        if (type == int.class || type == Integer.class || type == long.class) {
            for (int base : new int[] {0, 1}) {
                List<Object> ids = new ArrayList<>();
                for (int i = 0; i < 52; i++) {
                    ids.add(base + i);
                }
                encodings.add(ids);
            }
        } else if (type == String.class) {
            List<Object> codes = new ArrayList<>();
            for (int i = 0; i < 52; i++) {
                codes.add(code(i));
            }
            encodings.add(codes);
        }
        return encodings;
    }

    private static List<List<Object>> valueEncodings(Class<?> type) {
        List<List<Object>> encodings = new ArrayList<>();
        if (type == int.class || type == Integer.class || type == long.class) {
            for (int ace : new int[] {14, 1}) {
                List<Object> values = new ArrayList<>();
                for (int v = 2; v <= 14; v++) {
                    values.add(v == 14 ? ace : v);
                }
                encodings.add(values);
            }
        } else if (type == char.class || type == Character.class) {
            encodings.add(List.of('2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'));
        } else if (type == String.class) {
            encodings.add(List.of((Object[]) RANKS));
            List<Object> words = new ArrayList<>(List.of((Object[]) RANKS).subList(0, 9));
            words.addAll(List.of("Jack", "Queen", "King", "Ace"));
            encodings.add(words);
        } else if (type.isEnum()) {
            List<Object> values = new ArrayList<>();
            for (int rank = 0; rank < 13; rank++) {
                Object found = null;
                for (Object constant : type.getEnumConstants()) {
                    String name = ((Enum<?>) constant).name().toUpperCase(Locale.ROOT);
                    if (name.equals(RANK_WORDS[rank]) || name.equals(RANKS[rank]) || name.equals("_" + RANKS[rank])
                            || (rank == 0 && name.equals("DEUCE"))) {
                        found = constant;
                    }
                }
                values.add(found);
            }
            if (!values.contains(null)) {
                encodings.add(values);
            }
        }
        return encodings;
    }

    private static List<List<Object>> suitEncodings(Class<?> type) {
        List<List<Object>> encodings = new ArrayList<>();
        if (type == char.class || type == Character.class) {
            encodings.add(List.of('C', 'D', 'H', 'S'));
            encodings.add(List.of('c', 'd', 'h', 's'));
            encodings.add(List.of('\u2663', '\u2666', '\u2665', '\u2660'));
        } else if (type == String.class) {
            encodings.add(List.of("C", "D", "H", "S"));
            encodings.add(List.of("Clubs", "Diamonds", "Hearts", "Spades"));
            encodings.add(List.of("c", "d", "h", "s"));
            encodings.add(List.of("clubs", "diamonds", "hearts", "spades"));
            encodings.add(List.of((Object[]) SUIT_SYMBOLS));
        } else if (type == int.class || type == Integer.class || type == long.class) {
            // Any order of the four: each card is known by its toString.
            encodings.add(List.of(0, 1, 2, 3));
            encodings.add(List.of(1, 2, 3, 4));
        } else if (type.isEnum()) {
            List<Object> suits = new ArrayList<>();
            for (int suit = 0; suit < 4; suit++) {
                Object found = null;
                for (Object constant : type.getEnumConstants()) {
                    if (((Enum<?>) constant).name().toUpperCase(Locale.ROOT).startsWith(String.valueOf(SUITS.charAt(suit)))) {
                        found = constant;
                    }
                }
                suits.add(found);
            }
            if (!suits.contains(null)) {
                encodings.add(suits);
            }
        }
        return encodings;
    }
}
