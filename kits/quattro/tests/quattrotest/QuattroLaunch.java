package quattrotest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.Collections;
import java.util.Random;

/**
 * Starts the student's {@code quattrotest.QuattroTest.main} in the JVM QuattroRun starts
 * for one game, after two things a program cannot see:
 *
 * <ul>
 *   <li>{@code Collections.shuffle(list)} draws from a generator seeded with the game's
 *       number, so that a program shuffling as the text suggests deals the same games at
 *       every run: a regrade replays them and gives the same mark. (A program that makes
 *       its own {@code Random} still plays; its games differ from run to run, and no test
 *       fails a correct program however they fall.)</li>
 *   <li>When the program has read all of its input, a line on standard error says so
 *       ({@link #RAN_OUT}): the kit then tells the student that its answers ran out, rather
 *       than the crash or the refusal that follows.</li>
 * </ul>
 */
final class QuattroLaunch {
    /** The line written on standard error once the program has read to the end of its input. */
    static final String RAN_OUT = "[kit] the program read all of its input";

    private static volatile boolean ranOut;

    private QuattroLaunch() {
    }

    public static void main(String[] args) throws Throwable {
        try {
            Field generator = Collections.class.getDeclaredField("r");
            generator.setAccessible(true);
            generator.set(null, new Random(Long.parseLong(args[0])));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a JDK without the field, or without --add-opens: the games are not replayable
        }
        System.setIn(new FilterInputStream(System.in) {
            @Override
            public int read() throws IOException {
                return noted(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return noted(super.read(b, off, len));
            }
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (ranOut) {
                System.err.println(RAN_OUT);
            }
        }));
        try {
            Class.forName("quattrotest.QuattroTest").getMethod("main", String[].class)
                    .invoke(null, (Object) new String[0]);
        } catch (InvocationTargetException e) {
            // the program's own exception, uncaught: the JVM reports it as it would
            throw e.getCause();
        }
    }

    private static int noted(int n) {
        if (n < 0) {
            ranOut = true;
        }
        return n;
    }
}
