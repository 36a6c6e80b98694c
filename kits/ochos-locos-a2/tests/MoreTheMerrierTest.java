import org.junit.jupiter.api.Test;

/**
 * Problem 4 (The More the Merrier), MoreTheMerrier.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p4.txt), line by line, each line checked
 * with the rule that makes it.
 */
public class MoreTheMerrierTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-p4.txt")) {
            String output = KitData.run(MoreTheMerrier::main, game.inputText());
            KitData.assertOutput("MoreTheMerrier", game, output);
        }
    }
}
