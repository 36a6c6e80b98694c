import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The student's cards, made through reflection: the text fixes a Card class with a
 * value and a suit, Comparable and toString, but no constructor. The tests look for a
 * constructor of two parameters, a value and a suit, in either order: the value an int
 * (2-10, 11 J, 12 Q, 13 K, 14 or 1 for the ace), a String ("2"-"10", "J", "Jack", ...)
 * or an enum (TWO ... ACE); the suit a char or String (C D H S, or Clubs ...), an int
 * (0-3) or an enum (CLUBS ...). The way accepted is the first with which the 52 cards
 * can be made and each card's toString shows its value and suit.
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

    private static List<Object> deck;
    private static String problem;
    /** Every way of making the cards that works, as their toStrings (the first is deck()'s). */
    private static final List<List<String>> CANDIDATES = new ArrayList<>();

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

    /** Whether text (a card's toString) shows card i's value and suit. */
    static boolean shows(String text, int i) {
        String t = text.toUpperCase(Locale.ROOT);
        int rank = i % 13;
        int suit = i / 13;
        boolean value = t.contains(RANKS[rank]) || t.contains(RANK_WORDS[rank]) || t.contains(String.valueOf(rank + 2));
        boolean shown = t.indexOf(SUITS.charAt(suit)) >= 0 || t.contains(SUIT_WORDS[suit]) || t.contains(SUIT_SYMBOLS[suit]);
        return value && shown;
    }

    private static void find() {
        Class<?> card = cardClass();
        List<String> tried = new ArrayList<>();
        List<Object> firstMade = null;
        for (Constructor<?> constructor : card.getDeclaredConstructors()) {
            if (constructor.getParameterCount() != 2) {
                continue;
            }
            constructor.setAccessible(true);
            Class<?>[] types = constructor.getParameterTypes();
            for (int valueAt = 0; valueAt < 2; valueAt++) {
                for (List<Object> values : valueEncodings(types[valueAt])) {
                    for (List<Object> suits : suitEncodings(types[1 - valueAt])) {
                        List<Object> made = make(constructor, valueAt, values, suits);
                        if (made == null) {
                            continue;
                        }
                        if (firstMade == null) {
                            firstMade = made;
                        }
                        if (showsEveryCard(made)) {
                            if (deck == null) {
                                deck = made;
                            }
                            List<String> names = new ArrayList<>();
                            for (Object c : made) {
                                names.add(String.valueOf(c));
                            }
                            if (!CANDIDATES.contains(names)) {
                                CANDIDATES.add(names);
                            }
                        }
                    }
                }
            }
            tried.add(constructor.toString());
        }
        if (deck != null) {
            return;
        }
        if (firstMade != null) {
            deck = firstMade;
            return;
        }
        problem = "Card must contain both value and suit: the tests make the 52 cards with a constructor of a value"
                + " and a suit, such as new Card(14, 'S'), new Card(\"A\", \"S\") or new Card(Suit.SPADES, 14),"
                + " values 2-10, J, Q, K and A (14 or 1); none of Card's constructors " + tried
                + " made the 52 cards";
    }

    private static boolean showsEveryCard(List<Object> made) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 52; i++) {
            String text = String.valueOf(made.get(i));
            if (!shows(text, i) || !seen.add(text)) {
                return false;
            }
        }
        return true;
    }

    private static List<Object> make(Constructor<?> constructor, int valueAt, List<Object> values, List<Object> suits) {
        List<Object> made = new ArrayList<>();
        for (int i = 0; i < 52; i++) {
            Object[] args = new Object[2];
            args[valueAt] = values.get(i % 13);
            args[1 - valueAt] = suits.get(i / 13);
            try {
                made.add(constructor.newInstance(args));
            } catch (InstantiationException | IllegalAccessException | IllegalArgumentException
                    | InvocationTargetException | LinkageError e) {
                return null;
            }
        }
        return made;
    }

    private static List<List<Object>> valueEncodings(Class<?> type) {
        List<List<Object>> encodings = new ArrayList<>();
        if (type == int.class || type == Integer.class) {
            for (int ace : new int[] {14, 1}) {
                List<Object> values = new ArrayList<>();
                for (int v = 2; v <= 14; v++) {
                    values.add(v == 14 ? ace : v);
                }
                encodings.add(values);
            }
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
        } else if (type == int.class || type == Integer.class) {
            for (List<Integer> order : permutations(List.of(0, 1, 2, 3))) {
                for (int base : new int[] {0, 1}) {
                    List<Object> suits = new ArrayList<>();
                    for (int s : order) {
                        suits.add(s + base);
                    }
                    encodings.add(suits);
                }
            }
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

    private static List<List<Integer>> permutations(List<Integer> items) {
        List<List<Integer>> all = new ArrayList<>();
        if (items.isEmpty()) {
            all.add(new ArrayList<>());
            return all;
        }
        for (int i = 0; i < items.size(); i++) {
            List<Integer> rest = new ArrayList<>(items);
            Integer first = rest.remove(i);
            for (List<Integer> tail : permutations(rest)) {
                tail.add(0, first);
                all.add(tail);
            }
        }
        return all;
    }
}
