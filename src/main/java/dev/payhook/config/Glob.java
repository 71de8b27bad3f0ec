package dev.payhook.config;

import java.util.regex.Pattern;

/** A name pattern as people write it in configuration: {@code *} matches any run of characters. */
public final class Glob {

    private Glob() {}

    public static Pattern compile(String glob) {
        String[] parts = glob.split("\\*", -1);
        StringBuilder regex = new StringBuilder(Pattern.quote(parts[0]));
        for (int i = 1; i < parts.length; i++) {
            regex.append(".*").append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString());
    }
}
