package dev.payhook.ops;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/** How long ago, as a person reads it on a console page ("3 min", "2 h", "4 d"). */
final class Ages {

    private Ages() {}

    /** A row of a console page with how long ago its time was. */
    record Aged<T>(T row, String age) {}

    static <T> List<Aged<T>> of(List<T> rows, Function<T, Instant> at, Clock clock) {
        return rows.stream()
                .map(row -> new Aged<>(row, since(at.apply(row), clock)))
                .toList();
    }

    static String since(Instant at, Clock clock) {
        if (at == null) {
            return "";
        }
        Duration d = Duration.between(at, clock.instant());
        if (d.toMinutes() < 1) {
            return d.toSeconds() + " s";
        } else if (d.toHours() < 1) {
            return d.toMinutes() + " min";
        } else if (d.toDays() < 2) {
            return d.toHours() + " h";
        }
        return d.toDays() + " d";
    }
}
