import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * PigPlayer, call by call: seeded sequences of roll() and hold() on fixed dice, with
 * what the project's engine's player holds after each (tests/data/player.txt). Pass
 * PigDiceTest first. (For the bonus: your own PigPlayer must pass these too.)
 */
class PigPlayerTest {

    @Test
    void aNewPlayerHasItsNameItsDiceAndNoPoints() {
        PigDice dice = new PigDice(2, 2);
        PigPlayer player = new PigPlayer("Human", dice);
        assertEquals("Human", player.getName(), "getName() is the name given to the constructor");
        assertSame(dice, player.getDice(), "getDice() is the dice the player rolls");
        assertEquals(0, player.getTurnPoints(), "a new player has no turn points");
        assertEquals(0, player.getTotalPoints(), "a new player has no points");
        assertFalse(player.hasWon(), "a new player has not won");
        assertEquals("Player: Human, Total Points = 0", player.toString(),
                "toString() is the turn's line of rule 5");
    }

    @Test
    void theTextsExample() {
        // Rule 11's example: 10 banked, 3 in this turn, then (2,2) for 8: 11 in the turn, 21 in all.
        PigPlayer player = new PigPlayer("Human", new PigDice(4, 6, 1, 2, 2, 2));
        player.roll();
        player.hold();
        player.roll();
        assertEquals(8, player.roll(), "(2,2) are doubles: twice the sum, 8 points");
        assertEquals(11, player.getTurnPoints(), "3 points in earlier rolls of the turn and 8 now: 11");
        assertEquals(21, player.getTotalPoints(), "10 points banked in earlier turns and 11 in this one: 21");
    }

    @TestFactory
    Stream<DynamicTest> rollsAndHoldsAsTheEngine() {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> lines = KitData.lines("player.txt");
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("scenario ")) {
                continue;
            }
            String[] head = lines.get(i).split(" ");
            List<String> calls = new ArrayList<>();
            for (int j = i + 1; !lines.get(j).equals("end"); j++) {
                calls.add(lines.get(j));
            }
            tests.add(DynamicTest.dynamicTest("scenario " + head[1],
                    () -> replay(head[2], calls)));
        }
        return tests.stream();
    }

    private static void replay(String name, List<String> calls) {
        List<Integer> faces = new ArrayList<>();
        for (String call : calls) {
            String[] w = call.split(" ");
            if (w[0].equals("roll")) {
                faces.add(Integer.parseInt(w[1]));
                faces.add(Integer.parseInt(w[2]));
            }
        }
        int[] all = faces.stream().mapToInt(Integer::intValue).toArray();
        PigPlayer player = new PigPlayer(name, new PigDice(all));
        StringBuilder done = new StringBuilder();
        for (String call : calls) {
            String[] w = call.split(" ");
            int at;
            String why;
            if (w[0].equals("roll")) {
                String dice = "(" + w[1] + "," + w[2] + ")";
                int returned = player.roll();
                done.append(" roll").append(dice);
                boolean snakeEyes = w[1].equals("1") && w[2].equals("1");
                why = snakeEyes ? "snake eyes lose all the turn's points"
                        : "a roll adds its points to the turn (doubles: twice the sum)";
                assertEquals(Integer.parseInt(w[3]), returned,
                        "roll() returns the roll's points (" + why + "); calls so far:" + done);
                at = 4;
            } else {
                player.hold();
                done.append(" hold");
                why = "hold() banks the turn's points, and the turn's points start again from 0";
                at = 1;
            }
            int turn = Integer.parseInt(w[at]);
            int total = Integer.parseInt(w[at + 1]);
            boolean won = Boolean.parseBoolean(w[at + 2]);
            assertEquals(turn, player.getTurnPoints(), "getTurnPoints(): " + why + "; calls so far:" + done);
            assertEquals(total, player.getTotalPoints(),
                    "getTotalPoints() is the banked points plus the turn's (" + why + "); calls so far:" + done);
            assertEquals(won, player.hasWon(),
                    "hasWon() once the total points reach 100 (total " + total + "); calls so far:" + done);
            assertEquals("Player: " + name + ", Total Points = " + total, player.toString(),
                    "toString() is the line of rule 5 with the total points; calls so far:" + done);
        }
    }
}
