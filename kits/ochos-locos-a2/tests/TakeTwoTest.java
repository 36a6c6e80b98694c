import org.junit.jupiter.api.Test;

/**
 * Problem 2 (Take Two), TakeTwo.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p2.txt), line by line, each line checked
 * with the rule that makes it.
 */
public class TakeTwoTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-p2.txt")) {
            String output = KitData.run(TakeTwo::main, game.inputText());
            KitData.assertOutput("TakeTwo", game, output);
        }
    }
}
