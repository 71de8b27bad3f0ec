package dev.payhook.check;

import dev.payhook.config.Redaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * One thing {@code payhook check} found wrong: what, where (a file and line, when known) with the
 * lines around it (a secret written there masked), and the fix, as a start would say it.
 */
record Finding(String problem, Optional<String> file, int line, String fix) {

    /** Lines shown on each side of the one named. */
    private static final int AROUND = 2;

    /** A problem said the way a start says it, {@code <file> line <n>: ...} or {@code <file>:<n>: ...}: placed there. */
    private static final Pattern PLACE = Pattern.compile("^(\\S+?)(?: line |:)(\\d+)[:,]");

    static Finding of(String problem, String fix) {
        return new Finding(problem, Optional.empty(), 0, fix);
    }

    /** A problem that names its file and line first, as the gateway's own refusals do. */
    static Finding placed(String problem, String fix) {
        Matcher m = PLACE.matcher(problem);
        return m.find()
                ? new Finding(problem, Optional.of(m.group(1)), Integer.parseInt(m.group(2)), fix)
                : of(problem, fix);
    }

    /** The finding as printed: the problem, the lines around it (the named one marked), the fix. */
    String said() {
        StringBuilder out = new StringBuilder(problem).append(System.lineSeparator());
        snippet().forEach(l -> out.append(l).append(System.lineSeparator()));
        return out.append("  fix: ").append(fix).toString();
    }

    private List<String> snippet() {
        if (file.isEmpty() || line < 1) {
            return List.of();
        }
        Path path = Path.of(file.get().replaceFirst("^file:", ""));
        try {
            List<String> lines = Files.readAllLines(path);
            int from = Math.max(1, line - AROUND);
            int to = Math.min(lines.size(), line + AROUND);
            return IntStream.rangeClosed(from, to)
                    .mapToObj(n ->
                            (n == line ? "  > " : "    ") + String.format("%4d | ", n) + Redaction.of(lines.get(n - 1)))
                    .toList();
        } catch (IOException | RuntimeException unreadable) {
            return List.of();
        }
    }
}
