package quattrotest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Task 1: the eight classes of the class diagram in package quattrotest, with the
 * keywords the diagram's key gives: Card abstract, SpecialAbility an interface, the
 * cards under Card, the colour cards under ColourCard, and the special cards with the
 * special ability. Only the classes' names are looked up (by reflection), so the tests
 * compile against any solution: the methods and constructors are the student's design.
 */
class ClassStructureTest {
    static Class<?> find(String name) {
        try {
            return Class.forName("quattrotest." + name);
        } catch (ClassNotFoundException e) {
            return fail("Task 1: the class diagram has a class " + name + " in package quattrotest: there is none");
        }
    }

    @Test
    void theEightClassesAreInPackageQuattrotest() {
        for (String name : new String[] {"Card", "ColourCard", "StandardColourCard", "SpecialColourCard",
                "WildCard", "Player", "SpecialAbility", "QuattroTest"}) {
            assertEquals("quattrotest", find(name).getPackageName(), name + " is in package quattrotest");
        }
    }

    @Test
    void cardIsAbstract() {
        Class<?> card = find("Card");
        assertFalse(card.isInterface(), "Card is an abstract class in the class diagram, not an interface");
        assertTrue(Modifier.isAbstract(card.getModifiers()),
                "Card is abstract in the class diagram (Task 1: add the keyword abstract)");
    }

    @Test
    void specialAbilityIsAnInterface() {
        assertTrue(find("SpecialAbility").isInterface(),
                "SpecialAbility is an interface in the class diagram (Task 1: public interface SpecialAbility)");
    }

    @Test
    void theCardsInheritFromCard() {
        Class<?> card = find("Card");
        for (String name : new String[] {"ColourCard", "StandardColourCard", "SpecialColourCard", "WildCard"}) {
            assertTrue(card.isAssignableFrom(find(name)), name + " is a card: it extends Card (Task 1: extends)");
        }
        assertFalse(card.isAssignableFrom(find("Player")), "a Player is not a Card");
    }

    @Test
    void theColourCardsInheritFromColourCard() {
        Class<?> colour = find("ColourCard");
        for (String name : new String[] {"StandardColourCard", "SpecialColourCard"}) {
            assertTrue(colour.isAssignableFrom(find(name)), name + " is a colour card: it extends ColourCard");
        }
        assertFalse(colour.isAssignableFrom(find("WildCard")), "a WildCard has no colour: it is not a ColourCard");
    }

    @Test
    void theSpecialCardsHaveTheSpecialAbility() {
        Class<?> ability = find("SpecialAbility");
        List<String> implementing = new ArrayList<>();
        for (String name : new String[] {"SpecialColourCard", "WildCard"}) {
            if (ability.isAssignableFrom(find(name))) {
                implementing.add(name);
            }
        }
        assertFalse(implementing.isEmpty(), "the special cards (SpecialColourCard, WildCard) have the special "
                + "ability: at least one of them implements SpecialAbility (Task 1: implements)");
        assertFalse(ability.isAssignableFrom(find("StandardColourCard")),
                "a StandardColourCard has no special ability: it does not implement SpecialAbility");
    }

    @Test
    void quattroTestRunsTheProgram() {
        try {
            Method main = find("QuattroTest").getMethod("main", String[].class);
            assertTrue(Modifier.isStatic(main.getModifiers()), "QuattroTest's main is static");
        } catch (NoSuchMethodException e) {
            fail("QuattroTest runs the game: it has public static void main(String[] args)");
        }
    }
}
