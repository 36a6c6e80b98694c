import org.junit.jupiter.api.Test;

/**
 * The whole program of Part III, OchosLocosComplete.java: its output on the text's example and on
 * many deals (tests/data/games-completos.txt), line by line.
 */
public class OchosLocosCompleteTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-completos.txt")) {
            String output = KitData.run(OchosLocosComplete::main, game.inputText());
            KitData.assertOutput("OchosLocosComplete", game, output);
        }
    }
}
