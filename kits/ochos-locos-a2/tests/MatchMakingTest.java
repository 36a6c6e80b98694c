import org.junit.jupiter.api.Test;

/**
 * Problem 1 (Match-making), MatchMaking.java: the whole program's output on the text's example and
 * on many deals (tests/data/games-p1.txt), line by line, each line checked
 * with the rule that makes it.
 */
public class MatchMakingTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-p1.txt")) {
            String output = KitData.run(MatchMaking::main, game.inputText());
            KitData.assertOutput("MatchMaking", game, output);
        }
    }
}
