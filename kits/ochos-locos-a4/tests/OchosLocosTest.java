import org.junit.jupiter.api.Test;

/**
 * The whole program of Part I, OchosLocos.java: its output on the text's example and on
 * many deals (tests/data/games-faciles.txt), line by line.
 */
public class OchosLocosTest {

    @Test
    public void outputOfEveryGame() {
        for (KitData.GameCase game : KitData.games("games-faciles.txt")) {
            String output = KitData.run(OchosLocos::main, game.inputText());
            KitData.assertOutput("OchosLocos", game, output);
        }
    }
}
