package quattrotest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/**
 * Task 1: the eight classes of the class diagram in package quattrotest, with the
 * keywords for abstract classes, inheritance and the interface.
 */
class ClassStructureTest {
    @Test
    void cardAndColourCardAreAbstract() {
        assertTrue(Modifier.isAbstract(Card.class.getModifiers()), "Card is abstract in the class diagram");
        assertTrue(Modifier.isAbstract(ColourCard.class.getModifiers()),
                "ColourCard is abstract: every colour card is a standard or a special one");
        assertEquals(Card.class, ColourCard.class.getSuperclass(), "ColourCard extends Card");
    }

    @Test
    void theColourCardsExtendColourCard() {
        assertEquals(ColourCard.class, StandardColourCard.class.getSuperclass(),
                "StandardColourCard extends ColourCard");
        assertEquals(ColourCard.class, SpecialColourCard.class.getSuperclass(),
                "SpecialColourCard extends ColourCard");
        assertEquals(Card.class, WildCard.class.getSuperclass(), "WildCard extends Card (it has no colour)");
    }

    @Test
    void theSpecialCardsHaveTheSpecialAbility() {
        assertTrue(SpecialAbility.class.isInterface(), "SpecialAbility is an interface");
        assertTrue(SpecialAbility.class.isAssignableFrom(SpecialColourCard.class),
                "SpecialColourCard implements SpecialAbility");
        assertTrue(SpecialAbility.class.isAssignableFrom(WildCard.class), "WildCard implements SpecialAbility");
        assertTrue(!SpecialAbility.class.isAssignableFrom(StandardColourCard.class),
                "a standard colour card has no special ability");
    }

    @Test
    void quattroTestRunsTheProgram() throws NoSuchMethodException {
        assertTrue(Modifier.isStatic(QuattroTest.class.getMethod("main", String[].class).getModifiers()),
                "QuattroTest has the main method that runs the game");
    }
}
