import org.junit.jupiter.api.Test;

/**
 * Part II's players in a Game: whole games of nextPlay where each player
 * follows their strategy (tests/data/games-diversidad.txt).
 */
public class GameWithStrategiesTest {

    /** The player a strategy letter names: C, N, S, or B for the basic Player. */
    static Player player(String name, String letter) {
        switch (letter) {
            case "C":
                return new ColorPlayer(name);
            case "N":
                return new NumberPlayer(name);
            case "S":
                return new StrategicPlayer(name);
            default:
                return new Player(name);
        }
    }

    @Test
    public void wholeGamesOfTheFourStrategies() {
        GameTest.playGames("games-diversidad.txt", "Game", GameWithStrategiesTest::player, Game::new);
    }
}
