import org.junit.jupiter.api.Test;

/**
 * The whole program of Part II, OchosLocosDiversity.java: its output on the text's example and on
 * many deals (tests/data/games-diversidad.txt), line by line.
 */
public class OchosLocosDiversityTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-diversidad.txt")) {
            String output = KitData.run(OchosLocosDiversity::main, game.inputText());
            KitData.assertOutput("OchosLocosDiversity", game, output);
        }
    }
}
