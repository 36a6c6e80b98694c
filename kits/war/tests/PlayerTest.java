import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import org.junit.jupiter.api.Test;

/**
 * Player: what the text fixes about the class itself: its pile of cards is a Java
 * ArrayList, not an array (Card[]), and it has a toString. The text fixes no
 * constructor or method to add or play cards, so what toString shows (the number of
 * cards and every card) is checked on the hands Game prints (GameTest).
 */
class PlayerTest {
    private static Class<?> playerClass() {
        try {
            return Class.forName("Player");
        } catch (ClassNotFoundException e) {
            return fail("no class Player: the text asks for a Player class that holds a pile of cards (Player.java,"
                    + " in the default package)");
        }
    }

    @Test
    void thePileIsAnArrayList() {
        Class<?> player = playerClass();
        boolean list = false;
        for (Field field : player.getDeclaredFields()) {
            Class<?> type = field.getType();
            if (type.isArray() && type.getComponentType().getName().equals("Card")) {
                fail("Player's field " + field.getName() + " is a Card[]: Player uses the Java ArrayList class to"
                        + " contain a variable number of Card objects, not a regular Java array");
            }
            if (ArrayList.class.isAssignableFrom(type) || type.isAssignableFrom(ArrayList.class)
                    && Collection.class.isAssignableFrom(type)) {
                list = true;
            }
        }
        assertTrue(list, "Player uses the Java ArrayList class to contain a variable number of Card objects: Player"
                + " has no field of type ArrayList (or List)");
    }

    @Test
    void playerHasAToString() {
        try {
            playerClass().getDeclaredMethod("toString");
        } catch (NoSuchMethodException e) {
            fail("Player must contain a toString method: it prints out the number of cards and the value of each card");
        }
    }
}
