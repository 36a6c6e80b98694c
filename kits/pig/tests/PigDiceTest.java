import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * PigDice, throw by throw: every one of the 36 throws of two dice, with the answers of
 * the project's engine (tests/data/dice.txt). Pass these first: PigPlayer and PigGame
 * rely on them. (For the bonus: your own PigDice must pass them too.)
 */
class PigDiceTest {
    private static final List<String> THROWS = KitData.lines("dice.txt");

    private static PigDice rolled(int die1, int die2) {
        PigDice dice = new PigDice(die1, die2);
        dice.roll();
        return dice;
    }

    private static String rule(int die1, int die2) {
        if (die1 == 1 && die2 == 1) {
            return "snake eyes (double 1s) score nothing: they lose the turn's points";
        }
        if (die1 == die2) {
            return "doubles score twice the sum (double 6s: 24, not 12)";
        }
        return "a roll scores the sum of the dice";
    }

    @Test
    void theDiceShowTheirFaces() {
        for (String line : THROWS) {
            String[] w = line.split(" ");
            int a = Integer.parseInt(w[0]);
            int b = Integer.parseInt(w[1]);
            PigDice dice = rolled(a, b);
            assertEquals(a, dice.getDie1(), "getDie1() after a roll of (" + a + "," + b + ")");
            assertEquals(b, dice.getDie2(), "getDie2() after a roll of (" + a + "," + b + ")");
        }
    }

    @Test
    void getPointsScoresEveryThrow() {
        for (String line : THROWS) {
            String[] w = line.split(" ");
            int a = Integer.parseInt(w[0]);
            int b = Integer.parseInt(w[1]);
            assertEquals(Integer.parseInt(w[2]), rolled(a, b).getPoints(),
                    "getPoints() of (" + a + "," + b + "): " + rule(a, b));
        }
    }

    @Test
    void isDoublesOnEveryThrow() {
        for (String line : THROWS) {
            String[] w = line.split(" ");
            int a = Integer.parseInt(w[0]);
            int b = Integer.parseInt(w[1]);
            assertEquals(Boolean.parseBoolean(w[3]), rolled(a, b).isDoubles(),
                    "isDoubles() of (" + a + "," + b + "): doubles are two dice showing the same face");
        }
    }

    @Test
    void isSnakeEyesOnEveryThrow() {
        for (String line : THROWS) {
            String[] w = line.split(" ");
            int a = Integer.parseInt(w[0]);
            int b = Integer.parseInt(w[1]);
            assertEquals(Boolean.parseBoolean(w[4]), rolled(a, b).isSnakeEyes(),
                    "isSnakeEyes() of (" + a + "," + b + "): snake eyes are double 1s only");
        }
    }

    @Test
    void toStringIsTheFacesOfTheRollLine() {
        for (String line : THROWS) {
            String[] w = line.split(" ");
            int a = Integer.parseInt(w[0]);
            int b = Integer.parseInt(w[1]);
            assertEquals(w[5], rolled(a, b).toString(),
                    "toString() of (" + a + "," + b + "): the faces as inside the roll line Roll=(2,2)");
        }
    }

    @Test
    void fixedDiceReplayTheirFacesInOrderThenRunOut() {
        PigDice dice = new PigDice(3, 5, 6, 6);
        dice.roll();
        assertEquals("3,5", dice.toString(), "the first roll shows the first two faces");
        dice.roll();
        assertEquals("6,6", dice.toString(), "the second roll shows the next two faces");
        assertThrows(IllegalStateException.class, dice::roll,
                "a third roll of dice given two rolls throws IllegalStateException");
        assertThrows(IllegalArgumentException.class, () -> new PigDice(3, 7),
                "a die shows 1 to 6: a face of 7 is refused with IllegalArgumentException");
        assertThrows(IllegalArgumentException.class, () -> new PigDice(new int[] {3}),
                "fixed dice take two faces a roll: an odd number is refused with IllegalArgumentException");
    }

    @Test
    void randomDiceShowEveryPairAndOnlyFaces() {
        PigDice dice = new PigDice(42L);
        PigDice same = new PigDice(42L);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 5000; i++) {
            dice.roll();
            same.roll();
            assertTrue(dice.getDie1() >= 1 && dice.getDie1() <= 6 && dice.getDie2() >= 1 && dice.getDie2() <= 6,
                    "each die shows 1 to 6, got " + dice);
            assertEquals(dice.toString(), same.toString(), "dice with the same seed roll the same faces");
            seen.add(dice.toString());
        }
        assertEquals(36, seen.size(), "in 5000 rolls all 36 pairs of faces come up; seen: " + seen);
    }
}
