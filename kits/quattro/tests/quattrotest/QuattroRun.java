package quattrotest;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One run of the student's program as the student runs it: {@code quattrotest.QuattroTest}'s
 * {@code main} in a JVM of its own (ProcessBuilder; started by QuattroLaunch, which seeds
 * {@code Collections.shuffle} with the game's number), the human's answers written to its
 * standard input at once (one a line, then the end of the input), and everything it
 * prints read back. A run is stopped after {@link #TIME_LIMIT_SECONDS}.
 */
final class QuattroRun {
    /** How long one game may take. */
    static final long TIME_LIMIT_SECONDS = 20;
    /** The most output of one game that is kept. */
    static final int OUTPUT_LIMIT = 4 << 20;
    /** JVM options: a quick start matters more than speed. */
    static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xshare:auto", "-XX:-UsePerfData", "-Dfile.encoding=UTF-8");

    /** The lines typed. */
    final List<String> typed;
    /** What the program printed (standard output). */
    String out = "";
    /** What the program printed on standard error. */
    String err = "";
    /** The exit status, or -1 if it was stopped. */
    int exit = -1;
    /** Why it was stopped, or null if it ended by itself. */
    String stopped;
    /** Whether the program read to the end of its input (QuattroLaunch says so). */
    boolean inputRanOut;

    private QuattroRun(List<String> typed) {
        this.typed = typed;
    }

    /** Runs quattrotest.QuattroTest once with these lines as its input, Collections.shuffle seeded with seed. */
    static QuattroRun play(List<String> typed, long seed) throws IOException, InterruptedException {
        QuattroRun run = new QuattroRun(typed);
        List<String> command = new ArrayList<>();
        command.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        command.addAll(JVM_OPTIONS);
        command.add("--add-opens=java.base/java.util=ALL-UNNAMED");
        command.add("-cp");
        command.add(classPath());
        command.add("quattrotest.QuattroLaunch");
        command.add(Long.toString(seed));
        Process process = new ProcessBuilder(command).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread outReader = drain(process.getInputStream(), out);
        Thread errReader = drain(process.getErrorStream(), err);
        StringBuilder input = new StringBuilder();
        for (String line : typed) {
            input.append(line).append('\n');
        }
        // Written from a thread of its own: a program that stops reading (a loop that never
        // asks) must not block the kit once the pipe is full; the time limit stops it.
        Thread writer = new Thread(() -> {
            try (OutputStream toProgram = process.getOutputStream()) {
                toProgram.write(input.toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the program ended before reading all of its input
            }
        });
        writer.setDaemon(true);
        writer.start();
        if (process.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            run.exit = process.exitValue();
        } else {
            process.destroyForcibly();
            process.waitFor();
            run.stopped = "it was still running after " + TIME_LIMIT_SECONDS + " seconds";
        }
        outReader.join(5000);
        errReader.join(5000);
        synchronized (out) {
            run.out = out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
            if (out.size() >= OUTPUT_LIMIT && run.stopped == null) {
                run.stopped = "it printed more than " + OUTPUT_LIMIT + " bytes";
            }
        }
        synchronized (err) {
            run.err = err.toString(StandardCharsets.UTF_8);
        }
        if (run.err.contains(QuattroLaunch.RAN_OUT)) {
            run.inputRanOut = true;
            run.err = run.err.replace(QuattroLaunch.RAN_OUT + System.lineSeparator(), "")
                    .replace(QuattroLaunch.RAN_OUT, "");
        }
        return run;
    }

    private static Thread drain(InputStream from, ByteArrayOutputStream to) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[8192];
            try {
                int n;
                while ((n = from.read(buffer)) > 0) {
                    synchronized (to) {
                        if (to.size() < OUTPUT_LIMIT) {
                            to.write(buffer, 0, n);
                        }
                    }
                }
            } catch (IOException e) {
                // the process was stopped
            }
        });
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The folders of the program's classes and of the tests (and -Dkit.classpath). */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String name : new String[] {"quattrotest.QuattroTest", "quattrotest.QuattroRun"}) {
            try {
                Class<?> c = Class.forName(name);
                entries.add(new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath());
            } catch (Exception e) {
                // no such class: the run reports what the JVM says
            }
        }
        String extra = System.getProperty("kit.classpath");
        if (extra != null) {
            entries.add(extra);
        }
        return String.join(File.pathSeparator, entries);
    }

    /** How the run ended, in words. */
    String ending() {
        if (stopped != null) {
            return "the program was stopped: " + stopped;
        }
        return "the program ended with exit status " + exit;
    }

    /** The last lines printed, for a failure message. */
    String tail(int count) {
        String[] lines = out.split("\n", -1);
        StringBuilder text = new StringBuilder();
        for (int i = Math.max(0, lines.length - count); i < lines.length; i++) {
            String line = lines[i];
            if (line.length() > 200) {
                line = line.substring(0, 200) + "...";
            }
            text.append("    | ").append(line).append('\n');
        }
        if (!err.isBlank()) {
            String[] errLines = err.split("\n");
            for (int i = 0; i < Math.min(6, errLines.length); i++) {
                text.append("    ! ").append(errLines[i]).append('\n');
            }
        }
        return text.toString();
    }
}
