package dev.payhook.support;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One read of /actuator/prometheus, as Prometheus would scrape it. */
public final class Scrape {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? (\\S+)$");

    private final String text;

    private Scrape(String text) {
        this.text = text;
    }

    public static Scrape of(Gateway gateway) {
        Gateway.Answer answer = gateway.get("/actuator/prometheus");
        if (answer.status() != 200) {
            throw new AssertionError("/actuator/prometheus answered " + answer.status());
        }
        return new Scrape(answer.body());
    }

    /** The sum of the series named {@code name} that carry every label given as {@code key=value}; 0 when none. */
    public double value(String name, String... labels) {
        double sum = 0;
        for (String line : text.lines().toList()) {
            Matcher m = SAMPLE.matcher(line);
            if (m.matches() && m.group(1).equals(name) && hasAll(m.group(2), labels)) {
                sum += Double.parseDouble(m.group(3));
            }
        }
        return sum;
    }

    /** Whether a series named {@code name} carries every label given as {@code key=value}, even at zero. */
    public boolean has(String name, String... labels) {
        return text.lines()
                .map(SAMPLE::matcher)
                .anyMatch(m ->
                        m.matches() && m.group(1).equals(name) && (labels.length == 0 || hasAll(m.group(2), labels)));
    }

    /** Whether any series is named {@code name}. */
    public boolean has(String name) {
        return text.lines().anyMatch(line -> line.startsWith(name + "{") || line.startsWith(name + " "));
    }

    private static boolean hasAll(String set, String... labels) {
        for (String label : labels) {
            int eq = label.indexOf('=');
            String wanted = label.substring(0, eq) + "=\"" + label.substring(eq + 1) + "\"";
            if (set == null || !(set.contains("{" + wanted) || set.contains("," + wanted))) {
                return false;
            }
        }
        return true;
    }
}
