import org.junit.jupiter.api.Test;

/**
 * Problem 3 (Going Wild!), GoingWild.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p3.txt), line by line, each line checked
 * with the rule that makes it.
 */
public class GoingWildTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-p3.txt")) {
            String output = KitData.run(GoingWild::main, game.inputText());
            KitData.assertOutput("GoingWild", game, output);
        }
    }
}
