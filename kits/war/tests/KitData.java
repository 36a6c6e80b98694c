import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the kit's test data: files written by the project's Rust engine (so the Java
 * classes are held to the engine's answers on the same inputs). The folder is
 * tests/data, or the one the system property kit.data names.
 */
final class KitData {
    private KitData() {
    }

    /**
     * The lines of a data file, without comments (lines starting with #).
     *
     * @param name the file's name in the data folder
     * @return its lines
     */
    static List<String> lines(String name) {
        Path path = Path.of(System.getProperty("kit.data", "tests/data"), name);
        try {
            List<String> lines = new ArrayList<>();
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                if (!line.startsWith("#")) {
                    lines.add(line);
                }
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the test data " + path
                    + " (run the tests from the kit's folder, or set -Dkit.data=DIR)", e);
        }
    }

    /**
     * Numbers written after a word: "human 3 5 2 2" gives {3, 5, 2, 2}.
     *
     * @param line the line
     * @return the numbers after its first word
     */
    static int[] numbersAfterWord(String line) {
        String[] words = line.trim().split(" +");
        int[] numbers = new int[words.length - 1];
        for (int i = 1; i < words.length; i++) {
            numbers[i - 1] = Integer.parseInt(words[i]);
        }
        return numbers;
    }
}
